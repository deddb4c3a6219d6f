import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/layout/PageHeader.tsx';
import { useAuth } from '../features/auth/auth-context.ts';
import { DashboardEvents } from '../features/users/components/DashboardEvents.tsx';
import { GettingStartedCard } from '../features/users/components/GettingStartedCard.tsx';

/** /dashboard: welcome, getting started, and the events of the active role. */
export function Component() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const name = user?.first_name.trim();
  return (
    <>
      <PageHeader
        title={name ? t('dashboard.welcomeName', { name }) : t('dashboard.welcome')}
        description={t('pages.dashboard.description')}
      />
      <Stack gap="xl">
        <GettingStartedCard />
        <DashboardEvents />
      </Stack>
    </>
  );
}
