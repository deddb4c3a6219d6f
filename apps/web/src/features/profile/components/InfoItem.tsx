import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** One read-only value of the profile in view mode: a small label over the value ('—' when empty). */
export function InfoItem({ label, children, testId }: { label: string; children?: ReactNode; testId?: string }) {
  const empty = children === undefined || children === null || children === '';
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase" lts={0.3}>
        {label}
      </Text>
      <Text component="div" size="sm" c={empty ? 'dimmed' : undefined} data-testid={testId}>
        {empty ? '—' : children}
      </Text>
    </Stack>
  );
}
