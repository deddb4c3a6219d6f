import { Paper, Skeleton, Stack } from '@mantine/core';

/** The shape of a form while what it needs is loading. */
export function FormSkeleton() {
  return (
    <Stack gap="lg" data-testid="form-skeleton" aria-busy="true">
      <Skeleton height={30} width="55%" radius="sm" />
      {[0, 1].map((section) => (
        <Paper key={section} withBorder radius="lg" p="xl">
          <Stack gap="md">
            <Skeleton height={20} width="30%" radius="sm" />
            <Skeleton height={36} radius="sm" />
            <Skeleton height={120} radius="sm" />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
