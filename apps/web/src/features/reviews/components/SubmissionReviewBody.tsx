import type { ReviewDto } from '@confero/contracts';
import { Alert, Badge, Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Lock } from 'lucide-react';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { UserInline, UserText } from '../../../components/data/UserText.tsx';
import {
  choiceText,
  formatScore,
  languageOf,
  type ReviewReader,
  type ReviewRow,
  reviewRows,
  reviewSections,
  scoreValueName,
  sectionOf,
  signedScale,
  textIn,
} from '../review-display.ts';
import { useReviewForms } from '../use-review-forms.ts';
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

function Section({ label, testId, children }: { label: string; testId: string; children: ReactNode }) {
  return (
    <Stack gap={4} data-testid={testId}>
      <Text size="sm" fw={600} dir="auto">
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

/** The test ids the journeys know the built-in questions' fields by (a chair's question: `review-field-<key>`). */
const FIELD_TEST_IDS: Record<string, string> = {
  strengths: 'review-field-strengths',
  weaknesses: 'review-field-weaknesses',
  justification: 'review-field-justification',
  confidence_comment: 'review-field-confidence-comment',
  confidential_remarks_for_pc: 'review-field-confidential-remarks',
};

const fieldTestId = (row: ReviewRow) => FIELD_TEST_IDS[row.question.key] ?? `review-field-${row.question.key}`;

/** The answer of one row by its question's kind: a score with its name, an option's label, a text, a list. */
export function RowValue({ row }: { row: ReviewRow }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  switch (row.kind) {
    case 'score':
      return (
        <ScoreFigure
          value={row.value}
          name={scoreValueName(row.question, row.value, language)}
          signed={signedScale(row.question)}
        />
      );
    case 'choice': {
      const text = choiceText(row.question, row.value, language);
      return text === null ? (
        <Text size="sm" c="dimmed">
          {t('submissionReviews.notGiven')}
        </Text>
      ) : (
        <Text size="sm" dir="auto" data-value={row.value}>
          {text}
        </Text>
      );
    }
    case 'list':
      return <Items items={row.value} />;
    default:
      return <Prose text={row.value} />;
  }
}

/** The rows shown at the top, side by side with the recommendation. */
const TOP_KEYS = ['overall_score', 'confidence'];

/**
 * One review in full on the submission page, as far as `reader` may read it: the questions of the form it was
 * written against in the form's order (reviewRows: the overall score and confidence at the top beside the
 * recommendation, the criteria the reviewer scored together, each other question under its label in the interface
 * language), the comments to the authors after the justification and, in a block marked "Confidential: committee
 * only", the chairs-only questions and the comments to the chair. A review not yet submitted shows only that.
 */
export function SubmissionReviewBody({ review, reader }: { review: ReviewDto; reader: ReviewReader }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const questionsOf = useReviewForms([review]);
  if (!review.structured_review && review.status !== 'completed') {
    return (
      <Text size="sm" c="dimmed" data-testid="review-not-submitted">
        {t('submissionReviews.notSubmitted')}
      </Text>
    );
  }
  const sections = reviewSections(review, reader);
  const rows = reviewRows(review, questionsOf(review), reader);
  const top = rows.filter((row) => TOP_KEYS.includes(row.question.key) && row.question.builtin);
  const criteria = rows.filter((row) => sectionOf(row.question) === 'criteria');
  const open = rows.filter((row) => !row.confidential && !top.includes(row) && !criteria.includes(row));
  const confidential = rows.filter((row) => row.confidential && !top.includes(row) && !criteria.includes(row));
  const hasConfidential = confidential.length > 0 || sections.commentsToChair !== undefined;
  const commentsToAuthor =
    sections.commentsToAuthor !== null ? (
      <Section label={t('submissionReviews.fields.commentsToAuthor')} testId="review-field-comments-to-author">
        <Prose text={sections.commentsToAuthor} />
      </Section>
    ) : null;
  const afterJustification = open.some((row) => row.question.key === 'justification' && row.question.builtin);
  return (
    <Stack gap="md" data-testid="review-body" data-reader={reader}>
      <SimpleGrid cols={{ base: 1, xs: top.length + 1 }} spacing="md">
        {top.map((row) => (
          <Section
            key={row.question.key}
            label={textIn(row.question.label, language)}
            testId={row.question.key === 'confidence' ? 'review-field-confidence' : 'review-field-overall'}
          >
            <RowValue row={row} />
          </Section>
        ))}
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
      {criteria.length > 0 ? (
        <Section label={t('submissionReviews.fields.criteria')} testId="review-field-criteria">
          <Group gap="xs" wrap="wrap">
            {criteria.map((row) => (
              <Badge key={row.question.key} variant="default" tt="none" fw={500} radius="sm" size="lg">
                {textIn(row.question.label, language)}:{' '}
                <span dir="ltr">{t('submissionReviews.outOf', { score: row.value, max: row.question.max ?? '' })}</span>
              </Badge>
            ))}
          </Group>
        </Section>
      ) : null}
      {open.map((row) => (
        <Fragment key={row.question.key}>
          <Section label={textIn(row.question.label, language)} testId={fieldTestId(row)}>
            <RowValue row={row} />
          </Section>
          {row.question.key === 'justification' && row.question.builtin ? commentsToAuthor : null}
        </Fragment>
      ))}
      {afterJustification ? null : commentsToAuthor}
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
            {confidential.map((row) => (
              <Section key={row.question.key} label={textIn(row.question.label, language)} testId={fieldTestId(row)}>
                <RowValue row={row} />
              </Section>
            ))}
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
