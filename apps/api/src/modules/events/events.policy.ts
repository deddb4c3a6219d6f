import { type EventStatus, PUBLIC_EVENT_STATUSES } from '@confero/contracts';
import type { Actor } from '../../plugins/auth.ts';
import { isPast } from './event-dates.ts';
import { eventForbidden } from './event-errors.ts';

/** A membership of the viewer in the event, as loaded for the access check. */
export type ViewerMembership = { role: 'event_admin' | 'chair' | 'reviewer'; status: string; trackId: number | null };

/** What the rules read about the viewer's relation to one event (built once per request by `accessFor`). */
export type EventAccess = {
  actor: Actor;
  isPlatformAdmin: boolean;
  isCreator: boolean;
  /** Active memberships only. */
  isEventAdmin: boolean;
  /** Chair of the whole event. */
  isEventChair: boolean;
  /** Chair of one of its tracks. */
  isTrackChair: boolean;
  isReviewer: boolean;
};

/** What the rules read about the event. */
export type PolicyEvent = {
  status: EventStatus;
  createdBy: number | null;
  submissionDeadline: string;
  timezone: string;
};

export function accessFor(actor: Actor, event: { createdBy: number | null }, memberships: ViewerMembership[]) {
  const active = memberships.filter((membership) => membership.status === 'active');
  const holds = (role: ViewerMembership['role'], track: 'event' | 'track' | 'any' = 'any') =>
    active.some(
      (membership) =>
        membership.role === role &&
        (track === 'any' || (track === 'event' ? membership.trackId === null : membership.trackId !== null)),
    );
  return {
    actor,
    isPlatformAdmin: actor.isAdmin,
    isCreator: event.createdBy !== null && event.createdBy === actor.id,
    isEventAdmin: holds('event_admin'),
    isEventChair: holds('chair', 'event'),
    isTrackChair: holds('chair', 'track'),
    isReviewer: holds('reviewer'),
  } satisfies EventAccess;
}

/* Named predicates: the policy's actions are built from these, never from role names. */
export const isPublicStatus = (status: EventStatus) =>
  (PUBLIC_EVENT_STATUSES as readonly EventStatus[]).includes(status);
export const isMember = (a: EventAccess) => a.isEventAdmin || a.isEventChair || a.isTrackChair || a.isReviewer;
/** Event admins and chairs of the whole event run it; platform admins may always step in. */
export const isOrganizer = (a: EventAccess) => a.isPlatformAdmin || a.isEventAdmin || a.isEventChair;
/** Staff see submissions and reviews settings: organizers, track chairs and reviewers. */
export const isStaff = (a: EventAccess) => isOrganizer(a) || a.isTrackChair || a.isReviewer;
/** Submissions are open on approved and active events until the deadline (23:59:59 in the event's time zone). */
export const acceptsSubmissions = (e: PolicyEvent, now: Date) =>
  (e.status === 'approved' || e.status === 'active') && !isPast(e.submissionDeadline, e.timezone, now);

/**
 * Who may do what with an event. Visibility ('event.view') must agree with `visibleTo` in events.queries.ts,
 * which applies the same rule inside list queries: public statuses for every signed-in user; pending, rejected
 * and cancelled events for their members, their creator and platform admins.
 */
export const eventPolicies = {
  'event.view': (a: EventAccess, e: PolicyEvent) =>
    isPublicStatus(e.status) || a.isPlatformAdmin || a.isCreator || isMember(a),
  'event.update': (a: EventAccess) => isOrganizer(a),
  'event.delete': (a: EventAccess) => a.isPlatformAdmin || a.isEventAdmin,
  'event.manageMembers': (a: EventAccess) => isOrganizer(a),
  'event.manageEventAdmins': (a: EventAccess) => a.isPlatformAdmin || a.isEventAdmin,
  'event.viewReviewers': (a: EventAccess) => isOrganizer(a) || a.isTrackChair,
  'event.manageTracks': (a: EventAccess) => isOrganizer(a),
  'event.approve': (a: EventAccess) => a.isPlatformAdmin,
  'event.changeStatus': (a: EventAccess) => a.isPlatformAdmin || a.isEventAdmin,
  'event.viewSubmissions': (a: EventAccess) => isStaff(a),
  'event.viewReviewSettings': (a: EventAccess) => isStaff(a),
  'event.submit': (_a: EventAccess, e: PolicyEvent, now: Date) => acceptsSubmissions(e, now),
  /** Automatic assignment, the conflicts registry and the pre-check (the reviews and conflicts modules enforce it). */
  'event.manageReviewing': (a: EventAccess) => isOrganizer(a),
  /** The event's bidding list: its reviewers. */
  'event.bid': (a: EventAccess) => a.isReviewer,
} satisfies Record<string, EventRule>;
export type EventAction = keyof typeof eventPolicies;
type EventRule = (access: EventAccess, event: PolicyEvent, now: Date) => boolean;

export function canOnEvent(access: EventAccess, action: EventAction, event: PolicyEvent, now = new Date()): boolean {
  return (eventPolicies as Record<EventAction, EventRule>)[action](access, event, now);
}

/** 403 when the viewer (who can see the event) may not perform the action. */
export function authorizeEvent(access: EventAccess, action: EventAction, event: PolicyEvent): void {
  if (!canOnEvent(access, action, event)) throw eventForbidden();
}
