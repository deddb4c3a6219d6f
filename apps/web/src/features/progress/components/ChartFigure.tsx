import { Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type ChartFigureProps = {
  title: string;
  /** One sentence saying what the chart shows, read instead of the drawing. */
  summary: string;
  /** The chart's figures as rows of a table: the alternative to the drawing. */
  rows: { label: string; value: string }[];
  labelHeader: string;
  valueHeader: string;
  chart: ReactNode;
  'data-testid'?: string;
};

/**
 * A chart with its text alternative: the drawing is one image named by its summary, and the same figures follow as a
 * small table, so a screen reader (or someone who reads numbers better than bars) has everything the chart says.
 */
export function ChartFigure({ title, summary, rows, labelHeader, valueHeader, chart, ...props }: ChartFigureProps) {
  return (
    <Paper withBorder radius="lg" p="md" data-testid={props['data-testid']}>
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {title}
        </Title>
        <div role="img" aria-label={summary}>
          {chart}
        </div>
        <Table striped withTableBorder fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{labelHeader}</Table.Th>
              <Table.Th scope="col">{valueHeader}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.label}>
                <Table.Td>{row.label}</Table.Td>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {row.value}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Paper>
  );
}
