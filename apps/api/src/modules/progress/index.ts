import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { progressRoutes as routes } from './progress.routes.ts';

/** Progress at a glance (dashboard, reviewers' progress, the chair's table, bulk decisions, timelines) as one plugin. */
export const progressRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(routes);
};
