import type { ReviewDto } from '@confero/contracts';
import { Box, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Pencil } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../../components/data/format.ts';
import { QueryView } from '../../../components/data/QueryView.tsx';
import { isolate, UserInline, UserText } from '../../../components/data/UserText.tsx';
import { ScreenHeader } from '../../../components/layout/ScreenHeader.tsx';
import { isApiError } from '../../../lib/api.ts';
import { reviewDetailQuery } from '../api.ts';
import {
  confidenceLabel,
  detailReader,
  languageOf,
  reviewBackLink,
  reviewErrorText,
  reviewSections,
  scoreLabel,
} from '../review-display.ts';
import { RecommendationBadge, ReviewStatusBadge } from './ReviewBadges.tsx';
import { ReviewClosedNotice } from './ReviewClosedNotice.tsx';
import { useCriterionName } from './SubmissionReviewBody.tsx';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      {children}
    </Stack>
  );
}

function Prose({ text }: { text: string | undefined }) {
  const { t } = useTranslation();
  return text?.trim() ? (
    <UserText size="sm" multiline>
      {text}
    </UserText>
  ) : (
    <Text size="sm" c="dimmed">
      {t('reviews.detail.notGiven')}
    </Text>
  );
}

function Items({ items }: { items: string[] }) {
  const { t } = useTranslation();
  const filled = items.filter((item) => item.trim() !== '');
  if (filled.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('reviews.detail.notGiven')}
      </Text>
    );
  }
  return (
    <List size="sm" spacing={4}>
      {filled.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: read-only texts identified by their position
        <List.Item key={index}>
          <UserInline>{item}</UserInline>
        </List.Item>
      ))}
    </List>
  );
}

/**
 * The structured review as its reader may see it (reviewSections, with `detailReader`): the overall evaluation
 * with the comments to the authors (when they add to the justification), the criteria the reviewer scored, the
 * confidence, and the confidential parts only for the review's reviewer and the committee when the API sent them.
 */
function ReviewBody({ review }: { review: ReviewDto }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const criterionName = useCriterionName();
  if (!review.structured_review) {
    return (
      <Paper withBorder radius="lg" p="xl">
        <Text c="dimmed">{t('reviews.detail.noContent')}</Text>
      </Paper>
    );
  }
  const sections = reviewSections(review, detailReader(review));
  const remarks = sections.confidentialRemarks;
  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p="xl" component="section">
        <Stack gap="md">
          <Title order={3}>{t('reviews.form.overallTitle')}</Title>
          <Field label={t('reviews.detail.score')}>
            <Text size="sm" data-testid="review-score">
              {scoreLabel(sections.overallScore, language) ?? t('reviews.detail.notGiven')}
            </Text>
          </Field>
          <Field label={t('reviews.form.strengths')}>
            <Items items={sections.strengths} />
          </Field>
          <Field label={t('reviews.form.weaknesses')}>
            <Items items={sections.weaknesses} />
          </Field>
          <Field label={t('reviews.form.justification')}>
            <Prose text={sections.justification} />
          </Field>
          {sections.commentsToAuthor !== null ? (
            <Field label={t('reviews.detail.commentsToAuthor')}>
              <Box data-testid="review-comments-to-author">
                <Prose text={sections.commentsToAuthor} />
              </Box>
            </Field>
          ) : null}
        </Stack>
      </Paper>
      {sections.criteria.length > 0 ? (
        <Paper withBorder radius="lg" p="xl" component="section" data-testid="review-criteria">
          <Stack gap="md">
            <Title order={3}>{t('reviews.detail.criteriaTitle')}</Title>
            <Stack gap="xs">
              {sections.criteria.map((criterion) => (
                <Group
                  key={criterion.id}
                  justify="space-between"
                  gap="md"
                  wrap="nowrap"
                  data-testid="review-criterion"
                  data-criterion={criterion.id}
                >
                  <Text size="sm">{criterionName(criterion.id, criterion.name)}</Text>
                  <Text size="sm" fw={600} dir="ltr" style={{ whiteSpace: 'nowrap' }}>
                    {t('reviews.detail.criterionScore', { score: criterion.score, max: criterion.maxScore })}
                  </Text>
                </Group>
              ))}
            </Stack>
          </Stack>
        </Paper>
      ) : null}
      <Paper withBorder radius="lg" p="xl" component="section">
        <Stack gap="md">
          <Title order={3}>{t('reviews.form.confidenceTitle')}</Title>
          <Field label={t('reviews.detail.confidence')}>
            <Text size="sm" data-testid="review-confidence">
              {confidenceLabel(sections.confidence, language) ?? t('reviews.detail.notGiven')}
            </Text>
          </Field>
          {sections.confidenceComment !== undefined ? (
            <Field label={t('reviews.form.confidenceComment')}>
              <Prose text={sections.confidenceComment} />
            </Field>
          ) : null}
        </Stack>
      </Paper>
      {remarks !== undefined || sections.commentsToChair !== undefined ? (
        <Paper withBorder radius="lg" p="xl" component="section" data-testid="review-confidential">
          <Stack gap="md">
            <Title order={3}>{t('reviews.form.remarksTitle')}</Title>
            <Text size="xs" c="dimmed">
              {t('reviews.form.remarksHint')}
            </Text>
            {remarks !== undefined ? <Prose text={remarks} /> : null}
            {sections.commentsToChair !== undefined ? (
              <Field label={t('reviews.detail.commentsToChair')}>
                <Prose text={sections.commentsToChair} />
              </Field>
            ) : null}
          </Stack>
        </Paper>
      ) : null}
    </Stack>
  );
}

/**
 * /reviews/{id}: one review, read view; 'Edit' while its reviewer may still change it. Its reviewer goes back to
 * their reviews, anyone else (a chair, an author) to the submission.
 */
export function ReviewDetailScreen({ reviewId }: { reviewId: string }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const query = useQuery(reviewDetailQuery(reviewId));
  const backLink = reviewBackLink(query.data);
  const back = { to: backLink.to, label: t(backLink.labelKey) };
  const notFound = (error: unknown) => isApiError(error) && error.status === 404;
  return (
    <>
      {query.isError ? <ScreenHeader title={t('reviews.detail.title')} back={back} /> : null}
      <QueryView
        query={query}
        failure={(error) =>
          notFound(error)
            ? reviewErrorText(error, language, t('reviews.detail.loadError'))
            : t('reviews.detail.loadError')
        }
        failureDetail={(error) => (notFound(error) ? undefined : reviewErrorText(error, language, ''))}
        failureTestId={(error) => (notFound(error) ? 'review-not-found' : undefined)}
        back={back}
      >
        {(review) => <ReviewDetail review={review} back={back} />}
      </QueryView>
    </>
  );
}

/** The review once loaded: its header with 'Edit' while its reviewer may still change it, and its parts. */
function ReviewDetail({ review, back }: { review: ReviewDto; back: { to: string; label: string } }) {
  const { t, i18n } = useTranslation();
  const canEdit = review.is_own && review.abilities.edit;
  const edit = canEdit ? (
    <Button
      component={Link}
      to={`/reviews/create?submissionId=${encodeURIComponent(review.submission.public_id)}`}
      leftSection={<Pencil size={16} />}
    >
      {t('reviews.detail.edit')}
    </Button>
  ) : undefined;
  return (
    <>
      <ScreenHeader
        title={review.submission.title}
        documentTitle={t('reviews.detail.title')}
        description={`${review.reviewer_label} · ${isolate(review.submission.event.title)}`}
        back={back}
        actions={edit}
      />
      <Stack gap="lg">
        {review.is_own && !review.abilities.edit && review.status !== 'completed' ? (
          <ReviewClosedNotice review={review} />
        ) : null}
        <Paper withBorder radius="lg" p="md">
          <Group gap="md" wrap="wrap">
            <ReviewStatusBadge status={review.status} />
            <RecommendationBadge recommendation={review.recommendation} />
            {review.reviewer ? (
              <Text size="sm" data-testid="review-reviewer">
                {t('reviews.detail.reviewer')}: <UserInline>{review.reviewer.full_name}</UserInline> (
                <bdi dir="ltr">{review.reviewer.email}</bdi>)
              </Text>
            ) : null}
            {review.completed_at ? (
              <Text size="sm" c="dimmed">
                {t('reviews.detail.submittedAt', { date: formatDate(review.completed_at, i18n.language) })}
              </Text>
            ) : null}
            {review.review_deadline ? (
              <Text size="sm" c="dimmed">
                {t('reviews.detail.deadline', {
                  date: formatDate(review.review_deadline, i18n.language),
                  timezone: review.timezone ?? '',
                })}
              </Text>
            ) : null}
          </Group>
        </Paper>
        <ReviewBody review={review} />
      </Stack>
    </>
  );
}
