import type { AssignmentPreviewDto } from '@confero/contracts';
import { Button, Group, Loader, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { Trash2 } from 'lucide-react';
import { useAssignmentTranslation } from '../assignment-role.ts';
import { progressPercent } from '../auto-display.ts';

type PreviewProgressProps = {
  preview: Pick<AssignmentPreviewDto, 'status' | 'progress'>;
  onDiscard: () => void;
  discarding: boolean;
};

/** A preview still being computed: its progress bar (the screen asks for it every second) and a way to give up. */
export function PreviewProgress({ preview, onDiscard, discarding }: PreviewProgressProps) {
  const { t, i18n } = useAssignmentTranslation();
  const percent = progressPercent(preview.progress);
  const label =
    preview.status === 'queued'
      ? t('autoAssignment.progress.queued')
      : t('autoAssignment.progress.running', { percent: new Intl.NumberFormat(i18n.language).format(percent) });
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} data-testid="preview-progress" aria-busy="true">
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap">
          <Loader size="sm" />
          <Title order={2} fz="md">
            {t('autoAssignment.progress.title')}
          </Title>
        </Group>
        <Progress
          value={percent}
          size="lg"
          radius="xl"
          striped
          animated
          aria-label={label}
          data-testid="preview-progress-bar"
          data-status={preview.status}
          data-value={percent}
        />
        <Text size="sm" fw={500} aria-live="polite">
          {label}
        </Text>
        <Group justify="space-between" gap="sm">
          <Text size="xs" c="dimmed">
            {t('autoAssignment.progress.hint')}
          </Text>
          <Button
            variant="default"
            size="xs"
            leftSection={<Trash2 size={14} />}
            onClick={onDiscard}
            loading={discarding}
            data-testid="preview-discard"
          >
            {t('autoAssignment.actions.discard')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
