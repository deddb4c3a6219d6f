import { allowIf, denied, hidden, policyTable } from '../../lib/authorize.ts';
import { eventNotFound } from '../events/event-errors.ts';
import { type EventAccess, isInsider, isOrganizer } from '../events/events.policy.ts';
import {
  isBlindedReviewer,
  isCommittee,
  leadsSubmission,
  type SubmissionAccess,
} from '../submissions/submissions.policy.ts';
import {
  authorsOnly,
  finalVersionBlinded,
  finalVersionConflicted,
  organizersOnly,
  readDenied,
} from './final-version-errors.ts';

/*
 * Who sends and reads a paper's final version, and who lists the event's final versions and downloads its
 * proceedings (`docs/domain.md#final-version`). The loader (`loadSubmission`) has already answered 404 to anyone who
 * may not see the paper.
 */

/** Whether the viewer reads the paper's final version: its authors, its committee and its area chair, unconflicted. */
export const readsFinalVersion = (a: SubmissionAccess) => a.isAuthor || isCommittee(a) || leadsSubmission(a);

const readRule = (a: SubmissionAccess) =>
  allowIf(readsFinalVersion(a), a.isConflicted ? denied(finalVersionConflicted, 'conflicted') : denied(readDenied));

/** What the rules read about the paper: its event's blind mode (the final PDF and its authors name them). */
export type FinalVersionSubject = { blindMode: string };
/** The subject of a paper's event (a missing blind mode counts as double-blind, as the submission's presenter reads it). */
export const finalVersionSubjectOf = (event: { reviewSettings?: { blind_mode?: string } | null }) => ({
  blindMode: event.reviewSettings?.blind_mode ?? 'double',
});

/** Whether the final version's authors are hidden from the viewer: a blinded area chair of a double-blind event. */
export const finalVersionBlindedFor = (a: SubmissionAccess, subject: FinalVersionSubject) =>
  isBlindedReviewer(a, subject.blindMode);

export const finalVersionPolicies = policyTable<SubmissionAccess, FinalVersionSubject>()({
  /** Its authors send it; anyone else who sees the paper (chairs included) is refused (403). */
  'finalVersion.submit': (a) => allowIf(a.isAuthor, denied(authorsOnly)),
  /**
   * Authors, the committee and the area chair read it (a blinded area chair without its authors); a conflicted member
   * is told so, others 403.
   */
  'finalVersion.read': (a) => readRule(a),
  /**
   * Its files (the final PDF names its authors): its readers, except an area chair blinded by a double-blind event,
   * who reads the final version without its authors (`docs/domain.md#double-blind`).
   */
  'finalVersion.download': (a, subject) =>
    readsFinalVersion(a)
      ? allowIf(!finalVersionBlindedFor(a, subject), denied(finalVersionBlinded, 'blinded'))
      : readRule(a),
});
export type FinalVersionAction = keyof typeof finalVersionPolicies;

/**
 * The event's list of final versions and its proceedings: its organizers (event admins, chairs of the whole event,
 * platform admins), a conflict notwithstanding, since they hold only accepted papers' material meant for publication;
 * track chairs and other members 403; outsiders 404.
 */
export const proceedingsPolicies = policyTable<EventAccess>()({
  'finalVersion.list': (a) => (isInsider(a) ? allowIf(isOrganizer(a), denied(organizersOnly)) : hidden(eventNotFound)),
});
