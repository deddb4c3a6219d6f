import {
  ChangeStatusBody,
  CreateEventBody,
  EventDto,
  EventIdParams,
  EventListDto,
  EventListQuery,
  EventPageDto,
  RejectEventBody,
  RoleListQuery,
  UpdatedEventDto,
  UpdateEventBody,
} from '@confero/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authorize } from '../../lib/authorize.ts';
import { pageLinks } from '../../lib/pages.ts';
import { requireSignedIn, requireUser } from '../../plugins/auth.ts';
import { loadEvent, presentEventFor } from './event-loader.ts';
import { transitionEvent } from './event-state.ts';
import { eventListPolicies, eventPolicies } from './events.policy.ts';
import { presentEventListItem } from './events.presenter.ts';
import { listRoleEvents, pageEvents, type RoleListName } from './events.queries.ts';
import { createEvent, deleteEvent, updateEvent } from './events.service.ts';

const TAGS = ['events'];

const ROLE_LIST_SUMMARIES: Record<RoleListName, string> = {
  active: 'Approved or active events whose end date has not passed',
  my_events: 'Events the caller created, is a member of, or submitted to',
  admin_events: 'Events the caller is an event admin of',
  chair_events: 'Events the caller chairs (the event or one of its tracks)',
  author_events: 'Events the caller authored a submission in',
  reviewer_events: 'Events the caller is an active reviewer of',
  all_events: 'Every event (platform admins only)',
};

/**
 * Events: creation, lists, detail, update, deletion and status. Each handler reads parse → load (404 when invisible) →
 * authorize (403) → service → present.
 */
export const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  requireSignedIn(app);

  app.post(
    '/api/events/create/',
    {
      schema: {
        tags: TAGS,
        summary: 'Create an event (pending until a site admin approves it)',
        body: CreateEventBody,
        response: { 201: EventDto },
      },
    },
    async (request, reply) => {
      const actor = requireUser(request);
      const event = await createEvent(app.db, actor, request.body);
      reply.status(201);
      return presentEventFor(app.db, app.extensions, actor, event);
    },
  );

  app.get(
    '/api/events/',
    {
      schema: {
        tags: TAGS,
        summary: 'The events the caller may see, paginated',
        querystring: EventListQuery,
        response: { 200: EventPageDto },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const { page, page_size: pageSize, status, search } = request.query;
      const { rows, count } = await pageEvents(app.db, app.extensions, actor, { page, pageSize, status, search });
      return {
        count,
        ...pageLinks(app.config.publicUrl, request.url, { page, pageSize, count }),
        results: rows.map(presentEventListItem),
      };
    },
  );

  for (const name of Object.keys(ROLE_LIST_SUMMARIES) as RoleListName[]) {
    app.get(
      `/api/events/${name}/`,
      {
        schema: {
          tags: TAGS,
          summary: ROLE_LIST_SUMMARIES[name],
          querystring: RoleListQuery,
          response: { 200: EventListDto },
        },
      },
      async (request) => {
        const actor = requireUser(request);
        if (name === 'all_events') authorize(eventListPolicies['events.listAll'](actor));
        return (await listRoleEvents(app.db, app.extensions, actor, name, request.query.status)).map(
          presentEventListItem,
        );
      },
    );
  }

  app.get(
    '/api/events/:id/',
    {
      schema: {
        tags: TAGS,
        summary: 'Event detail (id = public id or numeric id)',
        params: EventIdParams,
        response: { 200: EventDto },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const { event } = await loadEvent(app.db, actor, request.params.id);
      return presentEventFor(app.db, app.extensions, actor, event);
    },
  );

  app.patch(
    '/api/events/:id/',
    {
      schema: {
        tags: TAGS,
        summary:
          'Change event fields, time zone, review settings and reminder days (event admins, chairs, site admins); the answer names the deadlines that moved',
        params: EventIdParams,
        body: UpdateEventBody,
        response: { 200: UpdatedEventDto },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const { event, access } = await loadEvent(app.db, actor, request.params.id);
      authorize(eventPolicies['event.update'](access, { event }));
      const updated = await updateEvent(app.db, actor, event, request.body);
      const presented = await presentEventFor(app.db, app.extensions, actor, updated.event);
      return { ...presented, deadlines_changed: updated.deadlinesChanged };
    },
  );

  app.delete(
    '/api/events/:id/',
    {
      schema: {
        tags: TAGS,
        summary: 'Delete an event without submissions (event admins, site admins)',
        params: EventIdParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const actor = requireUser(request);
      const { event, access } = await loadEvent(app.db, actor, request.params.id);
      authorize(eventPolicies['event.delete'](access, { event }));
      await deleteEvent(app.db, app.extensions, actor, event);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/events/:id/approve/',
    {
      schema: {
        tags: TAGS,
        summary: 'Approve a pending event (site admins)',
        params: EventIdParams,
        response: { 200: EventDto },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const { event, access } = await loadEvent(app.db, actor, request.params.id);
      authorize(eventPolicies['event.approve'](access, { event }));
      const updated = await transitionEvent(app.db, {
        actor,
        access,
        event,
        to: 'approved',
        via: 'approve',
        publicUrl: app.config.publicUrl,
      });
      return presentEventFor(app.db, app.extensions, actor, updated);
    },
  );

  app.post(
    '/api/events/:id/reject/',
    {
      schema: {
        tags: TAGS,
        summary: 'Reject a pending event, with an optional reason (site admins)',
        params: EventIdParams,
        body: RejectEventBody,
        response: { 200: EventDto },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const { event, access } = await loadEvent(app.db, actor, request.params.id);
      authorize(eventPolicies['event.approve'](access, { event }));
      const updated = await transitionEvent(app.db, {
        actor,
        access,
        event,
        to: 'rejected',
        via: 'reject',
        reason: request.body?.reason,
        publicUrl: app.config.publicUrl,
      });
      return presentEventFor(app.db, app.extensions, actor, updated);
    },
  );

  app.post(
    '/api/events/:id/change_status/',
    {
      schema: {
        tags: TAGS,
        summary: 'Move an event along its state machine (site admins; event admins: approved ⇄ active)',
        params: EventIdParams,
        body: ChangeStatusBody,
        response: { 200: EventDto },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const { event, access } = await loadEvent(app.db, actor, request.params.id);
      authorize(eventPolicies['event.changeStatus'](access, { event }));
      const updated = await transitionEvent(app.db, {
        actor,
        access,
        event,
        to: request.body.status,
        via: 'change_status',
        publicUrl: app.config.publicUrl,
      });
      return presentEventFor(app.db, app.extensions, actor, updated);
    },
  );
};
