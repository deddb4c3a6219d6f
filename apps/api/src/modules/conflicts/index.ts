import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { conflictRoutes } from './conflicts.routes.ts';
import { declaredConflictRoutes } from './declared-conflicts.routes.ts';

/** The conflicts-of-interest module as one route plugin. */
export const conflictsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(conflictRoutes);
  await app.register(declaredConflictRoutes);
};
