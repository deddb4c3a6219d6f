import { and, eq, inArray, notExists } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { conflictSyncMarks, events, submissions } from '../../db/schema/index.ts';
import type { JobHandler } from '../../jobs/queue.ts';
import { syncEventConflicts } from './conflicts.service.ts';

/** Detects the conflicts of interest of every event still reviewing, in the background. */
export const CONFLICTS_SYNC_JOB = 'conflicts.sync';
export const CONFLICTS_SYNC_EVERY_MS = 10 * 60 * 1000;

/**
 * The events whose conflicts may matter now: approved or active, with submissions still awaiting a decision. Each
 * sync follows the event's marks (what changed since the last one; the whole event the first time), so a pass over
 * unchanged events costs three statements each. Detection also runs on demand before every assignment, candidate
 * list, bid and decision (a review read detects its reader's conflict without storing it: detect-conflict.ts); this
 * pass keeps the stored conflicts current in between. `conflicts` counts the pairs detection found in what it
 * re-detected. Marks of deleted events (left by the cascade that removed their memberships) are dropped.
 */
export async function syncReviewingEvents(db: Db): Promise<{ events: number; conflicts: number }> {
  await db
    .delete(conflictSyncMarks)
    .where(notExists(db.select({ id: events.id }).from(events).where(eq(events.id, conflictSyncMarks.eventId))));
  const rows = await db
    .selectDistinct({ id: events.id })
    .from(events)
    .innerJoin(submissions, eq(submissions.eventId, events.id))
    .where(and(inArray(events.status, ['approved', 'active']), eq(submissions.decision, 'pending')));
  let found = 0;
  for (const row of rows) found += await syncEventConflicts(db, row.id);
  return { events: rows.length, conflicts: found };
}

/** 'conflicts.sync' {}: thin — runs the detection over the reviewing events. */
export const conflictsSyncJob: JobHandler = async (_payload, ctx) => syncReviewingEvents(ctx.db);
