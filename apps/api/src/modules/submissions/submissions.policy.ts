import { allowIf, denied, hidden, policyTable } from '../../lib/authorize.ts';
import type { EventAccess } from '../events/events.policy.ts';
import { chairsTrack, isBlindedEventReviewer, isOrganizer, isStaff } from '../events/events.policy.ts';
import { submissionError, submissionForbidden, submissionNotFound } from './submission-errors.ts';

/**
 * What the rules read about the viewer's relation to one submission: their access to its event (events.policy),
 * whether they are one of its authors (a linked author row, or the submitter), and whether they have a conflict of
 * interest with it (authorship is one; the reviewing issue records the others).
 */
export type SubmissionAccess = {
  event: EventAccess;
  isAuthor: boolean;
  isConflicted: boolean;
  /**
   * The submission's track (null: none); a chair of that track manages the submission (`chairsTrack`). Left out, no
   * track chair manages it (the rules fail closed).
   */
  trackId?: number | null;
  /**
   * The viewer is the submission's area chair (`submissions.area_chair_id`) and an active area chair of its event.
   * Left out, they are not (the rules fail closed).
   */
  isPaperAreaChair?: boolean;
};

/* Named predicates: the policy's actions are built from these, never from role names. */
export const isSubmissionStaff = (a: SubmissionAccess) => isStaff(a.event);
/**
 * Who runs a submission: its event's organizers (admins, chairs of the whole event, platform admins) and the chairs
 * of its track, whether or not they have a conflict with it.
 */
export const managesSubmission = (a: SubmissionAccess) =>
  isOrganizer(a.event) || chairsTrack(a.event, a.trackId ?? null);
/**
 * The committee of a submission: the people who run it (`managesSubmission`), without a conflict (authorship
 * included). It decides on the submission and manages its reviewers.
 */
export const isCommittee = (a: SubmissionAccess) => managesSubmission(a) && !a.isConflicted && !a.isAuthor;
/**
 * The area chair who leads the submission (`docs/domain.md#area-chair`): its area chair, without a conflict
 * (authorship included). They read its reviews as its committee does, lead its discussion and write its meta-review,
 * but never decide on it.
 */
export const leadsSubmission = (a: SubmissionAccess) => a.isPaperAreaChair === true && !a.isConflicted && !a.isAuthor;
/** The double-blind rule of the event (events.policy), except that authors always see their own submission. */
export const isBlindedReviewer = (a: SubmissionAccess, blindMode: string) =>
  !a.isAuthor && isBlindedEventReviewer(a.event, blindMode);

/** 404 `submissions.notFound`: the submission does not exist for this viewer. */
export const submissionHidden = hidden(submissionNotFound);
const submissionDenied = denied(submissionForbidden);
const updateDenied = denied(() => submissionError(403, 'PERMISSION_DENIED', 'submissions.updateDenied'));
const deleteDenied = denied(() => submissionError(403, 'PERMISSION_DENIED', 'submissions.deleteDenied'));
/** Deciding: anyone with a conflict of interest (authors included) is told so (403 CONFLICT_OF_INTEREST). */
const decisionDenied = (a: SubmissionAccess) =>
  a.isConflicted
    ? denied(() => submissionError(403, 'CONFLICT_OF_INTEREST', 'submissions.conflicted'), 'conflicted')
    : submissionDenied;

/**
 * Who may do what with a submission. Visibility ('submission.view') must agree with `visibleSubmissions` in
 * submissions.queries.ts, which applies the same rule inside list queries: its authors, and the staff of its event
 * (event admins, chairs, track chairs, reviewers, platform admins).
 * State rules (the deadline for edits, "submitted and pending" for deletion, the transition table) are the
 * services' invariants; the presenter combines both into `abilities`.
 */
export const submissionPolicies = policyTable<SubmissionAccess>()({
  'submission.view': (a) => allowIf(a.isAuthor || isSubmissionStaff(a), submissionHidden),
  'submission.update': (a) => allowIf(a.isAuthor, updateDenied),
  'submission.delete': (a) => allowIf(a.isAuthor, deleteDenied),
  'submission.changeStatus': (a) => allowIf(isCommittee(a), decisionDenied(a)),
  'submission.makeDecision': (a) => allowIf(isCommittee(a), decisionDenied(a)),
  'submission.download': (a) => allowIf(a.isAuthor || isSubmissionStaff(a), submissionDenied),
  /** AI insights: the event's staff, never the authors (nor anyone conflicted). */
  'submission.viewInsights': (a) => allowIf(isSubmissionStaff(a) && !a.isAuthor && !a.isConflicted, submissionDenied),
  'submission.review': (a) => allowIf(a.event.isReviewer && !a.isAuthor && !a.isConflicted, submissionDenied),
});
export type SubmissionAction = keyof typeof submissionPolicies;
