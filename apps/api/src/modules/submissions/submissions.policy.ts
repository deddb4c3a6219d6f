import type { EventAccess } from '../events/events.policy.ts';
import { isOrganizer, isStaff } from '../events/events.policy.ts';

/**
 * What the rules read about the viewer's relation to one submission: their access to its event (events.policy),
 * whether they are one of its authors (a linked author row, or the submitter), and whether they have a conflict of
 * interest with it (authorship is one; the reviewing issue records the others).
 */
export type SubmissionAccess = {
  event: EventAccess;
  isAuthor: boolean;
  isConflicted: boolean;
};

/* Named predicates: the policy's actions are built from these, never from role names. */
export const isSubmissionStaff = (a: SubmissionAccess) => isStaff(a.event);
/** Event admins and chairs of the whole event, and platform admins, decide; never with a conflict (HotCRP). */
export const canDecide = (a: SubmissionAccess) => isOrganizer(a.event) && !a.isConflicted && !a.isAuthor;
/** Reviewers in a double-blind event see no author identities unless they also run the event. */
export const isBlindedReviewer = (a: SubmissionAccess, blindMode: string) =>
  blindMode === 'double' && a.event.isReviewer && !isOrganizer(a.event) && !a.event.isTrackChair && !a.isAuthor;

/**
 * Who may do what with a submission. Visibility ('submission.view') must agree with `visibleSubmissions` in
 * submissions.queries.ts, which applies the same rule inside list queries: its authors, and the staff of its event
 * (event admins, chairs, track chairs, reviewers, platform admins).
 * State rules (the deadline for edits, "submitted and pending" for deletion, the transition table) are the
 * services' invariants; the presenter combines both into `abilities`.
 */
export const submissionPolicies = {
  'submission.view': (a: SubmissionAccess) => a.isAuthor || isSubmissionStaff(a),
  'submission.update': (a: SubmissionAccess) => a.isAuthor,
  'submission.delete': (a: SubmissionAccess) => a.isAuthor,
  'submission.changeStatus': (a: SubmissionAccess) => canDecide(a),
  'submission.makeDecision': (a: SubmissionAccess) => canDecide(a),
  'submission.download': (a: SubmissionAccess) => a.isAuthor || isSubmissionStaff(a),
  /** AI insights: the event's staff, never the authors (nor anyone conflicted). */
  'submission.viewInsights': (a: SubmissionAccess) => isSubmissionStaff(a) && !a.isAuthor && !a.isConflicted,
  'submission.review': (a: SubmissionAccess) => a.event.isReviewer && !a.isAuthor && !a.isConflicted,
} satisfies Record<string, (access: SubmissionAccess) => boolean>;
export type SubmissionAction = keyof typeof submissionPolicies;

export function canOnSubmission(access: SubmissionAccess, action: SubmissionAction): boolean {
  return submissionPolicies[action](access);
}
