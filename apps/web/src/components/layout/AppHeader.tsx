import { Avatar, Badge, Burger, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { ChevronDown, LogOut, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuth } from '../../features/auth/auth-context.ts';
import { ROLE_COLORS } from '../../features/roles/active-role.ts';
import { useActiveRole } from '../../features/roles/active-role-context.ts';
import { UserText } from '../data/UserText.tsx';
import classes from './AuthenticatedLayout.module.css';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { Logo } from './Logo.tsx';
import { fullName, initials } from './user-display.ts';

type AppHeaderProps = { navbarOpened: boolean; onToggleNavbar: () => void };

/** Top bar: burger (small screens), logo to /dashboard, active-role badge, EN/AR switch and the user menu. */
export function AppHeader({ navbarOpened, onToggleNavbar }: AppHeaderProps) {
  const { t } = useTranslation();
  const { user, logout } = useAuth();
  const { activeRole } = useActiveRole();
  const roleLabel = t(`roles.${activeRole}`);

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="sm" wrap="nowrap">
        <Burger
          opened={navbarOpened}
          onClick={onToggleNavbar}
          hiddenFrom="sm"
          size="sm"
          aria-label={navbarOpened ? t('nav.closeMenu') : t('nav.openMenu')}
        />
        <Logo to="/dashboard" />
      </Group>

      <Group gap="sm" wrap="nowrap">
        <Badge
          color={ROLE_COLORS[activeRole]}
          variant="light"
          size="lg"
          radius="sm"
          visibleFrom="xs"
          aria-label={t('roles.activeRoleLabel', { role: roleLabel })}
          data-testid="active-role-badge"
        >
          {roleLabel}
        </Badge>
        <LanguageSwitch />
        {user ? (
          <Menu position="bottom-end" width={240} shadow="md" withinPortal>
            <Menu.Target>
              <UnstyledButton className={classes.userButton}>
                <VisuallyHidden>{t('userMenu.label')}</VisuallyHidden>
                <Group gap={8} wrap="nowrap">
                  <Avatar color={ROLE_COLORS[activeRole]} radius="xl" size={32} aria-hidden="true">
                    {initials(user)}
                  </Avatar>
                  <UserText size="sm" fw={600} visibleFrom="md" maw={160} truncate>
                    {fullName(user)}
                  </UserText>
                  <ChevronDown size={14} aria-hidden="true" />
                </Group>
              </UnstyledButton>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Label>{t('userMenu.signedInAs')}</Menu.Label>
              <Text size="sm" px="sm" pb="xs" truncate>
                {user.email}
              </Text>
              <Menu.Divider />
              <Menu.Item component={Link} to="/profile" leftSection={<UserRound size={16} />}>
                {t('userMenu.profile')}
              </Menu.Item>
              <Menu.Item color="red" leftSection={<LogOut size={16} />} onClick={() => void logout()}>
                {t('userMenu.logout')}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        ) : null}
      </Group>
    </Group>
  );
}
