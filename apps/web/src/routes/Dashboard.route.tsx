import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/layout/PageHeader.tsx';
import { PapersIChairCard } from '../features/area-chairs/components/PapersIChairCard.tsx';
import { useAuth } from '../features/auth/auth-context.ts';
import { useActiveRole } from '../features/roles/active-role-context.ts';
import { DashboardEvents } from '../features/users/components/DashboardEvents.tsx';
import { GettingStartedCard } from '../features/users/components/GettingStartedCard.tsx';

/** /dashboard: welcome, getting started, an area chair's papers (as area chair), and the events of the active role. */
export function Component() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const { activeRole } = useActiveRole();
  const name = user?.first_name.trim();
  return (
    <>
      <PageHeader
        title={name ? t('dashboard.welcomeName', { name }) : t('dashboard.welcome')}
        description={t('pages.dashboard.description')}
      />
      <Stack gap="xl">
        <GettingStartedCard />
        {activeRole === 'area_chair' ? <PapersIChairCard /> : null}
        <DashboardEvents />
      </Stack>
    </>
  );
}
