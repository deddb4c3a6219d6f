import { ORGANIZER_ROLES } from '@confero/contracts';
import { and, asc, count, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { eventMemberships, reviews, submissions, users } from '../../db/schema/index.ts';
import type { MembershipRow, PersonRow } from '../events/events.queries.ts';

/** What a reviewer holds in one event: every assignment (`load`), the completed ones and the unfinished ones. */
export type ReviewCounts = { load: number; completed: number; unfinished: number };

export const NO_REVIEWS: ReviewCounts = { load: 0, completed: 0, unfinished: 0 };

/**
 * The review counts of the event's reviewers (or of the users given), by user id: ONE grouped query whatever their
 * number. Users without any review are absent (`NO_REVIEWS`).
 */
export async function reviewCountsByReviewer(
  db: Db,
  eventId: number,
  userIds?: number[],
): Promise<Map<number, ReviewCounts>> {
  if (userIds && userIds.length === 0) return new Map();
  const rows = await db
    .select({
      reviewerId: reviews.reviewerId,
      load: count(),
      completed: sql<number>`count(*) filter (where ${reviews.status} = 'completed')`,
    })
    .from(reviews)
    .innerJoin(submissions, eq(submissions.id, reviews.submissionId))
    .where(and(eq(submissions.eventId, eventId), userIds ? inArray(reviews.reviewerId, userIds) : undefined))
    .groupBy(reviews.reviewerId);
  return new Map(
    rows.map((row) => {
      const load = Number(row.load);
      const completed = Number(row.completed);
      return [row.reviewerId, { load, completed, unfinished: load - completed }];
    }),
  );
}

/** The unfinished reviews (assigned or draft) of one reviewer in an event, with their papers' titles. */
export async function findUnfinishedReviews(db: Db, eventId: number, reviewerId: number) {
  return db
    .select({ id: reviews.id, status: reviews.status, submissionId: submissions.id, title: submissions.title })
    .from(reviews)
    .innerJoin(submissions, eq(submissions.id, reviews.submissionId))
    .where(and(eq(submissions.eventId, eventId), eq(reviews.reviewerId, reviewerId), ne(reviews.status, 'completed')));
}

/** A person a bulk line names, as the event knows them: their account (if any) and their reviewer membership. */
export type KnownPerson = {
  email: string;
  user: { id: number; email: string; emailVerified: boolean; affiliation: string; name: string } | null;
  membership: { id: number; status: string; respondedAt: Date | null; userId: number | null } | null;
};

/**
 * The accounts using some addresses (any letter case) and the event's reviewer memberships of those accounts or
 * addresses: two queries whatever the number of addresses. Keyed by the lower-cased address.
 */
export async function findKnownPersons(db: Db, eventId: number, emails: string[]): Promise<Map<string, KnownPerson>> {
  const known = new Map<string, KnownPerson>();
  if (emails.length === 0) return known;
  const lowered = [...new Set(emails.map((email) => email.toLowerCase()))];
  const accounts = await db
    .select({
      id: users.id,
      email: users.email,
      emailVerified: users.emailVerified,
      affiliation: users.affiliation,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, lowered));
  const accountIds = accounts.map((account) => account.id);
  const memberships = await db
    .select({
      id: eventMemberships.id,
      userId: eventMemberships.userId,
      email: eventMemberships.email,
      status: eventMemberships.status,
      respondedAt: eventMemberships.respondedAt,
    })
    .from(eventMemberships)
    .where(
      and(
        eq(eventMemberships.eventId, eventId),
        eq(eventMemberships.role, 'reviewer'),
        sql`(${accountIds.length ? inArray(eventMemberships.userId, accountIds) : sql`false`} or (${eventMemberships.userId} is null and lower(${eventMemberships.email}) in ${lowered}))`,
      ),
    );
  for (const email of lowered) {
    const account = accounts.find((row) => row.email.toLowerCase() === email);
    const membership = memberships.find((row) =>
      account?.emailVerified ? row.userId === account.id : row.userId === null && row.email?.toLowerCase() === email,
    );
    known.set(email, {
      email,
      user: account
        ? {
            id: account.id,
            email: account.email,
            emailVerified: account.emailVerified,
            affiliation: account.affiliation,
            name: `${account.firstName} ${account.lastName}`.trim(),
          }
        : null,
      membership: membership ?? null,
    });
  }
  return known;
}

export type OrganizerInvitationRow = MembershipRow & { user: PersonRow | null };

/**
 * The event's chair and event-admin memberships that are not active: invitations pending, accepted while waiting for
 * an account, or declined; oldest first, in one query (or the one membership given).
 */
export async function listOrganizerInvitations(
  db: Db,
  eventId: number,
  membershipId?: number,
): Promise<OrganizerInvitationRow[]> {
  const rows = await db
    .select({
      membership: eventMemberships,
      user: {
        id: users.id,
        publicId: users.publicId,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
      },
    })
    .from(eventMemberships)
    .leftJoin(users, eq(users.id, eventMemberships.userId))
    .where(
      and(
        eq(eventMemberships.eventId, eventId),
        inArray(eventMemberships.role, [...ORGANIZER_ROLES]),
        isNull(eventMemberships.trackId),
        ne(eventMemberships.status, 'active'),
        membershipId === undefined ? undefined : eq(eventMemberships.id, membershipId),
      ),
    )
    .orderBy(asc(eventMemberships.createdAt), asc(eventMemberships.id));
  return rows.map((row) => ({ ...row.membership, user: row.user }));
}
