import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { assignmentPreviews } from '../../db/schema/index.ts';
import type { PreviewRow } from './commands/apply-assignment.ts';

/** One assignment preview of the event by numeric id (scoped to the event the route loaded). */
export async function findEventPreview(db: Db, eventId: number, previewId: number): Promise<PreviewRow | undefined> {
  const [row] = await db
    .select()
    .from(assignmentPreviews)
    .where(and(eq(assignmentPreviews.id, previewId), eq(assignmentPreviews.eventId, eventId)));
  return row;
}

/** The event's latest assignment preview, whatever its status (discarded ones are deleted). */
export async function findLatestPreview(db: Db, eventId: number): Promise<PreviewRow | undefined> {
  const [row] = await db
    .select()
    .from(assignmentPreviews)
    .where(eq(assignmentPreviews.eventId, eventId))
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
