import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assignmentPreviewRoutes } from './assignment-preview.routes.ts';
import { assignmentRoutes } from './assignments.routes.ts';
import { bidRoutes } from './bids.routes.ts';
import { reviewRoutes } from './reviews.routes.ts';

/**
 * The reviewing module as one route plugin: bids, manual assignment, reviews and their visibility, and the
 * automatic assignment (preview job, apply). The affinity and assignment libraries live in affinity/ and
 * assignment/ (no routes).
 */
export const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(bidRoutes);
  await app.register(assignmentRoutes);
  await app.register(reviewRoutes);
  await app.register(assignmentPreviewRoutes);
};
