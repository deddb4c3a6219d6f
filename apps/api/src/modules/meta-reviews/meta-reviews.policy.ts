import type { MetaReviewStatus, ReviewAudience, ReviewSettings, ReviewStatus } from '@confero/contracts';
import { allowIf, denied, hidden, policyTable } from '../../lib/authorize.ts';
import { authorsReadDecidedReviews, reviewersReadOthers } from '../reviews/reviews.policy.ts';
import { isCommittee, leadsSubmission, type SubmissionAccess } from '../submissions/submissions.policy.ts';
import { metaReviewNotFound, metaReviewWriteDenied } from './meta-review-errors.ts';

/*
 * Who reads and writes a paper's meta-review (`docs/domain.md#meta-review`). A conflict of interest (authorship
 * included) takes every right away: the conflicted read nothing of it (404), as outsiders.
 */

/** What the rules read about a viewer and a paper's meta-review. */
export type MetaReviewAccess = {
  submission: SubmissionAccess;
  /** The status of the viewer's own review (assignment) of the paper; null when they hold none. */
  ownStatus: ReviewStatus | null;
  settings: Pick<ReviewSettings, 'authors_see_reviews' | 'reviewers_see_other_reviews'>;
  /** A decision other than pending has been made on the paper. */
  isDecided: boolean;
  /** The meta-review's status; null while none is saved. */
  status: MetaReviewStatus | null;
};

/** A reader of a meta-review, from the most to the least trusted; 'none' reads nothing. */
export type MetaReviewViewer = 'area_chair' | 'committee' | 'reviewer' | 'author' | 'none';

/**
 * Who the viewer is for the paper's meta-review. Its area chair (`leadsSubmission`) and its committee (`isCommittee`:
 * chairs and event admins without a conflict) read it in every state, every answer; an assigned reviewer of the paper,
 * still a reviewer of the event and without a conflict, reads a completed one when the event lets them read the other
 * reviews (`reviewersReadOthers`: it sums them up); its authors read a completed one once the decision is made and the event shares reviews with authors
 * (`authorsReadDecidedReviews`). Anyone else, and anyone with a conflict, reads nothing.
 */
export function metaReviewViewer(a: MetaReviewAccess): MetaReviewViewer {
  if (leadsSubmission(a.submission)) return 'area_chair';
  if (isCommittee(a.submission)) return 'committee';
  if (a.submission.isConflicted || a.submission.isAuthor) {
    return a.submission.isAuthor && a.status === 'completed' && authorsReadDecidedReviews(a) ? 'author' : 'none';
  }
  if (a.ownStatus !== null && a.submission.event.isReviewer && a.status === 'completed' && reviewersReadOthers(a)) {
    return 'reviewer';
  }
  return 'none';
}

/** The audience a viewer reads the form's questions as (`questionReadBy`), or undefined when they read nothing. */
export function metaReviewAudience(viewer: MetaReviewViewer): ReviewAudience | undefined {
  switch (viewer) {
    case 'area_chair':
    case 'committee':
      return 'committee';
    case 'reviewer':
      return 'reviewers';
    case 'author':
      return 'authors';
    default:
      return undefined;
  }
}

/** Whether the viewer may know who wrote the meta-review: never the authors nor the reviewers. */
export const readsMetaReviewer = (viewer: MetaReviewViewer) => viewer === 'area_chair' || viewer === 'committee';

export const metaReviewPolicies = policyTable<MetaReviewAccess>()({
  'metaReview.view': (a) => allowIf(metaReviewViewer(a) !== 'none', hidden(metaReviewNotFound)),
  /**
   * Only the paper's area chair, without a conflict, writes it. A reader of it is refused with 403; anyone who may
   * not read it gets the 404 they get for reading.
   */
  'metaReview.write': (a) =>
    allowIf(
      leadsSubmission(a.submission),
      metaReviewViewer(a) === 'none' ? hidden(metaReviewNotFound) : denied(metaReviewWriteDenied),
    ),
});
export type MetaReviewAction = keyof typeof metaReviewPolicies;
