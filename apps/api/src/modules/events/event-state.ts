import { EVENT_STATUS_LABELS, EVENT_STATUSES, type EventStatus } from '@confero/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { events, users } from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import { queueMail } from '../../mail/outbox.ts';
import type { Actor } from '../../plugins/auth.ts';
import { eventError, eventFieldError } from './event-errors.ts';
import type { EventAccess } from './events.policy.ts';
import type { EventRow } from './events.queries.ts';

/** The English label of a status (its `*_display` text); a value outside the list is capitalised. */
export function statusDisplay(status: string): string {
  return EVENT_STATUS_LABELS[status as EventStatus]?.en ?? status.charAt(0).toUpperCase() + status.slice(1);
}

/** Who may take a transition: platform admins, or the event's own event admins. */
type Mover = 'admin' | 'event_admin';

/**
 * The event state machine (`docs/domain.md#event-status`). A pending event is approved or rejected by a platform admin;
 * an approved event opens for submissions by becoming active, and may go back (event admins may do both); an active
 * event is completed when its programme is settled; approved and active events can be cancelled; a rejected event can
 * be put back to pending, a completed one reopened, a cancelled one restored.
 */
export const EVENT_TRANSITIONS: Record<EventStatus, Partial<Record<EventStatus, readonly Mover[]>>> = {
  pending: { approved: ['admin'], rejected: ['admin'] },
  rejected: { pending: ['admin'] },
  approved: { active: ['admin', 'event_admin'], cancelled: ['admin'] },
  active: { approved: ['admin', 'event_admin'], completed: ['admin'], cancelled: ['admin'] },
  completed: { active: ['admin'] },
  cancelled: { approved: ['admin'] },
};

function moverOf(access: Pick<EventAccess, 'isPlatformAdmin' | 'isEventAdmin'>): Mover | undefined {
  if (access.isPlatformAdmin) return 'admin';
  if (access.isEventAdmin) return 'event_admin';
  return undefined;
}

/** Whether the table lets this viewer move an event from `from` to `to`. */
export function canTransition(
  from: EventStatus,
  to: EventStatus,
  access: Pick<EventAccess, 'isPlatformAdmin' | 'isEventAdmin'>,
): boolean {
  const mover = moverOf(access);
  return mover !== undefined && (EVENT_TRANSITIONS[from][to]?.includes(mover) ?? false);
}

/** The statuses this viewer may move the event to now (in the order of EVENT_STATUSES). */
export function allowedStatusChanges(
  from: EventStatus,
  access: Pick<EventAccess, 'isPlatformAdmin' | 'isEventAdmin'>,
): EventStatus[] {
  return EVENT_STATUSES.filter((to) => canTransition(from, to, access));
}

export function isEventStatus(value: unknown): value is EventStatus {
  return typeof value === 'string' && (EVENT_STATUSES as readonly string[]).includes(value);
}

export type StatusChange = {
  actor: Actor;
  access: Pick<EventAccess, 'isPlatformAdmin' | 'isEventAdmin'>;
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
 * - a transition the table has for platform admins only, asked by an event admin → 403;
 * - a transition the table does not have → 409 CONFLICT.
 */
export async function transitionEvent(db: Db, change: StatusChange): Promise<EventRow> {
  const { event, access, actor } = change;
  if (!isEventStatus(change.to)) throw eventFieldError('status', 'events.statusInvalid');
  const to = change.to;
  const from = event.status;
  if (change.via !== 'change_status' && from !== 'pending') {
    throw eventError(409, 'CONFLICT', 'events.notPending', { status: statusDisplay(from).toLowerCase() });
  }
  if (!canTransition(from, to, access)) {
    const existsForAdmins = EVENT_TRANSITIONS[from][to]?.includes('admin') ?? false;
    if (existsForAdmins && !access.isPlatformAdmin) throw eventError(403, 'PERMISSION_DENIED', 'events.adminOnly');
    throw eventError(409, 'CONFLICT', 'events.transitionNotAllowed', {
      from: statusDisplay(from).toLowerCase(),
      to: statusDisplay(to).toLowerCase(),
    });
  }
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
