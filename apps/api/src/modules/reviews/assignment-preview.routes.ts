import {
  ApplyAssignmentBody,
  ApplyAssignmentDto,
  ASSIGNMENT_MODES,
  type AssignmentMode,
  AssignmentPreviewBody,
  AssignmentPreviewCreatedDto,
  AssignmentPreviewDto,
  AssignmentPreviewParams,
  EventIdParams,
  reviewMessage,
} from '@confero/contracts';
import { and, desc, eq, ne } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { assignmentPreviews } from '../../db/schema/index.ts';
import { makePublicId, nextId, parseIdParam } from '../../lib/ids.ts';
import type { Actor } from '../../plugins/auth.ts';
import { requireSignedIn, requireUser } from '../../plugins/auth.ts';
import { conflictedSubmissionIds } from '../conflicts/conflicts.queries.ts';
import { eventNotFound } from '../events/event-errors.ts';
import { loadEvent } from '../events/event-loader.ts';
import { isMember, isOrganizer } from '../events/events.policy.ts';
import { ASSIGNMENT_PREVIEW_JOB } from './assignment.job.ts';
import { presentPreview } from './assignment-preview.presenter.ts';
import { applyAssignment } from './commands/apply-assignment.ts';
import { reviewError, reviewFieldError } from './review-errors.ts';

const TAGS = ['assignments'];

/**
 * The automatic assignment (`docs/domain.md#automatic-assignment`) as a job with progress: compute a preview (202),
 * read its status, progress and result (by id, or the event's latest), discard it (not once applied: it records what
 * was assigned), or apply it. The committee of the event only (event admins, chairs, platform admins); a committee
 * member with a conflict of interest sees the previews without those papers (assignment-preview.presenter.ts).
 */
export const assignmentPreviewRoutes: FastifyPluginAsyncZod = async (app) => {
  requireSignedIn(app);

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
    '/api/events/:id/assignment/preview/',
    {
      schema: {
        tags: TAGS,
        summary: "The event's latest assignment preview (any status; discarded ones are gone); 404 when none",
        params: EventIdParams,
        response: { 200: AssignmentPreviewDto },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const event = await loadCommitteeEvent(actor, request.params.id);
      const [preview] = await app.db
        .select()
        .from(assignmentPreviews)
        .where(eq(assignmentPreviews.eventId, event.id))
        .orderBy(desc(assignmentPreviews.createdAt), desc(assignmentPreviews.id))
        .limit(1);
      if (!preview) throw reviewError(404, 'NOT_FOUND', 'assignments.noPreview');
      return presentPreview(preview, await conflictedSubmissionIds(app.db, actor.id));
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
        summary: 'Discard an assignment preview; 409 for an applied one (its record stays)',
        params: AssignmentPreviewParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const actor = requireUser(request);
      const event = await loadCommitteeEvent(actor, request.params.id);
      const preview = await loadPreview(event.id, request.params.preview_id);
      const kept = () => reviewError(409, 'CONFLICT', 'assignments.previewAppliedKept');
      if (preview.status === 'applied') throw kept();
      const [deleted] = await app.db
        .delete(assignmentPreviews)
        .where(and(eq(assignmentPreviews.id, preview.id), ne(assignmentPreviews.status, 'applied')))
        .returning({ id: assignmentPreviews.id });
      // Applied (or discarded) between the read and the delete.
      if (!deleted) {
        const [still] = await app.db
          .select({ id: assignmentPreviews.id })
          .from(assignmentPreviews)
          .where(eq(assignmentPreviews.id, preview.id));
        throw still ? kept() : reviewError(404, 'NOT_FOUND', 'assignments.previewNotFound');
      }
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
