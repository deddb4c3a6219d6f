import type { EventProgressDto } from '@confero/contracts';
import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** One figure of the dashboard: a label, the number, and a line under it. */
function Stat({ label, value, note, testId }: { label: string; value: string; note?: string; testId: string }) {
  return (
    <Paper withBorder radius="lg" p="md" data-testid={testId}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={28} fw={700} lh={1.2}>
        {value}
      </Text>
      {note ? (
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      ) : null}
    </Paper>
  );
}

/** The dashboard's figures: papers, reviews done, late reviews, papers short of reviewers, bids; then the deadlines. */
export function ProgressSummary({ progress }: { progress: EventProgressDto }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const number = new Intl.NumberFormat(language);
  const date = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' });
  const { reviews, bids } = progress;
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="md">
        <Stat
          testId="progress-papers"
          label={t('progress.stats.papers')}
          value={number.format(progress.submissions.total)}
          note={t('progress.stats.undecided', {
            formatted: number.format(progress.submissions.by_decision.pending ?? 0),
          })}
        />
        <Stat
          testId="progress-reviews-done"
          label={t('progress.stats.reviewsDone')}
          value={`${number.format(reviews.completed)} / ${number.format(reviews.total)}`}
          note={t('progress.stats.inProgress', { formatted: number.format(reviews.in_progress) })}
        />
        <Stat
          testId="progress-late"
          label={t('progress.stats.late')}
          value={number.format(reviews.late)}
          note={t('progress.stats.lateNote')}
        />
        <Stat
          testId="progress-short"
          label={t('progress.stats.short')}
          value={number.format(progress.papers_short_of_reviewers)}
          note={t('progress.stats.shortNote', { formatted: number.format(progress.reviewers_per_paper) })}
        />
        <Stat
          testId="progress-bids"
          label={t('progress.stats.bids')}
          value={number.format(bids.total)}
          note={t('progress.stats.bidders', {
            bidding: number.format(bids.reviewers_bidding),
            reviewers: number.format(bids.reviewers),
          })}
        />
      </SimpleGrid>
      <Paper withBorder radius="lg" p="md" data-testid="progress-deadlines">
        <Title order={2} fz="lg" mb="sm">
          {t('progress.deadlines.title')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md">
          {progress.deadlines.map((deadline) => (
            <Stack key={deadline.key} gap={2} data-testid={`deadline-${deadline.key}`}>
              <Text size="sm" fw={600}>
                {t(`progress.deadlines.${deadline.key}`)}
              </Text>
              <Text size="sm">{date.format(new Date(`${deadline.date}T00:00:00Z`))}</Text>
              <Group gap={6}>
                <Badge
                  variant="light"
                  color={deadline.passed ? 'gray' : deadline.days_left <= 7 ? 'orange' : 'blue'}
                  data-days={deadline.days_left}
                >
                  {deadline.passed
                    ? t('progress.deadlines.passed', {
                        count: -deadline.days_left,
                        formatted: number.format(-deadline.days_left),
                      })
                    : deadline.days_left === 0
                      ? t('progress.deadlines.today')
                      : t('progress.deadlines.daysLeft', {
                          count: deadline.days_left,
                          formatted: number.format(deadline.days_left),
                        })}
                </Badge>
              </Group>
            </Stack>
          ))}
        </SimpleGrid>
        <Text size="xs" c="dimmed" mt="sm">
          {t('progress.deadlines.zone', { zone: progress.timezone })}
        </Text>
      </Paper>
    </Stack>
  );
}
