import { CONFLICT_NOTE_MAX_LENGTH } from '@confero/contracts';
import { Alert, Button, Group, Modal, SegmentedControl, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { CircleAlert, Mail, ShieldPlus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../components/feedback/notify.tsx';
import { LTR_VALUE_CLASS_NAMES } from '../../../components/forms/ltr-value.ts';
import { useDeclareConflictMutation } from '../api.ts';
import { DECLARABLE_CONFLICT_TYPES, isConflictType, personName } from '../conflict-display.ts';
import type { PickerOption } from '../conflict-filters.ts';
import {
  type AddConflictValues,
  addConflictFieldOf,
  EMPTY_ADD_CONFLICT,
  type PersonMode,
  toAddConflictBody,
  validateAddConflict,
} from '../conflict-form.ts';
import { useConflictText } from '../use-conflict-text.ts';
import { PICKER_OPTION_LIMIT } from './ConflictFiltersBar.tsx';

type AddConflictModalProps = {
  eventId: string;
  opened: boolean;
  onClose: () => void;
  /** The event's submissions and committee, as picker options. */
  submissions: PickerOption[];
  people: PickerOption[];
  loadingOptions: boolean;
};

/**
 * The committee's "Add conflict" form: a submission of the event (searchable), a person (a member of its
 * committee, or any member of the event by e-mail), the type and a note. The server's problems show on their
 * fields; anything else above the buttons. The new conflict is logged by the server and the list reloads.
 */
export function AddConflictModal({
  eventId,
  opened,
  onClose,
  submissions,
  people,
  loadingOptions,
}: AddConflictModalProps) {
  const { t } = useTranslation();
  const { typeLabel, errorText, fieldErrors } = useConflictText();
  const declare = useDeclareConflictMutation(eventId);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<AddConflictValues>({
    initialValues: EMPTY_ADD_CONFLICT,
    validate: (values) =>
      Object.fromEntries(
        Object.entries(validateAddConflict(values)).map(([field, problem]) => [
          field,
          problem ? t(problem, { max: CONFLICT_NOTE_MAX_LENGTH }) : null,
        ]),
      ),
  });
  const { reset } = form;
  const { reset: resetMutation } = declare;

  useEffect(() => {
    if (opened) {
      reset();
      resetMutation();
      setFailure(null);
    }
  }, [opened, reset, resetMutation]);

  const handleSubmit = form.onSubmit((values) => {
    setFailure(null);
    declare.mutate(toAddConflictBody(values), {
      onSuccess: (conflict) => {
        const message =
          conflict.source === 'detected'
            ? t('conflicts.add.alreadyDetected', { name: personName(conflict.user), title: conflict.submission.title })
            : t('conflicts.add.success', { name: personName(conflict.user), title: conflict.submission.title });
        notify('success', message);
        onClose();
      },
      onError: (error) => {
        let placed = false;
        for (const [serverField, text] of Object.entries(fieldErrors(error))) {
          const field = addConflictFieldOf(serverField, values.personMode);
          if (field) {
            form.setFieldError(field, text);
            placed = true;
          }
        }
        if (!placed) setFailure(errorText(error, t('conflicts.add.failed')));
      },
    });
  });

  const personMode = form.values.personMode;

  return (
    <Modal
      opened={opened}
      onClose={declare.isPending ? () => undefined : onClose}
      title={t('conflicts.add.title')}
      centered
      radius="lg"
      size="lg"
    >
      <form onSubmit={handleSubmit} noValidate data-testid="add-conflict-form">
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('conflicts.add.intro')}
          </Text>
          <Select
            label={t('conflicts.add.submission')}
            placeholder={t('conflicts.add.submissionPlaceholder')}
            data={submissions}
            searchable
            limit={PICKER_OPTION_LIMIT}
            nothingFoundMessage={loadingOptions ? t('common.loading') : t('conflicts.filters.nothingFound')}
            withAsterisk
            data-autofocus
            data-testid="add-conflict-submission"
            {...form.getInputProps('submission')}
          />
          <Stack gap={6}>
            <Text size="sm" fw={500}>
              {t('conflicts.add.person')}
            </Text>
            <SegmentedControl
              value={personMode}
              onChange={(value) => {
                form.setFieldValue('personMode', value as PersonMode);
                form.clearFieldError('user');
                form.clearFieldError('email');
              }}
              data={[
                { value: 'member', label: t('conflicts.add.byMember') },
                { value: 'email', label: t('conflicts.add.byEmail') },
              ]}
              data-testid="add-conflict-person-mode"
            />
            {personMode === 'member' ? (
              <Select
                aria-label={t('conflicts.add.person')}
                placeholder={t('conflicts.add.personPlaceholder')}
                data={people}
                searchable
                limit={PICKER_OPTION_LIMIT}
                nothingFoundMessage={loadingOptions ? t('common.loading') : t('conflicts.filters.nothingFound')}
                data-testid="add-conflict-person"
                {...form.getInputProps('user')}
              />
            ) : (
              <TextInput
                type="email"
                aria-label={t('conflicts.add.email')}
                placeholder={t('conflicts.add.emailPlaceholder')}
                leftSection={<Mail size={16} />}
                classNames={LTR_VALUE_CLASS_NAMES}
                autoComplete="off"
                data-testid="add-conflict-email"
                {...form.getInputProps('email')}
              />
            )}
          </Stack>
          <Select
            label={t('conflicts.add.type')}
            data={DECLARABLE_CONFLICT_TYPES.map((type) => ({ value: type, label: typeLabel(type) }))}
            allowDeselect={false}
            data-testid="add-conflict-type"
            {...form.getInputProps('type')}
            onChange={(value) => {
              if (isConflictType(value) && value !== 'author') form.setFieldValue('type', value);
            }}
          />
          <Textarea
            label={t('conflicts.add.reason')}
            description={t('conflicts.add.reasonHint', { max: CONFLICT_NOTE_MAX_LENGTH })}
            autosize
            minRows={2}
            maxRows={6}
            maxLength={CONFLICT_NOTE_MAX_LENGTH}
            data-testid="add-conflict-reason"
            {...form.getInputProps('reason')}
          />
          {failure ? (
            <Alert color="red" icon={<CircleAlert size={18} />} role="alert" data-testid="add-conflict-error">
              {failure}
            </Alert>
          ) : null}
          <Text size="xs" c="dimmed">
            {t('conflicts.add.logged')}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={declare.isPending}>
              {t('conflicts.common.cancel')}
            </Button>
            <Button
              type="submit"
              loading={declare.isPending}
              leftSection={<ShieldPlus size={16} />}
              data-testid="add-conflict-submit"
            >
              {t('conflicts.add.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
