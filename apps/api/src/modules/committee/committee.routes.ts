import {
  BulkApplyDto,
  BulkInviteBody,
  BulkPreviewDto,
  CommitteeReviewerListDto,
  EventIdParams,
  EventMessageDto,
  eventMessage,
  InviteReviewerBody,
  OrganizerInvitationAnswerDto,
  OrganizerInvitationListDto,
  RemoveReviewerBody,
  ReviewerParams,
  UpdateReviewerAnswerDto,
  UpdateReviewerBody,
} from '@confero/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authorize } from '../../lib/authorize.ts';
import { requireSignedIn, requireUser } from '../../plugins/auth.ts';
import { perCallerHourly } from '../../plugins/rate-limit.ts';
import { loadEvent } from '../events/event-loader.ts';
import { eventPolicies } from '../events/events.policy.ts';
import { listReviewerMemberships } from '../events/events.queries.ts';
import { inviteMember } from '../events/invitations.service.ts';
import { queueBulkInvitation } from './bulk-invite.job.ts';
import { classifyLines, countLines, readLines } from './bulk-invite.ts';
import { presentCommitteeReviewer, presentLine, presentOrganizerInvitation } from './committee.presenter.ts';
import { listOrganizerInvitations, NO_REVIEWS, reviewCountsByReviewer } from './committee.queries.ts';
import { loadMember, REVIEWER_GRANT, removeReviewerFromCommittee, updateMemberGrant } from './committee.service.ts';

const TAGS = ['events'];

/**
 * The people of an event's programme committee: the invitations of chairs and event admins (the spec's `add_chair/`
 * and `remove_chair/` are the events module's), and the reviewers: the list with each reviewer's load, a reviewer's
 * grant changed later, a reviewer's removal with what becomes of their reviews, and the bulk invitation. Organizers
 * (event admins, chairs of the whole event, platform admins) manage them, event admins only by event admins and
 * platform admins; track chairs see the reviewers. Outsiders get 404, members without the right 403.
 */
export const committeeRoutes: FastifyPluginAsyncZod = async (app) => {
  requireSignedIn(app);

  app.get(
    '/api/events/:id/organizer_invitations/',
    {
      schema: {
        tags: TAGS,
        summary: 'Invitations of chairs and event admins not active yet (pending, awaiting an account, declined)',
        params: EventIdParams,
        response: { 200: OrganizerInvitationListDto },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const { event, access } = await loadEvent(app.db, actor, request.params.id);
      authorize(eventPolicies['event.manageMembers'](access, { event }));
      return (await listOrganizerInvitations(app.db, event.id)).map(presentOrganizerInvitation);
    },
  );

  for (const [path, role, action, message] of [
    ['invite_chair', 'chair', 'event.manageMembers', 'committee.chairInvited'],
    ['invite_event_admin', 'event_admin', 'event.manageEventAdmins', 'committee.eventAdminInvited'],
  ] as const) {
    app.post(
      `/api/events/:id/${path}/`,
      {
        schema: {
          tags: TAGS,
          summary: `Invite a ${role === 'chair' ? 'chair of the whole event' : 'event admin'} by e-mail (with or without an account); they become one when they accept`,
          params: EventIdParams,
          body: InviteReviewerBody,
          response: { 201: OrganizerInvitationAnswerDto },
        },
        config: perCallerHourly('invite', 60),
      },
      async (request, reply) => {
        const actor = requireUser(request);
        const { event, access } = await loadEvent(app.db, actor, request.params.id);
        authorize(eventPolicies[action](access, { event }));
        const membership = await inviteMember(app.db, {
          actor,
          event,
          role,
          body: request.body,
          publicUrl: app.config.publicUrl,
        });
        const [row] = await listOrganizerInvitations(app.db, event.id, membership.id);
        if (!row) throw new Error('invitation vanished');
        reply.status(201);
        return { message: eventMessage(message), invitation: presentOrganizerInvitation(row) };
      },
    );
  }

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
      const target = await loadMember(app.db, event, request.params.user_id, REVIEWER_GRANT);
      const { overLimit } = await updateMemberGrant(app.db, actor, event, target, request.body, REVIEWER_GRANT);
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
      config: perCallerHourly('bulk-invite', 20),
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
