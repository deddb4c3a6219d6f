import { ROLE_NAMES, type RoleName } from '@confero/contracts';

export const ACTIVE_ROLE_STORAGE_KEY = 'activeRole';

export function isRoleName(value: unknown): value is RoleName {
  return typeof value === 'string' && (ROLE_NAMES as readonly string[]).includes(value);
}

/** The roles a user may switch between: the known names from their roles list, each once, in the list's order. */
export function availableRoles(roles: readonly { name: string }[]): RoleName[] {
  return [...new Set(roles.map((role) => role.name).filter(isRoleName))];
}

/** Active role on load: the stored role if held, else admin if held, else simple_user. */
export function resolveActiveRole(stored: string | null | undefined, held: readonly RoleName[]): RoleName {
  if (isRoleName(stored) && held.includes(stored)) return stored;
  if (held.includes('admin')) return 'admin';
  return 'simple_user';
}

/** Each role's badge colour (Mantine palette names). */
export const ROLE_COLORS: Record<RoleName, string> = {
  simple_user: 'gray',
  author: 'blue',
  reviewer: 'teal',
  chair: 'grape',
  event_admin: 'orange',
  admin: 'red',
  guest: 'yellow',
  area_chair: 'indigo',
};
