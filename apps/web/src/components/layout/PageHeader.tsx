import { Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type PageHeaderProps = {
  title: string;
  description?: string;
  /** Buttons shown at the end of the header row. */
  actions?: ReactNode;
};

/** The header every screen starts with; it also sets the document title. */
export function PageHeader({ title, description, actions }: PageHeaderProps) {
  const { t } = useTranslation();
  useDocumentTitle(`${title} · ${t('app.name')}`);
  return (
    <Group justify="space-between" align="flex-start" gap="md" mb="xl" wrap="wrap">
      <Stack gap={6} maw={760}>
        <Title order={1} fz={{ base: 26, sm: 30 }} lh={1.2}>
          {title}
        </Title>
        {description ? (
          <Text c="dimmed" size="md">
            {description}
          </Text>
        ) : null}
      </Stack>
      {actions ? <Group gap="sm">{actions}</Group> : null}
    </Group>
  );
}
