import type { RoleName } from '@confero/contracts';
import { count, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { submissions } from '../../db/schema/index.ts';
import { queryRows } from '../../lib/sql.ts';
import type { AuthorshipSource, SubmissionCountSource } from '../events/extensions.ts';
import type { RoleSource } from '../users/roles.ts';
import type { CounterSource } from '../users/statistics.ts';
import { authorshipPairs } from './authorship-sql.ts';

/*
 * What the submissions module plugs into other modules' extension points (events/extensions.ts, users/roles.ts,
 * users/statistics.ts): it imports only their types; the app composes the sources where it is built.
 *
 * "An author of a submission" is the same everywhere: a submission_authors row linked to the user, or the user who
 * submitted it (`authorship-sql.ts`).
 */

/** ONE grouped query: the number of submissions of each event. */
export const submissionCountSource: SubmissionCountSource = async (db: Db, eventIds: number[]) => {
  const counts = new Map<number, number>();
  if (eventIds.length === 0) return counts;
  const rows = await db
    .select({ eventId: submissions.eventId, value: count() })
    .from(submissions)
    .where(inArray(submissions.eventId, eventIds))
    .groupBy(submissions.eventId);
  for (const row of rows) counts.set(row.eventId, Number(row.value));
  return counts;
};

/** `(user_id, event_id)` of every authorship: linked author rows and submitters. Embedded in list queries. */
export const submissionAuthorshipSource: AuthorshipSource = () =>
  sql`select distinct p.user_id as user_id, s.event_id as event_id from (${authorshipPairs()}) as p
      join ${submissions} s on s.id = p.submission_id`;

/** `author` for anyone linked to a submission's author list (or who submitted one). One query. */
export const submissionAuthorRole: RoleSource = async (db: Db, userId: number) => {
  const rows = await queryRows<{ found: number }>(
    db,
    sql`select 1 as found where exists (select 1 from (${authorshipPairs([userId])}) as p)`,
  );
  return rows.length > 0 ? (['author'] satisfies RoleName[]) : [];
};

/** `submissions`: how many distinct submissions each user authored. ONE grouped query for all the users. */
export const submissionsCounter: CounterSource = async (db: Db, userIds: number[]) => {
  const counts = new Map<number, { submissions: number }>();
  if (userIds.length === 0) return counts;
  const rows = await queryRows<{ user_id: number; total: number | string }>(
    db,
    sql`select p.user_id, count(distinct p.submission_id) as total from (${authorshipPairs(userIds)}) as p
        group by p.user_id`,
  );
  for (const row of rows) counts.set(Number(row.user_id), { submissions: Number(row.total) });
  return counts;
};
