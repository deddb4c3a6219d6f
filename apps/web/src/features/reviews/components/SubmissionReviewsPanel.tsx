import type { ReviewDto, SubmissionDto, SubmissionReviewsDto } from '@confero/contracts';
import {
  Accordion,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ClipboardList, ExternalLink, UserPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DetailCard } from '../../../components/data/DetailCard.tsx';
import { UserText } from '../../../components/data/UserText.tsx';
import { LoadFailure } from '../../../components/feedback/LoadFailure.tsx';
import { isApiError } from '../../../lib/api.ts';
import { submissionHref, submissionRef } from '../../submissions/submission-display.ts';
import { submissionReviewsQuery } from '../api.ts';
import {
  comparisonColumns,
  type Language,
  languageOf,
  noticeText,
  overallScoreName,
  overallScoreOf,
  readerOf,
  reviewErrorText,
  reviewerLabel,
} from '../review-display.ts';
import { RecommendationBadge, ReviewStatusBadge } from './ReviewBadges.tsx';
import { ReviewComparisonTable } from './ReviewComparisonTable.tsx';
import { ReviewsNotice, ScoreFigure, SubmissionReviewBody } from './SubmissionReviewBody.tsx';

function PanelSkeleton() {
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      aria-busy="true"
      data-testid="submission-reviews-loading"
    >
      <Stack gap="md">
        <Skeleton height={20} width={160} radius="sm" />
        <Skeleton height={14} width="50%" radius="sm" />
        <Skeleton height={120} radius="md" />
      </Stack>
    </Paper>
  );
}

/** The reviews in order (Reviewer 1, 2, …). */
const inOrder = (reviews: ReviewDto[]) => [...reviews].sort((a, b) => a.ordinal - b.ordinal);

/** The heading of one review in a list: its label, the reviewer's name (committee only), status and badges. */
function ReviewHeading({ review, language }: { review: ReviewDto; language: Language }) {
  const { t } = useTranslation();
  const score = overallScoreOf(review);
  return (
    <Group justify="space-between" gap="sm" wrap="wrap" pe="sm">
      <Group gap="sm" wrap="wrap" miw={0}>
        <Text fw={700}>{reviewerLabel(review, language)}</Text>
        {review.reviewer ? (
          <UserText size="sm" c="dimmed" data-testid="review-item-reviewer">
            {review.reviewer.full_name}
          </UserText>
        ) : null}
        {review.is_own ? (
          <Badge size="sm" variant="filled" data-testid="own-review-badge">
            {t('submissionReviews.yourReview')}
          </Badge>
        ) : null}
        <ReviewStatusBadge status={review.status} />
        {review.status === 'completed' ? <RecommendationBadge recommendation={review.recommendation} /> : null}
      </Group>
      {review.status === 'completed' && score !== null ? (
        <ScoreFigure value={score} name={overallScoreName(score, language)} signed />
      ) : null}
    </Group>
  );
}

/** Each review in full in an accordion, with a link to its own page (the committee's and reviewers' view). */
function ReviewAccordion({
  data,
  defaultOpen,
  language,
}: {
  data: SubmissionReviewsDto;
  defaultOpen: string[];
  language: Language;
}) {
  const { t } = useTranslation();
  return (
    <Accordion multiple variant="separated" radius="md" defaultValue={defaultOpen} order={4}>
      {inOrder(data.reviews).map((review) => {
        const reader = readerOf(data.visibility, review);
        if (!reader) return null;
        return (
          <Accordion.Item
            key={review.public_id}
            value={review.public_id}
            data-testid="review-item"
            data-review={review.public_id}
            data-own={review.is_own}
          >
            <Accordion.Control>
              <ReviewHeading review={review} language={language} />
            </Accordion.Control>
            <Accordion.Panel>
              <Stack gap="md">
                <SubmissionReviewBody review={review} reader={reader} />
                <Group justify="flex-end">
                  <Anchor
                    component={Link}
                    to={`/reviews/${encodeURIComponent(review.public_id)}`}
                    size="sm"
                    data-testid="review-item-link"
                  >
                    <Group gap={4} wrap="nowrap">
                      {t('submissionReviews.openReview')}
                      <ExternalLink size={14} aria-hidden="true" />
                    </Group>
                  </Anchor>
                </Group>
              </Stack>
            </Accordion.Panel>
          </Accordion.Item>
        );
      })}
    </Accordion>
  );
}

/** The committee: counts and average, the side-by-side comparison, then every review in full. */
function CommitteeReviews({
  data,
  assignHref,
  language,
}: {
  data: SubmissionReviewsDto;
  assignHref: string | null;
  language: Language;
}) {
  const { t } = useTranslation();
  const assigned = data.assigned_count ?? data.reviews.length;
  const completed = data.completed_count ?? comparisonColumns(data.reviews).filter((c) => c.completed).length;
  const assign = assignHref ? (
    <Button
      component={Link}
      to={assignHref}
      variant="light"
      size="xs"
      leftSection={<UserPlus size={14} />}
      data-testid="reviews-assign-link"
    >
      {t('submissionReviews.assign')}
    </Button>
  ) : null;
  return (
    <DetailCard
      title={t('submissionReviews.title')}
      icon={ClipboardList}
      actions={assign}
      data-testid="submission-reviews"
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Paper withBorder radius="md" p="sm">
          <Text size="xs" c="dimmed">
            {t('submissionReviews.completedLabel')}
          </Text>
          <Text fw={700} data-testid="reviews-counts" data-completed={completed} data-assigned={assigned}>
            {t('submissionReviews.counts', { completed, assigned })}
          </Text>
        </Paper>
        <Paper withBorder radius="md" p="sm">
          <Text size="xs" c="dimmed">
            {t('submissionReviews.averageScore')}
          </Text>
          <Group gap="xs" data-testid="reviews-average">
            {data.average_overall_score === null || data.average_overall_score === undefined ? (
              <Text size="sm" c="dimmed">
                {t('submissionReviews.noAverage')}
              </Text>
            ) : (
              <ScoreFigure value={data.average_overall_score} signed />
            )}
          </Group>
        </Paper>
      </SimpleGrid>
      {data.reviews.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="reviews-empty">
          {t('submissionReviews.empty')}
        </Text>
      ) : (
        <>
          <Title order={3} fz="sm" mt="sm">
            {t('submissionReviews.comparisonTitle')}
          </Title>
          <ReviewComparisonTable reviews={data.reviews} averageOverallScore={data.average_overall_score} />
          <Title order={3} fz="sm" mt="sm">
            {t('submissionReviews.fullReviews')}
          </Title>
          <ReviewAccordion data={data} defaultOpen={[]} language={language} />
        </>
      )}
    </DetailCard>
  );
}

/** A reviewer of the paper: their own review ("Your review") and the others the event lets them read, anonymous. */
function ReviewerReviews({
  data,
  notice,
  language,
}: {
  data: SubmissionReviewsDto;
  notice: string | null;
  language: Language;
}) {
  const { t } = useTranslation();
  const others = data.reviews.filter((review) => !review.is_own).map((review) => review.public_id);
  return (
    <DetailCard title={t('submissionReviews.title')} icon={ClipboardList} data-testid="submission-reviews">
      <Text size="sm" c="dimmed">
        {t('submissionReviews.reviewerIntro')}
      </Text>
      {notice ? <ReviewsNotice text={notice} /> : null}
      {data.reviews.length > 0 ? (
        <ReviewAccordion data={data} defaultOpen={others} language={language} />
      ) : (
        <Text size="sm" c="dimmed" data-testid="reviews-empty">
          {t('submissionReviews.noneVisible')}
        </Text>
      )}
    </DetailCard>
  );
}

/**
 * The authors, once the decision is made: each review by its label only, with the scores, the criteria, strengths,
 * weaknesses, justification and comments to the authors; before that, why there is nothing (the API's notice).
 */
function AuthorReviews({
  data,
  notice,
  language,
}: {
  data: SubmissionReviewsDto;
  notice: string | null;
  language: Language;
}) {
  const { t } = useTranslation();
  return (
    <DetailCard title={t('submissionReviews.title')} icon={ClipboardList} data-testid="submission-reviews">
      {data.reviews.length === 0 ? (
        <ReviewsNotice text={notice ?? t('submissionReviews.noneShared')} />
      ) : (
        <Stack gap="md" data-testid="author-reviews">
          <Text size="sm" c="dimmed">
            {t('submissionReviews.authorIntro')}
          </Text>
          {inOrder(data.reviews).map((review) => (
            <Paper
              key={review.public_id}
              withBorder
              radius="md"
              p="md"
              component="article"
              data-testid="review-item"
              data-review={review.public_id}
            >
              <Stack gap="md">
                <Group gap="sm">
                  <ThemeIcon variant="light" size={28} radius="xl" aria-hidden="true">
                    <ClipboardList size={14} />
                  </ThemeIcon>
                  <Title order={3} fz="md">
                    {reviewerLabel(review, language)}
                  </Title>
                </Group>
                <SubmissionReviewBody review={review} reader="author" />
              </Stack>
            </Paper>
          ))}
        </Stack>
      )}
    </DetailCard>
  );
}

/**
 * The reviews of a submission on its detail page (`GET submissions/{id}/reviews/`), as the API filtered them for
 * the viewer: the committee (chairs, event admins) gets the side-by-side comparison with averages, the link to the
 * assign screen when `abilities.manage_reviewers`, and every review in full with the confidential parts marked;
 * a reviewer their own review and the others the event allows, anonymous; an author, once the decision is made,
 * the reviews without names or confidential parts (before that, the notice); anyone else nothing.
 */
export function SubmissionReviewsPanel({
  submission,
  eventRef,
}: {
  submission: SubmissionDto;
  eventRef?: string | null;
}) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const ref = submissionRef(submission);
  const query = useQuery(submissionReviewsQuery(ref));

  if (query.isPending) return <PanelSkeleton />;
  if (query.isError) {
    const final = isApiError(query.error) && (query.error.status === 403 || query.error.status === 404);
    return (
      <LoadFailure
        message={t('submissionReviews.loadError')}
        detail={reviewErrorText(query.error, language, '')}
        onRetry={final ? undefined : () => void query.refetch()}
      />
    );
  }
  const data = query.data;
  const notice = noticeText(data.notice, language, {
    decided: submission.decision !== 'pending',
    noneSharedText: t('submissionReviews.noneShared'),
  });
  switch (data.visibility) {
    case 'committee': {
      const assignHref =
        submission.abilities.manage_reviewers && eventRef ? submissionHref(ref, eventRef, '/assign') : null;
      return <CommitteeReviews data={data} assignHref={assignHref} language={language} />;
    }
    case 'reviewer':
      return <ReviewerReviews data={data} notice={notice} language={language} />;
    case 'author':
      return <AuthorReviews data={data} notice={notice} language={language} />;
    default:
      return notice ? <ReviewsNotice text={notice} /> : null;
  }
}
