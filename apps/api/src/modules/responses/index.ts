import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { responseRoutes } from './responses.routes.ts';

/** The author response module as one route plugin. */
export const responsesRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(responseRoutes);
};
