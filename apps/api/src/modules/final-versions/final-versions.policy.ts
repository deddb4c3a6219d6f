import { allowIf, denied, hidden, policyTable } from '../../lib/authorize.ts';
import { eventNotFound } from '../events/event-errors.ts';
import { type EventAccess, isInsider, isOrganizer } from '../events/events.policy.ts';
import { isCommittee, leadsSubmission, type SubmissionAccess } from '../submissions/submissions.policy.ts';
import { authorsOnly, finalVersionConflicted, organizersOnly, readDenied } from './final-version-errors.ts';

/*
 * Who sends and reads a paper's final version, and who lists the event's final versions and downloads its
 * proceedings (`docs/domain.md#final-version`). The loader (`loadSubmission`) has already answered 404 to anyone who
 * may not see the paper.
 */

/** Whether the viewer reads the paper's final version: its authors, its committee and its area chair, unconflicted. */
export const readsFinalVersion = (a: SubmissionAccess) => a.isAuthor || isCommittee(a) || leadsSubmission(a);

export const finalVersionPolicies = policyTable<SubmissionAccess>()({
  /** Its authors send it; anyone else who sees the paper (chairs included) is refused (403). */
  'finalVersion.submit': (a) => allowIf(a.isAuthor, denied(authorsOnly)),
  /** Authors, the committee and the area chair read it and its files; a conflicted member is told so, others 403. */
  'finalVersion.read': (a) =>
    allowIf(readsFinalVersion(a), a.isConflicted ? denied(finalVersionConflicted, 'conflicted') : denied(readDenied)),
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
