import { AdminUsersScreen } from '../features/admin/components/AdminUsersScreen.tsx';

/** /admin/users, admin only. */
export function Component() {
  return <AdminUsersScreen />;
}
