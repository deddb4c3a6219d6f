import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { eventMemberships, reviews, submissionFiles, submissions, users } from '../../db/schema/index.ts';
import { parseIdParam } from '../../lib/ids.ts';
import { queryRows } from '../../lib/sql.ts';
import { authorshipPairs } from '../submissions/authorship-sql.ts';

export type ReviewRow = typeof reviews.$inferSelect;

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

/**
 * The active reviewers of an event (optionally some users), once each, ordered by id; with `role` 'area_chair',
 * its active area chairs in the same shape (the automatic assignment of area chairs).
 */
export async function findEventReviewers(
  db: Db,
  eventId: number,
  userIds?: number[],
  role: 'reviewer' | 'area_chair' = 'reviewer',
): Promise<EventReviewer[]> {
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
        eq(eventMemberships.role, role),
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

/** A user of the API by public id (exact) or numeric id. */
export async function findUserByIdParam(db: Db, value: string | number) {
  const parsed = parseIdParam(String(value).trim());
  if (!parsed) return undefined;
  const [row] = await db.select().from(users).where(eq(users.id, parsed.id));
  if (!row || (parsed.publicId && row.publicId !== parsed.publicId)) return undefined;
  return row;
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
