import { type ReviewInput, type ReviewMessageKey, type ReviewVisibility, reviewMessage } from '@confero/contracts';
import type { Db } from '../../db/client.ts';
import { authorize } from '../../lib/authorize.ts';
import type { Actor } from '../../plugins/auth.ts';
import { isCommittee, leadsSubmission } from '../submissions/submissions.policy.ts';
import { findMyReviews, type MyReviewRow } from './commands/my-reviews.ts';
import { type ReviewContext, reviewAccessOf } from './review-access.ts';
import { saveReview } from './review-state.ts';
import { assignedReviewPolicies, authorsReadReviews, reviewPolicies, reviewViewer } from './reviews.policy.ts';
import type { ReviewRow } from './reviews.queries.ts';

/*
 * The use cases of reviews, over a `ReviewContext` the route loaded once (`review-access.ts`): the reviewer's save
 * (draft or submit), and what a submission's reviews page shows to its viewer. Identity checks are the policy's
 * (`reviews.policy.ts`); the state rules and the write are `saveReview` (`review-state.ts`).
 */

/**
 * The review `POST /api/reviews/` saves: the caller's own assignment on the submission ('review.saveOwn', 403 with
 * the reason otherwise).
 */
export function ownReviewToSave(context: ReviewContext): ReviewRow {
  const { own } = context;
  authorize(assignedReviewPolicies['review.saveOwn']({ submission: context.access, isAssigned: own !== undefined }));
  if (!own) throw new Error('an allowed save has its assignment');
  return own;
}

/**
 * Saves a review of the context as a draft or submits it, once 'review.write' allows the caller (403 with the reason
 * otherwise): `saveReview` checks the deadline, the transition, the version and the submit rules and writes in one
 * transaction with its audit entry. Returns the context as the save left it, the saved row in place of the one read.
 */
export async function saveReviewOf(
  db: Db,
  context: ReviewContext,
  review: ReviewRow,
  input: ReviewInput,
): Promise<{ context: ReviewContext; saved: ReviewRow }> {
  authorize(reviewPolicies['review.write'](reviewAccessOf(context, review), review.status));
  const saved = await saveReview(db, { actor: context.actor, review, event: context.submission.event, input });
  const reviews = context.reviews.map((row) => (row.review.id === saved.id ? { ...row, review: saved } : row));
  const own = context.own?.id === saved.id ? saved : context.own;
  return { context: { ...context, reviews, own }, saved };
}

/** What a submission's reviews page shows its viewer, besides the reviews each presented for them. */
export type ReviewsListing = {
  visibility: ReviewVisibility;
  notice: { code: ReviewMessageKey; message: string } | null;
  /** The committee's figures over every review of the submission; undefined for everyone else. */
  committee?: { averageOverallScore: number | null; assignedCount: number; completedCount: number };
};

/**
 * Who the viewer is on a submission's reviews page, and why they read what they read: the committee (and the paper's
 * area chair, who reads as it does) sees every review with the average of the submitted scores; an author is told
 * why they read nothing (the event never shares
 * reviews, no decision yet and no response phase open, or none was completed — `authorsReadReviews`); an assigned reviewer who has not submitted is told that the
 * others' submitted reviews wait for theirs (when the event says so).
 */
export function listingFor(context: ReviewContext): ReviewsListing {
  const { access, submission, own, actor } = context;
  const settings = submission.event.reviewSettings;
  const committee = isCommittee(access) || leadsSubmission(access);
  const completed = context.reviews.filter((row) => row.review.status === 'completed');
  const visibility: ReviewVisibility = committee
    ? 'committee'
    : access.isAuthor
      ? 'author'
      : own && !access.isConflicted
        ? 'reviewer'
        : 'none';
  let key: ReviewMessageKey | null = null;
  const readsAny = context.reviews.some(
    (row) => reviewViewer(reviewAccessOf(context, row.review), row.review.status) !== 'none',
  );
  if (visibility === 'author' && !readsAny) {
    key = authorsReadReviews(reviewAccessOf(context, { reviewerId: -1 }))
      ? 'reviews.noneCompleted'
      : settings.authors_see_reviews === 'never'
        ? 'reviews.hiddenFromAuthors'
        : 'reviews.hiddenUntilDecision';
  } else if (
    visibility === 'reviewer' &&
    own?.status !== 'completed' &&
    settings.reviewers_see_other_reviews === 'after_submit' &&
    completed.some((row) => row.review.reviewerId !== actor.id)
  ) {
    key = 'reviews.hiddenUntilOwnSubmitted';
  }
  const scores = completed.flatMap((row) => (row.review.overallScore === null ? [] : [row.review.overallScore]));
  return {
    visibility,
    notice: key ? { code: key, message: reviewMessage(key) } : null,
    ...(committee
      ? {
          committee: {
            averageOverallScore:
              scores.length > 0 ? Math.round((scores.reduce((a, b) => a + b, 0) / scores.length) * 100) / 100 : null,
            assignedCount: context.reviews.length,
            completedCount: completed.length,
          },
        }
      : {}),
  };
}

/** The caller's reviews with their submission, event and abilities, newest assignment first: one query. */
export function myReviews(db: Db, actor: Actor): Promise<MyReviewRow[]> {
  return findMyReviews(db, actor.id);
}
