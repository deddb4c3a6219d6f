import type { ReviewStatus } from '@confero/contracts';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { Info, Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDeadlineParts } from '../../../components/data/use-deadline.ts';
import { type ReviewClosedReason, reviewClosedReason } from '../review-display.ts';

type ReviewClosedNoticeProps = {
  review: { public_id?: string; status: ReviewStatus; review_deadline?: string | null; timezone?: string | null };
  /** The reason when the server gave it (a save refused with DEADLINE_PASSED); else read from the review. */
  reason?: ReviewClosedReason;
  /** Offers a link to the review's read view. */
  withLink?: boolean;
};

/**
 * Why the caller can no longer change their review, truthfully: a submitted review says so; an unsubmitted one
 * past the review deadline names the deadline (date, time, zone) and says that nothing was submitted.
 */
export function ReviewClosedNotice({ review, reason, withLink = false }: ReviewClosedNoticeProps) {
  const { t } = useTranslation();
  const deadlineParts = useDeadlineParts();
  const why = reason ?? reviewClosedReason(review);
  const text =
    why === 'submitted'
      ? t('reviews.create.readOnly')
      : why === 'deadline'
        ? t('reviews.create.deadlinePassed', deadlineParts(review.review_deadline, review.timezone))
        : t('reviews.create.closedUnsubmitted');
  return (
    <Alert
      color={why === 'submitted' ? 'blue' : 'orange'}
      icon={why === 'submitted' ? <Info size={20} /> : <Lock size={20} />}
      radius="lg"
      data-testid="review-read-only"
      data-reason={why}
    >
      <Stack gap="sm">
        <Text size="sm">{text}</Text>
        {withLink && review.public_id ? (
          <Button component={Link} to={`/reviews/${encodeURIComponent(review.public_id)}`} size="xs" w="fit-content">
            {t('reviews.create.viewReview')}
          </Button>
        ) : null}
      </Stack>
    </Alert>
  );
}
