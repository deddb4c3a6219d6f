import type { AssignmentResultDto } from '@confero/contracts';
import { Box, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useAssignmentTranslation } from '../assignment-role.ts';
import { histogramBars } from '../auto-display.ts';

/**
 * The preview's load histogram as plain bars: one row per number of papers a reviewer would review, its bar as
 * long as the number of reviewers with that load (scaled to the most common load). Loads nobody has show as an
 * empty row so gaps are visible.
 */
export function LoadHistogram({ histogram }: { histogram: AssignmentResultDto['load_histogram'] }) {
  const { t, i18n } = useAssignmentTranslation();
  const bars = histogramBars(histogram);
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" data-testid="load-histogram">
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={2} fz="md">
            {t('autoAssignment.histogram.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('autoAssignment.histogram.hint')}
          </Text>
        </Stack>
        {bars.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="load-histogram-empty">
            {t('autoAssignment.histogram.empty')}
          </Text>
        ) : (
          <Stack gap={6}>
            <Group gap="sm" wrap="nowrap" aria-hidden="true">
              <Text size="xs" c="dimmed" fw={600} w={56} ta="end">
                {t('autoAssignment.histogram.papersAxis')}
              </Text>
              <Box style={{ flex: 1 }} />
              <Text size="xs" c="dimmed" fw={600} w={72} ta="end">
                {t('autoAssignment.histogram.reviewersAxis')}
              </Text>
            </Group>
            {bars.map((bar) => (
              <Group
                key={bar.papers}
                gap="sm"
                wrap="nowrap"
                role="img"
                aria-label={t('autoAssignment.histogram.rowLabel', {
                  papers: number.format(bar.papers),
                  reviewers: number.format(bar.reviewers),
                })}
                data-testid="load-histogram-bar"
                data-papers={bar.papers}
                data-reviewers={bar.reviewers}
              >
                <Text size="sm" fw={600} w={56} ta="end">
                  {number.format(bar.papers)}
                </Text>
                <Box
                  style={{ flex: 1, borderRadius: 'var(--mantine-radius-sm)' }}
                  bg="var(--mantine-color-default-hover)"
                  h={18}
                >
                  <Box
                    h="100%"
                    w={`${bar.percent}%`}
                    bg="var(--mantine-primary-color-filled)"
                    style={{ borderRadius: 'var(--mantine-radius-sm)' }}
                  />
                </Box>
                <Text size="sm" w={72} ta="end">
                  {number.format(bar.reviewers)}
                </Text>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
