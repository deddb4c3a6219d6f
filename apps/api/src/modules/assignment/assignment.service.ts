import { ASSIGNMENT_MODES, type AssignmentMode, type AssignmentRole } from '@confero/contracts';
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { assignmentPreviews } from '../../db/schema/index.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { makePublicId, nextId } from '../../lib/ids.ts';
import type { Actor } from '../../plugins/auth.ts';
import { reviewError, reviewFieldError } from '../reviews/review-errors.ts';
import { ASSIGNMENT_PREVIEW_JOB } from './assignment.job.ts';
import { previewExists } from './assignment.queries.ts';
import type { PreviewRow } from './commands/apply-assignment.ts';

/**
 * Asks for an automatic assignment preview of reviewers (`POST events/{id}/assignment/preview/`) or of area chairs
 * (`POST events/{id}/area-chair-assignment/preview/`): the mode (keep_existing by default, or replace; 400
 * otherwise), then the preview row (with its role) and its job, written in one transaction. The caller wakes the
 * worker.
 */
export async function requestPreview(
  db: Db,
  input: { actor: Actor; eventId: number; role: AssignmentRole; mode: string | null | undefined },
): Promise<PreviewRow> {
  const asked = input.mode?.trim() || 'keep_existing';
  if (!(ASSIGNMENT_MODES as readonly string[]).includes(asked))
    throw reviewFieldError('mode', 'assignments.modeInvalid');
  return db.transaction(async (tx) => {
    const id = await nextId(tx, 'assignment_previews');
    const [row] = await tx
      .insert(assignmentPreviews)
      .values({
        id,
        publicId: makePublicId(id),
        eventId: input.eventId,
        createdBy: input.actor.id,
        role: input.role,
        mode: asked as AssignmentMode,
      })
      .returning();
    if (!row) throw new Error('assignment preview insert returned no row');
    await enqueueJob(tx, ASSIGNMENT_PREVIEW_JOB, { previewId: row.id }, { maxAttempts: 1 });
    return row;
  });
}

/**
 * Discards a preview (`DELETE events/{id}/assignment/preview/{preview_id}/`, or area-chair-assignment's): 409 for an applied one, whose record
 * stays; the delete is conditional on the status, so a preview applied meanwhile is kept (409) and one discarded
 * meanwhile is gone (404).
 */
export async function discardPreview(db: Db, preview: PreviewRow): Promise<void> {
  const kept = () => reviewError(409, 'CONFLICT', 'assignments.previewAppliedKept');
  if (preview.status === 'applied') throw kept();
  const [deleted] = await db
    .delete(assignmentPreviews)
    .where(and(eq(assignmentPreviews.id, preview.id), ne(assignmentPreviews.status, 'applied')))
    .returning({ id: assignmentPreviews.id });
  if (deleted) return;
  throw (await previewExists(db, preview.id)) ? kept() : reviewError(404, 'NOT_FOUND', 'assignments.previewNotFound');
}
