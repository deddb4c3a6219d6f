import { allowIf, denied, policyTable } from '../../lib/authorize.ts';
import { reviewError } from '../reviews/review-errors.ts';
import type { SubmissionAccess } from '../submissions/submissions.policy.ts';

/** 403 `bids.denied`: bidding is the event's reviewers' business. */
export const bidsDenied = () => reviewError(403, 'PERMISSION_DENIED', 'bids.denied');

/*
 * Who may bid, as a rule bound to an action. The event's bidding list is `event.bid` of events.policy (its
 * reviewers; hidden from outsiders); the bidding routes answer its 403 with `bidsDenied`.
 */
export const bidPolicies = policyTable<SubmissionAccess>()({
  /** The bidding screen and `GET/PUT submissions/{id}/bid/`: the event's reviewers, never its authors. */
  'submission.bid': (a) => allowIf(a.event.isReviewer && !a.isAuthor, denied(bidsDenied)),
});
export type BidAction = keyof typeof bidPolicies;
