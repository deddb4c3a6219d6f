import {
  type CreateEventBody,
  DEFAULT_REVIEW_SETTINGS,
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

/**
 * Changes the fields sent (the status changes only through the state machine, event-state.ts). The rules are
 * those of creation, applied to the event as it would be after the change. Audited with the changed fields.
 */
export async function updateEvent(db: Db, actor: Actor, event: EventRow, body: UpdateEventBody): Promise<EventRow> {
  const { values, changed } = checkEventUpdate(event, body);
  const reviewSettings = mergeReviewSettings(event.reviewSettings, body.review_settings);
  const settingsChanged = JSON.stringify(reviewSettings) !== JSON.stringify(event.reviewSettings);
  if (changed.length === 0 && !settingsChanged) return event;
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(events)
      .set({ ...storedValues(values), reviewSettings, updatedAt: new Date() })
      .where(eq(events.id, event.id))
      .returning();
    if (!updated) throw eventError(404, 'NOT_FOUND', 'events.notFound');
    await recordAudit(tx, {
      actorId: actor.id,
      eventId: event.id,
      entity: 'event',
      entityId: event.id,
      action: 'event.updated',
      data: { fields: [...changed, ...(settingsChanged ? ['reviewSettings'] : [])] },
    });
    return updated;
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
