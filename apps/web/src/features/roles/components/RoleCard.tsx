import type { RoleName } from '@confero/contracts';
import { Badge, Group, Paper, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ROLE_COLORS } from '../active-role.ts';
import { ROLE_ICONS } from '../role-icons.ts';
import classes from './RoleCard.module.css';

type RoleCardProps = {
  role: RoleName;
  isActive: boolean;
  disabled: boolean;
  onSelect: (role: RoleName) => void;
};

/** One held role: icon, name, what it is for, and the 'current role' badge on the active one. */
export function RoleCard({ role, isActive, disabled, onSelect }: RoleCardProps) {
  const { t } = useTranslation();
  const Icon = ROLE_ICONS[role];
  const color = ROLE_COLORS[role];
  return (
    <UnstyledButton
      className={classes.button}
      onClick={() => onSelect(role)}
      aria-pressed={isActive}
      aria-disabled={disabled || undefined}
      data-active={isActive || undefined}
      data-testid={`role-card-${role}`}
    >
      <Paper withBorder p="lg" radius="lg" className={classes.card} data-active={isActive || undefined}>
        <Stack gap="sm">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <ThemeIcon size={48} radius="md" variant="light" color={color} aria-hidden="true">
              <Icon size={24} strokeWidth={1.8} />
            </ThemeIcon>
            {isActive ? (
              <Badge color={color} variant="light" leftSection={<Check size={12} />} data-testid="current-role-badge">
                {t('rolesScreen.current')}
              </Badge>
            ) : null}
          </Group>
          <Text fw={700} size="lg">
            {t(`roles.${role}`)}
          </Text>
          <Text size="sm" c="dimmed">
            {t(`rolesScreen.descriptions.${role}`)}
          </Text>
        </Stack>
      </Paper>
    </UnstyledButton>
  );
}
