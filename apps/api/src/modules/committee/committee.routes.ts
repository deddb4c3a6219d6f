import {
  BulkApplyDto,
  BulkInviteBody,
  BulkPreviewDto,
  CommitteeReviewerListDto,
  EventIdParams,
  EventMessageDto,
  eventMessage,
  RemoveReviewerBody,
  ReviewerParams,
  UpdateReviewerAnswerDto,
  UpdateReviewerBody,
} from '@confero/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authorize } from '../../lib/authorize.ts';
import { requireSignedIn, requireUser } from '../../plugins/auth.ts';
import { loadEvent } from '../events/event-loader.ts';
import { eventPolicies } from '../events/events.policy.ts';
import { listReviewerMemberships } from '../events/events.queries.ts';
import { queueBulkInvitation } from './bulk-invite.job.ts';
import { classifyLines, countLines, readLines } from './bulk-invite.ts';
import { presentCommitteeReviewer, presentLine } from './committee.presenter.ts';
import { NO_REVIEWS, reviewCountsByReviewer } from './committee.queries.ts';
import { loadReviewer, removeReviewerFromCommittee, updateReviewer } from './committee.service.ts';

const TAGS = ['events'];

/**
 * The reviewers of an event's programme committee: the list with each reviewer's load, a reviewer's grant changed
 * later, a reviewer's removal with what becomes of their reviews, and the bulk invitation. Organizers (event admins,
 * chairs of the whole event, platform admins) manage them; track chairs see the list. Outsiders get 404, members
 * without the right 403.
 */
export const committeeRoutes: FastifyPluginAsyncZod = async (app) => {
  requireSignedIn(app);

  app.get(
    '/api/events/:id/reviewers/',
    {
      schema: {
        tags: TAGS,
        summary: 'Reviewers of the event with pending and declined invitations, and each one’s load',
        params: EventIdParams,
        response: { 200: CommitteeReviewerListDto },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const { event, access } = await loadEvent(app.db, actor, request.params.id);
      authorize(eventPolicies['event.viewReviewers'](access, { event }));
      const [rows, counts] = await Promise.all([
        listReviewerMemberships(app.db, event.id),
        reviewCountsByReviewer(app.db, event.id),
      ]);
      return rows.map((row) =>
        presentCommitteeReviewer(row, (row.userId !== null && counts.get(row.userId)) || NO_REVIEWS),
      );
    },
  );

  app.patch(
    '/api/events/:id/reviewers/:user_id/',
    {
      schema: {
        tags: TAGS,
        summary: "Change a reviewer's expertise or max_papers",
        params: ReviewerParams,
        body: UpdateReviewerBody,
        response: { 200: UpdateReviewerAnswerDto },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const { event, access } = await loadEvent(app.db, actor, request.params.id);
      authorize(eventPolicies['event.manageMembers'](access, { event }));
      const target = await loadReviewer(app.db, event, request.params.user_id);
      const { overLimit } = await updateReviewer(app.db, actor, event, target, request.body);
      return { message: eventMessage('committee.reviewerUpdated'), over_limit: overLimit };
    },
  );

  app.post(
    '/api/events/:id/remove_reviewer/',
    {
      schema: {
        tags: TAGS,
        summary:
          'Remove a reviewer (user_id; reviews: keep | delete their unfinished reviews) or an invitation without an account (email)',
        params: EventIdParams,
        body: RemoveReviewerBody,
        response: { 200: EventMessageDto },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const { event, access } = await loadEvent(app.db, actor, request.params.id);
      authorize(eventPolicies['event.manageMembers'](access, { event }));
      await removeReviewerFromCommittee(app.db, actor, event, request.body, app.config.publicUrl);
      return { message: eventMessage('events.reviewerRemoved') };
    },
  );

  app.post(
    '/api/events/:id/reviewers/bulk/preview/',
    {
      schema: {
        tags: TAGS,
        summary: 'Read a list of reviewers (CSV or rows) and say what each line would become; writes nothing',
        params: EventIdParams,
        body: BulkInviteBody,
        response: { 200: BulkPreviewDto },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const { event, access } = await loadEvent(app.db, actor, request.params.id);
      authorize(eventPolicies['event.manageMembers'](access, { event }));
      const lines = await classifyLines(app.db, event, readLines(request.body));
      return { lines: lines.map(presentLine), counts: countLines(lines) };
    },
  );

  app.post(
    '/api/events/:id/reviewers/bulk/',
    {
      schema: {
        tags: TAGS,
        summary: 'Invite and add the valid lines of a list of reviewers, in the background',
        params: EventIdParams,
        body: BulkInviteBody,
        response: { 202: BulkApplyDto },
      },
      config: {
        rateLimit: {
          max: 20,
          timeWindow: 60 * 60_000,
          keyGenerator: (request) => `bulk-invite:${request.actor?.id}`,
          allowList: (request) => request.actor === null,
        },
      },
    },
    async (request, reply) => {
      const actor = requireUser(request);
      const { event, access } = await loadEvent(app.db, actor, request.params.id);
      authorize(eventPolicies['event.manageMembers'](access, { event }));
      const lines = await classifyLines(app.db, event, readLines(request.body));
      const counts = countLines(lines);
      const jobId = await queueBulkInvitation(app, { actor, event, lines });
      reply.status(202);
      return {
        message: eventMessage('committee.bulkApplied', { invited: counts.invite, added: counts.add }),
        job_id: jobId,
        invited: counts.invite,
        added: counts.add,
        skipped: counts.member + counts.duplicate,
        invalid: counts.invalid,
      };
    },
  );
};
