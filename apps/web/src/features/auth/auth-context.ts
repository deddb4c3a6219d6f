import { createContext, useContext } from 'react';
import type { CurrentUser } from './api.ts';

export type AuthStatus = 'loading' | 'unauthenticated' | 'authenticated';

/** Why the current-user check left the state unauthenticated. */
export type AuthErrorKey = 'errors.authRequired' | 'errors.fetchUser' | 'errors.authSkipped';

export type AuthContextValue = {
  status: AuthStatus;
  user: CurrentUser | null;
  error: AuthErrorKey | null;
  /** The path of the last current-user check, so the guard tries only one per path visit. */
  checkedPath: string | null;
  /** Signs in, sets the user and clears the logging-out and refresh-failure flags. */
  login(email: string, password: string): Promise<CurrentUser>;
  /** The logout sequence; ends with a reload of /login. */
  logout(): Promise<void>;
  /** One current-user check (`GET users/me/`); resolves to the user or null. */
  refreshUser(): Promise<CurrentUser | null>;
};

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
