import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditRoutes } from './audit.routes.ts';

/** The audit module (the audit log for an event's chairs and for site admins) as one route plugin. */
export const auditModuleRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(auditRoutes);
};
