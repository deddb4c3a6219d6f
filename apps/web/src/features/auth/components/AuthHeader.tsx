import { Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';

type AuthHeaderProps = {
  icon: LucideIcon;
  title: string;
  description?: string;
  color?: string;
};

/** The top of a public card (sign in, sign up, password, invitation pages): icon, page title, one line of help. */
export function AuthHeader({ icon: Icon, title, description, color = 'brand' }: AuthHeaderProps) {
  const { t } = useTranslation();
  useDocumentTitle(`${title} · ${t('app.name')}`);
  return (
    <Stack align="center" gap="xs" ta="center" mb="xl">
      <ThemeIcon size={56} radius="xl" variant="light" color={color} aria-hidden="true">
        <Icon size={28} strokeWidth={1.8} />
      </ThemeIcon>
      <Title order={1} fz={{ base: 24, sm: 28 }} lh={1.25}>
        {title}
      </Title>
      {description ? (
        <Text c="dimmed" size="sm" maw={420}>
          {description}
        </Text>
      ) : null}
    </Stack>
  );
}
