import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerFinalVersionUploads } from './final-version-uploads.ts';
import { finalVersionRoutes } from './final-versions.routes.ts';

/** The final version (camera-ready) module as one route plugin, with its own multipart parser (two files). */
export const finalVersionsRoutes: FastifyPluginAsyncZod = async (app) => {
  await registerFinalVersionUploads(app);
  await app.register(finalVersionRoutes);
};
