import { ActionIcon, type MantineColor, Table, Tooltip, VisuallyHidden } from '@mantine/core';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * A list's table: scrolled sideways below `minWidth`, striped, a header cell a column (`headers`), then, where
 * `actionsLabel` is given, a last column for the rows' actions whose header only screen readers hear.
 */
export function DataTable({
  minWidth,
  headers,
  actionsLabel,
  testId,
  children,
}: {
  minWidth: number;
  headers: readonly ReactNode[];
  actionsLabel?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table verticalSpacing="sm" horizontalSpacing="md" striped data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            {headers.map((header, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed, their place is their identity
              <Table.Th key={index}>{header}</Table.Th>
            ))}
            {actionsLabel === undefined ? null : (
              <Table.Th>
                <VisuallyHidden>{actionsLabel}</VisuallyHidden>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** One of a row's icon actions: a subtle icon button named for the row (`ariaLabel`), its `label` as a tooltip. */
export function RowAction({
  label,
  ariaLabel,
  icon: Icon,
  onClick,
  color,
  testId,
}: {
  label: string;
  ariaLabel: string;
  icon: LucideIcon;
  onClick: () => void;
  color?: MantineColor;
  testId?: string;
}) {
  return (
    <Tooltip label={label}>
      <ActionIcon variant="subtle" color={color} onClick={onClick} aria-label={ariaLabel} data-testid={testId}>
        <Icon size={16} />
      </ActionIcon>
    </Tooltip>
  );
}
