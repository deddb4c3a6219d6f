import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { discussionRoutes as routes } from './discussion.routes.ts';

/** The committee's discussion of a paper (threads, comments, mentions, the flag, the caller's list) as one plugin. */
export const discussionRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(routes);
};
