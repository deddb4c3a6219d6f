import { Outlet, ScrollRestoration } from 'react-router';
import { AuthProvider } from '../../features/auth/AuthProvider.tsx';
import { ActiveRoleProvider } from '../../features/roles/ActiveRoleProvider.tsx';

/** Root route element: the providers that need the router (auth, active role). */
export function AppRoot() {
  return (
    <AuthProvider>
      <ActiveRoleProvider>
        <Outlet />
        <ScrollRestoration />
      </ActiveRoleProvider>
    </AuthProvider>
  );
}
