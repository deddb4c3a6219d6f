import {
  MyReviewListDto,
  ReviewDto,
  ReviewHistoryDto,
  ReviewIdParams,
  SaveReviewBody,
  SubmissionIdParams,
  SubmissionReviewsDto,
} from '@confero/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSignedIn, requireUser } from '../../plugins/auth.ts';
import { loadReviewById, loadReviewContext } from './review-access.ts';
import { reviewHistory } from './review-history.ts';
import { parseNewReviewInput, parseReviewInput } from './review-input.ts';
import { presentMyReview, presentReviewFor, presentSubmissionReviews } from './reviews.presenter.ts';
import { listingFor, myReviews, ownReviewToSave, saveReviewOf } from './reviews.service.ts';

const TAGS = ['reviews'];

/**
 * Reviews: saving a draft or submitting (the assigned reviewer, until the review deadline), the caller's reviews, one
 * review, and the reviews of a submission filtered by who asks. Each handler parses, loads the submission's review
 * context once (`review-access.ts`), lets the service decide, and presents for the viewer.
 */
export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  requireSignedIn(app);

  app.post(
    '/api/reviews/',
    {
      schema: {
        tags: TAGS,
        summary:
          'Save the review of a submission assigned to the caller: status in_progress (draft) or completed (submit)',
        body: SaveReviewBody,
        response: { 200: ReviewDto },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const { submission, input } = parseNewReviewInput(request.body);
      const context = await loadReviewContext(app.db, actor, submission);
      const saved = await saveReviewOf(app.db, context, ownReviewToSave(context), input);
      return presentReviewFor(saved.context, saved.saved);
    },
  );

  app.get(
    '/api/reviews/my-reviews/',
    {
      schema: {
        tags: TAGS,
        summary: "The caller's reviews (every assignment), newest first",
        response: { 200: MyReviewListDto },
      },
    },
    async (request) => {
      const rows = await myReviews(app.db, requireUser(request));
      return rows.map((row) =>
        presentMyReview(row.review, { submission: row.submission, event: row.event, abilities: row.abilities }),
      );
    },
  );

  app.get(
    '/api/reviews/:id/',
    {
      schema: {
        tags: TAGS,
        summary: 'One review, as the caller may read it (id = public id or numeric id)',
        params: ReviewIdParams,
        response: { 200: ReviewDto },
      },
    },
    async (request) => {
      const { review, context } = await loadReviewById(app.db, requireUser(request), request.params.id);
      return presentReviewFor(context, review);
    },
  );

  app.get(
    '/api/reviews/:id/history/',
    {
      schema: {
        tags: TAGS,
        summary:
          "A review's submitted revisions, oldest first, each with the answers changed from the one before (the paper's committee)",
        params: ReviewIdParams,
        response: { 200: ReviewHistoryDto },
      },
    },
    async (request) => {
      const { review, context } = await loadReviewById(app.db, requireUser(request), request.params.id);
      return reviewHistory(app.db, context, review);
    },
  );

  app.patch(
    '/api/reviews/:id/',
    {
      schema: {
        tags: TAGS,
        summary: "Save the caller's review (the fields sent; send the `version` you read)",
        params: ReviewIdParams,
        body: SaveReviewBody,
        response: { 200: ReviewDto },
      },
    },
    async (request) => {
      const input = parseReviewInput(request.body);
      const { review, context } = await loadReviewById(app.db, requireUser(request), request.params.id);
      const saved = await saveReviewOf(app.db, context, review, input);
      return presentReviewFor(saved.context, saved.saved);
    },
  );

  app.get(
    '/api/submissions/:id/reviews/',
    {
      schema: {
        tags: TAGS,
        summary:
          "A submission's reviews, filtered by who asks: the committee, its reviewers (as the event allows), its authors (after the decision)",
        params: SubmissionIdParams,
        response: { 200: SubmissionReviewsDto },
      },
    },
    async (request) => {
      const context = await loadReviewContext(app.db, requireUser(request), request.params.id);
      return presentSubmissionReviews(context, listingFor(context));
    },
  );
};
