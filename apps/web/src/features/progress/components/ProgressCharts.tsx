import '@mantine/charts/styles.css';
import { type EventProgressDto, SUBMISSION_STATUSES } from '@confero/contracts';
import { BarChart, DonutChart } from '@mantine/charts';
import { SimpleGrid, useDirection } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { submissionStatusColor } from '../../submissions/submission-display.ts';
import { useSubmissionText } from '../../submissions/use-submission-text.ts';
import { ChartFigure } from './ChartFigure.tsx';

/**
 * The dashboard's two charts: submissions by status (horizontal bars, every status named) and reviews by state (a
 * ring), each status's bar in its badge's colour. Right to left in Arabic: the names stand on the right and the bars
 * grow to the left. The drawings are images (no keyboard layer): their tables carry the same figures.
 */
export function ProgressCharts({ progress }: { progress: EventProgressDto }) {
  const { t, i18n } = useTranslation();
  const { statusLabel } = useSubmissionText();
  const { dir } = useDirection();
  const rtl = dir === 'rtl';
  const language = i18n.resolvedLanguage ?? i18n.language;
  const number = new Intl.NumberFormat(language);
  const list = new Intl.ListFormat(language, { type: 'unit' });

  const statusRows = SUBMISSION_STATUSES.map((status) => ({
    status: statusLabel(status),
    key: status,
    papers: progress.submissions.by_status[status] ?? 0,
  }));
  const reviewParts = [
    { key: 'completed', value: progress.reviews.completed, color: 'green.6' },
    { key: 'in_progress', value: progress.reviews.in_progress, color: 'yellow.6' },
    { key: 'not_started', value: progress.reviews.not_started, color: 'gray.5' },
  ] as const;
  const reviewData = reviewParts.map((part) => ({
    name: t(`progress.reviews.${part.key}`),
    value: part.value,
    color: part.color,
  }));

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <ChartFigure
        title={t('progress.charts.byStatus')}
        summary={t('progress.charts.byStatusSummary', {
          total: number.format(progress.submissions.total),
          parts: list.format(statusRows.map((row) => `${row.status} ${number.format(row.papers)}`)),
        })}
        labelHeader={t('progress.charts.status')}
        valueHeader={t('progress.charts.papers')}
        rows={statusRows.map((row) => ({ label: row.status, value: number.format(row.papers) }))}
        data-testid="progress-status-chart"
        chart={
          <BarChart
            h={200}
            orientation="vertical"
            data={statusRows.map((row) => ({ ...row, color: `${submissionStatusColor(row.key)}.6` }))}
            dataKey="status"
            series={[{ name: 'papers', label: t('progress.charts.papers'), color: 'indigo.6' }]}
            xAxisProps={{ reversed: rtl, allowDecimals: false }}
            yAxisProps={{
              orientation: rtl ? 'right' : 'left',
              width: 130,
              ...(rtl ? { tick: { transform: 'translate(10, 0)', fontSize: 12, fill: 'currentColor' } } : {}),
            }}
            withTooltip={false}
            accessibilityLayer={false}
            aria-hidden="true"
          />
        }
      />
      <ChartFigure
        title={t('progress.charts.reviews')}
        summary={t('progress.charts.reviewsSummary', {
          total: number.format(progress.reviews.total),
          completed: number.format(progress.reviews.completed),
          inProgress: number.format(progress.reviews.in_progress),
          notStarted: number.format(progress.reviews.not_started),
          late: number.format(progress.reviews.late),
        })}
        labelHeader={t('progress.charts.state')}
        valueHeader={t('progress.charts.count')}
        rows={[
          ...reviewData.map((part) => ({ label: part.name, value: number.format(part.value) })),
          { label: t('progress.reviews.late'), value: number.format(progress.reviews.late) },
        ]}
        data-testid="progress-reviews-chart"
        chart={
          <DonutChart
            mx="auto"
            size={180}
            thickness={26}
            data={progress.reviews.total > 0 ? reviewData : [{ name: '-', value: 1, color: 'gray.2' }]}
            chartLabel={number.format(progress.reviews.total)}
            withTooltip={false}
            accessibilityLayer={false}
            pieProps={{ rootTabIndex: -1 }}
            aria-hidden="true"
          />
        }
      />
    </SimpleGrid>
  );
}
