import type { RoleName } from '@confero/contracts';
import { createContext, useContext } from 'react';

export type ActiveRoleContextValue = {
  activeRole: RoleName;
  /** The user's roles, the choices of the roles screen. */
  roles: RoleName[];
  /** True during the 300 ms switch. */
  isSwitching: boolean;
  /** Switches to a held role; does nothing for the active role or while a switch runs. */
  switchRole(role: RoleName): Promise<void>;
};

export const ActiveRoleContext = createContext<ActiveRoleContextValue | null>(null);

export function useActiveRole(): ActiveRoleContextValue {
  const value = useContext(ActiveRoleContext);
  if (!value) throw new Error('useActiveRole must be used inside <ActiveRoleProvider>');
  return value;
}
