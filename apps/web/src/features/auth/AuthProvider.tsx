import { LOGOUT_RELOAD_MS } from '@confero/contracts';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { api, isApiError } from '../../lib/api.ts';
import { isPublicPath } from '../../lib/public-routes.ts';
import { type CurrentUser, fetchCurrentUser, signIn } from './api.ts';
import { AuthContext, type AuthContextValue, type AuthErrorKey, type AuthStatus } from './auth-context.ts';

/**
 * Holds the auth state (loading, unauthenticated, authenticated). The
 * current-user check (`GET users/me/`) runs when a guarded page is visited,
 * once per path visit (RequireAuth); public pages and the not-found page skip
 * it, so visiting them never triggers a token refresh or a redirect.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  // Unknown until a guarded page runs the check; RequireAuth shows a loader meanwhile.
  const [status, setStatus] = useState<AuthStatus>('unauthenticated');
  const [user, setUser] = useState<CurrentUser | null>(null);
  const [error, setError] = useState<AuthErrorKey | null>(() =>
    isPublicPath(location.pathname) ? 'errors.authSkipped' : null,
  );
  const [checkedPath, setCheckedPath] = useState<string | null>(null);

  const refreshUser = useCallback(async (): Promise<CurrentUser | null> => {
    setCheckedPath(window.location.pathname);
    if (api.isPagePublic()) {
      setError('errors.authSkipped');
      setStatus('unauthenticated');
      return null;
    }
    setStatus((current) => (current === 'authenticated' ? current : 'loading'));
    try {
      const current = await fetchCurrentUser();
      setUser(current);
      setError(null);
      setStatus('authenticated');
      return current;
    } catch (caught) {
      const status = isApiError(caught) ? caught.status : 0;
      setUser(null);
      setError(status === 401 || status === 404 ? 'errors.authRequired' : 'errors.fetchUser');
      setStatus('unauthenticated');
      return null;
    }
  }, []);

  const login = useCallback(async (email: string, password: string) => {
    const signedIn = await signIn(email, password);
    api.resetSession();
    setUser(signedIn);
    setError(null);
    setStatus('authenticated');
    return signedIn;
  }, []);

  const logout = useCallback(async () => {
    await api.logout({
      onSigningOut: () => {
        setUser(null);
        setStatus('unauthenticated');
      },
      onSignedOut: () => {
        navigate('/login', { replace: true });
        setTimeout(() => window.location.reload(), LOGOUT_RELOAD_MS);
      },
    });
  }, [navigate]);

  const value = useMemo<AuthContextValue>(
    () => ({ status, user, error, checkedPath, login, logout, refreshUser }),
    [status, user, error, checkedPath, login, logout, refreshUser],
  );
  return <AuthContext value={value}>{children}</AuthContext>;
}
