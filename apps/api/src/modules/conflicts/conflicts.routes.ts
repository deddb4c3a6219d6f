import {
  ConflictCheckBody,
  ConflictCheckDto,
  ConflictIdParams,
  ConflictListQuery,
  ConflictPageDto,
  DeclareConflictBody,
  DeclaredConflictAnswerDto,
  EventIdParams,
} from '@confero/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authorize } from '../../lib/authorize.ts';
import { parseIdParam } from '../../lib/ids.ts';
import { pageLinks } from '../../lib/pages.ts';
import type { Actor } from '../../plugins/auth.ts';
import { requireSignedIn, requireUser } from '../../plugins/auth.ts';
import { loadEvent } from '../events/event-loader.ts';
import { reviewError } from '../reviews/review-errors.ts';
import { type ConflictAction, conflictPolicies } from './conflicts.policy.ts';
import { presentConflict, presentReason } from './conflicts.presenter.ts';
import {
  authoredInEvent,
  findConflictListRow,
  findEventSubmission,
  findSubmissionRefs,
  hasConflict,
  pageEventConflicts,
} from './conflicts.queries.ts';
import { checkCandidate, declareConflict, liftConflict, syncEventConflicts } from './conflicts.service.ts';
import { detectPairs } from './detect-conflict.ts';
import { pairKey } from './detection.ts';

const TAGS = ['conflicts'];

/**
 * Conflicts of interest of an event: the committee's list with reasons, declaring, lifting, and the
 * pre-check of a candidate before inviting them. Each handler: parse → load the event (404 when the viewer is
 * neither a member nor an author in it) → authorize (403) → service → present.
 */
export const conflictRoutes: FastifyPluginAsyncZod = async (app) => {
  requireSignedIn(app);

  /** The event and the viewer's access to its registry, authorized for the action (404 for outsiders, else 403). */
  async function loadRegistry(actor: Actor, idParam: string, action: ConflictAction) {
    const { event, access } = await loadEvent(app.db, actor, idParam);
    const registry = { event: access, isEventAuthor: await authoredInEvent(app.db, event.id, actor.id) };
    authorize(conflictPolicies[action](registry));
    return { event, access };
  }

  app.get(
    '/api/events/:id/conflicts/',
    {
      schema: {
        tags: TAGS,
        summary: "The conflicts of interest of the event's reviewers, chairs and event admins, with their reasons",
        params: EventIdParams,
        querystring: ConflictListQuery,
        response: { 200: ConflictPageDto },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const { event, access } = await loadRegistry(actor, request.params.id, 'conflicts.view');
      const { page, page_size: pageSize, type, source } = request.query;
      const submission = request.query.submission
        ? await findEventSubmission(app.db, event.id, request.query.submission)
        : undefined;
      const userId = request.query.user ? parseIdParam(request.query.user)?.id : undefined;
      if ((request.query.submission && !submission) || (request.query.user && userId === undefined)) {
        return { count: 0, next: null, previous: null, results: [] };
      }
      await syncEventConflicts(app.db, event.id);
      const { rows, count } = await pageEventConflicts(app.db, {
        eventId: event.id,
        viewerId: actor.id,
        page,
        pageSize,
        submissionId: submission?.id,
        userId,
        type,
        source,
      });
      const detected = await detectPairs(
        app.db,
        event.id,
        rows.filter((row) => row.conflict.source === 'detected').map((row) => row.conflict),
      );
      return {
        count,
        ...pageLinks(app.config.publicUrl, request.url, { page, pageSize, count }),
        results: rows.map((row) =>
          presentConflict(row, {
            detected: detected.get(pairKey(row.submission.id, row.user.id)),
            viewer: access,
            // The list leaves out the viewer's own conflicts (pageEventConflicts).
            viewerConflicted: false,
          }),
        ),
      };
    },
  );

  app.post(
    '/api/events/:id/conflicts/',
    {
      schema: {
        tags: TAGS,
        summary:
          'Declare a conflict of interest (chairs for anyone, authors for their submission, reviewers for themselves)',
        params: EventIdParams,
        body: DeclareConflictBody,
        response: { 200: DeclaredConflictAnswerDto, 201: DeclaredConflictAnswerDto },
      },
    },
    async (request, reply) => {
      const actor = requireUser(request);
      const { event, access } = await loadRegistry(actor, request.params.id, 'conflicts.declare');
      const { conflict, created } = await declareConflict(app.db, { actor, eventId: event.id, access }, request.body);
      const row = await findConflictListRow(app.db, conflict.id);
      if (!row) throw reviewError(404, 'NOT_FOUND', 'conflicts.notFound');
      const viewerConflicted = (await hasConflict(app.db, conflict.submissionId, actor.id)) !== undefined;
      reply.status(created ? 201 : 200);
      return { ...presentConflict(row, { viewer: access, viewerConflicted }), created };
    },
  );

  app.delete(
    '/api/events/:id/conflicts/:conflict_id/',
    {
      schema: {
        tags: TAGS,
        summary: 'Lift a conflict of interest (the committee; or withdraw one you declared). Authorship stays.',
        params: ConflictIdParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const actor = requireUser(request);
      const { event, access } = await loadRegistry(actor, request.params.id, 'conflicts.open');
      await liftConflict(app.db, { actor, eventId: event.id, access }, request.params.conflict_id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/events/:id/conflicts/check/',
    {
      schema: {
        tags: TAGS,
        summary: 'Which submissions of the event a candidate (by e-mail) would conflict with, before inviting them',
        params: EventIdParams,
        body: ConflictCheckBody,
        response: { 200: ConflictCheckDto },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const { event } = await loadRegistry(actor, request.params.id, 'conflicts.check');
      const { email, registered, found } = await checkCandidate(app.db, event.id, request.body);
      const titles = await findSubmissionRefs(
        app.db,
        found.map((conflict) => conflict.submissionId),
      );
      return {
        email,
        registered,
        conflicts: found.map((conflict) => ({
          submission: titles.get(conflict.submissionId) ?? { id: conflict.submissionId, public_id: '', title: '' },
          type: conflict.type,
          reasons: conflict.reasons.map(presentReason),
        })),
        count: found.length,
      };
    },
  );
};
