import { PUBLIC_EVENT_STATUSES } from '@confero/contracts';
import { and, asc, count, desc, eq, getTableColumns, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { eventMemberships, events, tracks, users } from '../../db/schema/index.ts';
import { parseIdParam } from '../../lib/ids.ts';
import type { Actor } from '../../plugins/auth.ts';
import { isPlatformAdmin } from '../users/users.policy.ts';
import type { ViewerMembership } from './events.policy.ts';
import { authoredBy, type EventSources, type SubmissionCountSources, submissionCounts } from './extensions.ts';

export type EventRow = typeof events.$inferSelect;
export type TrackRow = typeof tracks.$inferSelect;
export type MembershipRow = typeof eventMemberships.$inferSelect;

/** An event by the route's id: the public id (which must match exactly) or the numeric id. No access check. */
export async function findEventByIdParam(db: Db, value: string): Promise<EventRow | undefined> {
  const parsed = parseIdParam(value);
  if (!parsed) return undefined;
  const [row] = await db.select().from(events).where(eq(events.id, parsed.id));
  if (!row || (parsed.publicId && row.publicId !== parsed.publicId)) return undefined;
  return row;
}

export async function findEventById(db: Db, id: number): Promise<EventRow | undefined> {
  const [row] = await db.select().from(events).where(eq(events.id, id));
  return row;
}

/** The viewer's memberships in one event (every status: the policy reads only the active ones). */
export async function findViewerMemberships(db: Db, eventId: number, userId: number): Promise<ViewerMembership[]> {
  return db
    .select({ role: eventMemberships.role, status: eventMemberships.status, trackId: eventMemberships.trackId })
    .from(eventMemberships)
    .where(and(eq(eventMemberships.eventId, eventId), eq(eventMemberships.userId, userId)));
}

/** The condition "the user holds an active membership in this event", optionally in one role. */
function activeMembership(userId: number, role?: MembershipRow['role']): SQL {
  return sql`exists (select 1 from ${eventMemberships} m where m.event_id = ${events.id} and m.user_id = ${userId}
    and m.status = 'active'${role ? sql` and m.role = ${role}` : sql``})`;
}

/**
 * SECURITY-CRITICAL: the events a viewer may see, as a condition inside the list queries, never a filter in memory
 * (`docs/conventions.md#scoped-queries`). It must agree with the 'event.view' policy: public statuses for every
 * signed-in user; any other status only for the event's active members, its creator and platform admins.
 */
export function visibleTo(actor: Actor): SQL | undefined {
  if (isPlatformAdmin(actor)) return undefined;
  return or(
    inArray(events.status, [...PUBLIC_EVENT_STATUSES]),
    eq(events.createdBy, actor.id),
    activeMembership(actor.id),
  );
}

/** The role lists (`GET events/<name>/`), each a condition combined with `visibleTo`. */
export const ROLE_LISTS = {
  /** Approved or active events whose end date has not passed in their time zone. */
  active: () => and(inArray(events.status, ['approved', 'active']), sql`${events.endsAt} > now()`),
  /** Events the user created, is an active member of in any role, or authored a submission in. */
  my_events: (actor: Actor, sources: EventSources) =>
    or(eq(events.createdBy, actor.id), activeMembership(actor.id), authoredBy(sources, actor.id)),
  admin_events: (actor: Actor) => activeMembership(actor.id, 'event_admin'),
  chair_events: (actor: Actor) => activeMembership(actor.id, 'chair'),
  reviewer_events: (actor: Actor) => activeMembership(actor.id, 'reviewer'),
  author_events: (actor: Actor, sources: EventSources) => authoredBy(sources, actor.id),
  /** Platform admins only (the route refuses everybody else). */
  all_events: () => undefined,
} satisfies Record<string, (actor: Actor, sources: EventSources) => SQL | undefined>;
export type RoleListName = keyof typeof ROLE_LISTS;

// Drizzle writes columns of the selected fields without their table, so the outer id is spelled out here.
const trackCount = sql<number>`(select count(*)::int from ${tracks} t where t.event_id = "events"."id")`;
const reviewerCount = sql<number>`(select count(*)::int from ${eventMemberships} r
  where r.event_id = "events"."id" and r.role = 'reviewer' and r.status = 'active')`;

export type EventListRow = EventRow & { trackCount: number; reviewerCount: number; submissionCount: number };

/** Adds the submission counts to a page of rows: one query per count source, whatever the number of rows. */
async function withSubmissionCounts(
  db: Db,
  sources: SubmissionCountSources,
  rows: (EventRow & { trackCount: number; reviewerCount: number })[],
) {
  const submissions = await submissionCounts(
    db,
    sources,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ ...row, submissionCount: submissions.get(row.id) ?? 0 }));
}

function searchCondition(search: string | undefined): SQL | undefined {
  const text = search?.trim();
  if (!text) return undefined;
  const pattern = `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  return or(ilike(events.title, pattern), ilike(events.acronym, pattern), ilike(events.city, pattern));
}

/**
 * A role list for the viewer, with its counts: a constant number of queries (the rows with their track and
 * reviewer counts, then one per submission count source), whatever the number of events.
 */
export async function listRoleEvents(
  db: Db,
  sources: EventSources,
  actor: Actor,
  name: RoleListName,
  status?: EventRow['status'],
): Promise<EventListRow[]> {
  const where = and(visibleTo(actor), ROLE_LISTS[name](actor, sources), status ? eq(events.status, status) : undefined);
  const order = name === 'active' ? [asc(events.startDate), asc(events.id)] : [desc(events.createdAt), desc(events.id)];
  const rows = await db
    .select({ ...getTableColumns(events), trackCount, reviewerCount })
    .from(events)
    .where(where)
    .orderBy(...order);
  return withSubmissionCounts(db, sources, rows);
}

/** `GET events/`: a page of the events the viewer may see, newest first, filtered by status and text. */
export async function pageEvents(
  db: Db,
  sources: EventSources,
  actor: Actor,
  options: { page: number; pageSize: number; status?: EventRow['status']; search?: string },
): Promise<{ rows: EventListRow[]; count: number }> {
  const where = and(
    visibleTo(actor),
    options.status ? eq(events.status, options.status) : undefined,
    searchCondition(options.search),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ ...getTableColumns(events), trackCount, reviewerCount })
      .from(events)
      .where(where)
      .orderBy(desc(events.createdAt), desc(events.id))
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize),
    db.select({ value: count() }).from(events).where(where),
  ]);
  return { rows: await withSubmissionCounts(db, sources, rows), count: Number(total?.value ?? 0) };
}

export type PersonRow = { id: number; publicId: string; firstName: string; lastName: string; email: string };

const person = {
  id: users.id,
  publicId: users.publicId,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
};

export type EventDetail = {
  event: EventRow;
  creator: PersonRow | undefined;
  /** Active event admins and chairs (event-wide and per track), with their user, in the order they joined. */
  staff: (PersonRow & { role: MembershipRow['role']; trackId: number | null })[];
  tracks: TrackRow[];
  reviewerCount: number;
  submissionCount: number;
};

/** Everything the event detail shows: five queries, whatever the number of chairs and tracks. */
export async function loadEventDetail(db: Db, sources: SubmissionCountSources, event: EventRow): Promise<EventDetail> {
  const [creatorRows, staff, trackRows, [reviewers], submissions] = await Promise.all([
    event.createdBy === null ? Promise.resolve([]) : db.select(person).from(users).where(eq(users.id, event.createdBy)),
    db
      .select({ ...person, role: eventMemberships.role, trackId: eventMemberships.trackId })
      .from(eventMemberships)
      .innerJoin(users, eq(users.id, eventMemberships.userId))
      .where(
        and(
          eq(eventMemberships.eventId, event.id),
          eq(eventMemberships.status, 'active'),
          inArray(eventMemberships.role, ['event_admin', 'chair']),
        ),
      )
      .orderBy(asc(eventMemberships.createdAt), asc(eventMemberships.id)),
    db.select().from(tracks).where(eq(tracks.eventId, event.id)).orderBy(asc(tracks.createdAt), asc(tracks.id)),
    db
      .select({ value: count() })
      .from(eventMemberships)
      .where(
        and(
          eq(eventMemberships.eventId, event.id),
          eq(eventMemberships.role, 'reviewer'),
          eq(eventMemberships.status, 'active'),
        ),
      ),
    submissionCounts(db, sources, [event.id]),
  ]);
  return {
    event,
    creator: creatorRows[0],
    staff,
    tracks: trackRows,
    reviewerCount: Number(reviewers?.value ?? 0),
    submissionCount: submissions.get(event.id) ?? 0,
  };
}

export type ReviewerRow = MembershipRow & { user: PersonRow | null };

/** Every reviewer membership of an event (active, pending invitations, declined), oldest first. */
export async function listReviewerMemberships(db: Db, eventId: number): Promise<ReviewerRow[]> {
  const rows = await db
    .select({ membership: eventMemberships, user: person })
    .from(eventMemberships)
    .leftJoin(users, eq(users.id, eventMemberships.userId))
    .where(and(eq(eventMemberships.eventId, eventId), eq(eventMemberships.role, 'reviewer')))
    .orderBy(asc(eventMemberships.createdAt), asc(eventMemberships.id));
  return rows.map((row) => ({ ...row.membership, user: row.user }));
}

/** One reviewer membership with its user (for the answers of add_reviewer and invite_reviewer). */
export async function findReviewerMembership(db: Db, membershipId: number): Promise<ReviewerRow | undefined> {
  const [row] = await db
    .select({ membership: eventMemberships, user: person })
    .from(eventMemberships)
    .leftJoin(users, eq(users.id, eventMemberships.userId))
    .where(eq(eventMemberships.id, membershipId));
  return row ? { ...row.membership, user: row.user } : undefined;
}

/** The event-wide membership of a user in a role (track memberships excluded). */
export async function findMembership(
  db: Db,
  eventId: number,
  userId: number,
  role: MembershipRow['role'],
): Promise<MembershipRow | undefined> {
  const [row] = await db
    .select()
    .from(eventMemberships)
    .where(
      and(
        eq(eventMemberships.eventId, eventId),
        eq(eventMemberships.userId, userId),
        eq(eventMemberships.role, role),
        isNull(eventMemberships.trackId),
      ),
    );
  return row;
}

/**
 * The condition of an event-wide invitation in a role addressed to an e-mail without an account (any letter case):
 * the membership that stands for that person until their account exists.
 */
export const emailInvitationOf = (eventId: number, role: MembershipRow['role'], email: string) =>
  and(
    eq(eventMemberships.eventId, eventId),
    eq(eventMemberships.role, role),
    isNull(eventMemberships.trackId),
    isNull(eventMemberships.userId),
    sql`lower(${eventMemberships.email}) = lower(${email})`,
  );

/** The tracks of an event with their chairs: two queries. */
export async function listTracksWithChairs(
  db: Db,
  eventId: number,
): Promise<{ tracks: TrackRow[]; chairs: (PersonRow & { trackId: number | null })[] }> {
  const [trackRows, chairs] = await Promise.all([
    db.select().from(tracks).where(eq(tracks.eventId, eventId)).orderBy(asc(tracks.createdAt), asc(tracks.id)),
    db
      .select({ ...person, trackId: eventMemberships.trackId })
      .from(eventMemberships)
      .innerJoin(users, eq(users.id, eventMemberships.userId))
      .where(
        and(
          eq(eventMemberships.eventId, eventId),
          eq(eventMemberships.role, 'chair'),
          eq(eventMemberships.status, 'active'),
          sql`${eventMemberships.trackId} is not null`,
        ),
      )
      .orderBy(asc(eventMemberships.createdAt), asc(eventMemberships.id)),
  ]);
  return { tracks: trackRows, chairs };
}

/** A track of an event by its public id (or numeric id). */
export async function findTrack(db: Db, eventId: number, value: string): Promise<TrackRow | undefined> {
  const parsed = parseIdParam(value);
  if (!parsed) return undefined;
  const [row] = await db
    .select()
    .from(tracks)
    .where(and(eq(tracks.id, parsed.id), eq(tracks.eventId, eventId)));
  if (!row || (parsed.publicId && row.publicId !== parsed.publicId)) return undefined;
  return row;
}

/** The active event admins and chairs of an event with an address to write to (declined-invitation mails). */
export async function findOrganizers(db: Db, eventId: number): Promise<(PersonRow & { locale: string })[]> {
  const rows = await db
    .selectDistinctOn([users.id], { ...person, locale: users.locale })
    .from(eventMemberships)
    .innerJoin(users, eq(users.id, eventMemberships.userId))
    .where(
      and(
        eq(eventMemberships.eventId, eventId),
        eq(eventMemberships.status, 'active'),
        inArray(eventMemberships.role, ['event_admin', 'chair']),
        isNull(eventMemberships.trackId),
      ),
    )
    .orderBy(users.id);
  return rows;
}
