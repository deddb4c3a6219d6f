import { Grid, Skeleton, Stack } from '@mantine/core';

/** The event screens while the event loads. */
export function EventDetailSkeleton() {
  return (
    <Stack gap="lg" aria-busy="true" data-testid="event-loading">
      <Skeleton height={14} width={120} />
      <Skeleton height={34} width="60%" />
      <Skeleton height={22} width="40%" />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            <Skeleton height={220} radius="lg" />
            <Skeleton height={140} radius="lg" />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            <Skeleton height={200} radius="lg" />
            <Skeleton height={120} radius="lg" />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
