import { ROLE_NAMES, type RoleName } from '@confero/contracts';
import type { Db } from '../../db/client.ts';

/** What role derivation reads from the user row itself. */
export type RoleSubject = { id: number; isAdmin: boolean };

/**
 * A source of roles held through data: one query returning the roles the user holds that way (`author` from
 * authoring a submission; `reviewer`, `chair` and `event_admin` from active event memberships). The slice owning
 * the data implements it; which sources count is chosen where the app is built (`app.extensions.roles`).
 */
export type RoleSource = (db: Db, userId: number) => Promise<RoleName[]>;

export type RoleSources = { roles: readonly RoleSource[] };

/**
 * The roles a user holds, derived on the server from data and never trusted from the client: `simple_user`
 * always, `admin` from is_admin, and whatever the role sources find. Listed in ROLE_NAMES order.
 */
export async function rolesForUser(db: Db, sources: RoleSources, user: RoleSubject): Promise<RoleName[]> {
  const held = new Set<RoleName>(['simple_user']);
  if (user.isAdmin) held.add('admin');
  const found = await Promise.all(sources.roles.map((source) => source(db, user.id)));
  for (const roles of found) for (const role of roles) held.add(role);
  return ROLE_NAMES.filter((role) => held.has(role));
}
