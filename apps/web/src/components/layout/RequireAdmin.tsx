import { Navigate, Outlet } from 'react-router';
import { useAuth } from '../../features/auth/auth-context.ts';

/** Admin-only routes: a signed-in user without the admin role goes to /dashboard. */
export function RequireAdmin() {
  const { user } = useAuth();
  const isAdmin = user?.roles.some((role) => role.name === 'admin') ?? false;
  if (!isAdmin) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}
