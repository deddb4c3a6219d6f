import {
  AddReviewerBody,
  EventDto,
  EventIdParams,
  eventMessage,
  InviteReviewerBody,
  MemberBody,
  ReviewerAnswerDto,
} from '@confero/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authorize } from '../../lib/authorize.ts';
import { requireSignedIn, requireUser } from '../../plugins/auth.ts';
import { loadEvent, presentEventFor } from './event-loader.ts';
import { eventPolicies } from './events.policy.ts';
import { presentReviewer } from './events.presenter.ts';
import { findReviewerMembership } from './events.queries.ts';
import { inviteMember } from './invitations.service.ts';
import { addMember, removeOrganizer, resolveMember, resolveUserId, reviewerGrant } from './members.service.ts';

const TAGS = ['events'];

/**
 * The people of an event: chairs, reviewers and reviewer invitations, managed by the event's event admins and chairs
 * and by site admins; event admins themselves are managed by event admins and site admins. Outsiders get 404 (they
 * cannot see the event), members without the right 403. The reviewer list, a reviewer's changes and removal (which
 * read their reviews) are the committee module's.
 */
export const memberRoutes: FastifyPluginAsyncZod = async (app) => {
  requireSignedIn(app);

  async function reviewerAnswer(membershipId: number, message: 'events.reviewerAdded' | 'events.invitationSent') {
    const row = await findReviewerMembership(app.db, membershipId);
    if (!row) throw new Error('reviewer membership vanished');
    return { message: eventMessage(message), reviewer: presentReviewer(row) };
  }

  for (const [path, role, action, verb] of [
    ['add_chair', 'chair', 'event.manageMembers', 'add'],
    ['remove_chair', 'chair', 'event.manageMembers', 'remove'],
    ['add_event_admin', 'event_admin', 'event.manageEventAdmins', 'add'],
    ['remove_event_admin', 'event_admin', 'event.manageEventAdmins', 'remove'],
  ] as const) {
    app.post(
      `/api/events/:id/${path}/`,
      {
        schema: {
          tags: TAGS,
          summary:
            verb === 'add'
              ? `Add an event-wide ${role === 'chair' ? 'chair' : 'event admin'} (user_id = public id, or the e-mail of a registered user)`
              : `Remove an event-wide ${role === 'chair' ? 'chair' : 'event admin'} (user_id, or e-mail: a member or an invitation, which is cancelled)`,
          params: EventIdParams,
          body: MemberBody,
          response: { 200: EventDto },
        },
      },
      async (request) => {
        const actor = requireUser(request);
        const { event, access } = await loadEvent(app.db, actor, request.params.id);
        authorize(eventPolicies[action](access, { event }));
        if (verb === 'add') await addMember(app.db, actor, event, await resolveMember(app.db, request.body), role);
        else await removeOrganizer(app.db, actor, event, role, request.body);
        return presentEventFor(app.db, app.extensions, actor, event);
      },
    );
  }

  app.post(
    '/api/events/:id/add_reviewer/',
    {
      schema: {
        tags: TAGS,
        summary: 'Make a registered user an active reviewer (expertise, max_papers default 5)',
        params: EventIdParams,
        body: AddReviewerBody,
        response: { 201: ReviewerAnswerDto },
      },
    },
    async (request, reply) => {
      const actor = requireUser(request);
      const { event, access } = await loadEvent(app.db, actor, request.params.id);
      authorize(eventPolicies['event.manageMembers'](access, { event }));
      const user = await resolveUserId(app.db, request.body.user_id);
      const grant = reviewerGrant(request.body);
      const membership = await addMember(app.db, actor, event, user, 'reviewer', grant);
      reply.status(201);
      return reviewerAnswer(membership.id, 'events.reviewerAdded');
    },
  );

  app.post(
    '/api/events/:id/invite_reviewer/',
    {
      schema: {
        tags: TAGS,
        summary: 'Invite a reviewer by e-mail (with or without an account)',
        params: EventIdParams,
        body: InviteReviewerBody,
        response: { 201: ReviewerAnswerDto },
      },
      config: {
        rateLimit: {
          max: 60,
          timeWindow: 60 * 60_000,
          keyGenerator: (request) => `invite:${request.actor?.id}`,
          // Anonymous callers are refused with 401; they use up nobody's allowance.
          allowList: (request) => request.actor === null,
        },
      },
    },
    async (request, reply) => {
      const actor = requireUser(request);
      const { event, access } = await loadEvent(app.db, actor, request.params.id);
      authorize(eventPolicies['event.manageMembers'](access, { event }));
      const membership = await inviteMember(app.db, {
        actor,
        event,
        role: 'reviewer',
        body: request.body,
        publicUrl: app.config.publicUrl,
      });
      reply.status(201);
      return reviewerAnswer(membership.id, 'events.invitationSent');
    },
  );
};
