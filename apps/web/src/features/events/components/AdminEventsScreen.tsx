import { EVENT_STATUSES, type EventStatus } from '@confero/contracts';
import { Alert, ScrollArea, SegmentedControl } from '@mantine/core';
import { ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/layout/PageHeader.tsx';
import { useListParams } from '../../../lib/use-list-params.ts';
import { useAuth } from '../../auth/auth-context.ts';
import { eventKeys, fetchEventList } from '../api.ts';
import { ADMIN_EVENT_LIST_CODEC } from '../event-lists.ts';
import { useEventText } from '../use-event-text.ts';
import { EventList } from './EventList.tsx';

const ALL = 'all';

/**
 * /admin/events: every event (`all_events/`) in the generic list, without a create button, linking to
 * /admin/events/{id}, with a status filter kept in the address. Users whose roles lack admin read 'You don't have permission to access this
 * page' (the route guard normally sends them away first).
 */
export function AdminEventsScreen() {
  const { t } = useTranslation();
  const { statusLabel } = useEventText();
  const { user } = useAuth();
  const list = useListParams(ADMIN_EVENT_LIST_CODEC);
  const status = list.filters.status ?? ALL;
  const isAdmin = user?.roles.some((role) => role.name === 'admin') ?? false;

  if (!isAdmin) {
    return (
      <>
        <PageHeader title={t('pages.adminEvents.title')} />
        <Alert color="red" icon={<ShieldAlert size={18} />} role="alert" data-testid="admin-events-forbidden">
          {t('events.admin.noPermission')}
        </Alert>
      </>
    );
  }

  return (
    <>
      <PageHeader title={t('pages.adminEvents.title')} description={t('pages.adminEvents.description')} />
      <EventList
        title={t('events.list.titles.all_events')}
        queryKey={eventKeys.list('all_events')}
        fetchEvents={() => fetchEventList('all_events')}
        baseUrl="/admin/events"
        loadErrorMessage={t('events.list.loadFailed.all_events')}
        emptyTitle={status === ALL ? undefined : t('events.admin.noMatchTitle')}
        emptyText={status === ALL ? t('events.list.emptyText.all_events') : t('events.admin.noMatch')}
        filter={status === ALL ? undefined : (event) => event.status === status}
        toolbar={
          <ScrollArea type="auto" offsetScrollbars scrollbarSize={6}>
            <SegmentedControl
              value={status}
              onChange={(value) => list.change({ status: value === ALL ? null : (value as EventStatus) })}
              aria-label={t('events.admin.filterLabel')}
              data={[
                { value: ALL, label: t('events.admin.all') },
                ...EVENT_STATUSES.map((value) => ({ value, label: statusLabel(value) })),
              ]}
            />
          </ScrollArea>
        }
      />
    </>
  );
}
