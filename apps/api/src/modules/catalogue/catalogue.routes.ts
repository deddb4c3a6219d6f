import { RESEARCH_AREAS, ResearchAreaCatalogueDto } from '@confero/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../plugins/auth.ts';

/** Catalogues shared by the forms: the research areas (`docs/domain.md#research-areas`), for signed-in users. */
export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/research-areas/',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'The research-area catalogue: 27 primary areas with their subcategories, in English and Arabic',
        response: { 200: ResearchAreaCatalogueDto },
      },
    },
    async (request, reply) => {
      requireUser(request);
      reply.header('cache-control', 'private, max-age=3600');
      return [...RESEARCH_AREAS];
    },
  );
};
