import { AdminEventsScreen } from '../features/events/components/AdminEventsScreen.tsx';

/** /admin/events, admin only. */
export function Component() {
  return <AdminEventsScreen />;
}
