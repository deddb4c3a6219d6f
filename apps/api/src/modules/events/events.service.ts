import {
  type CreateEventBody,
  DEFAULT_REVIEW_SETTINGS,
  EVENT_DEADLINE_FIELDS,
  type EventDeadlineField,
  type ReviewSettings,
  type ReviewSettingsPatch,
  type UpdateEventBody,
} from '@confero/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { eventMemberships, events } from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import { makePublicId, nextId } from '../../lib/ids.ts';
import type { Actor } from '../../plugins/auth.ts';
import { endOfDay } from './event-dates.ts';
import { eventError } from './event-errors.ts';
import {
  chairEmailList,
  checkEventUpdate,
  checkNewEvent,
  type EventChanges,
  type EventValues,
  resolveChairEmails,
} from './event-input.ts';
import type { EventRow } from './events.queries.ts';
import { eventHasSubmissions, type SubmissionCountSources } from './extensions.ts';

export { activateInvitationsForVerifiedEmail } from './invitations.service.ts';

function storedValues(values: EventValues) {
  return { ...values, endsAt: endOfDay(values.endDate, values.timezone) };
}

function mergeReviewSettings(current: ReviewSettings, patch: ReviewSettingsPatch | undefined): ReviewSettings {
  const merged = { ...DEFAULT_REVIEW_SETTINGS, ...current };
  for (const [key, value] of Object.entries(patch ?? {})) {
    if (value !== undefined) (merged as Record<string, unknown>)[key] = value;
  }
  return merged;
}

/**
 * Creates an event from the creation payload (rules checked in the order of `docs/domain.md#validation-order`). The
 * event starts `pending`; its creator becomes its active event admin and the chair e-mails become active chairs, so
 * their roles change at once. Audited as event.created.
 */
export async function createEvent(db: Db, actor: Actor, body: CreateEventBody): Promise<EventRow> {
  const values = checkNewEvent(body);
  const chairIds = await resolveChairEmails(db, chairEmailList(body.chair_emails));
  const reviewSettings = mergeReviewSettings(DEFAULT_REVIEW_SETTINGS, body.review_settings);
  return db.transaction(async (tx) => {
    const id = await nextId(tx, 'events');
    const [event] = await tx
      .insert(events)
      .values({
        id,
        publicId: makePublicId(id),
        ...storedValues(values),
        status: 'pending',
        reviewSettings,
        createdBy: actor.id,
      })
      .returning();
    if (!event) throw new Error('event insert returned no row');
    await tx
      .insert(eventMemberships)
      .values([
        { eventId: event.id, userId: actor.id, role: 'event_admin', status: 'active' },
        ...chairIds.map((userId) => ({ eventId: event.id, userId, role: 'chair' as const, status: 'active' as const })),
      ]);
    await recordAudit(tx, {
      actorId: actor.id,
      eventId: event.id,
      entity: 'event',
      entityId: event.id,
      action: 'event.created',
      data: { title: event.title, chairs: chairIds },
    });
    return event;
  });
}

/** The deadlines whose instant an update moved: their date changed, or the time zone they end in did. */
function movedDeadlines(changes: EventChanges): EventDeadlineField[] {
  return EVENT_DEADLINE_FIELDS.filter((field) => field in changes || 'timezone' in changes);
}

/** The review settings an update changed, each named `review_settings.<key>` with its value before and after. */
function settingsChanges(before: ReviewSettings, after: ReviewSettings): EventChanges {
  const changes: EventChanges = {};
  const merged = { ...DEFAULT_REVIEW_SETTINGS, ...before };
  for (const key of Object.keys(after) as (keyof ReviewSettings)[]) {
    if (merged[key] !== after[key]) changes[`review_settings.${key}`] = { from: merged[key], to: after[key] };
  }
  return changes;
}

/** An updated event and the deadlines the update moved (`deadlines_changed` of the answer). */
export type UpdatedEvent = { event: EventRow; deadlinesChanged: EventDeadlineField[] };

/**
 * Changes the fields sent (the status changes only through the state machine, event-state.ts). The event row is
 * locked and read again inside the transaction, so two concurrent changes apply one after the other, each checked
 * against the other's result, and the audit's "from" values are the ones replaced. The rules are those of creation,
 * applied to the event as it would be after the change; deadlines may move either way at any time while the order
 * of the dates holds. One audit entry `event.updated` names each changed field with its value before and after
 * (`data.changes`); nothing is written when nothing changed.
 */
export async function updateEvent(db: Db, actor: Actor, event: EventRow, body: UpdateEventBody): Promise<UpdatedEvent> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(events).where(eq(events.id, event.id)).for('update');
    if (!current) throw eventError(404, 'NOT_FOUND', 'events.notFound');
    const { values, reminderDays, reviewCycle, changes: fieldChanges } = checkEventUpdate(current, body);
    const reviewSettings = mergeReviewSettings(current.reviewSettings, body.review_settings);
    const changes = { ...fieldChanges, ...settingsChanges(current.reviewSettings, reviewSettings) };
    if (Object.keys(changes).length === 0) return { event: current, deadlinesChanged: [] };
    const [updated] = await tx
      .update(events)
      .set({ ...storedValues(values), ...reviewCycle, reviewSettings, reminderDays, updatedAt: new Date() })
      .where(eq(events.id, event.id))
      .returning();
    if (!updated) throw eventError(404, 'NOT_FOUND', 'events.notFound');
    await recordAudit(tx, {
      actorId: actor.id,
      eventId: event.id,
      entity: 'event',
      entityId: event.id,
      action: 'event.updated',
      data: { changes },
    });
    return { event: updated, deadlinesChanged: movedDeadlines(changes) };
  });
}

/**
 * Deletes an event with its tracks and memberships. Refused with 409 once the event has submissions (the check
 * follows the submission count sources, extensions.ts). The audit row keeps the event's id and title.
 */
export async function deleteEvent(
  db: Db,
  sources: SubmissionCountSources,
  actor: Actor,
  event: EventRow,
): Promise<void> {
  if (await eventHasSubmissions(db, sources, event.id))
    throw eventError(409, 'EVENT_HAS_SUBMISSIONS', 'events.hasSubmissions');
  await db.transaction(async (tx) => {
    await tx.delete(events).where(eq(events.id, event.id));
    await recordAudit(tx, {
      actorId: actor.id,
      eventId: event.id,
      entity: 'event',
      entityId: event.id,
      action: 'event.deleted',
      data: { title: event.title, public_id: event.publicId, status: event.status },
    });
  });
}
