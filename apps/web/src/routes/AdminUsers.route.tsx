import { AdminUsersScreen } from '../features/admin/components/AdminUsersScreen.tsx';

/** /admin/users, admin only (spec part 1 §2.13). */
export function Component() {
  return <AdminUsersScreen />;
}
