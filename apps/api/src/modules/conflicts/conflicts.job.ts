import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { events, submissions } from '../../db/schema/index.ts';
import type { JobHandler } from '../../jobs/queue.ts';
import { syncConflicts } from './conflicts.service.ts';

/** Detects the conflicts of interest of every event still reviewing, in the background. */
export const CONFLICTS_SYNC_JOB = 'conflicts.sync';
export const CONFLICTS_SYNC_EVERY_MS = 10 * 60 * 1000;

/**
 * The events whose conflicts may matter now: approved or active, with submissions still awaiting a decision.
 * Detection also runs on demand before every assignment, candidate list, bid and decision (a review read detects its
 * reader's conflict without storing it: detect-conflict.ts); this pass keeps the stored conflicts current in between.
 */
export async function syncReviewingEvents(db: Db): Promise<{ events: number; conflicts: number }> {
  const rows = await db
    .selectDistinct({ id: events.id })
    .from(events)
    .innerJoin(submissions, eq(submissions.eventId, events.id))
    .where(and(inArray(events.status, ['approved', 'active']), eq(submissions.decision, 'pending')));
  let found = 0;
  for (const row of rows) found += (await syncConflicts(db, row.id)).size;
  return { events: rows.length, conflicts: found };
}

/** 'conflicts.sync' {}: thin — runs the detection over the reviewing events. */
export const conflictsSyncJob: JobHandler = async (_payload, ctx) => syncReviewingEvents(ctx.db);
