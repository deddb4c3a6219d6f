import { AdminEventsScreen } from '../features/events/components/AdminEventsScreen.tsx';

/** /admin/events, admin only (spec part 2 §2, §6). */
export function Component() {
  return <AdminEventsScreen />;
}
