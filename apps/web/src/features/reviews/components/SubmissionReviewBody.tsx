import type { ReviewDto } from '@confero/contracts';
import { Alert, Badge, Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { UserInline, UserText } from '../../../components/data/UserText.tsx';
import {
  confidenceName,
  formatScore,
  languageOf,
  overallScoreName,
  type ReviewReader,
  reviewSections,
} from '../review-display.ts';
import { RecommendationBadge } from './ReviewBadges.tsx';

/** A score as a number read left to right, with its name under it ("+2", "Accept"); a dash when there is none. */
export function ScoreFigure({
  value,
  name,
  signed = false,
  align = 'flex-start',
}: {
  value: number | null | undefined;
  name?: string | null;
  signed?: boolean;
  align?: 'flex-start' | 'center';
}) {
  const { t } = useTranslation();
  const text = formatScore(value, signed);
  if (text === null) {
    return (
      <Text size="sm" c="dimmed" aria-label={t('submissionReviews.notGiven')}>
        —
      </Text>
    );
  }
  return (
    <Stack gap={0} align={align}>
      <Text size="sm" fw={700} dir="ltr" data-testid="score-value">
        {text}
      </Text>
      {name ? (
        <Text size="xs" c="dimmed">
          {name}
        </Text>
      ) : null}
    </Stack>
  );
}

/** The translated name of a review criterion (the five known criteria by id), else the name the review carries. */
export function useCriterionName() {
  const { t } = useTranslation();
  return (id: string, name: string) => t(`submissionReviews.criteria.${id}`, { defaultValue: name });
}

function Section({ label, testId, children }: { label: string; testId: string; children: ReactNode }) {
  return (
    <Stack gap={4} data-testid={testId}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      {children}
    </Stack>
  );
}

function Prose({ text }: { text: string }) {
  const { t } = useTranslation();
  return text.trim() ? (
    <UserText size="sm" multiline style={{ overflowWrap: 'anywhere' }}>
      {text}
    </UserText>
  ) : (
    <Text size="sm" c="dimmed">
      {t('submissionReviews.notGiven')}
    </Text>
  );
}

function Items({ items }: { items: string[] }) {
  const { t } = useTranslation();
  if (items.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('submissionReviews.notGiven')}
      </Text>
    );
  }
  return (
    <List size="sm" spacing={4}>
      {items.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: read-only texts identified by their position
        <List.Item key={index} style={{ overflowWrap: 'anywhere' }}>
          <UserInline>{item}</UserInline>
        </List.Item>
      ))}
    </List>
  );
}

/**
 * One review in full on the submission page, as far as `reader` may read it (reviewSections): the scores and
 * recommendation, the criteria the reviewer scored, strengths, weaknesses, justification and comments to the
 * authors; the confidence comment for reviewers and the committee; and, in a block marked "Confidential: committee
 * only", the comments to the chair and the confidential remarks. A review not yet submitted shows only that.
 */
export function SubmissionReviewBody({ review, reader }: { review: ReviewDto; reader: ReviewReader }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const criterionName = useCriterionName();
  if (!review.structured_review && review.status !== 'completed') {
    return (
      <Text size="sm" c="dimmed" data-testid="review-not-submitted">
        {t('submissionReviews.notSubmitted')}
      </Text>
    );
  }
  const sections = reviewSections(review, reader);
  const hasConfidential = sections.confidentialRemarks !== undefined || sections.commentsToChair !== undefined;
  return (
    <Stack gap="md" data-testid="review-body" data-reader={reader}>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
        <Section label={t('submissionReviews.fields.overallScore')} testId="review-field-overall">
          <ScoreFigure value={sections.overallScore} name={overallScoreName(sections.overallScore, language)} signed />
        </Section>
        <Section label={t('submissionReviews.fields.confidence')} testId="review-field-confidence">
          <ScoreFigure value={sections.confidence} name={confidenceName(sections.confidence, language)} />
        </Section>
        <Section label={t('submissionReviews.fields.recommendation')} testId="review-field-recommendation">
          {sections.recommendation ? (
            <Group>
              <RecommendationBadge recommendation={sections.recommendation} />
            </Group>
          ) : (
            <Text size="sm" c="dimmed">
              {t('submissionReviews.notGiven')}
            </Text>
          )}
        </Section>
      </SimpleGrid>
      {sections.criteria.length > 0 ? (
        <Section label={t('submissionReviews.fields.criteria')} testId="review-field-criteria">
          <Group gap="xs" wrap="wrap">
            {sections.criteria.map((criterion) => (
              <Badge key={criterion.id} variant="default" tt="none" fw={500} radius="sm" size="lg">
                {criterionName(criterion.id, criterion.name)}:{' '}
                <span dir="ltr">
                  {t('submissionReviews.outOf', { score: criterion.score, max: criterion.maxScore })}
                </span>
              </Badge>
            ))}
          </Group>
        </Section>
      ) : null}
      <Section label={t('submissionReviews.fields.strengths')} testId="review-field-strengths">
        <Items items={sections.strengths} />
      </Section>
      <Section label={t('submissionReviews.fields.weaknesses')} testId="review-field-weaknesses">
        <Items items={sections.weaknesses} />
      </Section>
      <Section label={t('submissionReviews.fields.justification')} testId="review-field-justification">
        <Prose text={sections.justification} />
      </Section>
      {sections.commentsToAuthor !== null ? (
        <Section label={t('submissionReviews.fields.commentsToAuthor')} testId="review-field-comments-to-author">
          <Prose text={sections.commentsToAuthor} />
        </Section>
      ) : null}
      {sections.confidenceComment !== undefined ? (
        <Section label={t('submissionReviews.fields.confidenceComment')} testId="review-field-confidence-comment">
          <Prose text={sections.confidenceComment} />
        </Section>
      ) : null}
      {hasConfidential ? (
        <Paper
          withBorder
          radius="md"
          p="md"
          bg="var(--mantine-color-orange-light)"
          data-testid="review-item-confidential"
        >
          <Stack gap="sm">
            <Group gap="xs" wrap="nowrap">
              <Lock size={16} aria-hidden="true" />
              <Title order={4} fz="sm">
                {t('submissionReviews.confidential')}
              </Title>
            </Group>
            {sections.commentsToChair !== undefined ? (
              <Section label={t('submissionReviews.fields.commentsToChair')} testId="review-field-comments-to-chair">
                <Prose text={sections.commentsToChair} />
              </Section>
            ) : null}
            {sections.confidentialRemarks !== undefined ? (
              <Section
                label={t('submissionReviews.fields.confidentialRemarks')}
                testId="review-field-confidential-remarks"
              >
                <Prose text={sections.confidentialRemarks} />
              </Section>
            ) : null}
          </Stack>
        </Paper>
      ) : null}
    </Stack>
  );
}

/** Why reviews are held back (the API's notice), as an information panel. */
export function ReviewsNotice({ text }: { text: string }) {
  return (
    <Alert color="blue" variant="light" radius="md" data-testid="reviews-notice">
      <Text size="sm">{text}</Text>
    </Alert>
  );
}
