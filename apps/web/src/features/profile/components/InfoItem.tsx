import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { USER_DIR } from '../../../components/data/UserText.tsx';

/** One read-only value of the profile in view mode: a small label over the value ('—' when empty). */
export function InfoItem({
  label,
  children,
  testId,
  userText = false,
}: {
  label: string;
  children?: ReactNode;
  testId?: string;
  /** The value is text the user wrote (a name, an affiliation): it takes its own direction. */
  userText?: boolean;
}) {
  const empty = children === undefined || children === null || children === '';
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase" lts={0.3}>
        {label}
      </Text>
      <Text
        component="div"
        size="sm"
        c={empty ? 'dimmed' : undefined}
        data-testid={testId}
        {...(userText && !empty ? USER_DIR : {})}
      >
        {empty ? '—' : children}
      </Text>
    </Stack>
  );
}
