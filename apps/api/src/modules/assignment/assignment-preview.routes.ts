import {
  ApplyAssignmentBody,
  ApplyAssignmentDto,
  AssignmentPreviewBody,
  AssignmentPreviewCreatedDto,
  AssignmentPreviewDto,
  AssignmentPreviewParams,
  type AssignmentRole,
  EventIdParams,
  reviewMessage,
} from '@confero/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authorize } from '../../lib/authorize.ts';
import { parseIdParam } from '../../lib/ids.ts';
import type { Actor } from '../../plugins/auth.ts';
import { requireSignedIn, requireUser } from '../../plugins/auth.ts';
import { conflictedSubmissionIds } from '../conflicts/conflicts.queries.ts';
import { loadEvent } from '../events/event-loader.ts';
import { eventPolicies } from '../events/events.policy.ts';
import { reviewError, reviewFieldError } from '../reviews/review-errors.ts';
import { areaChairAssignmentsDenied, assignmentsDenied } from './assignment.policy.ts';
import {
  findEventPreview,
  findLatestPreview,
  type PreviewRead,
  type PreviewReadOptions,
} from './assignment.queries.ts';
import { discardPreview, requestPreview } from './assignment.service.ts';
import { presentPreview, presentPreviewText } from './assignment-preview.presenter.ts';
import { applyAssignment } from './commands/apply-assignment.ts';

const TAGS = ['assignments'];

/**
 * The routes of each role the automatic assignment assigns: their path under the event, the words their summaries
 * use, and the messages that differ.
 */
const ROLE_ROUTES = [
  {
    role: 'reviewer',
    path: 'assignment',
    what: 'an automatic assignment of reviewers',
    noPreview: 'assignments.noPreview',
    applied: 'assignments.applied',
    denied: assignmentsDenied,
  },
  {
    role: 'area_chair',
    path: 'area-chair-assignment',
    what: 'an automatic assignment of area chairs (one per paper)',
    noPreview: 'assignments.noAreaChairPreview',
    applied: 'assignments.areaChairsApplied',
    denied: areaChairAssignmentsDenied,
  },
] as const satisfies readonly {
  role: AssignmentRole;
  path: string;
  what: string;
  noPreview: string;
  applied: string;
  denied: () => Error;
}[];

/**
 * The automatic assignment (`docs/domain.md#automatic-assignment`) as a job with progress, of reviewers under
 * `events/{id}/assignment/` and of area chairs under `events/{id}/area-chair-assignment/`: compute a preview (202),
 * read its status, progress and result (by id, or the event's latest of that role), discard it (not once applied: it
 * records what was assigned), or apply it. A preview is found only under its own role's routes. The committee of
 * the event only (event admins, chairs, platform admins); a committee member with a conflict of interest sees the
 * previews without those papers (assignment-preview.presenter.ts).
 */
export const assignmentPreviewRoutes: FastifyPluginAsyncZod = async (app) => {
  requireSignedIn(app);
  for (const routes of ROLE_ROUTES) await app.register(roleRoutes(routes));
};

function roleRoutes({
  role,
  path,
  what,
  noPreview,
  applied,
  denied,
}: (typeof ROLE_ROUTES)[number]): FastifyPluginAsyncZod {
  return async (app) => {
    /** The event for its committee ('event.manageReviewing'): 404 for non-members, 403 for members who do not run it. */
    async function loadCommitteeEvent(actor: Actor, idParam: string) {
      const { event, access } = await loadEvent(app.db, actor, idParam);
      authorize(eventPolicies['event.manageReviewing'](access, { event }), { denied });
      return event;
    }

    /**
     * The answer of a preview for a viewer: the JSON text with the result as the database gave it when it could,
     * else the result read and filtered for the viewer (`presentPreviewText`, `presentPreview`).
     */
    async function answerPreview(reply: FastifyReply, preview: PreviewRead, conflicted: ReadonlySet<number>) {
      const text = presentPreviewText(preview);
      if (text !== undefined) return reply.type('application/json; charset=utf-8').send(text);
      const full = await loadPreview(preview.eventId, preview.id);
      return presentPreview(full, conflicted);
    }

    /** A preview of the event by public or numeric id (404 otherwise), its result read as `options` says. */
    async function loadPreview(
      eventId: number,
      value: string | number | null | undefined,
      options: { field?: string } & PreviewReadOptions = {},
    ) {
      if (value === null || value === undefined || String(value).trim() === '') {
        throw reviewFieldError(options.field ?? 'preview_id', 'assignments.previewIdRequired');
      }
      const parsed = parseIdParam(String(value).trim());
      const row = parsed ? await findEventPreview(app.db, eventId, parsed.id, role, options) : undefined;
      if (!row || (parsed?.publicId && row.publicId !== parsed.publicId)) {
        throw reviewError(404, 'NOT_FOUND', 'assignments.previewNotFound');
      }
      return row;
    }

    app.post(
      `/api/events/:id/${path}/preview/`,
      {
        schema: {
          tags: TAGS,
          summary: `Compute ${what} in the background (mode keep_existing or replace): 202 with its id`,
          params: EventIdParams,
          body: AssignmentPreviewBody,
          response: { 202: AssignmentPreviewCreatedDto },
        },
      },
      async (request, reply) => {
        const actor = requireUser(request);
        const event = await loadCommitteeEvent(actor, request.params.id);
        const row = await requestPreview(app.db, { actor, eventId: event.id, role, mode: request.body?.mode });
        app.jobs.nudge();
        reply.status(202);
        return { preview_id: row.publicId, status: row.status };
      },
    );

    app.get(
      `/api/events/:id/${path}/preview/`,
      {
        schema: {
          tags: TAGS,
          summary: `The event's latest preview of ${what} (any status; discarded ones are gone); 404 when none`,
          params: EventIdParams,
          response: { 200: AssignmentPreviewDto },
        },
      },
      async (request, reply) => {
        const actor = requireUser(request);
        const event = await loadCommitteeEvent(actor, request.params.id);
        const conflicted = await conflictedSubmissionIds(app.db, actor.id);
        const preview = await findLatestPreview(app.db, event.id, role, { textFor: conflicted });
        if (!preview) throw reviewError(404, 'NOT_FOUND', noPreview);
        return answerPreview(reply, preview, conflicted);
      },
    );

    app.get(
      `/api/events/:id/${path}/preview/:preview_id/`,
      {
        schema: {
          tags: TAGS,
          summary: `A preview of ${what}: status and progress, then the proposed pairs with reasons and statistics`,
          params: AssignmentPreviewParams,
          response: { 200: AssignmentPreviewDto },
        },
      },
      async (request, reply) => {
        const actor = requireUser(request);
        const event = await loadCommitteeEvent(actor, request.params.id);
        const conflicted = await conflictedSubmissionIds(app.db, actor.id);
        const preview = await loadPreview(event.id, request.params.preview_id, { textFor: conflicted });
        return answerPreview(reply, preview, conflicted);
      },
    );

    app.delete(
      `/api/events/:id/${path}/preview/:preview_id/`,
      {
        schema: {
          tags: TAGS,
          summary: `Discard a preview of ${what}; 409 for an applied one (its record stays)`,
          params: AssignmentPreviewParams,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        const actor = requireUser(request);
        const event = await loadCommitteeEvent(actor, request.params.id);
        await discardPreview(app.db, await loadPreview(event.id, request.params.preview_id, { withResult: false }));
        return reply.status(204).send(null);
      },
    );

    app.post(
      `/api/events/:id/${path}/apply/`,
      {
        schema: {
          tags: TAGS,
          summary: `Apply a computed preview of ${what} ({"preview_id", "mode"}); 409 STALE_PREVIEW when assignments changed since`,
          params: EventIdParams,
          body: ApplyAssignmentBody,
          response: { 200: ApplyAssignmentDto },
        },
      },
      async (request) => {
        const actor = requireUser(request);
        const event = await loadCommitteeEvent(actor, request.params.id);
        // The apply reads the few fields of the result it needs itself (findApplyResult).
        const preview = await loadPreview(event.id, request.body.preview_id, { withResult: false });
        const outcome = await applyAssignment(app.db, {
          actor,
          event,
          preview,
          mode: request.body.mode,
          publicUrl: app.config.publicUrl,
        });
        return { message: reviewMessage(applied, { ...outcome }), ...outcome };
      },
    );
  };
}
