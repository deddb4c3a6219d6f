import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { dashboardEventsPath, InvalidEventListError, parseDashboardEvents } from './dashboard-events.ts';

/** The dashboard's events for the active role (`events/author_events/` or `events/active/`). */
export function dashboardEventsQuery(role: string) {
  const path = dashboardEventsPath(role);
  return queryOptions({
    queryKey: ['events', 'dashboard', path],
    queryFn: async () => parseDashboardEvents(await api.get<unknown>(path)),
    // A wrong shape will not change by asking again.
    retry: (failures, error) => !(error instanceof InvalidEventListError) && failures < 2,
  });
}
