import { ROLE_SWITCH_DELAY_MS, type RoleName } from '@confero/contracts';
import { type ReactNode, useCallback, useMemo, useRef, useState } from 'react';
import { useAuth } from '../auth/auth-context.ts';
import { ACTIVE_ROLE_STORAGE_KEY, availableRoles, resolveActiveRole } from './active-role.ts';
import { ActiveRoleContext, type ActiveRoleContextValue } from './active-role-context.ts';

function readStoredRole(): string | null {
  try {
    return window.localStorage.getItem(ACTIVE_ROLE_STORAGE_KEY);
  } catch {
    return null;
  }
}

/**
 * The active role: a client-side choice kept in localStorage `activeRole` (see docs/domain.md#active-role). It drives
 * navigation and which lists are shown; the server never trusts it.
 */
export function ActiveRoleProvider({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const roles = useMemo(() => availableRoles(user?.roles ?? []), [user]);
  // The choice made on this visit; until then the stored role resolves against the roles held.
  const [chosen, setChosen] = useState<RoleName | null>(null);
  const [isSwitching, setIsSwitching] = useState(false);
  const switching = useRef(false);

  const activeRole = resolveActiveRole(chosen ?? readStoredRole(), roles);

  const switchRole = useCallback(
    async (role: RoleName) => {
      if (role === activeRole || switching.current || !roles.includes(role)) return;
      switching.current = true;
      setIsSwitching(true);
      await new Promise((resolve) => setTimeout(resolve, ROLE_SWITCH_DELAY_MS));
      try {
        window.localStorage.setItem(ACTIVE_ROLE_STORAGE_KEY, role);
      } catch {
        // Not stored: the choice still applies to this visit.
      }
      setChosen(role);
      switching.current = false;
      setIsSwitching(false);
    },
    [activeRole, roles],
  );

  const value = useMemo<ActiveRoleContextValue>(
    () => ({ activeRole, roles, isSwitching, switchRole }),
    [activeRole, roles, isSwitching, switchRole],
  );
  return <ActiveRoleContext value={value}>{children}</ActiveRoleContext>;
}
