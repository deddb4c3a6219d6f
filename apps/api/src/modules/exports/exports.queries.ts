import { and, asc, eq, gt, inArray, notInArray, type SQL, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import {
  bids,
  conflicts,
  eventMemberships,
  reviews,
  submissionAuthors,
  submissions,
  tracks,
  users,
} from '../../db/schema/index.ts';

/*
 * The reads of the exports: each kind is read a page at a time in the order of a key (keyset pagination: the next
 * page starts after the last key read), so a page costs one indexed query plus a fixed number of grouped ones, and
 * nothing holds more than a page. Every read is scoped to the event the route loaded and authorized.
 */

/** Leaves out the rows of the given submissions (none when the set is empty). */
function outside(column: typeof submissions.id, hidden: ReadonlySet<number>): SQL | undefined {
  return hidden.size > 0 ? notInArray(column, [...hidden]) : undefined;
}

const fullName = (first: string, last: string) => `${first} ${last}`.trim();

/** The paper and the account a review, bid or conflict row is about (its query joins `submissions` and `users`). */
const paperAndPerson = {
  submissionPublicId: submissions.publicId,
  title: submissions.title,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
};

/** One page of an event's submissions after `afterId`, with their track, authors and review counts. */
export async function pageSubmissions(db: Db, eventId: number, afterId: number, limit: number) {
  const rows = await db
    .select({
      id: submissions.id,
      publicId: submissions.publicId,
      title: submissions.title,
      track: tracks.name,
      status: submissions.status,
      decision: submissions.decision,
      keywords: submissions.keywords,
      createdAt: submissions.createdAt,
      decidedAt: submissions.decidedAt,
    })
    .from(submissions)
    .leftJoin(tracks, eq(tracks.id, submissions.trackId))
    .where(and(eq(submissions.eventId, eventId), gt(submissions.id, afterId)))
    .orderBy(asc(submissions.id))
    .limit(limit);
  const ids = rows.map((row) => row.id);
  if (ids.length === 0) return [];
  const [authors, counts] = await Promise.all([
    db
      .select({
        submissionId: submissionAuthors.submissionId,
        firstName: submissionAuthors.firstName,
        lastName: submissionAuthors.lastName,
        email: submissionAuthors.email,
        affiliation: submissionAuthors.affiliation,
        country: submissionAuthors.country,
        isCorresponding: submissionAuthors.isCorresponding,
      })
      .from(submissionAuthors)
      .where(inArray(submissionAuthors.submissionId, ids))
      .orderBy(asc(submissionAuthors.submissionId), asc(submissionAuthors.position)),
    db
      .select({
        submissionId: reviews.submissionId,
        assigned: sql<number>`count(*)::int`,
        completed: sql<number>`(count(*) filter (where ${reviews.status} = 'completed'))::int`,
        average: sql<
          string | null
        >`round(avg(${reviews.overallScore}) filter (where ${reviews.status} = 'completed'), 2)::text`,
      })
      .from(reviews)
      .where(inArray(reviews.submissionId, ids))
      .groupBy(reviews.submissionId),
  ]);
  const authorsOf = new Map<number, typeof authors>();
  for (const author of authors)
    authorsOf.set(author.submissionId, [...(authorsOf.get(author.submissionId) ?? []), author]);
  const countsOf = new Map(counts.map((row) => [row.submissionId, row]));
  return rows.map((row) => ({
    ...row,
    authors: (authorsOf.get(row.id) ?? []).map((author) => ({
      ...author,
      name: fullName(author.firstName, author.lastName),
    })),
    reviews: countsOf.get(row.id) ?? { assigned: 0, completed: 0, average: null },
  }));
}
export type SubmissionExportRow = Awaited<ReturnType<typeof pageSubmissions>>[number];

/** Where the reviews export stands: the last (submission, ordinal) pair read. */
export type ReviewCursor = { submissionId: number; ordinal: number };

/**
 * One page of an event's reviews after `after`, a paper's reviews together in their ordinal order (the order
 * "Reviewer 1…n" numbers them in), leaving out the submissions in `hidden`.
 */
export async function pageReviews(
  db: Db,
  eventId: number,
  hidden: ReadonlySet<number>,
  after: ReviewCursor,
  limit: number,
) {
  return db
    .select({
      submissionId: reviews.submissionId,
      ordinal: reviews.ordinal,
      ...paperAndPerson,
      publicId: reviews.publicId,
      status: reviews.status,
      overallScore: reviews.overallScore,
      recommendation: reviews.recommendation,
      confidence: reviews.confidence,
      structuredReview: reviews.structuredReview,
      commentsToAuthor: reviews.commentsToAuthor,
      commentsToChair: reviews.commentsToChair,
      confidentialRemarks: reviews.confidentialRemarks,
      formVersion: reviews.formVersion,
      answers: reviews.answers,
      assignedAt: reviews.assignedAt,
      completedAt: reviews.completedAt,
    })
    .from(reviews)
    .innerJoin(submissions, eq(submissions.id, reviews.submissionId))
    .innerJoin(users, eq(users.id, reviews.reviewerId))
    .where(
      and(
        eq(submissions.eventId, eventId),
        sql`(${reviews.submissionId}, ${reviews.ordinal}) > (${after.submissionId}, ${after.ordinal})`,
        outside(submissions.id, hidden),
      ),
    )
    .orderBy(asc(reviews.submissionId), asc(reviews.ordinal))
    .limit(limit);
}
export type ReviewExportRow = Awaited<ReturnType<typeof pageReviews>>[number];

/** One page of an event's reviewer memberships (invitations included) after `afterId`, with their loads and bids. */
export async function pageReviewers(db: Db, eventId: number, afterId: number, limit: number) {
  const rows = await db
    .select({
      id: eventMemberships.id,
      userId: eventMemberships.userId,
      publicId: users.publicId,
      firstName: sql<string>`coalesce(${users.firstName}, ${eventMemberships.inviteFirstName})`,
      lastName: sql<string>`coalesce(${users.lastName}, ${eventMemberships.inviteLastName})`,
      email: sql<string>`coalesce(${users.email}, ${eventMemberships.email}, '')`,
      affiliation: users.affiliation,
      track: tracks.name,
      status: eventMemberships.status,
      maxPapers: eventMemberships.maxPapers,
      expertise: eventMemberships.expertise,
    })
    .from(eventMemberships)
    .leftJoin(users, eq(users.id, eventMemberships.userId))
    .leftJoin(tracks, eq(tracks.id, eventMemberships.trackId))
    .where(
      and(
        eq(eventMemberships.eventId, eventId),
        eq(eventMemberships.role, 'reviewer'),
        gt(eventMemberships.id, afterId),
      ),
    )
    .orderBy(asc(eventMemberships.id))
    .limit(limit);
  const userIds = [...new Set(rows.flatMap((row) => (row.userId === null ? [] : [row.userId])))];
  if (userIds.length === 0) return rows.map((row) => ({ ...row, load: undefined, bids: 0 }));
  const [loads, bidCounts] = await Promise.all([
    db
      .select({
        userId: reviews.reviewerId,
        assigned: sql<number>`count(*)::int`,
        inProgress: sql<number>`(count(*) filter (where ${reviews.status} = 'in_progress'))::int`,
        completed: sql<number>`(count(*) filter (where ${reviews.status} = 'completed'))::int`,
      })
      .from(reviews)
      .innerJoin(submissions, eq(submissions.id, reviews.submissionId))
      .where(and(eq(submissions.eventId, eventId), inArray(reviews.reviewerId, userIds)))
      .groupBy(reviews.reviewerId),
    db
      .select({ userId: bids.userId, count: sql<number>`count(*)::int` })
      .from(bids)
      .innerJoin(submissions, eq(submissions.id, bids.submissionId))
      .where(and(eq(submissions.eventId, eventId), inArray(bids.userId, userIds)))
      .groupBy(bids.userId),
  ]);
  const loadOf = new Map(loads.map((row) => [row.userId, row]));
  const bidsOf = new Map(bidCounts.map((row) => [row.userId, row.count]));
  return rows.map((row) => ({
    ...row,
    load: row.userId === null ? undefined : loadOf.get(row.userId),
    bids: row.userId === null ? 0 : (bidsOf.get(row.userId) ?? 0),
  }));
}
export type ReviewerExportRow = Awaited<ReturnType<typeof pageReviewers>>[number];

/**
 * One page of the rows of `table` (bids or conflicts: each about a paper and a person) on an event's submissions
 * after `afterId`, with `fields` beside the paper and the person, leaving out the submissions in `hidden`.
 */
function pagePaperAndPerson<Fields extends SelectedFields>(
  db: Db,
  table: typeof bids | typeof conflicts,
  fields: Fields,
  scope: { eventId: number; hidden: ReadonlySet<number>; afterId: number; limit: number },
) {
  return db
    .select({ id: table.id, ...paperAndPerson, ...fields })
    .from(table)
    .innerJoin(submissions, eq(submissions.id, table.submissionId))
    .innerJoin(users, eq(users.id, table.userId))
    .where(
      and(eq(submissions.eventId, scope.eventId), gt(table.id, scope.afterId), outside(submissions.id, scope.hidden)),
    )
    .orderBy(asc(table.id))
    .limit(scope.limit);
}

/** One page of the bids on an event's submissions after `afterId`, leaving out the submissions in `hidden`. */
export async function pageBids(db: Db, eventId: number, hidden: ReadonlySet<number>, afterId: number, limit: number) {
  const fields = { value: bids.value, updatedAt: bids.updatedAt };
  return pagePaperAndPerson(db, bids, fields, { eventId, hidden, afterId, limit });
}
export type BidExportRow = Awaited<ReturnType<typeof pageBids>>[number];

/** One page of the conflicts on an event's submissions after `afterId`, leaving out the submissions in `hidden`. */
export async function pageConflicts(
  db: Db,
  eventId: number,
  hidden: ReadonlySet<number>,
  afterId: number,
  limit: number,
) {
  const fields = {
    type: conflicts.type,
    source: conflicts.source,
    reason: conflicts.reason,
    createdAt: conflicts.createdAt,
  };
  return pagePaperAndPerson(db, conflicts, fields, { eventId, hidden, afterId, limit });
}
export type ConflictExportRow = Awaited<ReturnType<typeof pageConflicts>>[number];
