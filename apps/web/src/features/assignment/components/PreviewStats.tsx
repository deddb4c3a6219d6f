import type { AssignmentResultDto } from '@confero/contracts';
import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useAssignmentTranslation } from '../assignment-role.ts';
import { applyCounts, formatScore } from '../auto-display.ts';
import { PaperLink } from './PaperLink.tsx';

function StatCard({
  label,
  value,
  testId,
  children,
}: {
  label: string;
  value: string;
  testId: string;
  children?: ReactNode;
}) {
  return (
    <Paper withBorder radius="lg" p="md" data-testid={testId}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="xl" fw={700} data-testid={`${testId}-value`}>
        {value}
      </Text>
      {children}
    </Paper>
  );
}

type PreviewStatsProps = {
  result: AssignmentResultDto;
  /** Whether the preview was computed in replace mode (then the removed count shows). */
  replace: boolean;
  /** Where a submission's page is, from its public id. */
  paperHref: (publicId: string) => string;
};

/**
 * The preview in figures: new and kept pairs (and, in replace mode, the assignments it would remove), the total
 * score, the lowest per-paper score with that paper's title, and how many papers and reviewers took part. A viewer
 * with a conflict of interest on some papers gets figures without them (`hidden_papers`); the total says so.
 */
export function PreviewStats({ result, replace, paperHref }: PreviewStatsProps) {
  const { t, i18n } = useAssignmentTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const counts = applyCounts(result);
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: replace ? 7 : 6 }} data-testid="preview-stats">
      <StatCard
        label={t('autoAssignment.stats.newPairs')}
        value={number.format(counts.created)}
        testId="stat-new-pairs"
      />
      <StatCard
        label={t('autoAssignment.stats.keptPairs')}
        value={number.format(counts.kept)}
        testId="stat-kept-pairs"
      />
      {replace ? (
        <StatCard
          label={t('autoAssignment.stats.removed')}
          value={number.format(counts.removed)}
          testId="stat-removed"
        />
      ) : null}
      <StatCard
        label={t('autoAssignment.stats.totalScore')}
        value={formatScore(result.total_score, i18n.language)}
        testId="stat-total-score"
      >
        {result.hidden_papers > 0 ? (
          <Text size="xs" c="dimmed" data-testid="stat-hidden-papers" data-count={result.hidden_papers}>
            {t('autoAssignment.stats.hiddenPapers', {
              count: result.hidden_papers,
              formatted: number.format(result.hidden_papers),
            })}
          </Text>
        ) : null}
      </StatCard>
      <StatCard
        label={t('autoAssignment.stats.lowestScore')}
        value={result.lowest_paper_score === null ? '—' : formatScore(result.lowest_paper_score, i18n.language)}
        testId="stat-lowest-score"
      >
        {result.lowest_paper ? (
          <PaperLink
            to={paperHref(result.lowest_paper.public_id)}
            title={result.lowest_paper.title}
            size="xs"
            testId="stat-lowest-paper"
          />
        ) : (
          <Text size="xs" c="dimmed">
            {t('autoAssignment.stats.lowestNone')}
          </Text>
        )}
      </StatCard>
      <StatCard label={t('autoAssignment.stats.papers')} value={number.format(result.papers)} testId="stat-papers" />
      <StatCard
        label={t('autoAssignment.stats.reviewers')}
        value={number.format(result.reviewers)}
        testId="stat-reviewers"
      />
    </SimpleGrid>
  );
}
