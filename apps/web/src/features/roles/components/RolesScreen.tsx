import type { RoleName } from '@confero/contracts';
import { EmptyState, Loader, Overlay, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { UserRoundX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../components/feedback/notify.tsx';
import { PageHeader } from '../../../components/layout/PageHeader.tsx';
import { useActiveRole } from '../active-role-context.ts';
import { RoleCard } from './RoleCard.tsx';

/**
 * The roles screen: one card per held role; choosing another switches to it behind a blocking overlay (300 ms); the
 * active role, or a choice during a switch, does nothing.
 */
export function RolesScreen() {
  const { t } = useTranslation();
  const { activeRole, roles, isSwitching, switchRole } = useActiveRole();

  const handleSelect = (role: RoleName) => {
    if (role === activeRole || isSwitching) return;
    void switchRole(role).then(() => notify('success', t('rolesScreen.switched', { role: t(`roles.${role}`) })));
  };

  return (
    <>
      <PageHeader title={t('pages.roles.title')} description={t('pages.roles.description')} />
      {roles.length === 0 ? (
        <Paper withBorder p="xl" radius="lg">
          <EmptyState
            icon={<UserRoundX size={28} />}
            withIndicatorBackground
            title={t('rolesScreen.emptyTitle')}
            description={t('rolesScreen.emptyText')}
            data-testid="roles-empty"
          />
        </Paper>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" data-testid="roles-grid">
          {roles.map((role) => (
            <RoleCard
              key={role}
              role={role}
              isActive={role === activeRole}
              disabled={isSwitching}
              onSelect={handleSelect}
            />
          ))}
        </SimpleGrid>
      )}
      {isSwitching ? (
        <Overlay fixed blur={2} color="#fff" backgroundOpacity={0.6} zIndex={400} center>
          <Stack align="center" gap="sm" role="status" aria-live="assertive" data-testid="role-switching">
            <Loader />
            <Text fw={600}>{t('rolesScreen.switching')}</Text>
          </Stack>
        </Overlay>
      ) : null}
    </>
  );
}
