import type { MetaReviewStatus } from '@confero/contracts';
import { and, asc, eq, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  conflicts,
  discussionComments,
  eventMemberships,
  events,
  metaReviews,
  reviews,
  submissions,
  users,
} from '../../db/schema/index.ts';
import { queryRows } from '../../lib/sql.ts';
import { authoredBy } from '../submissions/authorship-sql.ts';

/*
 * The reads of area chairs (`docs/domain.md#area-chair`): an event's area chairs with their loads, the candidates of
 * one paper, and the papers one area chair leads. Each list is a fixed number of queries whatever its length.
 */

/** An area chair membership of an event (or an invitation to an address) with the person and their load. */
export type AreaChairRow = {
  membershipId: number;
  userId: number | null;
  publicId: string | null;
  firstName: string;
  lastName: string;
  email: string;
  status: string;
  expertise: string;
  maxPapers: number;
  assigned: number;
  completedMetaReviews: number;
};

/** The load of each area chair of an event: the papers they chair and their completed meta-reviews, as SQL. */
const loadOf = (userColumn: SQL) => ({
  assigned: sql<number>`(select count(*)::int from ${submissions} s
    where s.event_id = ${eventMemberships.eventId} and s.area_chair_id = ${userColumn})`,
  completedMetaReviews: sql<number>`(select count(*)::int from ${metaReviews} mr
    join ${submissions} s on s.id = mr.submission_id
    where s.event_id = ${eventMemberships.eventId} and s.area_chair_id = ${userColumn} and mr.status = 'completed')`,
});

const areaChairFields = {
  membershipId: eventMemberships.id,
  userId: eventMemberships.userId,
  publicId: users.publicId,
  firstName: sql<string>`coalesce(${users.firstName}, ${eventMemberships.inviteFirstName})`,
  lastName: sql<string>`coalesce(${users.lastName}, ${eventMemberships.inviteLastName})`,
  email: sql<string>`coalesce(${users.email}, ${eventMemberships.email})`,
  status: eventMemberships.status,
  expertise: eventMemberships.expertise,
  maxPapers: eventMemberships.maxPapers,
  ...loadOf(sql`${eventMemberships.userId}`),
};

const ofEvent = (eventId: number) =>
  and(eq(eventMemberships.eventId, eventId), eq(eventMemberships.role, 'area_chair'), isNull(eventMemberships.trackId));

/**
 * A page of an event's area chairs (active ones, then invitations; by name) with their loads, and their total: two
 * queries whatever the page's size (the loads are subqueries of the page's one).
 */
export async function pageAreaChairs(
  db: Db,
  eventId: number,
  page: { page: number; pageSize: number },
): Promise<{ rows: AreaChairRow[]; count: number }> {
  const [rows, [total]] = await Promise.all([
    db
      .select(areaChairFields)
      .from(eventMemberships)
      .leftJoin(users, eq(users.id, eventMemberships.userId))
      .where(ofEvent(eventId))
      .orderBy(
        sql`${eventMemberships.status} <> 'active'`,
        sql`lower(coalesce(${users.lastName}, ${eventMemberships.inviteLastName}))`,
        asc(eventMemberships.id),
      )
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ value: sql<number>`count(*)::int` }).from(eventMemberships).where(ofEvent(eventId)),
  ]);
  return { rows, count: Number(total?.value ?? 0) };
}

/** One area chair membership of an event with its load (the answer of add and invite). */
export async function findAreaChairRow(db: Db, membershipId: number): Promise<AreaChairRow | undefined> {
  const [row] = await db
    .select(areaChairFields)
    .from(eventMemberships)
    .leftJoin(users, eq(users.id, eventMemberships.userId))
    .where(eq(eventMemberships.id, membershipId));
  return row;
}

/** The active area chairs of an event with their loads, by name: one query (a paper's candidates). */
export async function findActiveAreaChairs(
  db: Db,
  eventId: number,
): Promise<(AreaChairRow & { userId: number; publicId: string })[]> {
  const rows = await db
    .select(areaChairFields)
    .from(eventMemberships)
    .innerJoin(users, eq(users.id, eventMemberships.userId))
    .where(and(ofEvent(eventId), eq(eventMemberships.status, 'active')))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
  return rows.flatMap(({ userId, publicId, ...row }) =>
    userId === null || publicId === null ? [] : [{ ...row, userId, publicId }],
  );
}

/**
 * How many papers of an event a user chairs, leaving out one paper when told (the one being assigned): the load the
 * assignment and a change of max_papers check under the area chair's membership row lock.
 */
export async function countChairedPapers(
  db: Db,
  eventId: number,
  userId: number,
  exceptSubmissionId?: number,
): Promise<number> {
  const [row] = await db
    .select({ value: sql<number>`count(*)::int` })
    .from(submissions)
    .where(
      and(
        eq(submissions.eventId, eventId),
        eq(submissions.areaChairId, userId),
        exceptSubmissionId === undefined ? undefined : ne(submissions.id, exceptSubmissionId),
      ),
    );
  return Number(row?.value ?? 0);
}

/** A paper the caller chairs, as `pageChairedSubmissions` reads it. */
export type ChairedSubmissionRow = {
  id: number;
  public_id: string;
  title: string;
  status: string;
  event_id: number;
  event_public_id: string;
  event_title: string;
  reviews_assigned: number;
  reviews_completed: number;
  meta_review_status: MetaReviewStatus | null;
  needs_discussion: boolean;
  comment_count: number;
  total: number;
};

/** What narrows an area chair's papers: an event, and papers to leave out (conflicts detection finds). */
export type ChairedFilter = { eventId?: number; excludedIds?: number[] };

/**
 * SECURITY-CRITICAL: the papers a user leads as their area chair — `submissions.area_chair_id` is them and they are
 * an active area chair of its event — less those they wrote or have a stored conflict with (`leadsSubmission`);
 * those detection finds are the caller's `excludedIds`.
 */
function chairedPapers(userId: number, filter: ChairedFilter): SQL {
  const filters: SQL[] = [sql`${submissions.areaChairId} = ${userId}`];
  if (filter.eventId !== undefined) filters.push(sql`${submissions.eventId} = ${filter.eventId}`);
  if (filter.excludedIds && filter.excludedIds.length > 0) {
    filters.push(sql`not ${inArray(submissions.id, filter.excludedIds)}`);
  }
  return sql`${sql.join(filters, sql` and `)}
    and exists (select 1 from ${eventMemberships} m where m.event_id = ${submissions.eventId}
      and m.user_id = ${userId} and m.role = 'area_chair' and m.status = 'active')
    and not exists (select 1 from ${conflicts} c where c.submission_id = ${submissions.id} and c.user_id = ${userId})
    and not coalesce(${authoredBy(userId)}, false)`;
}

/** Every paper the user chairs (ids and events only, unpaginated): what detection is run on. */
export async function findChairedCandidates(
  db: Db,
  userId: number,
  filter: ChairedFilter,
): Promise<{ id: number; eventId: number }[]> {
  return db
    .select({ id: submissions.id, eventId: submissions.eventId })
    .from(submissions)
    .where(chairedPapers(userId, filter));
}

/**
 * A page of the papers the user chairs, by event then title, with each one's review progress, meta-review status,
 * flag and comment count: ONE query per page, the total included.
 */
export async function pageChairedSubmissions(
  db: Db,
  userId: number,
  options: { page: number; pageSize: number } & ChairedFilter,
): Promise<ChairedSubmissionRow[]> {
  return queryRows<ChairedSubmissionRow>(
    db,
    sql`select ${submissions.id} as id, ${submissions.publicId} as public_id, ${submissions.title} as title,
        ${submissions.status}::text as status, ${events.id} as event_id, ${events.publicId} as event_public_id,
        ${events.title} as event_title,
        (select count(*)::int from ${reviews} r where r.submission_id = ${submissions.id}) as reviews_assigned,
        (select count(*)::int from ${reviews} r where r.submission_id = ${submissions.id}
          and r.status = 'completed') as reviews_completed,
        (select mr.status::text from ${metaReviews} mr where mr.submission_id = ${submissions.id}) as meta_review_status,
        ${submissions.needsDiscussion} as needs_discussion,
        (select count(*)::int from ${discussionComments} c where c.submission_id = ${submissions.id}) as comment_count,
        count(*) over ()::int as total
      from ${submissions} join ${events} on ${events.id} = ${submissions.eventId}
      where ${chairedPapers(userId, options)}
      order by ${events.id} desc, lower(${submissions.title}), ${submissions.id}
      limit ${options.pageSize} offset ${(options.page - 1) * options.pageSize}`,
  );
}
