import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reviewRoutes } from './reviews.routes.ts';

/**
 * The reviewing module as one route plugin: reviews with their drafts and per-viewer visibility. Bidding and
 * assignment are their own modules (modules/bidding, modules/assignment).
 */
export const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(reviewRoutes);
};
