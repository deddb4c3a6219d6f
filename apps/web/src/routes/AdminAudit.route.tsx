import { AdminAuditScreen } from '../features/audit/components/AuditScreens.tsx';

/** /admin/audit, admin only: the platform's audit log. */
export function Component() {
  return <AdminAuditScreen />;
}
