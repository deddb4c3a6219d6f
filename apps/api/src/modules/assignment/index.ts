import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assignmentPreviewRoutes } from './assignment-preview.routes.ts';
import { assignmentRoutes } from './assignments.routes.ts';

/**
 * The assignment module as one route plugin: manual assignment (reviewer candidates, assigning, unassigning) and
 * the automatic assignment (preview job, apply). The solver and the affinity model are libraries in solver/ and
 * affinity/ (no routes).
 */
export const assignmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(assignmentRoutes);
  await app.register(assignmentPreviewRoutes);
};
