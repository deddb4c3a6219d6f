import type { Recommendation, ReviewDto, ReviewQuestionDto } from '@confero/contracts';
import { Badge, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { UserText } from '../../../components/data/UserText.tsx';
import {
  type ComparisonRow,
  choiceText,
  comparisonColumns,
  comparisonRows,
  type Language,
  languageOf,
  type ReviewReader,
  reviewerLabel,
  scoreValueName,
  signedScale,
  textIn,
  unionOfQuestions,
} from '../review-display.ts';
import { useReviewForms } from '../use-review-forms.ts';
import { RecommendationBadge, ReviewStatusBadge } from './ReviewBadges.tsx';
import { ScoreFigure } from './SubmissionReviewBody.tsx';

const AVERAGE_BACKGROUND = 'var(--mantine-color-default-hover)';

function Dash() {
  const { t } = useTranslation();
  return (
    <Text size="sm" c="dimmed" aria-label={t('submissionReviews.notGiven')}>
      —
    </Text>
  );
}

/** The question a row shows: the chair's or criterion's own, the form's overall score or confidence for those. */
function rowQuestion(row: ComparisonRow, questions: readonly ReviewQuestionDto[]): ReviewQuestionDto | undefined {
  if ('question' in row && row.question) return row.question;
  const key = row.key === 'overall' ? 'overall_score' : row.key === 'confidence' ? 'confidence' : undefined;
  return key ? questions.find((question) => question.builtin && question.key === key) : undefined;
}

function Cell({
  row,
  question,
  value,
  language,
}: {
  row: ComparisonRow;
  question: ReviewQuestionDto | undefined;
  value: number | string | null;
  language: Language;
}) {
  if (value === null) return <Dash />;
  if (row.key === 'recommendation') return <RecommendationBadge recommendation={value as Recommendation} />;
  if (question?.kind === 'choice') {
    return (
      <Text size="sm" dir="auto" data-value={value}>
        {choiceText(question, String(value), language)}
      </Text>
    );
  }
  const score = value as number;
  return (
    <ScoreFigure
      value={score}
      name={question ? scoreValueName(question, score, language) : null}
      signed={row.key === 'overall' || (question !== undefined && signedScale(question))}
      align="center"
    />
  );
}

/**
 * The committee's side-by-side comparison of a submission's reviews: one column per review (its label, the
 * reviewer's name, its status), one row per score (overall, confidence, recommendation, then in the form's order each
 * scored criterion and each score or choice question of the chair's that someone answered, read by `reader`) and an
 * "Average" column over the completed reviews (the overall one is the API's `average_overall_score`). A choice shows
 * its option's label and has no average. A review not submitted yet shows dashes: the committee does not read drafts.
 */
export function ReviewComparisonTable({
  reviews,
  averageOverallScore,
  reader = 'committee',
}: {
  reviews: ReviewDto[];
  averageOverallScore?: number | null;
  reader?: ReviewReader;
}) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const questionsOf = useReviewForms(reviews);
  const columns = comparisonColumns(reviews);
  const rows = comparisonRows(reviews, averageOverallScore, (review) => questionsOf(review as ReviewDto), reader);
  const questions = unionOfQuestions(reviews, questionsOf);
  const rowLabel = (row: ComparisonRow) => {
    if (row.key === 'recommendation') return t('submissionReviews.fields.recommendation');
    const question = rowQuestion(row, questions);
    if (question) return textIn(question.label, language);
    return row.key === 'overall'
      ? t('submissionReviews.fields.overallScore')
      : t('submissionReviews.fields.confidence');
  };

  return (
    <Table.ScrollContainer minWidth={200 + 150 * (columns.length + 1)}>
      <Table
        withTableBorder
        withColumnBorders
        verticalSpacing="sm"
        horizontalSpacing="sm"
        data-testid="reviews-comparison"
      >
        <Table.Caption>{t('submissionReviews.comparisonCaption')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={180}>
              <Text size="sm" fw={600}>
                {t('submissionReviews.score')}
              </Text>
            </Table.Th>
            {columns.map((column) => (
              <Table.Th
                key={column.publicId}
                ta="center"
                data-testid="comparison-column"
                data-review={column.publicId}
                data-status={column.status}
              >
                <Stack gap={4} align="center">
                  <Text size="sm" fw={700}>
                    {reviewerLabel(column, language)}
                  </Text>
                  {column.reviewerName ? (
                    <UserText size="xs" c="dimmed" data-testid="comparison-reviewer-name">
                      {column.reviewerName}
                    </UserText>
                  ) : null}
                  <ReviewStatusBadge status={column.status} />
                  {column.isOwn ? (
                    <Badge size="xs" variant="filled" data-testid="own-review-badge">
                      {t('submissionReviews.yourReview')}
                    </Badge>
                  ) : null}
                </Stack>
              </Table.Th>
            ))}
            <Table.Th ta="center" bg={AVERAGE_BACKGROUND} data-testid="comparison-average-column">
              <Text size="sm" fw={700}>
                {t('submissionReviews.average')}
              </Text>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.key} data-testid="comparison-row" data-row={row.key}>
              <Table.Th scope="row">
                <Text size="sm" fw={600} dir="auto">
                  {rowLabel(row)}
                </Text>
              </Table.Th>
              {row.values.map((value, index) => (
                <Table.Td key={columns[index]?.publicId ?? index} ta="center" data-testid="comparison-cell">
                  <Stack align="center" gap={0}>
                    <Cell row={row} question={rowQuestion(row, questions)} value={value} language={language} />
                  </Stack>
                </Table.Td>
              ))}
              <Table.Td ta="center" bg={AVERAGE_BACKGROUND} data-testid="comparison-average">
                <Stack align="center" gap={0}>
                  {row.key === 'recommendation' || row.average === null ? (
                    <Dash />
                  ) : (
                    <ScoreFigure
                      value={row.average}
                      signed={
                        row.key === 'overall' ||
                        ('question' in row && row.question !== undefined && signedScale(row.question))
                      }
                      align="center"
                    />
                  )}
                </Stack>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
