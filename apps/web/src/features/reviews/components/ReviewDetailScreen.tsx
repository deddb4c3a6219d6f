import type { ReviewDto } from '@confero/contracts';
import { Box, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Pencil } from 'lucide-react';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../../components/data/format.ts';
import { QueryView } from '../../../components/data/QueryView.tsx';
import { isolate, UserInline, UserText } from '../../../components/data/UserText.tsx';
import { ScreenHeader } from '../../../components/layout/ScreenHeader.tsx';
import { isApiError } from '../../../lib/api.ts';
import { RevisitButton } from '../../area-chairs/components/RevisitButton.tsx';
import { reviewDetailQuery } from '../api.ts';
import {
  choiceText,
  detailReader,
  languageOf,
  type ReviewRow,
  type ReviewSectionName,
  reviewBackLink,
  reviewErrorText,
  reviewRows,
  reviewSections,
  scoreText,
  sectionsOf,
  textIn,
} from '../review-display.ts';
import { useReviewForms } from '../use-review-forms.ts';
import { RecommendationBadge, ReviewStatusBadge } from './ReviewBadges.tsx';
import { ReviewClosedNotice } from './ReviewClosedNotice.tsx';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600} dir="auto">
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

const SECTION_TITLES = {
  overall: 'reviews.form.overallTitle',
  criteria: 'reviews.detail.criteriaTitle',
  confidence: 'reviews.form.confidenceTitle',
  remarks: 'reviews.form.remarksTitle',
  custom: 'reviews.form.moreTitle',
} as const satisfies Record<ReviewSectionName, string>;

/** The test ids the journeys know the built-in scores by. */
const SCORE_TEST_IDS: Record<string, string> = { overall_score: 'review-score', confidence: 'review-confidence' };

/** One question's answer under its label: a score "value — label", an option's label, a text, a list. */
function RowField({ row }: { row: ReviewRow }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const label = textIn(row.question.label, language);
  const testId = row.question.builtin ? SCORE_TEST_IDS[row.question.key] : `review-question-${row.question.key}`;
  if (row.kind === 'score' || row.kind === 'choice') {
    const text =
      row.kind === 'score'
        ? scoreText(row.question, row.value, language)
        : choiceText(row.question, row.value, language);
    return (
      <Field label={label}>
        <Text size="sm" data-testid={testId} c={text === null ? 'dimmed' : undefined}>
          {text === null ? t('reviews.detail.notGiven') : <bdi>{text}</bdi>}
        </Text>
      </Field>
    );
  }
  return (
    <Field label={label}>
      <Box data-testid={row.question.builtin ? undefined : testId}>
        {row.kind === 'list' ? <Items items={row.value} /> : <Prose text={row.value} />}
      </Box>
    </Field>
  );
}

/**
 * The review as its reader may read it (reviewRows over the form it was written against, with `detailReader`): the
 * form's questions in its order, grouped as the spec's sections and the chair's own questions; the comments to the
 * authors after the justification (when they add to it); the criteria the reviewer scored; and the confidential
 * parts only for the review's reviewer and the committee when the API sent them.
 */
function ReviewBody({ review }: { review: ReviewDto }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const questionsOf = useReviewForms([review]);
  if (!review.structured_review) {
    return (
      <Paper withBorder radius="lg" p="xl">
        <Text c="dimmed">{t('reviews.detail.noContent')}</Text>
      </Paper>
    );
  }
  const reader = detailReader(review);
  const sections = reviewSections(review, reader);
  const groups = sectionsOf(reviewRows(review, questionsOf(review), reader).map((row) => ({ ...row, row })));
  const commentsToAuthor =
    sections.commentsToAuthor !== null ? (
      <Field label={t('reviews.detail.commentsToAuthor')}>
        <Box data-testid="review-comments-to-author">
          <Prose text={sections.commentsToAuthor} />
        </Box>
      </Field>
    ) : null;
  const commentsToChair =
    sections.commentsToChair !== undefined ? (
      <Field label={t('reviews.detail.commentsToChair')}>
        <Prose text={sections.commentsToChair} />
      </Field>
    ) : null;
  const hasJustification = groups.some((group) =>
    group.items.some(({ row }) => row.question.builtin && row.question.key === 'justification'),
  );
  const hasRemarks = groups.some((group) => group.section === 'remarks');
  return (
    <Stack gap="lg">
      {groups.map((group) => {
        const confidential = group.section === 'remarks';
        return (
          <Paper
            key={`${group.section}:${group.items[0]?.row.question.key}`}
            withBorder
            radius="lg"
            p="xl"
            component="section"
            data-testid={
              confidential ? 'review-confidential' : group.section === 'criteria' ? 'review-criteria' : undefined
            }
          >
            <Stack gap="md">
              <Title order={3}>{t(SECTION_TITLES[group.section])}</Title>
              {group.section === 'criteria' ? (
                <Stack gap="xs">
                  {group.items.map(({ row }) => (
                    <Group
                      key={row.question.key}
                      justify="space-between"
                      gap="md"
                      wrap="nowrap"
                      data-testid="review-criterion"
                      data-criterion={row.question.key}
                    >
                      <Text size="sm">{textIn(row.question.label, language)}</Text>
                      <Text size="sm" fw={600} dir="ltr" style={{ whiteSpace: 'nowrap' }}>
                        {t('reviews.detail.criterionScore', { score: row.value, max: row.question.max ?? '' })}
                      </Text>
                    </Group>
                  ))}
                </Stack>
              ) : (
                group.items.map(({ row }) => (
                  <Fragment key={row.question.key}>
                    <RowField row={row} />
                    {row.question.builtin && row.question.key === 'justification' ? commentsToAuthor : null}
                  </Fragment>
                ))
              )}
              {confidential ? commentsToChair : null}
            </Stack>
          </Paper>
        );
      })}
      {hasJustification ? null : commentsToAuthor}
      {!hasRemarks && commentsToChair ? (
        <Paper withBorder radius="lg" p="xl" component="section" data-testid="review-confidential">
          <Stack gap="md">
            <Title order={3}>{t('reviews.form.remarksTitle')}</Title>
            {commentsToChair}
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

/**
 * The review once loaded: its header with 'Edit' while its reviewer may still change it ('Ask to revisit' for the
 * paper's area chair and committee), and its parts.
 */
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
  ) : review.abilities.can_request_revisit ? (
    <RevisitButton reviewId={review.public_id} completed={review.status === 'completed'} />
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
