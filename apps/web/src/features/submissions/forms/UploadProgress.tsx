import { Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Progress of an upload: the percentage while the file is sent, then an animated bar while the server works on
 * it (`percent` 100 or unknown).
 */
export function UploadProgress({ percent, label, testId }: { percent: number | null; label: string; testId?: string }) {
  const { t } = useTranslation();
  const processing = percent === null || percent >= 100;
  return (
    <Stack gap={4} data-testid={testId} aria-live="polite">
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={500}>
          {processing ? t('submissions.form.processing') : label}
        </Text>
        {!processing ? (
          <Text size="sm" c="dimmed">
            {t('submissions.form.percent', { percent })}
          </Text>
        ) : null}
      </Group>
      <Progress
        value={processing ? 100 : percent}
        animated={processing}
        striped={processing}
        size="md"
        radius="xl"
        aria-label={label}
      />
    </Stack>
  );
}
