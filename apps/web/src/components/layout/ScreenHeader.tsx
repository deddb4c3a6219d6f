import { Anchor, Group, Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { USER_DIR, UserText } from '../data/UserText.tsx';

type ScreenHeaderProps = {
  title: string;
  description?: ReactNode;
  /** A link back to where the user came from, above the title. */
  back?: { to: string; label: string };
  /** Buttons at the end of the header row. */
  actions?: ReactNode;
  /** The browser tab's title when it differs from the heading. */
  documentTitle?: string;
  /** Badges or facts under the title. */
  children?: ReactNode;
};

/**
 * The header of a screen that has more than a title: back link, title, description, facts and actions; sets the tab title. The
 * title and a text description are often what people wrote (a paper's title), so they take their own direction.
 */
export function ScreenHeader({ title, description, back, actions, documentTitle, children }: ScreenHeaderProps) {
  const { t } = useTranslation();
  useDocumentTitle(`${documentTitle ?? title} · ${t('app.name')}`);
  return (
    <Stack gap="xs" mb="xl">
      {back ? (
        <Anchor component={Link} to={back.to} size="sm" w="fit-content" data-testid="back-link">
          <Group gap={6} wrap="nowrap">
            <ArrowLeft size={14} className="mirror-rtl" aria-hidden="true" />
            {back.label}
          </Group>
        </Anchor>
      ) : null}
      <Group justify="space-between" align="flex-start" gap="md" wrap="wrap">
        <Stack gap={6} maw={820} miw={0} style={{ flex: '1 1 420px' }}>
          <Title order={1} fz={{ base: 24, sm: 28 }} lh={1.25} style={{ overflowWrap: 'anywhere' }} {...USER_DIR}>
            {title}
          </Title>
          {description ? (
            typeof description === 'string' ? (
              <UserText c="dimmed" size="md">
                {description}
              </UserText>
            ) : (
              description
            )
          ) : null}
          {children}
        </Stack>
        {actions ? <Group gap="sm">{actions}</Group> : null}
      </Group>
    </Stack>
  );
}
