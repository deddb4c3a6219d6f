import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerUploads } from './files.ts';
import { submissionRoutes } from './submissions.routes.ts';

/**
 * The submissions module as one route plugin: multipart uploads (limits from the configuration, registered in this
 * plugin's context only) and the submission routes.
 */
export const submissionsRoutes: FastifyPluginAsyncZod = async (app) => {
  await registerUploads(app);
  await app.register(submissionRoutes);
};
