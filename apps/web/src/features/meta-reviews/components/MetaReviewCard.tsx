import { Badge, Button, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ClipboardCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DetailCard } from '../../../components/data/DetailCard.tsx';
import { UserInline } from '../../../components/data/UserText.tsx';
import { metaReviewQuery } from '../api.ts';
import { MetaReviewAnswers } from './MetaReviewAnswers.tsx';

/** The editor's address of a paper's meta-review. */
export const metaReviewEditorHref = (eventId: string, submissionId: string) =>
  `/events/${encodeURIComponent(eventId)}/submissions/${encodeURIComponent(submissionId)}/meta-review`;

/**
 * The paper's meta-review on its page, beside the reviews (`docs/domain.md#meta-review`), for whoever the API lets
 * read it: the committee and the area chair every answer and who wrote it; the reviewers and, after the decision, the
 * authors the answers opened to them, never the area chair's name. Nothing shows for a reader it is closed to (404)
 * or while it loads. Its area chair finds the way to the editor here.
 */
export function MetaReviewCard({ submissionId, eventId }: { submissionId: string; eventId: string }) {
  const { t } = useTranslation();
  const query = useQuery(metaReviewQuery(submissionId));
  const metaReview = query.data;
  if (!metaReview) return null;
  const written = metaReview.status !== null;
  return (
    <DetailCard
      title={t('metaReviews.title')}
      icon={ClipboardCheck}
      data-testid="meta-review-card"
      actions={
        written ? (
          <Badge variant="light" color={metaReview.status === 'completed' ? 'green' : 'yellow'}>
            {t(`metaReviews.status.${metaReview.status ?? 'in_progress'}`)}
          </Badge>
        ) : null
      }
    >
      {metaReview.area_chair ? (
        <Text size="xs" c="dimmed" mb="sm" data-testid="meta-review-author">
          {t('metaReviews.by')} <UserInline>{metaReview.area_chair.name}</UserInline>
        </Text>
      ) : null}
      {written ? (
        <MetaReviewAnswers metaReview={metaReview} />
      ) : (
        <Text size="sm" c="dimmed" data-testid="meta-review-none">
          {t('metaReviews.none')}
        </Text>
      )}
      {metaReview.abilities.edit ? (
        <Button component={Link} to={metaReviewEditorHref(eventId, submissionId)} variant="light" mt="md" size="sm">
          {written ? t('metaReviews.edit') : t('metaReviews.write')}
        </Button>
      ) : null}
    </DetailCard>
  );
}
