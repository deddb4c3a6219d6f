import {
  AddAreaChairBody,
  AreaChairAnswerDto,
  AreaChairCandidatesDto,
  AreaChairListDto,
  AreaChairListQuery,
  AreaChairSubmissionListDto,
  AreaChairSubmissionsQuery,
  EventIdParams,
  EventMessageDto,
  InviteReviewerBody,
  RemoveAreaChairBody,
  ReviewerParams,
  ReviewIdParams,
  RevisitAnswerDto,
  RevisitReviewBody,
  SetAreaChairAnswerDto,
  SetAreaChairBody,
  SubmissionIdParams,
  UpdateReviewerBody,
} from '@confero/contracts';
import { serverMessage } from '@confero/i18n';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authorize } from '../../lib/authorize.ts';
import { pageLinks } from '../../lib/pages.ts';
import type { Actor } from '../../plugins/auth.ts';
import { requireSignedIn, requireUser } from '../../plugins/auth.ts';
import { perCallerHourly } from '../../plugins/rate-limit.ts';
import { loadMember, updateMemberGrant } from '../committee/committee.service.ts';
import { withDetectedConflict } from '../conflicts/detect-conflict.ts';
import { loadEvent } from '../events/event-loader.ts';
import { eventPolicies } from '../events/events.policy.ts';
import { inviteMember } from '../events/invitations.service.ts';
import { loadReviewById, reviewAccessOf } from '../reviews/review-access.ts';
import { reviewPolicies } from '../reviews/reviews.policy.ts';
import { loadSubmission } from '../submissions/submission-loader.ts';
import { areaChairPolicies } from './area-chairs.policy.ts';
import { presentAreaChair } from './area-chairs.presenter.ts';
import { findAreaChairRow, pageAreaChairs } from './area-chairs.queries.ts';
import {
  AREA_CHAIR_GRANT,
  addAreaChair,
  assignAreaChair,
  listAreaChairCandidates,
  listChairedSubmissions,
  removeAreaChair,
  requestRevisit,
} from './area-chairs.service.ts';

const TAGS = ['area-chairs'];

/**
 * Area chairs (`docs/domain.md#area-chair`): the event's area chairs managed by its organizers (add, invite, remove,
 * the list with loads), a paper's area chair chosen by its committee, the papers an area chair leads, and a request
 * to a reviewer to revisit their review. Outsiders get 404 (they cannot see the event, the paper or the review),
 * members without the right 403.
 */
export const areaChairRoutes: FastifyPluginAsyncZod = async (app) => {
  requireSignedIn(app);

  async function areaChairAnswer(
    membershipId: number,
    key: 'areaChairs.added' | 'areaChairs.invitationSent' | 'areaChairs.updated',
  ) {
    const row = await findAreaChairRow(app.db, membershipId);
    if (!row) throw new Error('area chair membership vanished');
    return { message: serverMessage(key), area_chair: presentAreaChair(row) };
  }

  async function loadManagedEvent(actor: Actor, id: string) {
    const { event, access } = await loadEvent(app.db, actor, id);
    authorize(eventPolicies['event.manageMembers'](access, { event }));
    return event;
  }

  app.get(
    '/api/events/:id/area-chairs/',
    {
      schema: {
        tags: TAGS,
        summary:
          "The event's area chairs and invitations with each one's load (papers chaired, completed meta-reviews)",
        params: EventIdParams,
        querystring: AreaChairListQuery,
        response: { 200: AreaChairListDto },
      },
    },
    async (request) => {
      const event = await loadManagedEvent(requireUser(request), request.params.id);
      const { page, page_size: pageSize } = request.query;
      const { rows, count } = await pageAreaChairs(app.db, event.id, { page, pageSize });
      return {
        count,
        ...pageLinks(app.config.publicUrl, request.url, { page, pageSize, count }),
        results: rows.map(presentAreaChair),
      };
    },
  );

  app.post(
    '/api/events/:id/add_area_chair/',
    {
      schema: {
        tags: TAGS,
        summary: 'Make a registered user an active area chair (expertise, max_papers default 5)',
        params: EventIdParams,
        body: AddAreaChairBody,
        response: { 201: AreaChairAnswerDto },
      },
    },
    async (request, reply) => {
      const actor = requireUser(request);
      const event = await loadManagedEvent(actor, request.params.id);
      const membership = await addAreaChair(app.db, actor, event, request.body);
      reply.status(201);
      return areaChairAnswer(membership.id, 'areaChairs.added');
    },
  );

  app.post(
    '/api/events/:id/invite_area_chair/',
    {
      schema: {
        tags: TAGS,
        summary: 'Invite an area chair by e-mail (with or without an account); they become one when they accept',
        params: EventIdParams,
        body: InviteReviewerBody,
        response: { 201: AreaChairAnswerDto },
      },
      config: perCallerHourly('invite', 60),
    },
    async (request, reply) => {
      const actor = requireUser(request);
      const event = await loadManagedEvent(actor, request.params.id);
      const membership = await inviteMember(app.db, {
        actor,
        event,
        role: 'area_chair',
        body: request.body,
        publicUrl: app.config.publicUrl,
      });
      reply.status(201);
      return areaChairAnswer(membership.id, 'areaChairs.invitationSent');
    },
  );

  app.patch(
    '/api/events/:id/area-chairs/:user_id/',
    {
      schema: {
        tags: TAGS,
        summary:
          "Change an area chair's expertise or max_papers (not below the papers they chair: 409 MAX_PAPERS_BELOW_LOAD)",
        params: ReviewerParams,
        body: UpdateReviewerBody,
        response: { 200: AreaChairAnswerDto },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const event = await loadManagedEvent(actor, request.params.id);
      const target = await loadMember(app.db, event, request.params.user_id, AREA_CHAIR_GRANT);
      await updateMemberGrant(app.db, actor, event, target, request.body, AREA_CHAIR_GRANT);
      return areaChairAnswer(target.membership.id, 'areaChairs.updated');
    },
  );

  app.post(
    '/api/events/:id/remove_area_chair/',
    {
      schema: {
        tags: TAGS,
        summary: 'Remove an area chair (any status); the papers they chaired lose their area chair in the same step',
        params: EventIdParams,
        body: RemoveAreaChairBody,
        response: { 200: EventMessageDto },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const event = await loadManagedEvent(actor, request.params.id);
      await removeAreaChair(app.db, actor, event, request.body);
      return { message: serverMessage('areaChairs.removed') };
    },
  );

  /** The paper (404 when invisible) for its committee (else 403; a conflict the data shows now counts). */
  async function loadChoosing(actor: Actor, idParam: string) {
    const loaded = await loadSubmission(app.db, actor, idParam);
    const access = await withDetectedConflict(app.db, actor, loaded.submission, loaded.access);
    authorize(areaChairPolicies['submission.chooseAreaChair'](access));
    return loaded.submission;
  }

  app.get(
    '/api/submissions/:id/area-chair-candidates/',
    {
      schema: {
        tags: TAGS,
        summary:
          "A paper's area chair and the event's area chairs it may get: load vs max_papers, conflicts (the committee)",
        params: SubmissionIdParams,
        response: { 200: AreaChairCandidatesDto },
      },
    },
    async (request) => {
      const submission = await loadChoosing(requireUser(request), request.params.id);
      return listAreaChairCandidates(app.db, submission);
    },
  );

  app.post(
    '/api/submissions/:id/area-chair/',
    {
      schema: {
        tags: TAGS,
        summary:
          "Set a paper's area chair ({user_id}; null or absent clears it); the area chair is e-mailed (the committee)",
        params: SubmissionIdParams,
        body: SetAreaChairBody,
        response: { 200: SetAreaChairAnswerDto },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const submission = await loadChoosing(actor, request.params.id);
      const areaChair = await assignAreaChair(app.db, {
        actor,
        event: submission.event,
        submission,
        userId: request.body.user_id,
        publicUrl: app.config.publicUrl,
      });
      const name = areaChair ? `${areaChair.firstName} ${areaChair.lastName}`.trim() || areaChair.email : '';
      return {
        message: areaChair ? serverMessage('areaChairs.assigned', { name }) : serverMessage('areaChairs.cleared'),
        submission: { public_id: submission.publicId, title: submission.title },
        area_chair: areaChair ? { public_id: areaChair.publicId, name } : null,
      };
    },
  );

  app.get(
    '/api/area-chair/submissions/',
    {
      schema: {
        tags: TAGS,
        summary:
          'The papers the caller leads as their area chair (in one event with event_id): review progress, meta-review status',
        querystring: AreaChairSubmissionsQuery,
        response: { 200: AreaChairSubmissionListDto },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const { page, page_size: pageSize, event_id: eventParam } = request.query;
      const eventId = eventParam === undefined ? undefined : (await loadEvent(app.db, actor, eventParam)).event.id;
      const { results, count } = await listChairedSubmissions(app.db, actor, { page, pageSize, eventId });
      return { count, ...pageLinks(app.config.publicUrl, request.url, { page, pageSize, count }), results };
    },
  );

  app.post(
    '/api/reviews/:id/revisit/',
    {
      schema: {
        tags: TAGS,
        summary: "Ask a review's reviewer to revisit it (a mail with the message): the paper's area chair or committee",
        params: ReviewIdParams,
        body: RevisitReviewBody,
        response: { 200: RevisitAnswerDto },
      },
      config: perCallerHourly('revisit', 120),
    },
    async (request) => {
      const actor = requireUser(request);
      const { review, context } = await loadReviewById(app.db, actor, request.params.id);
      authorize(reviewPolicies['review.requestRevisit'](reviewAccessOf(context, review), review.status));
      await requestRevisit(app.db, {
        actor,
        context,
        review,
        message: request.body.message,
        publicUrl: app.config.publicUrl,
      });
      return { message: serverMessage('areaChairs.revisitRequested') };
    },
  );
};
