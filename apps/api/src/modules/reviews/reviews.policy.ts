import type { ReviewAudience, ReviewSettings, ReviewStatus } from '@confero/contracts';
import { allowIf, denied, hidden, policyTable } from '../../lib/authorize.ts';
import { isCommittee, type SubmissionAccess } from '../submissions/submissions.policy.ts';
import { reviewNotFound } from './review-errors.ts';

export { isCommittee };

/*
 * Reviewing rules as named predicates bound to actions. A conflict of interest (authorship included) takes every
 * right on the submission away: a conflicted reviewer is never assigned and never writes or reads its reviews; a
 * conflicted chair never manages its reviewers nor reads its reviews (`docs/domain.md#conflicted-people`).
 */

/**
 * What the rules read about a viewer and one review: their access to the submission, whether the review is theirs,
 * whether they hold an assignment on the same submission and have completed it, and what the event and the
 * submission's decision allow.
 */
export type ReviewAccess = {
  submission: SubmissionAccess;
  /** The review is the viewer's own (they are its reviewer). */
  isOwn: boolean;
  /** The viewer is still an active reviewer of the event. */
  isActiveReviewer: boolean;
  /** The viewer holds an assignment (a review row) on the same submission, and its status. */
  ownStatus: ReviewStatus | null;
  settings: Pick<ReviewSettings, 'reviewers_see_other_reviews' | 'authors_see_reviews'>;
  /** A decision other than pending has been made on the submission. */
  isDecided: boolean;
};

/** A viewer of a review, from the most to the least trusted; 'none' sees nothing. */
export type ReviewViewer = 'owner' | 'committee' | 'co_reviewer' | 'author' | 'none';

/**
 * Who the viewer is for this review in this state. The owner reads their own review in every state; the committee
 * reads every review (its text once completed); another assigned reviewer of the paper reads completed reviews as
 * the event allows (never / after submitting their own / always); authors read completed reviews once a decision
 * is made, when the event shares reviews with authors. Anyone with a conflict reads nothing but their own.
 */
export function reviewViewer(a: ReviewAccess, status: ReviewStatus): ReviewViewer {
  if (a.isOwn) return 'owner';
  if (isCommittee(a.submission)) return 'committee';
  if (a.submission.isAuthor) {
    return a.settings.authors_see_reviews === 'after_decision' && a.isDecided && status === 'completed'
      ? 'author'
      : 'none';
  }
  if (a.submission.isConflicted || !a.submission.event.isReviewer || a.ownStatus === null) return 'none';
  if (status !== 'completed') return 'none';
  const rule = a.settings.reviewers_see_other_reviews;
  if (rule === 'always') return 'co_reviewer';
  if (rule === 'after_submit' && a.ownStatus === 'completed') return 'co_reviewer';
  return 'none';
}

/** The audience level of a viewer (REVIEW_FIELD_AUDIENCE in contracts), or undefined when they read nothing. */
export function audienceOf(viewer: ReviewViewer): ReviewAudience | undefined {
  switch (viewer) {
    case 'owner':
    case 'committee':
      return 'committee';
    case 'co_reviewer':
      return 'reviewers';
    case 'author':
      return 'authors';
    default:
      return undefined;
  }
}

/** Whether the committee reads the text of a review in this state (drafts stay private to their reviewer). */
export const committeeReadsText = (status: ReviewStatus) => status === 'completed';

export const reviewPolicies = policyTable<ReviewAccess, ReviewStatus>()({
  'review.view': (a, status) => allowIf(reviewViewer(a, status) !== 'none', hidden(reviewNotFound)),
  /** Only the assigned reviewer, still a reviewer of the event and without a conflict, writes the review. */
  'review.write': (a) =>
    allowIf(a.isOwn && a.isActiveReviewer && !a.submission.isConflicted && !a.submission.isAuthor, denied()),
});
export type ReviewAction = keyof typeof reviewPolicies;

/** Whether the rule allows the action: the reviews routes and review-access read their decisions through this. */
export function canOnReview(access: ReviewAccess, action: ReviewAction, status: ReviewStatus): boolean {
  return reviewPolicies[action](access, status).allowed;
}
