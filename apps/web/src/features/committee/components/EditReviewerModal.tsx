import type { CommitteeReviewerDto } from '@confero/contracts';
import { useTranslation } from 'react-i18next';
import { useUpdateReviewerMutation } from '../api.ts';
import { EditGrantModal } from './EditGrantModal.tsx';

/** A reviewer's expertise and max_papers, changed; a limit below their load is allowed and said in the notice. */
export function EditReviewerModal({
  eventId,
  reviewer,
  onClose,
}: {
  eventId: string;
  reviewer: CommitteeReviewerDto | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const update = useUpdateReviewerMutation(eventId);
  return (
    <EditGrantModal
      member={
        reviewer && {
          userId: reviewer.public_id,
          name: reviewer.display_name,
          expertise: reviewer.expertise,
          max_papers: reviewer.max_papers,
        }
      }
      update={update}
      title={t('committee.reviewers.editTitle')}
      savedNotice={(answer) =>
        answer.over_limit > 0
          ? {
              tone: 'warning',
              text: t('committee.reviewers.savedOverLimit', {
                count: answer.over_limit,
                formatted: new Intl.NumberFormat(i18n.resolvedLanguage ?? i18n.language).format(answer.over_limit),
              }),
            }
          : { tone: 'success', text: t('committee.reviewers.saved') }
      }
      failedText={t('committee.reviewers.saveFailed')}
      testId="edit-reviewer-form"
      onClose={onClose}
    />
  );
}
