import { allowIf, denied, hidden, policyTable } from '../../lib/authorize.ts';
import { type ReviewContext, reviewAccessOf } from '../reviews/review-access.ts';
import { type ReviewAccess, reviewViewer } from '../reviews/reviews.policy.ts';
import { submissionNotFound } from '../submissions/submission-errors.ts';
import { authorsOnly, committeeOnly, responseConflicted } from './response-errors.ts';

/*
 * Who reads and writes a paper's author response (`docs/domain.md#author-response`). The response is the authors':
 * any of them reads and writes it. The committee reads it once submitted, by the reviews module's rule of who reads
 * the paper's other reviews (reviews.policy.ts `reviewViewer`), so that whoever may read the reviews reads the answer
 * to them and nobody else: chairs and event admins without a conflict, and assigned reviewers who have completed
 * their own review or whom the event lets read the other reviews. A conflict of interest takes it away.
 */

/** A reviewer id no user has: the response is nobody's review. */
const NO_REVIEWER = 0;

export type ResponseAccess = ReviewAccess;

/** The access of the context's viewer to the paper's response: as to a completed review of another reviewer. */
export function responseAccessOf(context: ReviewContext): ResponseAccess {
  return reviewAccessOf(context, { reviewerId: NO_REVIEWER });
}

/** Whether the viewer reads the response as the paper's committee (a chair, or a reviewer with their review done). */
export function readsAsCommittee(a: ResponseAccess): boolean {
  if (a.submission.isAuthor || a.submission.isConflicted) return false;
  const viewer = reviewViewer(a, 'completed');
  if (viewer === 'committee' || viewer === 'co_reviewer') return true;
  return a.isActiveReviewer && a.ownStatus === 'completed';
}

export const responsePolicies = policyTable<ResponseAccess>()({
  /** The authors read and write their response; the event's other members who see the paper are refused (403). */
  'response.write': (a) => allowIf(a.submission.isAuthor, denied(authorsOnly)),
  /**
   * The committee reads the submitted response; authors have their own route (404 here), a conflicted member is told
   * so, and any other member who sees the paper is refused (403).
   */
  'response.readCommittee': (a) =>
    allowIf(
      readsAsCommittee(a),
      a.submission.isAuthor
        ? hidden(submissionNotFound)
        : a.submission.isConflicted
          ? denied(responseConflicted, 'conflicted')
          : denied(committeeOnly),
    ),
});
export type ResponseAction = keyof typeof responsePolicies;
