import { allowIf, denied, policyTable } from '../../lib/authorize.ts';
import { type EventAccess, eventHidden, isMember, isOrganizer } from '../events/events.policy.ts';
import { reviewError } from '../reviews/review-errors.ts';
import type { SubmissionAccess } from '../submissions/submissions.policy.ts';

/*
 * Who may do what with an event's conflicts of interest, as named predicates bound to actions. The committee (event
 * admins, chairs of the event, platform admins) lists them, adds and lifts them and checks candidates; authors declare
 * conflicts for their own submissions and reviewers for themselves (conflicts.service checks which submission). The
 * registry exists for the event's members and authors only: everybody else is answered 404.
 */

/** The viewer's access to an event's conflicts registry: their access to the event, and whether they author in it. */
export type RegistryAccess = { event: EventAccess; isEventAuthor: boolean };

/** Whether the registry exists for the viewer at all (else 404). */
export const seesConflictRegistry = (a: RegistryAccess) =>
  isMember(a.event) || a.event.isPlatformAdmin || a.isEventAuthor;

const registryDenied = denied(() => reviewError(403, 'PERMISSION_DENIED', 'conflicts.denied'));
const declareDenied = denied(() => reviewError(403, 'PERMISSION_DENIED', 'conflicts.declareDenied'));
/** Hidden from outsiders (404), then the rule decides (403). */
const inRegistry = (a: RegistryAccess, rule: boolean, refusal = registryDenied) =>
  seesConflictRegistry(a) ? allowIf(rule, refusal) : eventHidden;

export const conflictPolicies = policyTable<RegistryAccess>()({
  /** Opening the registry at all (the declaring and lifting routes start here). */
  'conflicts.open': (a) => allowIf(seesConflictRegistry(a), eventHidden),
  'conflicts.view': (a) => inRegistry(a, isOrganizer(a.event)),
  'conflicts.check': (a) => inRegistry(a, isOrganizer(a.event)),
  'conflicts.declare': (a) =>
    inRegistry(a, isOrganizer(a.event) || a.event.isReviewer || a.isEventAuthor, declareDenied),
});
export type ConflictAction = keyof typeof conflictPolicies;

/**
 * Who declares a conflict on one submission, in this order: the committee (an organizer without a conflict with it)
 * for anyone; one of its authors for their own submission; a reviewer of the event for themself. Undefined: nobody.
 */
export function declaringRole(a: {
  event: EventAccess;
  isConflicted: boolean;
  isAuthor: boolean;
}): 'organizer' | 'author' | 'reviewer' | undefined {
  if (isOrganizer(a.event) && !a.isConflicted) return 'organizer';
  if (a.isAuthor) return 'author';
  if (a.event.isReviewer) return 'reviewer';
  return undefined;
}

/** The viewer's relation to one conflict: their access to the event, their own conflict with its submission, and whether they declared it. */
export type ConflictEntryAccess = { event: EventAccess; isConflicted: boolean; isDeclarer: boolean };

/** Whether the user declared this conflict (a declared one whose override they recorded). */
export const isDeclarerOf = (
  row: {
    conflict: { source: string };
    override: { kind: string; decidedBy: number | null } | null | undefined;
  },
  userId: number,
) => row.conflict.source === 'declared' && row.override?.kind === 'declared' && row.override.decidedBy === userId;

/** The committee lifts a conflict as such (recorded so detection will not add it back) when it has none with the paper. */
export const liftsAsCommittee = (a: ConflictEntryAccess) => isOrganizer(a.event) && !a.isConflicted;

export const conflictEntryPolicies = policyTable<ConflictEntryAccess>()({
  /** Lifting: the committee without a conflict with the paper, or the person who declared it (withdrawing it). */
  'conflict.lift': (a) =>
    allowIf(
      liftsAsCommittee(a) || a.isDeclarer,
      denied(() => reviewError(403, 'PERMISSION_DENIED', 'conflicts.liftDenied')),
    ),
});

/** What an author does about the conflicts of their own submission. */
export const submissionConflictPolicies = policyTable<SubmissionAccess>()({
  /** Its authors name the committee members they conflict with; reviewers do it by bidding 'conflict'. */
  'submission.declareConflict': (a) => allowIf(a.isAuthor, declareDenied),
  'submission.viewDeclaredConflicts': (a) =>
    allowIf(
      a.isAuthor,
      denied(() => reviewError(403, 'PERMISSION_DENIED', 'conflicts.declaredDenied')),
    ),
});
