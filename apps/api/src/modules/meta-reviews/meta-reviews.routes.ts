import { MetaReviewDto, SaveMetaReviewBody, SubmissionIdParams } from '@confero/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authorize } from '../../lib/authorize.ts';
import { requireSignedIn, requireUser } from '../../plugins/auth.ts';
import { loadMetaReviewContext } from './meta-review-access.ts';
import { metaReviewPolicies } from './meta-reviews.policy.ts';
import { presentMetaReview } from './meta-reviews.presenter.ts';
import { metaReviewFormOf, saveMetaReviewOf } from './meta-reviews.service.ts';

const TAGS = ['meta-reviews'];

/**
 * A paper's meta-review (`docs/domain.md#meta-review`): `GET` as the caller may read it; `POST` its area chair's save
 * (a draft, or submitted with every required answer), with the `version` read.
 */
export const metaReviewRoutes: FastifyPluginAsyncZod = async (app) => {
  requireSignedIn(app);

  app.get(
    '/api/submissions/:id/meta-review/',
    {
      schema: {
        tags: TAGS,
        summary:
          "A submission's meta-review as the caller may read it: its committee and area chair every answer, its reviewers and (after the decision) its authors the answers opened to them",
        params: SubmissionIdParams,
        response: { 200: MetaReviewDto },
      },
    },
    async (request) => {
      const context = await loadMetaReviewContext(app.db, requireUser(request), request.params.id);
      authorize(metaReviewPolicies['metaReview.view'](context.access));
      return presentMetaReview(context, await metaReviewFormOf(app.db, context));
    },
  );

  app.post(
    '/api/submissions/:id/meta-review/',
    {
      schema: {
        tags: TAGS,
        summary:
          "Save the submission's meta-review (its area chair): status in_progress (draft) or completed (submit); send the `version` you read",
        params: SubmissionIdParams,
        body: SaveMetaReviewBody,
        response: { 200: MetaReviewDto },
      },
    },
    async (request) => {
      const context = await loadMetaReviewContext(app.db, requireUser(request), request.params.id);
      authorize(metaReviewPolicies['metaReview.write'](context.access));
      const saved = await saveMetaReviewOf(app.db, context, request.body, app.config.publicUrl);
      return presentMetaReview(saved.context, saved.form);
    },
  );
};
