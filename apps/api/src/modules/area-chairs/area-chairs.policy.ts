import { allowed, denied, policyTable } from '../../lib/authorize.ts';
import { messageError } from '../../lib/errors.ts';
import { isCommittee, managesSubmission, type SubmissionAccess } from '../submissions/submissions.policy.ts';

/*
 * Who chooses a paper's area chair (`docs/domain.md#area-chair`): its committee (`isCommittee`: organizers and the
 * chairs of its track, neither authors nor conflicted), never an area chair. Who may not see the paper is answered
 * 404 by its loader before this rule runs. Asking a reviewer to revisit is the reviews policy's 'review.requestRevisit'.
 */

/** 403 `areaChairs.denied`: choosing a paper's area chair is its committee's business. */
const areaChairDenied = () => messageError(403, 'PERMISSION_DENIED', 'areaChairs.denied');
/** 403 CONFLICT_OF_INTEREST: an organizer (or the paper's track chair) conflicted with the paper. */
const managerConflicted = () => messageError(403, 'CONFLICT_OF_INTEREST', 'areaChairs.managerConflicted');

export const areaChairPolicies = policyTable<SubmissionAccess>()({
  /** A paper's area chair set or cleared, and its candidates: the committee; a conflicted organizer is told so. */
  'submission.chooseAreaChair': (a) => {
    if (isCommittee(a)) return allowed;
    return managesSubmission(a) && a.isConflicted && !a.isAuthor
      ? denied(managerConflicted, 'conflicted')
      : denied(areaChairDenied);
  },
});
export type AreaChairAction = keyof typeof areaChairPolicies;
