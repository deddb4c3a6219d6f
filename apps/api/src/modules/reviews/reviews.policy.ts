import type { ReviewAudience, ReviewSettings, ReviewStatus } from '@confero/contracts';
import { allowed, allowIf, type Decision, denied, hidden, policyTable } from '../../lib/authorize.ts';
import { messageError } from '../../lib/errors.ts';
import { isCommittee, leadsSubmission, type SubmissionAccess } from '../submissions/submissions.policy.ts';
import { reviewError, reviewNotFound } from './review-errors.ts';

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
  /**
   * The event's author response phase is on and its window open now (review-phases.ts `presentResponsePhase`);
   * absent counts as closed.
   */
  responsePhaseOpen?: boolean;
  /** The event lets its reviewers ask the review assistant (`docs/domain.md#review-assistant`); absent counts as off. */
  assistantEnabled?: boolean;
};

/**
 * THE rule of when a paper's authors read its completed reviews (as `authors` read them: the questions the form opens
 * to authors, never an identity): once a decision is made, when the event shares reviews with authors; and, whatever
 * the decision, while the event's author response phase is open — authors answer the reviews they read
 * (`docs/domain.md#author-response`), so the phase the chair turns on releases them for the window.
 */
export const authorsReadReviews = (a: Pick<ReviewAccess, 'settings' | 'isDecided' | 'responsePhaseOpen'>) =>
  a.responsePhaseOpen === true || authorsReadDecidedReviews(a);

/**
 * The part of `authorsReadReviews` that a decision opens: the event shares reviews with authors and the paper is
 * decided. The meta-review reaches authors by this part alone (`docs/domain.md#meta-review`): it explains a decision.
 */
export const authorsReadDecidedReviews = (a: {
  settings: Pick<ReviewSettings, 'authors_see_reviews'>;
  isDecided: boolean;
}) => a.settings.authors_see_reviews === 'after_decision' && a.isDecided;

/** The paper's committee or its area chair, without a conflict: who leads the reviewing of the paper. */
const leadsReviewing = (a: ReviewAccess) => isCommittee(a.submission) || leadsSubmission(a.submission);

/** A viewer of a review, from the most to the least trusted; 'none' sees nothing. */
export type ReviewViewer = 'owner' | 'committee' | 'co_reviewer' | 'author' | 'none';

/**
 * Who the viewer is for this review in this state. The owner reads their own review in every state; the committee
 * and the paper's area chair (`leadsSubmission`, `docs/domain.md#area-chair`) read every review (its text once
 * completed); another assigned reviewer of the paper reads completed reviews as
 * the event allows (never / after submitting their own / always); authors read completed reviews as
 * `authorsReadReviews` says. Anyone with a conflict reads nothing but their own.
 */
export function reviewViewer(a: ReviewAccess, status: ReviewStatus): ReviewViewer {
  if (a.isOwn) return 'owner';
  if (leadsReviewing(a)) return 'committee';
  if (a.submission.isAuthor) return status === 'completed' && authorsReadReviews(a) ? 'author' : 'none';
  if (a.submission.isConflicted || !a.submission.event.isReviewer || a.ownStatus === null) return 'none';
  if (status !== 'completed') return 'none';
  return reviewersReadOthers(a) ? 'co_reviewer' : 'none';
}

/**
 * Whether an assigned reviewer reads what the paper's other reviewers wrote, as the event allows: never, after
 * submitting their own, or always. The paper's completed meta-review reaches its reviewers by this rule too
 * (`docs/domain.md#meta-review`): it sums up the other reviews.
 */
export const reviewersReadOthers = (a: {
  settings: Pick<ReviewSettings, 'reviewers_see_other_reviews'>;
  ownStatus: ReviewStatus | null;
}) =>
  a.settings.reviewers_see_other_reviews === 'always' ||
  (a.settings.reviewers_see_other_reviews === 'after_submit' && a.ownStatus === 'completed');

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

/** 403 `reviews.conflicted`: the viewer's own conflict of interest (authorship included) keeps them from writing. */
const conflictedDenied = denied(() => reviewError(403, 'CONFLICT_OF_INTEREST', 'reviews.conflicted'), 'conflicted');
const writeDenied = denied(() => reviewError(403, 'PERMISSION_DENIED', 'reviews.writeDenied'));
const assistantDisabled = denied(() => reviewError(403, 'ASSISTANT_DISABLED', 'reviewAssistant.disabled'), 'disabled');
const notAssignedDenied = denied(() => reviewError(403, 'PERMISSION_DENIED', 'reviews.notAssigned'));
const revisitDenied = denied(() => messageError(403, 'PERMISSION_DENIED', 'areaChairs.revisitDenied'));
const revisitOwnDenied = denied(() => messageError(403, 'PERMISSION_DENIED', 'areaChairs.revisitOwn'));

/**
 * Only the assigned reviewer, still a reviewer of the event and without a conflict, writes the review. Its own
 * reviewer with a conflict (authorship included) is told so; anyone else is refused the review.
 */
const mayWrite = (a: ReviewAccess): Decision =>
  allowIf(
    a.isOwn && a.isActiveReviewer && !a.submission.isConflicted && !a.submission.isAuthor,
    a.isOwn && (a.submission.isConflicted || a.submission.isAuthor) ? conflictedDenied : writeDenied,
  );

export const reviewPolicies = policyTable<ReviewAccess, ReviewStatus>()({
  'review.view': (a, status) => allowIf(reviewViewer(a, status) !== 'none', hidden(reviewNotFound)),
  /**
   * The review's history (what its reviewer changed, and whether after the authors' response): the paper's committee
   * who read the review — its reviewer, the chairs and event admins without a conflict, the other reviewers as the
   * event lets them read it. Its authors never (404, as for anyone else).
   */
  'review.history': (a, status) =>
    allowIf(['owner', 'committee', 'co_reviewer'].includes(reviewViewer(a, status)), hidden(reviewNotFound)),
  /** `mayWrite`: the assigned reviewer, still a reviewer of the event and without a conflict. */
  'review.write': (a) => mayWrite(a),
  /**
   * The review assistant on a draft (`docs/domain.md#review-assistant`): whoever may write the review ('review.write',
   * refused with its reasons), while the event has the assistant on (403 ASSISTANT_DISABLED otherwise).
   */
  'review.useAssistant': (a) => {
    const write = mayWrite(a);
    return write.allowed ? allowIf(a.assistantEnabled === true, assistantDisabled) : write;
  },
  /**
   * Ask the review's reviewer to revisit it (`docs/domain.md#area-chair`): the paper's committee and its area chair,
   * about another's review. Other readers of the review (a co-reviewer) are refused (403); who does not read it is
   * answered 404 by 'review.view' first.
   */
  'review.requestRevisit': (a) => (leadsReviewing(a) ? (a.isOwn ? revisitOwnDenied : allowed) : revisitDenied),
});
export type ReviewAction = keyof typeof reviewPolicies;

/** What the rules read about a viewer and a submission's reviews before any one review: do they hold one of them. */
export type AssignmentHolderAccess = { submission: SubmissionAccess; isAssigned: boolean };

export const assignedReviewPolicies = policyTable<AssignmentHolderAccess>()({
  /**
   * `POST /api/reviews/` saves the caller's own assignment on the submission, so only a holder of one may call it
   * (the review's 'review.write' decides the rest). A reviewer of the event with a conflict of interest (not an
   * author) is told so; anyone else is not assigned.
   */
  'review.saveOwn': (a) =>
    allowIf(
      a.isAssigned,
      a.submission.isConflicted && a.submission.event.isReviewer && !a.submission.isAuthor
        ? conflictedDenied
        : notAssignedDenied,
    ),
});
