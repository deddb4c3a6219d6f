import { type ReactNode, useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAuth } from '../../features/auth/auth-context.ts';
import { api } from '../../lib/api.ts';
import { FullPageLoader } from '../feedback/FullPageLoader.tsx';

/**
 * The login guard. While unauthenticated it tries one current-user check per path visit, unless the refresh-failure
 * flag is set; then it sends the user to /login, keeping the requested location in the navigation state as `from`.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status, checkedPath, refreshUser } = useAuth();
  const location = useLocation();
  const mayCheck = status === 'unauthenticated' && checkedPath !== location.pathname && !api.isRefreshFailed();

  useEffect(() => {
    if (mayCheck) void refreshUser();
  }, [mayCheck, refreshUser]);

  if (status === 'loading' || mayCheck) return <FullPageLoader />;
  if (status === 'unauthenticated') return <Navigate to="/login" replace state={{ from: location }} />;
  return children;
}
