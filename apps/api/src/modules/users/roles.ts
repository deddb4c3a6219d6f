import { ROLE_NAMES, type RoleName } from '@confero/contracts';
import type { Db } from '../../db/client.ts';
import { eventMembershipRoles } from '../events/event-roles.ts';
import { submissionAuthorRole } from '../submissions/submission-sources.ts';

/** What role derivation reads from the user row itself. */
export type RoleSubject = { id: number; isAdmin: boolean };

/**
 * A source of roles held through data: one query returning the roles the user holds that way. Later issues add
 * one entry each to ROLE_SOURCES (DESIGN.md §5): `author` from authoring a submission, `reviewer`, `chair` and
 * `event_admin` from active event memberships.
 */
export type RoleSource = (db: Db, userId: number) => Promise<RoleName[]>;

export const ROLE_SOURCES: RoleSource[] = [eventMembershipRoles, submissionAuthorRole];

/**
 * The roles a user holds, derived on the server from data and never trusted from the client: `simple_user`
 * always, `admin` from is_admin, and whatever the ROLE_SOURCES find. Listed in ROLE_NAMES order.
 */
export async function rolesForUser(db: Db, user: RoleSubject): Promise<RoleName[]> {
  const held = new Set<RoleName>(['simple_user']);
  if (user.isAdmin) held.add('admin');
  const found = await Promise.all(ROLE_SOURCES.map((source) => source(db, user.id)));
  for (const roles of found) for (const role of roles) held.add(role);
  return ROLE_NAMES.filter((role) => held.has(role));
}
