import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { events } from '../../db/schema/index.ts';
import type { JobHandler } from '../../jobs/queue.ts';
import { addDays } from '../events/event-dates.ts';
import { findLateReviewers } from './communications.queries.ts';
import { GROUP_BATCH_SIZE, remindReviewers, runGroupBatch } from './communications.service.ts';
import { todayIn } from './event-mail.ts';

export { MAIL_GROUP_JOB, recordGroupFailure } from './communications.service.ts';

/** 'mail.group' `{ sendId, after? }`: thin — writes one batch of a group mail's recipients to the outbox. */
export function mailGroupJob(deps: { publicUrl: string }): JobHandler {
  return async (payload, ctx) => {
    const sendId = Number(payload.sendId);
    const after = payload.after === undefined ? undefined : Number(payload.after);
    if (!Number.isSafeInteger(sendId)) return { skipped: 'bad payload' };
    const findEvent = async (id: number) => (await ctx.db.select().from(events).where(eq(events.id, id)))[0];
    return runGroupBatch(ctx.db, { publicUrl: deps.publicUrl, findEvent }, sendId, after);
  };
}

export const REVIEW_REMINDERS_JOB = 'communications.review_reminders';
export const REVIEW_REMINDERS_EVERY_MS = 60 * 60 * 1000;

/** Whole days from `today` to `date` (both YYYY-MM-DD). */
const daysBetween = (today: string, date: string) =>
  Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / (24 * 60 * 60 * 1000));

/**
 * The automatic reminders: for each approved or active event whose review deadline is N days away today (in the
 * event's zone) for an N of its `reminder_days`, reminds every reviewer holding reviews not completed, in batches of
 * one transaction each. The reminder's dedupe key (one per reviewer, event and day) makes an hourly run, a manual
 * reminder the same day and a run done twice write one mail.
 */
export async function sendAutomaticReminders(
  db: Db,
  publicUrl: string,
  now: Date = new Date(),
  batchSize = GROUP_BATCH_SIZE,
): Promise<{ events: number; sent: number }> {
  const candidates = await db
    .select({
      id: events.id,
      title: events.title,
      timezone: events.timezone,
      reviewDeadline: events.reviewDeadline,
      reminderDays: events.reminderDays,
    })
    .from(events)
    .where(
      and(
        inArray(events.status, ['approved', 'active']),
        sql`cardinality(${events.reminderDays}) > 0`,
        gte(events.reviewDeadline, addDays(now.toISOString().slice(0, 10), -1)),
      ),
    );
  let reminded = 0;
  let sent = 0;
  for (const event of candidates) {
    if (!event.reminderDays.includes(daysBetween(todayIn(event.timezone, now), event.reviewDeadline))) continue;
    reminded += 1;
    let after: number | undefined;
    for (;;) {
      const batch = await findLateReviewers(db, event.id, { after, limit: batchSize });
      if (batch.length === 0) break;
      const answer = await db.transaction((tx) => remindReviewers(tx, publicUrl, event, batch, now));
      sent += answer.sent;
      after = batch.at(-1)?.id;
      if (batch.length < batchSize) break;
    }
  }
  return { events: reminded, sent };
}

/** 'communications.review_reminders' {}: thin — the automatic reminders of the day. */
export function reviewRemindersJob(deps: { publicUrl: string }): JobHandler {
  return async (_payload, ctx) => sendAutomaticReminders(ctx.db, deps.publicUrl);
}
