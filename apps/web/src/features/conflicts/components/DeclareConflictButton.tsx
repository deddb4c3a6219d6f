import { Button, Modal, Stack, Text } from '@mantine/core';
import { ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../components/feedback/notify.tsx';
import { useDeclareConflictMutation } from '../api.ts';
import {
  type DeclareConflictValues,
  declareFieldOf,
  EMPTY_DECLARE_CONFLICT,
  toDeclareConflictBody,
  validateDeclareConflict,
} from '../conflict-form.ts';
import { useConflictForm } from '../use-conflict-form.ts';
import {
  ConflictEmailField,
  ConflictReasonField,
  ConflictTypeField,
  FormActions,
  FormFailure,
} from './ConflictFormFields.tsx';

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
  const declare = useDeclareConflictMutation(eventRef);
  const [opened, setOpened] = useState(false);
  const { form, failure, setFailure, showError } = useConflictForm<DeclareConflictValues>({
    opened,
    initialValues: EMPTY_DECLARE_CONFLICT,
    validate: validateDeclareConflict,
    resetMutation: declare.reset,
  });

  const close = () => {
    if (!declare.isPending) setOpened(false);
  };

  const handleSubmit = form.onSubmit((values) => {
    setFailure(null);
    declare.mutate(toDeclareConflictBody(submissionId, values), {
      onSuccess: (answer) => {
        const email = values.email.trim();
        notify(
          'success',
          answer.created
            ? t('conflicts.declare.success', { email })
            : t('conflicts.declare.alreadyRecorded', { email }),
        );
        setOpened(false);
      },
      onError: (error) => showError(error, t('conflicts.declare.failed'), declareFieldOf),
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
            <ConflictEmailField
              label={t('conflicts.declare.email')}
              description={t('conflicts.declare.emailHint')}
              withAsterisk
              data-autofocus
              testId="declare-conflict-email"
              field={form.getInputProps('email')}
            />
            <ConflictTypeField
              label={t('conflicts.declare.type')}
              testId="declare-conflict-type"
              field={form.getInputProps('type')}
              onChange={(type) => form.setFieldValue('type', type)}
            />
            <ConflictReasonField
              label={t('conflicts.declare.reason')}
              testId="declare-conflict-reason"
              field={form.getInputProps('reason')}
            />
            <FormFailure message={failure} testId="declare-conflict-error" />
            <FormActions
              cancelLabel={t('conflicts.common.cancel')}
              onCancel={close}
              cancelDisabled={declare.isPending}
              submitLabel={t('conflicts.declare.submit')}
              submitIcon={<ShieldAlert size={16} />}
              submitting={declare.isPending}
              submitTestId="declare-conflict-submit"
            />
          </Stack>
        </form>
      </Modal>
    </>
  );
}
