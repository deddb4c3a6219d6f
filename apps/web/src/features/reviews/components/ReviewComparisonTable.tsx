import type { Recommendation, ReviewDto } from '@confero/contracts';
import { Badge, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { UserText } from '../../../components/data/UserText.tsx';
import {
  type ComparisonRow,
  comparisonColumns,
  comparisonRows,
  confidenceName,
  type Language,
  languageOf,
  overallScoreName,
  reviewerLabel,
} from '../review-display.ts';
import { RecommendationBadge, ReviewStatusBadge } from './ReviewBadges.tsx';
import { ScoreFigure, useCriterionName } from './SubmissionReviewBody.tsx';

const AVERAGE_BACKGROUND = 'var(--mantine-color-default-hover)';

function Dash() {
  const { t } = useTranslation();
  return (
    <Text size="sm" c="dimmed" aria-label={t('submissionReviews.notGiven')}>
      —
    </Text>
  );
}

function Cell({
  row,
  value,
  language,
}: {
  row: ComparisonRow;
  value: number | Recommendation | null;
  language: Language;
}) {
  if (value === null) return <Dash />;
  if (row.key === 'recommendation') return <RecommendationBadge recommendation={value as Recommendation} />;
  const score = value as number;
  if (row.key === 'overall') {
    return <ScoreFigure value={score} name={overallScoreName(score, language)} signed align="center" />;
  }
  if (row.key === 'confidence') {
    return <ScoreFigure value={score} name={confidenceName(score, language)} align="center" />;
  }
  return <ScoreFigure value={score} align="center" />;
}

/**
 * The committee's side-by-side comparison of a submission's reviews: one column per review (its label, the
 * reviewer's name, its status), one row per score (overall, confidence, recommendation, each scored criterion) and an
 * "Average" column over the completed reviews (the overall one is the API's `average_overall_score`). A review not
 * submitted yet shows dashes: the committee does not read drafts.
 */
export function ReviewComparisonTable({
  reviews,
  averageOverallScore,
}: {
  reviews: ReviewDto[];
  averageOverallScore?: number | null;
}) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const criterionName = useCriterionName();
  const columns = comparisonColumns(reviews);
  const rows = comparisonRows(reviews, averageOverallScore);
  const rowLabel = (row: ComparisonRow) => {
    if (row.key === 'overall') return t('submissionReviews.fields.overallScore');
    if (row.key === 'confidence') return t('submissionReviews.fields.confidence');
    if (row.key === 'recommendation') return t('submissionReviews.fields.recommendation');
    return criterionName(row.criterionId, row.name);
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
                <Text size="sm" fw={600}>
                  {rowLabel(row)}
                </Text>
              </Table.Th>
              {row.values.map((value, index) => (
                <Table.Td key={columns[index]?.publicId ?? index} ta="center" data-testid="comparison-cell">
                  <Stack align="center" gap={0}>
                    <Cell row={row} value={value} language={language} />
                  </Stack>
                </Table.Td>
              ))}
              <Table.Td ta="center" bg={AVERAGE_BACKGROUND} data-testid="comparison-average">
                <Stack align="center" gap={0}>
                  {row.key === 'recommendation' || row.average === null ? (
                    <Dash />
                  ) : (
                    <ScoreFigure value={row.average} signed={row.key === 'overall'} align="center" />
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
