import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { areaChairRoutes as routes } from './area-chairs.routes.ts';

/** Area chairs (membership, a paper's area chair, their papers, revisit requests) as one plugin. */
export const areaChairRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(routes);
};
