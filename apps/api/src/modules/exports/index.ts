import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { exportRoutes } from './exports.routes.ts';

/** The exports module (an event's data as CSV or XLSX for its chairs) as one route plugin. */
export const exportsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(exportRoutes);
};
