import type { DiscussionVisibility } from '@confero/contracts';
import { and, asc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  conflicts,
  discussionComments,
  eventMemberships,
  events,
  reviews,
  submissions,
  users,
} from '../../db/schema/index.ts';
import { parseIdParam } from '../../lib/ids.ts';
import { queryRows } from '../../lib/sql.ts';
import { authoredBy } from '../submissions/authorship-sql.ts';

/*
 * The reads of the committee's discussion. A thread is read in a fixed number of queries whatever its length; the
 * caller's list of discussions is one query per page.
 */

export type CommentRow = typeof discussionComments.$inferSelect;

/** A person of a thread as the presenter and the mails need them. */
export type PersonRow = {
  id: number;
  publicId: string;
  firstName: string;
  lastName: string;
  email: string;
  locale: string;
  isAdmin: boolean;
};

const personFields = {
  id: users.id,
  publicId: users.publicId,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  locale: users.locale,
  isAdmin: users.isAdmin,
};

/** The event's setting of when an assigned reviewer reads a paper's discussion. */
export async function findDiscussionVisibility(db: Db, eventId: number): Promise<DiscussionVisibility> {
  const [row] = await db.select({ value: events.discussionReviewersSee }).from(events).where(eq(events.id, eventId));
  return row?.value ?? 'after_own_review';
}

/** The comments of a paper's thread, oldest first. */
export async function findComments(db: Db, submissionId: number): Promise<CommentRow[]> {
  return db
    .select()
    .from(discussionComments)
    .where(eq(discussionComments.submissionId, submissionId))
    .orderBy(asc(discussionComments.createdAt), asc(discussionComments.id));
}

/** A comment by the route's id (public id, which must match exactly, or numeric id). No access check. */
export async function findComment(db: Db, idParam: string): Promise<CommentRow | undefined> {
  const parsed = parseIdParam(idParam);
  if (!parsed) return undefined;
  const [row] = await db.select().from(discussionComments).where(eq(discussionComments.id, parsed.id));
  if (!row || (parsed.publicId && row.publicId !== parsed.publicId)) return undefined;
  return row;
}

/**
 * The people who run a paper (`managesSubmission`'s data): the event's active event admins and chairs of the whole
 * event, and the active chairs of the paper's track. Whether each is its committee (no conflict) is the caller's.
 */
export async function findPaperManagers(db: Db, eventId: number, trackId: number | null): Promise<PersonRow[]> {
  const trackChair = trackId === null ? undefined : eq(eventMemberships.trackId, trackId);
  return db
    .selectDistinct(personFields)
    .from(eventMemberships)
    .innerJoin(users, eq(users.id, eventMemberships.userId))
    .where(
      and(
        eq(eventMemberships.eventId, eventId),
        eq(eventMemberships.status, 'active'),
        or(
          eq(eventMemberships.role, 'event_admin'),
          and(eq(eventMemberships.role, 'chair'), or(isNull(eventMemberships.trackId), trackChair)),
        ),
      ),
    );
}

/** Among these users, the active reviewers of the event (or its active area chairs, with `role`). */
export async function findActiveReviewerIds(
  db: Db,
  eventId: number,
  userIds: number[],
  role: 'reviewer' | 'area_chair' = 'reviewer',
): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ userId: eventMemberships.userId })
    .from(eventMemberships)
    .where(
      and(
        eq(eventMemberships.eventId, eventId),
        eq(eventMemberships.role, role),
        eq(eventMemberships.status, 'active'),
        inArray(eventMemberships.userId, userIds),
      ),
    );
  return new Set(rows.flatMap((row) => (row.userId === null ? [] : [row.userId])));
}

/** Users by id (the writers and mentioned of a thread who are no longer on it, the recipients of a mail). */
export async function findPersons(db: Db, userIds: number[]): Promise<PersonRow[]> {
  if (userIds.length === 0) return [];
  return db.select(personFields).from(users).where(inArray(users.id, userIds));
}

export type MyDiscussionRow = {
  id: number;
  public_id: string;
  title: string;
  event_id: number;
  event_public_id: string;
  event_title: string;
  needs_discussion: boolean;
  comment_count: number;
  last_comment_at: Date | string | null;
  /** The caller's part: 'committee', or 'reviewer' with their review's status and the event's setting. */
  is_committee: boolean;
  own_review_status: string | null;
  reviewers_see: DiscussionVisibility;
  total: number;
};

/** What narrows the caller's discussions: an event, the flag, and papers to leave out (conflicts detection finds). */
export type MyDiscussionFilter = { eventId?: number; flagged?: boolean; excludedIds?: number[] };

/**
 * The caller's papers under discussion (flagged, or with comments) where they are the committee (an event admin or
 * chair of the whole event, or a chair of the paper's track, or its area chair while an active area chair of the
 * event) or an assigned reviewer who is still a reviewer of the event, as the CTEs `roles` and `papers`.
 * SECURITY-CRITICAL: papers the caller wrote or has a stored conflict with are left out inside the query (the
 * committee and the reviewers of `discussion.policy.ts` exclude both); those detection finds the caller conflicted
 * with are the caller's to give in `excludedIds` (`findMyDiscussionCandidates` lists what to run detection on).
 */
function myDiscussionPapers(userId: number, filter: MyDiscussionFilter): SQL {
  const filters: SQL[] = [];
  if (filter.eventId !== undefined) filters.push(sql`${submissions.eventId} = ${filter.eventId}`);
  if (filter.flagged !== undefined) filters.push(sql`${submissions.needsDiscussion} = ${filter.flagged}`);
  if (filter.excludedIds && filter.excludedIds.length > 0)
    filters.push(sql`not ${inArray(submissions.id, filter.excludedIds)}`);
  const extra = filters.length > 0 ? sql`and ${sql.join(filters, sql` and `)}` : sql``;
  const chairsTrack = sql`${submissions.trackId} = any(roles.tracks)`;
  const leads = sql`(roles.area_chair and ${submissions.areaChairId} = ${userId})`;
  return sql`roles as (
        select m.event_id,
          bool_or(m.role = 'event_admin' or (m.role = 'chair' and m.track_id is null)) as organizer,
          coalesce(array_agg(m.track_id) filter (where m.role = 'chair' and m.track_id is not null), '{}') as tracks,
          bool_or(m.role = 'reviewer') as reviewer,
          bool_or(m.role = 'area_chair') as area_chair
        from ${eventMemberships} m where m.user_id = ${userId} and m.status = 'active' group by m.event_id
      ), papers as (
        select ${submissions.id} as id, ${submissions.publicId} as public_id, ${submissions.title} as title,
          ${submissions.eventId} as event_id, ${submissions.needsDiscussion} as needs_discussion,
          (roles.organizer or coalesce(${chairsTrack}, false) or ${leads}) as is_committee,
          own.status::text as own_review_status,
          coalesce(cs.n, 0)::int as comment_count, cs.last_at as last_comment_at
        from ${submissions}
        join roles on roles.event_id = ${submissions.eventId}
        left join ${reviews} own on own.submission_id = ${submissions.id} and own.reviewer_id = ${userId}
        left join lateral (select count(*)::int as n, max(c.created_at) as last_at from ${discussionComments} c
          where c.submission_id = ${submissions.id}) cs on true
        where (${submissions.needsDiscussion} or cs.n > 0)
          and (roles.organizer or coalesce(${chairsTrack}, false) or ${leads}
            or (roles.reviewer and own.id is not null))
          and not exists (select 1 from ${conflicts} c where c.submission_id = ${submissions.id}
            and c.user_id = ${userId})
          and not coalesce(${authoredBy(userId)}, false)
          ${extra}
      )`;
}

/** Every paper of the caller's discussions (ids and events only, unpaginated): what detection is run on. */
export async function findMyDiscussionCandidates(
  db: Db,
  userId: number,
  filter: MyDiscussionFilter,
): Promise<{ id: number; event_id: number }[]> {
  return queryRows<{ id: number; event_id: number }>(
    db,
    sql`with ${myDiscussionPapers(userId, filter)} select p.id, p.event_id from papers p`,
  );
}

/**
 * A page of the caller's papers under discussion (`myDiscussionPapers`), flagged ones first, then the latest
 * discussed. ONE query per page, the total included.
 */
export async function pageMyDiscussions(
  db: Db,
  userId: number,
  options: { page: number; pageSize: number } & MyDiscussionFilter,
): Promise<MyDiscussionRow[]> {
  const offset = (options.page - 1) * options.pageSize;
  return queryRows<MyDiscussionRow>(
    db,
    sql`with ${myDiscussionPapers(userId, options)}
      select p.*, e.public_id as event_public_id, e.title as event_title,
        e.discussion_reviewers_see as reviewers_see, (count(*) over ())::int as total
      from papers p join ${events} e on e.id = p.event_id
      order by p.needs_discussion desc, p.last_comment_at desc nulls last, p.id desc
      limit ${options.pageSize} offset ${offset}`,
  );
}

/** Whether a comment still exists (a conditional write that changed nothing tells a lost race from a closed window). */
export async function commentExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: discussionComments.id })
    .from(discussionComments)
    .where(eq(discussionComments.id, id));
  return row !== undefined;
}

/** The submission's flag as stored. */
export async function findFlag(db: Db, submissionId: number): Promise<boolean> {
  const [row] = await db
    .select({ value: submissions.needsDiscussion })
    .from(submissions)
    .where(eq(submissions.id, submissionId));
  return row?.value ?? false;
}
