import type { EventAccess } from '../events/events.policy.ts';
import { isMember, isOrganizer } from '../events/events.policy.ts';

/*
 * Who may do what with an event's conflicts of interest, as named predicates bound to actions. The committee (event
 * admins, chairs of the event, platform admins) lists them, adds and lifts them and checks candidates; authors declare
 * conflicts for their own submissions and reviewers for themselves (conflicts.service checks which submission). The
 * registry exists for the event's members and authors only: everybody else is answered 404.
 */
export const conflictPolicies = {
  'conflicts.view': (a: EventAccess) => isOrganizer(a),
  'conflicts.check': (a: EventAccess) => isOrganizer(a),
  'conflicts.manage': (a: EventAccess) => isOrganizer(a),
  'conflicts.declare': (a: EventAccess, isEventAuthor: boolean) => isOrganizer(a) || a.isReviewer || isEventAuthor,
} satisfies Record<string, (access: EventAccess, isEventAuthor: boolean) => boolean>;
export type ConflictAction = keyof typeof conflictPolicies;

/** Whether the registry exists for the viewer at all (else 404). */
export const seesConflictRegistry = (a: EventAccess, isEventAuthor: boolean) =>
  isMember(a) || a.isPlatformAdmin || isEventAuthor;

export function canOnConflicts(access: EventAccess, action: ConflictAction, isEventAuthor = false): boolean {
  return conflictPolicies[action](access, isEventAuthor);
}
