import { EVENT_STATUS_LABELS, EVENT_STATUSES, type EventStatus } from '@confero/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { events, users } from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import { authorize, type Decision } from '../../lib/authorize.ts';
import { queueMail } from '../../mail/outbox.ts';
import type { Actor } from '../../plugins/auth.ts';
import { eventError, eventFieldError } from './event-errors.ts';
import { type EventAccess, type EventTransitionAction, eventTransitionPolicies } from './events.policy.ts';
import type { EventRow } from './events.queries.ts';

/** The English label of a status (its `*_display` text); a value outside the list is capitalised. */
export function statusDisplay(status: string): string {
  return EVENT_STATUS_LABELS[status as EventStatus]?.en ?? status.charAt(0).toUpperCase() + status.slice(1);
}

/**
 * The event state machine (`docs/domain.md#event-status`): each transition with the action of
 * `eventTransitionPolicies` (events.policy.ts) that says who may take it. A pending event is approved or rejected
 * (moderation); an approved event opens for submissions by becoming active, and may go back; an active event is
 * completed when its programme is settled; approved and active events can be cancelled; a rejected event can be put
 * back to pending, a completed one reopened, a cancelled one restored.
 */
export const EVENT_TRANSITIONS: Record<EventStatus, Partial<Record<EventStatus, EventTransitionAction>>> = {
  pending: { approved: 'event.moderateStatus', rejected: 'event.moderateStatus' },
  rejected: { pending: 'event.moderateStatus' },
  approved: { active: 'event.toggleActive', cancelled: 'event.moderateStatus' },
  active: { approved: 'event.toggleActive', completed: 'event.moderateStatus', cancelled: 'event.moderateStatus' },
  completed: { active: 'event.moderateStatus' },
  cancelled: { approved: 'event.moderateStatus' },
};

/** The rule's decision on moving an event from `from` to `to`; undefined when the table has no such transition. */
function transitionDecision(from: EventStatus, to: EventStatus, access: EventAccess): Decision | undefined {
  const action = EVENT_TRANSITIONS[from][to];
  return action ? eventTransitionPolicies[action](access) : undefined;
}

/** Whether the table has the transition and its rule lets this viewer take it. */
export function canTransition(from: EventStatus, to: EventStatus, access: EventAccess): boolean {
  return transitionDecision(from, to, access)?.allowed ?? false;
}

/** The statuses this viewer may move the event to now (in the order of EVENT_STATUSES). */
export function allowedStatusChanges(from: EventStatus, access: EventAccess): EventStatus[] {
  return EVENT_STATUSES.filter((to) => canTransition(from, to, access));
}

export function isEventStatus(value: unknown): value is EventStatus {
  return typeof value === 'string' && (EVENT_STATUSES as readonly string[]).includes(value);
}

export type StatusChange = {
  actor: Actor;
  access: EventAccess;
  event: EventRow;
  to: string;
  /** approve/ and reject/ only act on a pending event (409 otherwise); change_status/ follows the table. */
  via: 'approve' | 'reject' | 'change_status';
  /** A platform admin's reason for a rejection, mailed to the creator. */
  reason?: string | null;
  publicUrl: string;
};

/**
 * THE one function that changes an event's status: checks the transition table for this viewer, writes the new
 * status (only if nobody changed it meanwhile), writes the audit log and queues the creator's mail for an
 * approval or a rejection, in one transaction. Returns the updated row.
 * - an unknown status → 400; approve/reject of a non-pending event → 409 CONFLICT;
 * - a transition the table does not have → 409 CONFLICT;
 * - a transition whose rule (`eventTransitionPolicies`) refuses this viewer → 403 `events.adminOnly`.
 */
export async function transitionEvent(db: Db, change: StatusChange): Promise<EventRow> {
  const { event, access, actor } = change;
  if (!isEventStatus(change.to)) throw eventFieldError('status', 'events.statusInvalid');
  const to = change.to;
  const from = event.status;
  if (change.via !== 'change_status' && from !== 'pending') {
    throw eventError(409, 'CONFLICT', 'events.notPending', { status: statusDisplay(from).toLowerCase() });
  }
  const decision = transitionDecision(from, to, access);
  if (!decision) {
    throw eventError(409, 'CONFLICT', 'events.transitionNotAllowed', {
      from: statusDisplay(from).toLowerCase(),
      to: statusDisplay(to).toLowerCase(),
    });
  }
  authorize(decision);
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(events)
      .set({ status: to, updatedAt: new Date() })
      .where(and(eq(events.id, event.id), eq(events.status, from)))
      .returning();
    if (!updated) {
      throw eventError(409, 'CONFLICT', 'events.transitionNotAllowed', {
        from: statusDisplay(from).toLowerCase(),
        to: statusDisplay(to).toLowerCase(),
      });
    }
    const reason = change.reason?.trim() || undefined;
    await recordAudit(tx, {
      actorId: actor.id,
      eventId: event.id,
      entity: 'event',
      entityId: event.id,
      action: 'event.status_changed',
      data: { from, to, via: change.via, ...(reason ? { reason } : {}) },
    });
    if (from === 'pending' && (to === 'approved' || to === 'rejected') && event.createdBy !== null) {
      const [creator] = await tx
        .select({ email: users.email, firstName: users.firstName, locale: users.locale })
        .from(users)
        .where(eq(users.id, event.createdBy));
      if (creator) {
        await queueMail(tx, {
          to: creator.email,
          template: to === 'approved' ? 'events.approved' : 'events.rejected',
          locale: creator.locale,
          eventId: event.id,
          data: {
            event_title: updated.title,
            first_name: creator.firstName,
            link: `${change.publicUrl}/events/${updated.publicId}`,
            ...(to === 'rejected' && reason ? { reason } : {}),
          },
        });
      }
    }
    return updated;
  });
}
