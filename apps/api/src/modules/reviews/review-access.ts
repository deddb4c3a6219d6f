import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { reviews, users } from '../../db/schema/index.ts';
import { parseIdParam } from '../../lib/ids.ts';
import type { Actor } from '../../plugins/auth.ts';
import { syncConflicts } from '../conflicts/conflicts.service.ts';
import { isPast } from '../events/event-dates.ts';
import type { EventRow } from '../events/events.queries.ts';
import { accessToSubmission, type LoadedSubmission } from '../submissions/submission-loader.ts';
import type { SubmissionBundle } from '../submissions/submissions.queries.ts';
import { findSubmissionById } from '../submissions/submissions.queries.ts';
import { reviewNotFound } from './review-errors.ts';
import { canOnReview, type ReviewAccess, reviewViewer } from './reviews.policy.ts';
import type { ReviewPresentation } from './reviews.presenter.ts';
import { findEventOf, findReviewsOfSubmission, type ReviewRow } from './reviews.queries.ts';

/**
 * Everything the review rules and DTOs need about one submission for one viewer: the submission and the viewer's
 * access to it (conflicts detected afresh first, so a chair who became conflicted reads nothing), its event, its
 * review rows, and the viewer's own assignment on it.
 */
export type ReviewContext = {
  loaded: LoadedSubmission;
  event: EventRow;
  reviews: ReviewRow[];
  own: ReviewRow | undefined;
  accessTo(review: ReviewRow): ReviewAccess;
};

export async function reviewContext(db: Db, actor: Actor, loaded: LoadedSubmission): Promise<ReviewContext> {
  const submission = loaded.submission;
  await syncConflicts(db, submission.eventId, { submissionIds: [submission.id], userIds: [actor.id] });
  const record = await findSubmissionById(db, submission.id);
  const fresh = record ? await accessToSubmission(db, actor, record) : loaded;
  const [event, rows] = await Promise.all([
    findEventOf(db, submission.eventId),
    findReviewsOfSubmission(db, submission.id),
  ]);
  const own = rows.find((row) => row.reviewerId === actor.id);
  const base = {
    submission: fresh.access,
    isActiveReviewer: fresh.access.event.isReviewer,
    ownStatus: own?.status ?? null,
    settings: event.reviewSettings,
    isDecided: fresh.submission.decision !== 'pending',
  };
  return {
    loaded: fresh,
    event,
    reviews: rows,
    own,
    accessTo: (review) => ({ ...base, isOwn: review.reviewerId === actor.id }),
  };
}

/** The presentation of a review of the context for its viewer, or undefined when the viewer may not read it. */
export function presentationFor(
  context: ReviewContext,
  review: ReviewRow,
  reviewer?: ReviewPresentation['reviewer'],
): ReviewPresentation | undefined {
  const access = context.accessTo(review);
  const viewer = reviewViewer(access, review.status);
  if (viewer === 'none') return undefined;
  const writable =
    canOnReview(access, 'review.write', review.status) && !isPast(context.event.reviewDeadline, context.event.timezone);
  return {
    viewer,
    submission: submissionRef(context.loaded.submission),
    event: eventRef(context.event),
    reviewer,
    abilities: { edit: writable, submit: writable },
  };
}

export const submissionRef = (submission: Pick<SubmissionBundle, 'id' | 'publicId' | 'title'>) => ({
  id: submission.id,
  publicId: submission.publicId,
  title: submission.title,
});

export const eventRef = (event: EventRow) => ({
  id: event.id,
  publicId: event.publicId,
  title: event.title,
  reviewDeadline: event.reviewDeadline,
  timezone: event.timezone,
});

/** A review by the route's id (public id, which must match exactly, or numeric id). No access check. */
export async function findReviewByIdParam(db: Db, value: string): Promise<ReviewRow | undefined> {
  const parsed = parseIdParam(value);
  if (!parsed) return undefined;
  const [row] = await db.select().from(reviews).where(eq(reviews.id, parsed.id));
  if (!row || (parsed.publicId && row.publicId !== parsed.publicId)) return undefined;
  return row;
}

/**
 * A review of the route as the viewer may read it, with its context: 404 when it does not exist AND when the viewer
 * may not read it (not its reviewer, nor the committee, nor — as the event allows — another reviewer or an author).
 */
export async function loadReview(
  db: Db,
  actor: Actor,
  idParam: string,
): Promise<{ review: ReviewRow; context: ReviewContext; presentation: ReviewPresentation }> {
  const review = await findReviewByIdParam(db, idParam);
  if (!review) throw reviewNotFound();
  const record = await findSubmissionById(db, review.submissionId);
  if (!record) throw reviewNotFound();
  const context = await reviewContext(db, actor, await accessToSubmission(db, actor, record));
  const current = context.reviews.find((row) => row.id === review.id);
  if (!current) throw reviewNotFound();
  const reviewer = await reviewerOf(db, current.reviewerId);
  const presentation = presentationFor(context, current, reviewer);
  if (!presentation) throw reviewNotFound();
  return { review: current, context, presentation };
}

/** The reviewer of a review, as the committee sees them. */
export async function reviewerOf(db: Db, userId: number) {
  const [row] = await db
    .select({
      publicId: users.publicId,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      affiliation: users.affiliation,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** The reviewers of several reviews, as the committee sees them: one query. */
export async function reviewersOf(db: Db, userIds: number[]) {
  const found = new Map<number, NonNullable<Awaited<ReturnType<typeof reviewerOf>>>>();
  if (userIds.length === 0) return found;
  const rows = await db
    .select({
      id: users.id,
      publicId: users.publicId,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      affiliation: users.affiliation,
    })
    .from(users)
    .where(inArray(users.id, userIds));
  for (const { id, ...row } of rows) found.set(id, row);
  return found;
}
