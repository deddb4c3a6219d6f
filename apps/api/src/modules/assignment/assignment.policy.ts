import { allowed, denied, policyTable } from '../../lib/authorize.ts';
import { reviewError } from '../reviews/review-errors.ts';
import { isCommittee, managesSubmission, type SubmissionAccess } from '../submissions/submissions.policy.ts';

/** 403 `assignments.denied`: assigning reviewers is the committee's business. */
export const assignmentsDenied = () => reviewError(403, 'PERMISSION_DENIED', 'assignments.denied');
/** 403 `assignments.areaChairsDenied`: so is assigning area chairs (the area chairs' automatic assignment). */
export const areaChairAssignmentsDenied = () => reviewError(403, 'PERMISSION_DENIED', 'assignments.areaChairsDenied');
/** 403 CONFLICT_OF_INTEREST: an organizer (or the paper's track chair) may not assign reviewers to a paper they conflict with. */
export const managerConflicted = () => reviewError(403, 'CONFLICT_OF_INTEREST', 'assignments.managerConflicted');

/*
 * Who may assign reviewers, as a rule bound to an action. The automatic assignment of a whole event is
 * `event.manageReviewing` of events.policy (its organizers; hidden from outsiders); the assignment routes answer its
 * 403 with `assignmentsDenied`.
 */
export const assignmentPolicies = policyTable<SubmissionAccess>()({
  /** Reviewer candidates, assigning and unassigning: the committee; an organizer with a conflict is told so. */
  'submission.manageReviewers': (a) => {
    if (isCommittee(a)) return allowed;
    return managesSubmission(a) && a.isConflicted && !a.isAuthor
      ? denied(managerConflicted, 'conflicted')
      : denied(assignmentsDenied);
  },
});
export type AssignmentAction = keyof typeof assignmentPolicies;
