import { APP_VERSION, ClientConfigDto, CsrfDto, HealthDto } from '@confero/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health/',
    { schema: { tags: ['system'], summary: 'Liveness and database check', response: { 200: HealthDto } } },
    async (request) => {
      await request.db.execute(sql`select 1`);
      return { status: 'ok' as const, database: app.dbKind, version: APP_VERSION };
    },
  );

  app.get(
    '/api/config/',
    {
      schema: {
        tags: ['system'],
        summary: 'The server settings the web app shows (upload limit); public',
        response: { 200: ClientConfigDto },
      },
    },
    async () => ({ max_upload_mb: Math.round(app.config.maxUploadBytes / (1024 * 1024)) }),
  );

  app.get(
    '/api/auth/csrf/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sets the csrftoken cookie and returns its value',
        response: { 200: CsrfDto },
      },
    },
    async (_request, reply) => ({ csrftoken: reply.issueCsrfToken() }),
  );
};
