import type { SubmissionDto } from '@confero/contracts';
import { Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UserText } from '../../../components/data/UserText.tsx';
import { ConfirmDialog } from '../../../components/feedback/ConfirmDialog.tsx';
import { notify } from '../../../components/feedback/notify.tsx';
import { useDeleteSubmissionMutation } from '../api.ts';
import { submissionRef } from '../submission-display.ts';
import { useSubmissionText } from '../use-submission-text.ts';

type DeletionTarget = Pick<SubmissionDto, 'public_id' | 'id' | 'title'>;

/**
 * The delete confirmation shared by the lists and the detail: asks once, deletes, and reports 'Submission deleted
 * successfully' or 'Failed to delete submission' with the server's error (a default text otherwise). `request` opens it
 * for a submission; `modal` is rendered by the screen.
 */
export function useSubmissionDeletion(onDeleted?: (submission: DeletionTarget) => void) {
  const { t } = useTranslation();
  const { message, errorText } = useSubmissionText();
  const [target, setTarget] = useState<DeletionTarget | null>(null);
  const remove = useDeleteSubmissionMutation();

  const handleConfirm = () => {
    if (!target || remove.isPending) return;
    const deleted = target;
    remove.mutate(submissionRef(deleted), {
      onSuccess: () => {
        notify('success', message('submissions.deleted'));
        setTarget(null);
        onDeleted?.(deleted);
      },
      onError: (error) => {
        notify('error', errorText(error) ?? t('submissions.delete.defaultError'), t('submissions.delete.failed'));
      },
    });
  };

  const modal = (
    <ConfirmDialog
      opened={target !== null}
      title={t('submissions.delete.title')}
      message={
        <Text size="sm">
          {t('submissions.delete.message')}{' '}
          <UserText span fw={600}>
            {target?.title}
          </UserText>
        </Text>
      }
      confirmLabel={t('submissions.delete.confirm')}
      cancelLabel={t('submissions.delete.cancel')}
      onConfirm={handleConfirm}
      onClose={() => setTarget(null)}
      loading={remove.isPending}
      danger
    />
  );

  return { request: setTarget, modal, isDeleting: remove.isPending };
}
