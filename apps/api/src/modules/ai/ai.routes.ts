import { RewriteDescriptionBody, RewriteDescriptionDto } from '@confero/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSignedIn } from '../../plugins/auth.ts';
import { rewriteDescription } from './ai.service.ts';
import { createAiProvider } from './providers/index.ts';
import { reviewAssistantRoutes } from './review-assistant.routes.ts';

/**
 * AI features (`docs/domain.md#ai-features`), each saying which provider produced its answer. Signed-in
 * users only; rate limited per user, since a call may cost money with the `openai` provider.
 */
export const aiRoutes: FastifyPluginAsyncZod = async (app) => {
  const provider = createAiProvider(app.config.ai);

  requireSignedIn(app);

  app.post(
    '/api/ai/rewrite-description/',
    {
      schema: {
        tags: ['ai'],
        summary: 'Rewrite an event description (clean-up and structure, no invented facts)',
        body: RewriteDescriptionBody,
        response: { 200: RewriteDescriptionDto },
      },
      config: {
        rateLimit: {
          max: 30,
          timeWindow: 60_000,
          keyGenerator: (request) => `ai:${request.actor?.id}`,
          allowList: (request) => request.actor === null,
        },
      },
    },
    async (request) => rewriteDescription(provider, request.body.event_description, request.log),
  );

  await app.register(reviewAssistantRoutes(provider));
};
