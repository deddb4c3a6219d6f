import { ReviewAssistantBody, ReviewAssistantDto, ReviewAssistantQuery, ReviewIdParams } from '@confero/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../plugins/auth.ts';
import { localeFromHeader } from '../auth/auth.service.ts';
import { loadReviewById } from '../reviews/review-access.ts';
import { parseReviewInput } from '../reviews/review-input.ts';
import type { AiProvider } from './providers/index.ts';
import { assistReview } from './review-assistant.service.ts';

/** How many assistant calls a user may make per minute: the analysis is CPU work, and may cost money with `openai`. */
export const ASSISTANT_RATE_LIMIT = { max: 20, timeWindow: 60_000 };

/**
 * `POST reviews/{id}/assistant/` (`docs/domain.md#review-assistant`): findings on the caller's draft — the draft sent
 * (a review save's shape) or, when nothing is sent, the saved one. Parse → load the review as the caller may read it
 * (404 otherwise) → the service's 'review.useAssistant' (403 with its reason) → findings. Rate limited per user.
 */
export function reviewAssistantRoutes(provider: AiProvider): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/reviews/:id/assistant/',
      {
        schema: {
          tags: ['reviews'],
          summary:
            "Suggestions on the caller's own review draft (never stored, never shown to anyone else; the review is not changed)",
          params: ReviewIdParams,
          querystring: ReviewAssistantQuery,
          body: ReviewAssistantBody,
          response: { 200: ReviewAssistantDto },
        },
        config: {
          rateLimit: {
            ...ASSISTANT_RATE_LIMIT,
            keyGenerator: (request) => `review-assistant:${request.actor?.id}`,
            allowList: (request) => request.actor === null,
          },
        },
      },
      async (request) => {
        const actor = requireUser(request);
        const input = parseReviewInput(request.body ?? {});
        const language = request.query.lang ?? localeFromHeader(request.headers['accept-language']);
        const { review, context } = await loadReviewById(app.db, actor, request.params.id);
        return assistReview(app.db, { provider, log: request.log }, { context, review, input, language });
      },
    );
  };
}
