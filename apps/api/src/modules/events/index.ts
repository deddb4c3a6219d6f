import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { calendarRoutes } from './calendar.routes.ts';
import { eventRoutes } from './events.routes.ts';
import { invitationRoutes } from './invitations.routes.ts';
import { memberRoutes } from './members.routes.ts';
import { trackRoutes } from './tracks.routes.ts';

/** The events module (events, the calendar feed, members, reviewer invitations, tracks) as one route plugin. */
export const eventsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(eventRoutes);
  await app.register(calendarRoutes);
  await app.register(memberRoutes);
  await app.register(trackRoutes);
  await app.register(invitationRoutes);
};
