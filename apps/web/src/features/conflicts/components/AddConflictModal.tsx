import { Modal, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { ShieldPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { USER_CHOICE_CLASS_NAMES } from '../../../components/data/UserText.tsx';
import { notify } from '../../../components/feedback/notify.tsx';
import { useDeclareConflictMutation } from '../api.ts';
import { personName } from '../conflict-display.ts';
import type { PickerOption } from '../conflict-filters.ts';
import {
  type AddConflictValues,
  addConflictFieldOf,
  EMPTY_ADD_CONFLICT,
  type PersonMode,
  toAddConflictBody,
  validateAddConflict,
} from '../conflict-form.ts';
import { useConflictForm } from '../use-conflict-form.ts';
import { PICKER_OPTION_LIMIT } from './ConflictFiltersBar.tsx';
import {
  ConflictEmailField,
  ConflictReasonField,
  ConflictTypeField,
  FormActions,
  FormFailure,
} from './ConflictFormFields.tsx';

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
  const declare = useDeclareConflictMutation(eventId);
  const { form, failure, setFailure, showError } = useConflictForm<AddConflictValues>({
    opened,
    initialValues: EMPTY_ADD_CONFLICT,
    validate: validateAddConflict,
    resetMutation: declare.reset,
  });

  const handleSubmit = form.onSubmit((values) => {
    setFailure(null);
    declare.mutate(toAddConflictBody(values), {
      onSuccess: (conflict) => {
        const message = !conflict.created
          ? t('conflicts.add.alreadyRecorded', { name: personName(conflict.user), title: conflict.submission.title })
          : t('conflicts.add.success', { name: personName(conflict.user), title: conflict.submission.title });
        notify('success', message);
        onClose();
      },
      onError: (error) =>
        showError(error, t('conflicts.add.failed'), (field) => addConflictFieldOf(field, values.personMode)),
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
            classNames={USER_CHOICE_CLASS_NAMES}
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
                classNames={USER_CHOICE_CLASS_NAMES}
                data-testid="add-conflict-person"
                {...form.getInputProps('user')}
              />
            ) : (
              <ConflictEmailField
                aria-label={t('conflicts.add.email')}
                placeholder={t('conflicts.add.emailPlaceholder')}
                testId="add-conflict-email"
                field={form.getInputProps('email')}
              />
            )}
          </Stack>
          <ConflictTypeField
            label={t('conflicts.add.type')}
            testId="add-conflict-type"
            field={form.getInputProps('type')}
            onChange={(type) => form.setFieldValue('type', type)}
          />
          <ConflictReasonField
            label={t('conflicts.add.reason')}
            testId="add-conflict-reason"
            field={form.getInputProps('reason')}
          />
          <FormFailure message={failure} testId="add-conflict-error" />
          <Text size="xs" c="dimmed">
            {t('conflicts.add.logged')}
          </Text>
          <FormActions
            cancelLabel={t('conflicts.common.cancel')}
            onCancel={onClose}
            cancelDisabled={declare.isPending}
            submitLabel={t('conflicts.add.submit')}
            submitIcon={<ShieldPlus size={16} />}
            submitting={declare.isPending}
            submitTestId="add-conflict-submit"
          />
        </Stack>
      </form>
    </Modal>
  );
}
