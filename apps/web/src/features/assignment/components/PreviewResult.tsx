import type { AssignmentPreviewDto, AssignmentResultDto } from '@confero/contracts';
import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { CircleCheck, FileStack, RefreshCw, Trash2, TriangleAlert, Workflow } from 'lucide-react';
import { Link } from 'react-router';
import { useAssignmentTranslation } from '../assignment-role.ts';
import { formatTimestamp } from '../auto-display.ts';
import { LoadHistogram } from './LoadHistogram.tsx';
import { PreviewPairList } from './PreviewPairList.tsx';
import { PreviewRemovedList } from './PreviewRemovedList.tsx';
import { PreviewShortTable } from './PreviewShortTable.tsx';
import { PreviewStats } from './PreviewStats.tsx';

export type PreviewLinks = {
  paper: (publicId: string) => string;
  assign: (publicId: string) => string;
  submissions: string;
};

type PreviewResultProps = {
  preview: AssignmentPreviewDto & { result: AssignmentResultDto };
  links: PreviewLinks;
  onApply: () => void;
  onDiscard: () => void;
  applying: boolean;
  discarding: boolean;
  /** What was created, kept and removed, once the preview is applied. */
  applied: { created: number; kept: number; removed: number } | null;
  /** The apply was refused because the assignments changed (the server's message), with a way to start again. */
  stale: string | null;
  onRerun: () => void;
  rerunning: boolean;
};

/**
 * A computed preview: its figures, the load histogram, the papers left short and why, the assignments replace mode
 * would remove, and every proposed pair with its reason; then Apply or Discard. Once applied, what was done and a
 * link to the event's submissions; when the apply was refused as stale, the reason and "Run a new preview".
 */
export function PreviewResult({
  preview,
  links,
  onApply,
  onDiscard,
  applying,
  discarding,
  applied,
  stale,
  onRerun,
  rerunning,
}: PreviewResultProps) {
  const { t, i18n } = useAssignmentTranslation();
  const { result } = preview;
  const replace = preview.mode === 'replace';
  // Apply and Discard only while the preview waits for a decision (not once applied, even before the refetch).
  const done = preview.status === 'done' && applied === null;
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <Stack gap="lg" data-testid="preview-result" data-status={preview.status} data-preview={preview.preview_id}>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <Group justify="space-between" align="center" gap="sm">
          <Stack gap={4}>
            <Group gap="sm">
              <Title order={2} fz="lg">
                {t('autoAssignment.result.title')}
              </Title>
              <Badge
                variant="light"
                color={replace ? 'orange' : 'blue'}
                tt="none"
                data-testid="preview-mode"
                data-mode={preview.mode}
              >
                {replace ? t('autoAssignment.setup.modeReplace') : t('autoAssignment.setup.modeKeep')}
              </Badge>
            </Group>
            <Text size="xs" c="dimmed">
              {t('autoAssignment.result.computedAt', {
                date: formatTimestamp(preview.finished_at ?? preview.created_at, i18n.language),
              })}
            </Text>
          </Stack>
          {done ? (
            <Group gap="sm">
              <Button
                variant="default"
                leftSection={<Trash2 size={16} />}
                onClick={onDiscard}
                loading={discarding}
                disabled={applying}
                data-testid="preview-discard"
              >
                {t('autoAssignment.actions.discard')}
              </Button>
              <Button
                leftSection={<Workflow size={16} />}
                onClick={onApply}
                loading={applying}
                disabled={discarding || stale !== null}
                data-testid="preview-apply"
              >
                {t('autoAssignment.actions.apply')}
              </Button>
            </Group>
          ) : null}
        </Group>
      </Paper>

      {applied ? (
        <Alert
          color="teal"
          icon={<CircleCheck size={20} />}
          title={t('autoAssignment.applied.title')}
          radius="lg"
          data-testid="preview-applied"
        >
          <Stack gap="sm" align="flex-start">
            <Text size="sm">
              {t('autoAssignment.applied.text', {
                created: number.format(applied.created),
                kept: number.format(applied.kept),
                removed: number.format(applied.removed),
              })}
            </Text>
            <Button
              component={Link}
              to={links.submissions}
              size="xs"
              variant="white"
              color="teal"
              leftSection={<FileStack size={14} />}
              data-testid="preview-view-submissions"
            >
              {t('autoAssignment.applied.viewSubmissions')}
            </Button>
          </Stack>
        </Alert>
      ) : null}

      {stale ? (
        <Alert
          color="orange"
          icon={<TriangleAlert size={20} />}
          title={t('autoAssignment.stale.title')}
          role="alert"
          radius="lg"
          data-testid="preview-stale"
        >
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{stale}</Text>
            <Button
              size="xs"
              color="orange"
              leftSection={<RefreshCw size={14} />}
              onClick={onRerun}
              loading={rerunning}
              data-testid="preview-rerun"
            >
              {t('autoAssignment.stale.rerun')}
            </Button>
          </Stack>
        </Alert>
      ) : null}

      <PreviewStats result={result} replace={replace} paperHref={links.paper} />
      <Text size="xs" c="dimmed">
        {t('autoAssignment.result.scoreHint')}
      </Text>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <LoadHistogram histogram={result.load_histogram} />
        <PreviewShortTable short={result.short} paperHref={links.paper} assignHref={links.assign} />
      </SimpleGrid>
      {replace && result.removed.length > 0 ? (
        <PreviewRemovedList removed={result.removed} paperHref={links.paper} />
      ) : null}
      <PreviewPairList pairs={result.pairs} paperHref={links.paper} />
    </Stack>
  );
}
