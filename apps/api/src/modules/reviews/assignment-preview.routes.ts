import {
  ApplyAssignmentBody,
  ApplyAssignmentDto,
  ASSIGNMENT_MODES,
  type AssignmentMode,
  AssignmentPreviewBody,
  AssignmentPreviewCreatedDto,
  AssignmentPreviewDto,
  AssignmentPreviewParams,
  type AssignmentResultDto,
  EventIdParams,
  reviewMessage,
} from '@confero/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { assignmentPreviews } from '../../db/schema/index.ts';
import { makePublicId, nextId, parseIdParam } from '../../lib/ids.ts';
import type { Actor } from '../../plugins/auth.ts';
import { requireUser } from '../../plugins/auth.ts';
import { conflictedSubmissionIds } from '../conflicts/conflicts.queries.ts';
import { eventNotFound } from '../events/event-errors.ts';
import { loadEvent } from '../events/event-loader.ts';
import { isMember, isOrganizer } from '../events/events.policy.ts';
import { ASSIGNMENT_PREVIEW_JOB } from './assignment.job.ts';
import { applyAssignment, type PreviewRow } from './commands/apply-assignment.ts';
import { reviewError, reviewFieldError } from './review-errors.ts';

const TAGS = ['assignments'];

/** The result without the rows of submissions the viewer is conflicted with (they learn nothing about those). */
function withoutConflicted(result: AssignmentResultDto, hidden: Set<number>): AssignmentResultDto {
  if (hidden.size === 0) return result;
  const keep = (row: { submission: { id: number } }) => !hidden.has(row.submission.id);
  return {
    ...result,
    pairs: result.pairs.filter(keep),
    removed: result.removed.filter(keep),
    short: result.short.filter(keep),
    lowest_paper: result.lowest_paper && hidden.has(result.lowest_paper.id) ? null : result.lowest_paper,
    lowest_paper_score: result.lowest_paper && hidden.has(result.lowest_paper.id) ? null : result.lowest_paper_score,
  };
}

function presentPreview(preview: PreviewRow, hidden: Set<number>) {
  return {
    preview_id: preview.publicId,
    status: preview.status,
    progress: Math.round(preview.progress * 100) / 100,
    mode: preview.mode,
    created_at: preview.createdAt.toISOString(),
    finished_at: preview.finishedAt?.toISOString() ?? null,
    error: preview.status === 'failed' ? reviewMessage('assignments.previewFailed') : null,
    result: preview.result ? withoutConflicted(preview.result, hidden) : null,
  };
}

/**
 * The automatic assignment (issue #6) as a job with progress: compute a preview (202), read its status, progress
 * and result, discard it, or apply it. The committee of the event only (event admins, chairs, platform admins).
 */
export const assignmentPreviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preValidation', async (request) => {
    requireUser(request);
  });

  /** The event for its committee: 404 for non-members, 403 for members who do not run it. */
  async function loadCommitteeEvent(actor: Actor, idParam: string) {
    const { event, access } = await loadEvent(app.db, actor, idParam);
    if (!isMember(access) && !access.isPlatformAdmin) throw eventNotFound();
    if (!isOrganizer(access)) throw reviewError(403, 'PERMISSION_DENIED', 'assignments.denied');
    return event;
  }

  async function loadPreview(eventId: number, value: string | number | null | undefined, field?: string) {
    if (value === null || value === undefined || String(value).trim() === '') {
      throw reviewFieldError(field ?? 'preview_id', 'assignments.previewIdRequired');
    }
    const parsed = parseIdParam(String(value).trim());
    const [row] = parsed
      ? await app.db
          .select()
          .from(assignmentPreviews)
          .where(and(eq(assignmentPreviews.id, parsed.id), eq(assignmentPreviews.eventId, eventId)))
      : [];
    if (!row || (parsed?.publicId && row.publicId !== parsed.publicId)) {
      throw reviewError(404, 'NOT_FOUND', 'assignments.previewNotFound');
    }
    return row;
  }

  app.post(
    '/api/events/:id/assignment/preview/',
    {
      schema: {
        tags: TAGS,
        summary: 'Compute an automatic assignment in the background (mode keep_existing or replace): 202 with its id',
        params: EventIdParams,
        body: AssignmentPreviewBody,
        response: { 202: AssignmentPreviewCreatedDto },
      },
    },
    async (request, reply) => {
      const actor = requireUser(request);
      const event = await loadCommitteeEvent(actor, request.params.id);
      const asked = request.body?.mode?.trim() || 'keep_existing';
      if (!(ASSIGNMENT_MODES as readonly string[]).includes(asked)) {
        throw reviewFieldError('mode', 'assignments.modeInvalid');
      }
      const id = await nextId(app.db, 'assignment_previews');
      const [row] = await app.db
        .insert(assignmentPreviews)
        .values({
          id,
          publicId: makePublicId(id),
          eventId: event.id,
          createdBy: actor.id,
          mode: asked as AssignmentMode,
        })
        .returning();
      if (!row) throw new Error('assignment preview insert returned no row');
      await app.jobs.enqueue(ASSIGNMENT_PREVIEW_JOB, { previewId: row.id }, { maxAttempts: 1 });
      reply.status(202);
      return { preview_id: row.publicId, status: row.status };
    },
  );

  app.get(
    '/api/events/:id/assignment/preview/:preview_id/',
    {
      schema: {
        tags: TAGS,
        summary: 'An assignment preview: status and progress, then the proposed pairs with reasons and statistics',
        params: AssignmentPreviewParams,
        response: { 200: AssignmentPreviewDto },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const event = await loadCommitteeEvent(actor, request.params.id);
      const preview = await loadPreview(event.id, request.params.preview_id);
      return presentPreview(preview, await conflictedSubmissionIds(app.db, actor.id));
    },
  );

  app.delete(
    '/api/events/:id/assignment/preview/:preview_id/',
    {
      schema: {
        tags: TAGS,
        summary: 'Discard an assignment preview',
        params: AssignmentPreviewParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const actor = requireUser(request);
      const event = await loadCommitteeEvent(actor, request.params.id);
      const preview = await loadPreview(event.id, request.params.preview_id);
      await app.db.delete(assignmentPreviews).where(eq(assignmentPreviews.id, preview.id));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/events/:id/assignment/apply/',
    {
      schema: {
        tags: TAGS,
        summary: 'Apply a computed preview ({"preview_id", "mode"}); 409 STALE_PREVIEW when assignments changed since',
        params: EventIdParams,
        body: ApplyAssignmentBody,
        response: { 200: ApplyAssignmentDto },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const event = await loadCommitteeEvent(actor, request.params.id);
      const preview = await loadPreview(event.id, request.body.preview_id);
      const conflicted = await conflictedSubmissionIds(app.db, actor.id);
      const touches = (preview.result?.pairs ?? []).some(
        (pair) => !pair.existing && conflicted.has(pair.submission.id),
      );
      const drops = (preview.result?.removed ?? []).some((row) => conflicted.has(row.submission.id));
      if (touches || drops) throw reviewError(403, 'CONFLICT_OF_INTEREST', 'assignments.managerConflicted');
      const outcome = await applyAssignment(app.db, {
        actor,
        event,
        preview,
        mode: request.body.mode,
        publicUrl: app.config.publicUrl,
      });
      return { message: reviewMessage('assignments.applied', { ...outcome }), ...outcome };
    },
  );
};
