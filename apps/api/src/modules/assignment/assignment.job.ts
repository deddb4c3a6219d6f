import type { JobHandler } from '../../jobs/queue.ts';
import { runAssignmentPreview } from './commands/compute-assignment.ts';

/** Computes an automatic assignment preview: {previewId}. */
export const ASSIGNMENT_PREVIEW_JOB = 'reviews.assignment_preview';

/** 'reviews.assignment_preview' {previewId}: thin — checks the payload and runs the service. */
export const assignmentPreviewJob: JobHandler = async (payload, ctx) => {
  const previewId = Number(payload.previewId);
  if (!Number.isSafeInteger(previewId)) {
    throw new Error(`${ASSIGNMENT_PREVIEW_JOB} needs a numeric previewId, got ${JSON.stringify(payload)}`);
  }
  const outcome = await runAssignmentPreview(ctx.db, previewId);
  ctx.log.info({ previewId, ...outcome }, 'assignment preview computed');
  return outcome;
};
