import type { AssignmentRole } from '@confero/contracts';
import { and, asc, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { assignmentPreviews, submissions } from '../../db/schema/index.ts';

/** An automatic assignment preview as stored. */
export type PreviewRow = typeof assignmentPreviews.$inferSelect;

/**
 * One assignment preview of the event by numeric id (scoped to the event the route loaded and to the role its
 * routes assign: a reviewers' preview is not found under the area chairs' routes, nor the reverse).
 */
export async function findEventPreview(
  db: Db,
  eventId: number,
  previewId: number,
  role: AssignmentRole,
): Promise<PreviewRow | undefined> {
  const [row] = await db
    .select()
    .from(assignmentPreviews)
    .where(
      and(
        eq(assignmentPreviews.id, previewId),
        eq(assignmentPreviews.eventId, eventId),
        eq(assignmentPreviews.role, role),
      ),
    );
  return row;
}

/** The event's latest assignment preview of one role, whatever its status (discarded ones are deleted). */
export async function findLatestPreview(
  db: Db,
  eventId: number,
  role: AssignmentRole,
): Promise<PreviewRow | undefined> {
  const [row] = await db
    .select()
    .from(assignmentPreviews)
    .where(and(eq(assignmentPreviews.eventId, eventId), eq(assignmentPreviews.role, role)))
    .orderBy(desc(assignmentPreviews.createdAt), desc(assignmentPreviews.id))
    .limit(1);
  return row;
}

/** Whether a preview still exists (after a delete that matched nothing: applied meanwhile, or gone). */
export async function previewExists(db: Db, previewId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: assignmentPreviews.id })
    .from(assignmentPreviews)
    .where(eq(assignmentPreviews.id, previewId));
  return row !== undefined;
}

/**
 * The event's area chairs as assignments (one per submission that has one), in the shape of the reviewers'
 * (`findEventAssignments`): an area chair set without a source counts as set by hand, so no mode drops it.
 */
export async function findEventAreaChairPairs(db: Db, eventId: number) {
  return db
    .select({
      submissionId: submissions.id,
      reviewerId: sql<number>`${submissions.areaChairId}`,
      status: sql<'assigned'>`'assigned'`,
      source: sql<string>`coalesce(${submissions.areaChairSource}, 'manual')`,
    })
    .from(submissions)
    .where(and(eq(submissions.eventId, eventId), isNotNull(submissions.areaChairId)))
    .orderBy(asc(submissions.id));
}
