import { AuthorResponseDto, CommitteeResponsesDto, PutResponseBody, SubmissionIdParams } from '@confero/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authorize } from '../../lib/authorize.ts';
import { requireSignedIn, requireUser } from '../../plugins/auth.ts';
import { loadReviewContext } from '../reviews/review-access.ts';
import { responseAccessOf, responsePolicies } from './responses.policy.ts';
import { presentAuthorResponse, presentCommitteeResponses } from './responses.presenter.ts';
import { findResponse, findReviewsUpdatedAfterResponse } from './responses.queries.ts';
import { saveResponse } from './responses.service.ts';

/**
 * The authors' response to the reviews (`docs/domain.md#author-response`). The paper loads with its reviews as the
 * review routes load it (`loadReviewContext`: 404 for outsiders and unknown ids); the authors' routes answer the
 * paper's other viewers 403 (as the authors' declared conflicts do), the committee's route answers authors 404.
 */
export const responseRoutes: FastifyPluginAsyncZod = async (app) => {
  requireSignedIn(app);

  app.get(
    '/api/submissions/:id/response/',
    {
      schema: {
        tags: ['responses'],
        summary: "The authors' response to the reviews, with the phase and the reviews released to them (authors)",
        params: SubmissionIdParams,
        response: { 200: AuthorResponseDto },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const context = await loadReviewContext(app.db, actor, request.params.id);
      authorize(responsePolicies['response.write'](responseAccessOf(context)));
      return presentAuthorResponse(context, await findResponse(app.db, context.submission.id));
    },
  );

  app.put(
    '/api/submissions/:id/response/',
    {
      schema: {
        tags: ['responses'],
        summary: "Saves the authors' response as a draft or submits it, inside the response window (authors)",
        params: SubmissionIdParams,
        body: PutResponseBody,
        response: { 200: AuthorResponseDto },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const context = await loadReviewContext(app.db, actor, request.params.id);
      authorize(responsePolicies['response.write'](responseAccessOf(context)));
      const response = await saveResponse(app.db, {
        actor,
        submission: context.submission,
        body: request.body,
        publicUrl: app.config.publicUrl,
        now: context.now,
      });
      return presentAuthorResponse(context, response);
    },
  );

  app.get(
    '/api/submissions/:id/responses/',
    {
      schema: {
        tags: ['responses'],
        summary: "The authors' submitted response and the reviews changed after it (the paper's committee)",
        params: SubmissionIdParams,
        response: { 200: CommitteeResponsesDto },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const context = await loadReviewContext(app.db, actor, request.params.id);
      authorize(responsePolicies['response.readCommittee'](responseAccessOf(context)));
      const [response, updated] = await Promise.all([
        findResponse(app.db, context.submission.id),
        findReviewsUpdatedAfterResponse(app.db, context.submission.id),
      ]);
      return presentCommitteeResponses(context, response, updated);
    },
  );
};
