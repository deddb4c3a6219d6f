import { CalendarFeedQuery, EventIdParams } from '@confero/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authorize } from '../../lib/authorize.ts';
import { eventCalendar, writeCalendar } from './calendar.ts';
import { eventNotFound } from './event-errors.ts';
import { loadEvent } from './event-loader.ts';
import { publicEventPolicies } from './events.policy.ts';
import { type EventRow, findEventByIdParam } from './events.queries.ts';

/**
 * `GET /api/events/{id}/calendar.ics`: the iCalendar feed of an event's dates (calendar.ts), for an "add to
 * calendar" link or a subscription. No sign-in needed for a published event (approved, active, completed); an
 * event that is not published is served only to a signed-in viewer who may see it (`event.view`), anyone else gets
 * 404 as if it did not exist.
 */
export const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/events/:id/calendar.ics',
    {
      schema: {
        tags: ['events'],
        summary: "The event's deadlines as an iCalendar feed (public for published events)",
        params: EventIdParams,
        querystring: CalendarFeedQuery,
        produces: ['text/calendar'],
      },
    },
    async (request, reply) => {
      let event: EventRow;
      if (request.actor) {
        ({ event } = await loadEvent(app.db, request.actor, request.params.id));
      } else {
        const found = await findEventByIdParam(app.db, request.params.id);
        if (!found) throw eventNotFound();
        authorize(publicEventPolicies['event.calendarFeed'](null, { event: found }));
        event = found;
      }
      const calendar = eventCalendar(event, { publicUrl: app.config.publicUrl, language: request.query.lang ?? 'en' });
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="event-${event.publicId}.ics"`)
        .header('cache-control', 'private, no-cache')
        .send(writeCalendar(calendar));
    },
  );
};
