import { Group, Paper, Stack, ThemeIcon, Title } from '@mantine/core';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

type DetailCardProps = {
  title: string;
  icon: LucideIcon;
  /** Buttons at the end of the heading row. */
  actions?: ReactNode;
  children: ReactNode;
  'data-testid'?: string;
};

/** A titled card of the event screens. */
export function DetailCard({ title, icon: Icon, actions, children, ...rest }: DetailCardProps) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" data-testid={rest['data-testid']}>
      <Group justify="space-between" gap="sm" mb="md" wrap="nowrap">
        <Group gap="sm" wrap="nowrap" miw={0}>
          <ThemeIcon variant="light" size={32} radius="md" aria-hidden="true">
            <Icon size={18} />
          </ThemeIcon>
          <Title order={2} fz="md" lh={1.3}>
            {title}
          </Title>
        </Group>
        {actions ? <Group gap="xs">{actions}</Group> : null}
      </Group>
      <Stack gap="sm">{children}</Stack>
    </Paper>
  );
}
