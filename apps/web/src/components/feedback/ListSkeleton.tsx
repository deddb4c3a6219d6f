import { Skeleton, Stack } from '@mantine/core';

type ListSkeletonProps = {
  rows?: number;
  /** The height of one row, in pixels. */
  rowHeight?: number;
  'data-testid'?: string;
};

const rowNumbers = (count: number) => Array.from({ length: count }, (_, row) => row);

/** The rows of a list or table while it loads, inside the list's card. */
export function ListSkeleton({ rows = 4, rowHeight = 48, 'data-testid': testId }: ListSkeletonProps) {
  return (
    <Stack gap="sm" p="md" data-testid={testId} aria-busy="true">
      {rowNumbers(rows).map((row) => (
        <Skeleton key={row} height={rowHeight} radius="md" />
      ))}
    </Stack>
  );
}
