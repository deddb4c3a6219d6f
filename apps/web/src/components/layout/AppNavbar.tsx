import { APP_VERSION } from '@confero/contracts';
import { AppShell, Avatar, Group, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useAuth } from '../../features/auth/auth-context.ts';
import { ROLE_COLORS } from '../../features/roles/active-role.ts';
import { useActiveRole } from '../../features/roles/active-role-context.ts';
import classes from './AuthenticatedLayout.module.css';
import { buildNavigation, isNavItemActive, type NavItem } from './nav-items.ts';
import { fullName, initials } from './user-display.ts';

function NavItemLink({ item, pathname }: { item: NavItem; pathname: string }) {
  const { t } = useTranslation();
  const Icon = item.icon;
  const active = isNavItemActive(item, pathname);
  return (
    <NavLink
      component={Link}
      to={item.to}
      label={t(item.label)}
      leftSection={<Icon size={18} strokeWidth={1.8} />}
      active={active}
      aria-current={active ? 'page' : undefined}
      className={classes.navLink}
    />
  );
}

/** Sidebar: the user's name, 'Conference Management', the role's links and the version label. */
export function AppNavbar() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const { activeRole } = useActiveRole();
  const { pathname } = useLocation();
  const navigation = buildNavigation(activeRole);

  return (
    <>
      <AppShell.Section p="md" className={classes.navbarHeader}>
        {user ? (
          <Group gap="sm" wrap="nowrap">
            <Avatar color={ROLE_COLORS[activeRole]} radius="xl" size={40}>
              {initials(user)}
            </Avatar>
            <Stack gap={0} miw={0}>
              <Text fw={650} truncate data-testid="sidebar-user-name">
                {fullName(user)}
              </Text>
              <Text size="xs" c="dimmed">
                {t('app.subtitle')}
              </Text>
            </Stack>
          </Group>
        ) : null}
      </AppShell.Section>

      <AppShell.Section grow component={ScrollArea} px="sm" py="md">
        <nav aria-label={t('nav.label')}>
          <Stack gap={2}>
            {navigation.main.map((item) => (
              <NavItemLink key={item.label} item={item} pathname={pathname} />
            ))}
          </Stack>
          {navigation.admin.length > 0 ? (
            <>
              <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" mt="lg" mb={6}>
                {t('nav.adminSection')}
              </Text>
              <Stack gap={2}>
                {navigation.admin.map((item) => (
                  <NavItemLink key={item.label} item={item} pathname={pathname} />
                ))}
              </Stack>
            </>
          ) : null}
        </nav>
      </AppShell.Section>

      <AppShell.Section p="md" className={classes.navbarFooter}>
        <Text size="xs" c="dimmed" data-testid="app-version">
          {t('app.version', { version: APP_VERSION })}
        </Text>
      </AppShell.Section>
    </>
  );
}
