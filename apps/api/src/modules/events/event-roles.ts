import type { RoleName } from '@confero/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { eventMemberships } from '../../db/schema/index.ts';
import { queryRows } from '../../lib/sql.ts';
import type { RoleSource } from '../users/roles.ts';
import type { CounterSource } from '../users/statistics.ts';
import { type AuthorshipSources, authorshipPairs } from './extensions.ts';

/*
 * What the events module plugs into the users module's extension points (users/roles.ts, users/statistics.ts):
 * it imports only their types; the app composes the sources where it is built.
 */

/**
 * The roles held through events: `event_admin`, `chair` (of an event or one of its tracks) and `reviewer`, from
 * ACTIVE memberships only — a pending or declined invitation gives no role. One query.
 */
export const eventMembershipRoles: RoleSource = async (db: Db, userId: number) => {
  const rows = await db
    .selectDistinct({ role: eventMemberships.role })
    .from(eventMemberships)
    .where(and(eq(eventMemberships.userId, userId), eq(eventMemberships.status, 'active')));
  return rows.map((row) => row.role satisfies RoleName);
};

/**
 * `events_participated`: the number of distinct events each user takes part in, through an active membership or
 * a submission (the pairs of the authorship sources). One grouped query for all the users.
 */
export function eventsParticipatedCounter(sources: AuthorshipSources): CounterSource {
  return async (db: Db, userIds: number[]) => {
    const counts = new Map<number, { events_participated: number }>();
    if (userIds.length === 0) return counts;
    const memberships = db
      .select({ user_id: eventMemberships.userId, event_id: eventMemberships.eventId })
      .from(eventMemberships)
      .where(and(inArray(eventMemberships.userId, userIds), eq(eventMemberships.status, 'active')));
    const authored = authorshipPairs(sources);
    const pairs = authored
      ? sql`${memberships} union select a.user_id, a.event_id from (${authored}) as a where a.user_id in ${userIds}`
      : sql`${memberships}`;
    const rows = await queryRows<{ user_id: number; participated: number | string }>(
      db,
      sql`select p.user_id, count(distinct p.event_id) as participated from (${pairs}) as p group by p.user_id`,
    );
    for (const row of rows) counts.set(Number(row.user_id), { events_participated: Number(row.participated) });
    return counts;
  };
}
