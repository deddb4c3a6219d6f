import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bidRoutes } from './bids.routes.ts';

/** The bidding module as one route plugin: a reviewer's bid on a submission and an event's bidding list. */
export const biddingRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(bidRoutes);
};
