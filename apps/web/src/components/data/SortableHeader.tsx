import { Group, Table, UnstyledButton } from '@mantine/core';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { ariaSort, nextSort } from '../../lib/list-filters.ts';

type SortableHeaderProps = {
  label: string;
  column: string;
  sort: string;
  /** Numbers sort from the highest first on the first press. */
  numeric?: boolean;
  onSort: (sort: string) => void;
};

/** A column header that sorts the list: a button inside, the state told by `aria-sort` and an arrow. */
export function SortableHeader({ label, column, sort, numeric = false, onSort }: SortableHeaderProps) {
  const state = ariaSort(sort, column);
  const Icon = state === 'ascending' ? ArrowUp : state === 'descending' ? ArrowDown : ArrowUpDown;
  return (
    <Table.Th aria-sort={state} data-testid={`sort-${column}`}>
      <UnstyledButton onClick={() => onSort(nextSort(sort, column, numeric))} fw={600} fz="sm">
        <Group gap={4} wrap="nowrap">
          {label}
          <Icon size={14} aria-hidden="true" opacity={state === 'none' ? 0.4 : 1} />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
