import { CONFLICT_NOTE_MAX_LENGTH } from '@confero/contracts';
import { Alert, Button, Group, Modal, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { CircleAlert, Mail, ShieldAlert } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../components/feedback/notify.tsx';
import { LTR_VALUE_CLASS_NAMES } from '../../../components/forms/ltr-value.ts';
import { useDeclareConflictMutation } from '../api.ts';
import { DECLARABLE_CONFLICT_TYPES, isConflictType } from '../conflict-display.ts';
import {
  type DeclareConflictValues,
  declareFieldOf,
  EMPTY_DECLARE_CONFLICT,
  toDeclareConflictBody,
  validateDeclareConflict,
} from '../conflict-form.ts';
import { useConflictText } from '../use-conflict-text.ts';

type DeclareConflictButtonProps = {
  /** The event's public id (or numeric id). */
  eventRef: string;
  /** The submission's public id. */
  submissionId: string;
};

/**
 * For the authors of a submission: "Declare a conflict of interest" with a member of the event's committee, by
 * their e-mail address, with a type and a reason (`POST events/{id}/conflicts/`). The server checks that the caller
 * is an author of this submission and that the address belongs to a reviewer, chair or event admin of the event;
 * its answer shows on the field it concerns (an unknown address, someone outside the committee), anything else
 * above the buttons. The committee sees the declaration, with who made it, in its list of conflicts.
 */
export function DeclareConflictButton({ eventRef, submissionId }: DeclareConflictButtonProps) {
  const { t } = useTranslation();
  const { typeLabel, errorText, fieldErrors } = useConflictText();
  const declare = useDeclareConflictMutation(eventRef);
  const [opened, setOpened] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<DeclareConflictValues>({
    initialValues: EMPTY_DECLARE_CONFLICT,
    validate: (values) =>
      Object.fromEntries(
        Object.entries(validateDeclareConflict(values)).map(([field, problem]) => [
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

  const close = () => {
    if (!declare.isPending) setOpened(false);
  };

  const handleSubmit = form.onSubmit((values) => {
    setFailure(null);
    declare.mutate(toDeclareConflictBody(submissionId, values), {
      onSuccess: () => {
        notify('success', t('conflicts.declare.success', { email: values.email.trim() }));
        setOpened(false);
      },
      onError: (error) => {
        let placed = false;
        for (const [serverField, text] of Object.entries(fieldErrors(error))) {
          const field = declareFieldOf(serverField);
          if (field) {
            form.setFieldError(field, text);
            placed = true;
          }
        }
        if (!placed) setFailure(errorText(error, t('conflicts.declare.failed')));
      },
    });
  });

  return (
    <>
      <Button
        variant="light"
        color="orange"
        leftSection={<ShieldAlert size={16} />}
        onClick={() => setOpened(true)}
        data-testid="declare-conflict-button"
      >
        {t('conflicts.declare.button')}
      </Button>
      <Modal opened={opened} onClose={close} title={t('conflicts.declare.title')} centered radius="lg" size="lg">
        <form onSubmit={handleSubmit} noValidate data-testid="declare-conflict-form">
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              {t('conflicts.declare.intro')}
            </Text>
            <TextInput
              type="email"
              label={t('conflicts.declare.email')}
              description={t('conflicts.declare.emailHint')}
              withAsterisk
              leftSection={<Mail size={16} />}
              classNames={LTR_VALUE_CLASS_NAMES}
              autoComplete="off"
              data-autofocus
              data-testid="declare-conflict-email"
              {...form.getInputProps('email')}
            />
            <Select
              label={t('conflicts.declare.type')}
              data={DECLARABLE_CONFLICT_TYPES.map((type) => ({ value: type, label: typeLabel(type) }))}
              allowDeselect={false}
              data-testid="declare-conflict-type"
              {...form.getInputProps('type')}
              onChange={(value) => {
                if (isConflictType(value) && value !== 'author') form.setFieldValue('type', value);
              }}
            />
            <Textarea
              label={t('conflicts.declare.reason')}
              description={t('conflicts.add.reasonHint', { max: CONFLICT_NOTE_MAX_LENGTH })}
              autosize
              minRows={2}
              maxRows={6}
              maxLength={CONFLICT_NOTE_MAX_LENGTH}
              data-testid="declare-conflict-reason"
              {...form.getInputProps('reason')}
            />
            {failure ? (
              <Alert color="red" icon={<CircleAlert size={18} />} role="alert" data-testid="declare-conflict-error">
                {failure}
              </Alert>
            ) : null}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close} disabled={declare.isPending}>
                {t('conflicts.common.cancel')}
              </Button>
              <Button
                type="submit"
                loading={declare.isPending}
                leftSection={<ShieldAlert size={16} />}
                data-testid="declare-conflict-submit"
              >
                {t('conflicts.declare.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
