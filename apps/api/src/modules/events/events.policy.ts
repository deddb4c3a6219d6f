import { type EventStatus, type MembershipRole, PUBLIC_EVENT_STATUSES } from '@confero/contracts';
import { allowIf, denied, hidden, policyTable } from '../../lib/authorize.ts';
import type { Actor } from '../../plugins/auth.ts';
import { isPlatformAdmin } from '../users/users.policy.ts';
import { isPast } from './event-dates.ts';
import { eventError, eventForbidden, eventNotFound } from './event-errors.ts';

/** A membership of the viewer in the event, as loaded for the access check. */
export type ViewerMembership = { role: MembershipRole; status: string; trackId: number | null };

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
  /** The tracks the viewer chairs (active track chair memberships): their submissions are the viewer's to manage. */
  chairedTrackIds: readonly number[];
  isReviewer: boolean;
  /** An active area chair of the event (senior programme committee, `docs/domain.md#area-chair`). */
  isAreaChair: boolean;
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
    chairedTrackIds: active.flatMap((membership) =>
      membership.role === 'chair' && membership.trackId !== null ? [membership.trackId] : [],
    ),
    isReviewer: holds('reviewer'),
    isAreaChair: holds('area_chair'),
  } satisfies EventAccess;
}

/* Named predicates: the policy's actions are built from these, never from role names. */
export const isPublicStatus = (status: EventStatus) =>
  (PUBLIC_EVENT_STATUSES as readonly EventStatus[]).includes(status);
export const isMember = (a: EventAccess) =>
  a.isEventAdmin || a.isEventChair || a.isTrackChair || a.isReviewer || a.isAreaChair;
/** Event admins and chairs of the whole event run it; platform admins may always step in. */
export const isOrganizer = (a: EventAccess) => a.isPlatformAdmin || a.isEventAdmin || a.isEventChair;
/**
 * A track chair runs their own tracks: the submissions of a track they chair are theirs to decide on and to assign
 * reviewers to, as the organizers do for every track; other tracks' submissions they only see, as staff.
 */
export const chairsTrack = (a: EventAccess, trackId: number | null) =>
  trackId !== null && a.chairedTrackIds.includes(trackId);
/** Staff see submissions and reviews settings: organizers, track chairs, reviewers and area chairs. */
export const isStaff = (a: EventAccess) => isOrganizer(a) || a.isTrackChair || a.isReviewer || a.isAreaChair;
/** The event's working lists (bidding, automatic assignment) exist for its members and platform admins only. */
export const isInsider = (a: EventAccess) => isMember(a) || a.isPlatformAdmin;
/** Submissions are open on approved and active events until the deadline (23:59:59 in the event's time zone). */
export const acceptsSubmissions = (e: PolicyEvent, now: Date) =>
  (e.status === 'approved' || e.status === 'active') && !isPast(e.submissionDeadline, e.timezone, now);
/**
 * The double-blind rule: in a double-blind event, reviewers and area chairs who do not also run the event
 * (organizers, track chairs) see no author identities. The submissions policy adds that authors always see their own.
 */
export const isBlindedEventReviewer = (a: EventAccess, blindMode: string) =>
  blindMode === 'double' && (a.isReviewer || a.isAreaChair) && !isOrganizer(a) && !a.isTrackChair;

/** What an event action is about: the event, and the time the rules judge deadlines at (now by default). */
export type EventSubject = { event: PolicyEvent; now?: Date };

/** 404 `events.notFound`: the event does not exist for this viewer. */
export const eventHidden = hidden(eventNotFound);
/** 403 `events.permissionDenied`. */
export const eventDenied = denied(eventForbidden);
/** 403 `events.adminOnly`. */
const eventAdminOnly = () => eventError(403, 'PERMISSION_DENIED', 'events.adminOnly');
/** Members and platform admins see the event's working lists (else 404); then the rule decides (else 403). */
const forInsiders = (a: EventAccess, rule: boolean) => (isInsider(a) ? allowIf(rule, eventDenied) : eventHidden);

/**
 * Who may do what with an event. Visibility ('event.view') must agree with `visibleTo` in events.queries.ts,
 * which applies the same rule inside list queries: public statuses for every signed-in user; pending, rejected
 * and cancelled events for their members, their creator and platform admins.
 */
export const eventPolicies = policyTable<EventAccess, EventSubject>()({
  'event.view': (a, { event }) =>
    allowIf(isPublicStatus(event.status) || a.isPlatformAdmin || a.isCreator || isMember(a), eventHidden),
  'event.update': (a) => allowIf(isOrganizer(a), eventDenied),
  'event.delete': (a) => allowIf(a.isPlatformAdmin || a.isEventAdmin, eventDenied),
  'event.manageMembers': (a) => allowIf(isOrganizer(a), eventDenied),
  'event.manageEventAdmins': (a) => allowIf(a.isPlatformAdmin || a.isEventAdmin, eventDenied),
  'event.viewReviewers': (a) => allowIf(isOrganizer(a) || a.isTrackChair, eventDenied),
  'event.manageTracks': (a) => allowIf(isOrganizer(a), eventDenied),
  'event.approve': (a) => allowIf(a.isPlatformAdmin, eventDenied),
  'event.changeStatus': (a) => allowIf(a.isPlatformAdmin || a.isEventAdmin, eventDenied),
  'event.viewSubmissions': (a) => allowIf(isStaff(a), eventDenied),
  'event.viewReviewSettings': (a) => allowIf(isStaff(a), eventDenied),
  'event.submit': (_a, { event, now }) => allowIf(acceptsSubmissions(event, now ?? new Date()), eventDenied),
  /** Automatic assignment (the assignment module): hidden from outsiders, the organizers' business. */
  'event.manageReviewing': (a) => forInsiders(a, isOrganizer(a)),
  /** The event's bidding list (the bidding module): hidden from outsiders, its reviewers' business. */
  'event.bid': (a) => forInsiders(a, a.isReviewer),
});
export type EventAction = keyof typeof eventPolicies;

/**
 * The organizers' console around the event, each screen a module of its own (communications, exports, audit,
 * progress): hidden from outsiders (404), the organizers' business (other members 403). Those modules bind their
 * actions to these rules and the event's `abilities` read them, so a screen's link and its routes answer alike.
 */
export const eventConsolePolicies = policyTable<EventAccess>()({
  /** The event's mail: templates, group mails, reminders, its outbox. */
  'event.sendMail': (a) => forInsiders(a, isOrganizer(a)),
  'event.export': (a) => forInsiders(a, isOrganizer(a)),
  'event.viewAudit': (a) => forInsiders(a, isOrganizer(a)),
  /** The dashboard, the reviewers' progress and the chair's submissions table. */
  'event.viewProgress': (a) => forInsiders(a, isOrganizer(a)),
});
export type EventConsoleAction = keyof typeof eventConsolePolicies;

/**
 * Who may take each transition of the event state machine (`EVENT_TRANSITIONS` in event-state.ts names one of these
 * per transition; the table keeps the states, these rules the people). Refused: 403 `events.adminOnly`.
 */
export const eventTransitionPolicies = policyTable<EventAccess>()({
  /** Moderation and the life cycle (approve, reject, cancel, complete, reopen, restore): platform admins. */
  'event.moderateStatus': (a) => allowIf(a.isPlatformAdmin, denied(eventAdminOnly)),
  /** Opening an approved event for submissions and taking it back (approved ⇄ active): its event admins too. */
  'event.toggleActive': (a) => allowIf(a.isPlatformAdmin || a.isEventAdmin, denied(eventAdminOnly)),
});
export type EventTransitionAction = keyof typeof eventTransitionPolicies;

/** Event lists beyond one event, decided on the signed-in caller alone. */
export const eventListPolicies = policyTable<Actor | null>()({
  /** Every event of the platform, whatever its status: platform admins only. */
  'events.listAll': (actor) => allowIf(isPlatformAdmin(actor), denied(eventAdminOnly)),
});

/** What anyone may read of an event without signing in, decided on the event alone (no access to build). */
export const publicEventPolicies = policyTable<null, EventSubject>()({
  /** The calendar feed of the event's dates: published events only (the public statuses); others are hidden (404). */
  'event.calendarFeed': (_a, { event }) => allowIf(isPublicStatus(event.status), eventHidden),
});
