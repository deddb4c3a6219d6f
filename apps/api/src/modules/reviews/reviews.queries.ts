import { and, asc, count, desc, eq, ilike, inArray, isNull, ne, not, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  bids,
  conflicts,
  eventMemberships,
  events,
  reviews,
  submissionAuthors,
  submissionFiles,
  submissions,
  tracks,
  users,
} from '../../db/schema/index.ts';
import { parseIdParam } from '../../lib/ids.ts';
import { queryRows } from '../../lib/sql.ts';
import { authorshipPairs, notAuthoredBy } from '../submissions/authorship-sql.ts';

export type ReviewRow = typeof reviews.$inferSelect;
export type BidRow = typeof bids.$inferSelect;

/**
 * Submissions that still take reviews (assignment and bidding work on these): no decision yet. A decided
 * submission (accepted, rejected, revision requested) is closed until a chair reopens its review.
 */
export const REVIEWABLE_STATUSES = ['submitted', 'under_review'] as const;

/**
 * THE rule of which submissions are open for review, in its two forms: `isOpenForReview` for a loaded row (the bid
 * endpoints refuse the others), `openForReviewSql` for the lists (bidding list, automatic assignment).
 */
export function isOpenForReview(submission: { status: string }): boolean {
  return (REVIEWABLE_STATUSES as readonly string[]).includes(submission.status);
}

/** `isOpenForReview` as a condition on the submissions table. */
export const openForReviewSql = (): SQL => inArray(submissions.status, [...REVIEWABLE_STATUSES]);

/** A reviewer of an event as assignment reads them: one row per user, whatever their memberships. */
export type EventReviewer = {
  userId: number;
  publicId: string;
  email: string;
  firstName: string;
  lastName: string;
  affiliation: string;
  locale: string;
  bio: string;
  /** The account's expertise and the expertise given when they were added to the event. */
  expertise: string;
  maxPapers: number;
};

/** The active reviewers of an event (optionally some users), once each, ordered by id. */
export async function findEventReviewers(db: Db, eventId: number, userIds?: number[]): Promise<EventReviewer[]> {
  if (userIds && userIds.length === 0) return [];
  const rows = await db
    .select({
      userId: users.id,
      publicId: users.publicId,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      affiliation: users.affiliation,
      locale: users.locale,
      bio: users.bio,
      userExpertise: users.expertise,
      membershipExpertise: eventMemberships.expertise,
      maxPapers: eventMemberships.maxPapers,
    })
    .from(eventMemberships)
    .innerJoin(users, eq(users.id, eventMemberships.userId))
    .where(
      and(
        eq(eventMemberships.eventId, eventId),
        eq(eventMemberships.role, 'reviewer'),
        eq(eventMemberships.status, 'active'),
        eq(users.accountStatus, 'active'),
        userIds ? inArray(users.id, userIds) : undefined,
      ),
    )
    .orderBy(asc(users.id));
  const byUser = new Map<number, EventReviewer>();
  for (const row of rows) {
    const found = byUser.get(row.userId);
    if (found) {
      found.maxPapers = Math.max(found.maxPapers, row.maxPapers);
      if (row.membershipExpertise && !found.expertise.includes(row.membershipExpertise)) {
        found.expertise = `${found.expertise}\n${row.membershipExpertise}`.trim();
      }
      continue;
    }
    byUser.set(row.userId, {
      userId: row.userId,
      publicId: row.publicId,
      email: row.email,
      firstName: row.firstName,
      lastName: row.lastName,
      affiliation: row.affiliation,
      locale: row.locale,
      bio: row.bio,
      expertise: [row.userExpertise, row.membershipExpertise].filter(Boolean).join('\n'),
      maxPapers: row.maxPapers,
    });
  }
  return [...byUser.values()];
}

/** How many papers of the event each reviewer is assigned: one grouped query. */
export async function reviewerLoads(db: Db, eventId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ reviewerId: reviews.reviewerId, value: count() })
    .from(reviews)
    .innerJoin(submissions, eq(submissions.id, reviews.submissionId))
    .where(eq(submissions.eventId, eventId))
    .groupBy(reviews.reviewerId);
  return new Map(rows.map((row) => [row.reviewerId, Number(row.value)]));
}

/** The review rows of one submission, in ordinal order. */
export async function findReviewsOfSubmission(db: Db, submissionId: number): Promise<ReviewRow[]> {
  return db.select().from(reviews).where(eq(reviews.submissionId, submissionId)).orderBy(asc(reviews.ordinal));
}

/** A reviewer as the committee sees them (the presenter shows it only to the audiences that read identities). */
export type ReviewerRef = { publicId: string; firstName: string; lastName: string; email: string; affiliation: string };

/** A review row with its reviewer. */
export type ReviewWithReviewer = { review: ReviewRow; reviewer: ReviewerRef };

/** The reviews of one submission with their reviewers, in ordinal order: one query, whatever their number. */
export async function findReviewsWithReviewers(db: Db, submissionId: number): Promise<ReviewWithReviewer[]> {
  return db
    .select({
      review: reviews,
      reviewer: {
        publicId: users.publicId,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        affiliation: users.affiliation,
      },
    })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.reviewerId))
    .where(eq(reviews.submissionId, submissionId))
    .orderBy(asc(reviews.ordinal));
}

/** A review by the route's id (public id, which must match exactly, or numeric id) and its submission. No access check. */
export async function findReviewRef(db: Db, value: string): Promise<{ id: number; submissionId: number } | undefined> {
  const parsed = parseIdParam(value);
  if (!parsed) return undefined;
  const [row] = await db
    .select({ id: reviews.id, publicId: reviews.publicId, submissionId: reviews.submissionId })
    .from(reviews)
    .where(eq(reviews.id, parsed.id));
  if (!row || (parsed.publicId && row.publicId !== parsed.publicId)) return undefined;
  return { id: row.id, submissionId: row.submissionId };
}

/** The review row of a (submission, reviewer) pair. */
export async function findReviewOfPair(
  db: Db,
  submissionId: number,
  reviewerId: number,
): Promise<ReviewRow | undefined> {
  const [row] = await db
    .select()
    .from(reviews)
    .where(and(eq(reviews.submissionId, submissionId), eq(reviews.reviewerId, reviewerId)));
  return row;
}

/** The bids on one submission by user. */
export async function findBidsOfSubmission(db: Db, submissionId: number): Promise<Map<number, BidRow>> {
  const rows = await db.select().from(bids).where(eq(bids.submissionId, submissionId));
  return new Map(rows.map((row) => [row.userId, row]));
}

/** The bid of one user on one submission. */
export async function findBid(db: Db, submissionId: number, userId: number): Promise<BidRow | undefined> {
  const [row] = await db
    .select()
    .from(bids)
    .where(and(eq(bids.submissionId, submissionId), eq(bids.userId, userId)));
  return row;
}

/** A user of the API by public id (exact) or numeric id. */
export async function findUserByIdParam(db: Db, value: string | number) {
  const parsed = parseIdParam(String(value).trim());
  if (!parsed) return undefined;
  const [row] = await db.select().from(users).where(eq(users.id, parsed.id));
  if (!row || (parsed.publicId && row.publicId !== parsed.publicId)) return undefined;
  return row;
}

/** The event row of a submission's event (review deadline, time zone, settings). */
export async function findEventOf(db: Db, eventId: number) {
  const [row] = await db.select().from(events).where(eq(events.id, eventId));
  if (!row) throw new Error(`event ${eventId} not found`);
  return row;
}

export type BiddingRow = {
  id: number;
  publicId: string;
  title: string;
  abstract: string;
  keywords: string[];
  trackPublicId: string | null;
  trackName: string | null;
  bid: BidRow['value'] | null;
  conflict: boolean;
};

/**
 * SECURITY-CRITICAL: the bidding list of a reviewer — the event's reviewable submissions they did not author, with
 * their own bid and whether they are conflicted. Authors are loaded separately, and only when the event shows them.
 * A submission the reviewer has any conflict of interest with (detected or declared) counts as 'conflict' — in the
 * summary and the `bid` filter — whatever bid is stored: the row shows it so.
 */
export async function pageBiddingList(
  db: Db,
  options: {
    eventId: number;
    userId: number;
    page: number;
    pageSize: number;
    bid?: BidRow['value'] | 'none';
    search?: string;
  },
): Promise<{ rows: BiddingRow[]; count: number; summary: Record<string, number> }> {
  const { eventId, userId } = options;
  const base = and(eq(submissions.eventId, eventId), openForReviewSql(), notAuthoredBy(userId)) as SQL;
  const conflicted = sql<boolean>`exists (select 1 from ${conflicts} c where c.submission_id = ${submissions.id}
    and c.user_id = ${userId})`;
  // The bid as the row shows it: 'conflict' for a conflicted pair, else the stored value (null: none).
  const shownBid = sql<string | null>`case when ${conflicted} then 'conflict' else ${bids.value}::text end`;
  const byBid =
    options.bid === 'none'
      ? and(isNull(bids.value), not(conflicted))
      : options.bid === 'conflict'
        ? or(conflicted, eq(bids.value, 'conflict'))
        : options.bid
          ? and(eq(bids.value, options.bid), not(conflicted))
          : undefined;
  const search = options.search?.trim();
  const where = and(
    base,
    byBid,
    search ? ilike(submissions.title, `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`) : undefined,
  );
  const bidJoin = and(eq(bids.submissionId, submissions.id), eq(bids.userId, userId));
  const [rows, [total], summaryRows] = await Promise.all([
    db
      .select({
        id: submissions.id,
        publicId: submissions.publicId,
        title: submissions.title,
        abstract: submissions.abstract,
        keywords: submissions.keywords,
        trackPublicId: tracks.publicId,
        trackName: tracks.name,
        bid: bids.value,
        conflict: conflicted,
      })
      .from(submissions)
      .leftJoin(tracks, eq(tracks.id, submissions.trackId))
      .leftJoin(bids, bidJoin)
      .where(where)
      .orderBy(asc(submissions.id))
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize),
    db.select({ value: count() }).from(submissions).leftJoin(bids, bidJoin).where(where),
    // Grouped by position: the expression carries the user id as a parameter, which PostgreSQL would not match.
    db
      .select({ value: shownBid, total: count() })
      .from(submissions)
      .leftJoin(bids, bidJoin)
      .where(base)
      .groupBy(sql`1`),
  ]);
  const summary: Record<string, number> = {};
  for (const row of summaryRows) summary[row.value ?? 'none'] = Number(row.total);
  return {
    rows: rows.map((row) => ({ ...row, conflict: Boolean(row.conflict) })),
    count: Number(total?.value ?? 0),
    summary,
  };
}

/** Authors' names and affiliations of some submissions, in order: one query. */
export async function findAuthorNames(
  db: Db,
  submissionIds: number[],
): Promise<Map<number, { full_name: string; affiliation: string }[]>> {
  const found = new Map<number, { full_name: string; affiliation: string }[]>();
  if (submissionIds.length === 0) return found;
  const rows = await db
    .select({
      submissionId: submissionAuthors.submissionId,
      firstName: submissionAuthors.firstName,
      lastName: submissionAuthors.lastName,
      affiliation: submissionAuthors.affiliation,
    })
    .from(submissionAuthors)
    .where(inArray(submissionAuthors.submissionId, submissionIds))
    .orderBy(asc(submissionAuthors.submissionId), asc(submissionAuthors.position));
  for (const row of rows) {
    const list = found.get(row.submissionId) ?? [];
    list.push({ full_name: `${row.firstName} ${row.lastName}`.trim(), affiliation: row.affiliation });
    found.set(row.submissionId, list);
  }
  return found;
}

/** The papers texts for affinity: title, abstract, keywords and (optionally) the current paper's extracted text. */
export async function findPaperTexts(
  db: Db,
  submissionIds: number[],
  options: { fullText: boolean },
): Promise<Map<number, { title: string; abstract: string; keywords: string[]; fullText?: string }>> {
  const found = new Map<number, { title: string; abstract: string; keywords: string[]; fullText?: string }>();
  if (submissionIds.length === 0) return found;
  const ids = [...new Set(submissionIds)];
  const rows = await db
    .select({
      id: submissions.id,
      title: submissions.title,
      abstract: submissions.abstract,
      keywords: submissions.keywords,
    })
    .from(submissions)
    .where(inArray(submissions.id, ids));
  for (const row of rows) found.set(row.id, { title: row.title, abstract: row.abstract, keywords: row.keywords });
  if (options.fullText) {
    const texts = await db
      .selectDistinctOn([submissionFiles.submissionId], {
        submissionId: submissionFiles.submissionId,
        text: submissionFiles.text,
      })
      .from(submissionFiles)
      .where(and(inArray(submissionFiles.submissionId, ids), eq(submissionFiles.kind, 'paper')))
      .orderBy(asc(submissionFiles.submissionId), desc(submissionFiles.version));
    for (const row of texts) {
      const paper = found.get(row.submissionId);
      if (paper && row.text) paper.fullText = row.text;
    }
  }
  return found;
}

/** Every submission each user authored (any event): user id → submission ids. One query. */
export async function findAuthoredSubmissionIds(db: Db, userIds: number[]): Promise<Map<number, number[]>> {
  const found = new Map<number, number[]>();
  if (userIds.length === 0) return found;
  const rows = await queryRows<{ user_id: number; submission_id: number }>(db, authorshipPairs(userIds));
  for (const row of rows) {
    const userId = Number(row.user_id);
    found.set(userId, [...(found.get(userId) ?? []), Number(row.submission_id)]);
  }
  return found;
}

/** The submissions of an event that take reviews, oldest first. */
export async function findReviewableSubmissions(db: Db, eventId: number) {
  return db
    .select({ id: submissions.id, publicId: submissions.publicId, title: submissions.title })
    .from(submissions)
    .where(and(eq(submissions.eventId, eventId), openForReviewSql()))
    .orderBy(asc(submissions.id));
}

/** Every assignment of an event, with the submission's id: for fingerprints and the automatic assignment. */
export async function findEventAssignments(db: Db, eventId: number) {
  return db
    .select({
      id: reviews.id,
      submissionId: reviews.submissionId,
      reviewerId: reviews.reviewerId,
      status: reviews.status,
      source: reviews.source,
    })
    .from(reviews)
    .innerJoin(submissions, eq(submissions.id, reviews.submissionId))
    .where(eq(submissions.eventId, eventId))
    .orderBy(asc(reviews.submissionId), asc(reviews.reviewerId));
}

/** Every conflict of an event's submissions (pairs), for fingerprints and the automatic assignment. */
export async function findEventConflictPairs(db: Db, eventId: number) {
  return db
    .select({ submissionId: conflicts.submissionId, userId: conflicts.userId })
    .from(conflicts)
    .innerJoin(submissions, eq(submissions.id, conflicts.submissionId))
    .where(eq(submissions.eventId, eventId))
    .orderBy(asc(conflicts.submissionId), asc(conflicts.userId));
}

/** Every bid on an event's submissions. */
export async function findEventBids(db: Db, eventId: number) {
  return db
    .select({ submissionId: bids.submissionId, userId: bids.userId, value: bids.value })
    .from(bids)
    .innerJoin(submissions, eq(submissions.id, bids.submissionId))
    .where(and(eq(submissions.eventId, eventId), ne(bids.value, 'conflict')));
}
