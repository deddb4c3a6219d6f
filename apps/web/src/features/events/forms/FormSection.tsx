import { Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { LucideIcon } from 'lucide-react';
import { type ReactNode, useId } from 'react';

type FormSectionProps = {
  title: string;
  description?: string;
  icon: LucideIcon;
  children: ReactNode;
  'data-testid'?: string;
};

/** One section of the event creation form: an icon, a heading, a sentence on what belongs there, the fields. */
export function FormSection({ title, description, icon: Icon, children, ...rest }: FormSectionProps) {
  const headingId = useId();
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'xl' }}
      component="section"
      aria-labelledby={headingId}
      data-testid={rest['data-testid']}
    >
      <Group gap="sm" align="flex-start" wrap="nowrap" mb="lg">
        <ThemeIcon variant="light" size={38} radius="md" aria-hidden="true">
          <Icon size={20} />
        </ThemeIcon>
        <Stack gap={2}>
          <Title order={2} fz="lg" id={headingId}>
            {title}
          </Title>
          {description ? (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          ) : null}
        </Stack>
      </Group>
      <Stack gap="md">{children}</Stack>
    </Paper>
  );
}
