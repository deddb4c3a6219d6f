import {
  MyReviewListDto,
  ReviewDto,
  ReviewIdParams,
  type ReviewVisibility,
  reviewMessage,
  SaveReviewBody,
  SubmissionIdParams,
  SubmissionReviewsDto,
} from '@confero/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Actor } from '../../plugins/auth.ts';
import { requireSignedIn, requireUser } from '../../plugins/auth.ts';
import { loadSubmission } from '../submissions/submission-loader.ts';
import { findMyReviews } from './commands/my-reviews.ts';
import {
  loadReview,
  presentationFor,
  type ReviewContext,
  reviewContext,
  reviewerOf,
  reviewersOf,
  submissionRef,
} from './review-access.ts';
import { reviewError, reviewFieldError } from './review-errors.ts';
import { saveReview } from './review-state.ts';
import { canOnReview, isCommittee } from './reviews.policy.ts';
import { presentMyReview, presentReview } from './reviews.presenter.ts';
import type { ReviewRow } from './reviews.queries.ts';

const TAGS = ['reviews'];

/**
 * Reviews: saving a draft or submitting (the assigned reviewer, until the review deadline), the caller's reviews, one
 * review, and the reviews of a submission filtered by who asks.
 */
export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  requireSignedIn(app);

  /** 403 with the reason when the viewer may read the review but not write it. */
  function assertWritable(context: ReviewContext, review: ReviewRow) {
    const access = context.accessTo(review);
    if (canOnReview(access, 'review.write', review.status)) return;
    if (access.isOwn && (access.submission.isConflicted || access.submission.isAuthor)) {
      throw reviewError(403, 'CONFLICT_OF_INTEREST', 'reviews.conflicted');
    }
    throw reviewError(403, 'PERMISSION_DENIED', 'reviews.writeDenied');
  }

  async function save(actor: Actor, context: ReviewContext, review: ReviewRow, body: SaveReviewBody) {
    assertWritable(context, review);
    const saved = await saveReview(app.db, { actor, review, event: context.event, body });
    const presentation = presentationFor({ ...context, reviews: [saved] }, saved, await reviewerOf(app.db, actor.id));
    if (!presentation) throw reviewError(404, 'NOT_FOUND', 'reviews.notFound');
    return presentReview(saved, presentation);
  }

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
      const submissionId = request.body.submission;
      if (submissionId === null || submissionId === undefined || String(submissionId).trim() === '') {
        throw reviewFieldError('submission', 'reviews.validations.submissionRequired');
      }
      const loaded = await loadSubmission(app.db, actor, String(submissionId).trim());
      const context = await reviewContext(app.db, actor, loaded);
      if (!context.own) {
        throw loaded.access.isConflicted && loaded.access.event.isReviewer && !loaded.access.isAuthor
          ? reviewError(403, 'CONFLICT_OF_INTEREST', 'reviews.conflicted')
          : reviewError(403, 'PERMISSION_DENIED', 'reviews.notAssigned');
      }
      return save(actor, context, context.own, request.body);
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
      const actor = requireUser(request);
      const rows = await findMyReviews(app.db, actor.id);
      return rows.map((row) =>
        presentMyReview(row.review, {
          submission: row.submission,
          event: row.event,
          abilities: row.abilities,
        }),
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
      const { review, presentation } = await loadReview(app.db, requireUser(request), request.params.id);
      return presentReview(review, presentation);
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
      const actor = requireUser(request);
      const { review, context } = await loadReview(app.db, actor, request.params.id);
      return save(actor, context, review, request.body);
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
      const actor = requireUser(request);
      const context = await reviewContext(app.db, actor, await loadSubmission(app.db, actor, request.params.id));
      const { loaded, event } = context;
      const committee = isCommittee(loaded.access);
      const reviewers = committee
        ? await reviewersOf(
            app.db,
            context.reviews.map((row) => row.reviewerId),
          )
        : new Map();
      const visible = context.reviews.flatMap((review) => {
        const presentation = presentationFor(context, review, reviewers.get(review.reviewerId));
        return presentation ? [presentReview(review, presentation)] : [];
      });
      const submission = submissionRef(loaded.submission);
      const completed = context.reviews.filter((row) => row.status === 'completed');
      const scores = completed.flatMap((row) => (row.overallScore === null ? [] : [row.overallScore]));
      const visibility: ReviewVisibility = committee
        ? 'committee'
        : loaded.access.isAuthor
          ? 'author'
          : context.own && !loaded.access.isConflicted
            ? 'reviewer'
            : 'none';
      let notice: { code: string; message: string } | null = null;
      if (visibility === 'author' && visible.length === 0) {
        // Why an author reads nothing: the event never shares reviews, no decision yet, or none was completed.
        const key =
          event.reviewSettings.authors_see_reviews === 'never'
            ? 'reviews.hiddenFromAuthors'
            : loaded.submission.decision === 'pending'
              ? 'reviews.hiddenUntilDecision'
              : 'reviews.noneCompleted';
        notice = { code: key, message: reviewMessage(key) };
      } else if (
        visibility === 'reviewer' &&
        context.own?.status !== 'completed' &&
        event.reviewSettings.reviewers_see_other_reviews === 'after_submit' &&
        completed.some((row) => row.reviewerId !== actor.id)
      ) {
        notice = { code: 'reviews.hiddenUntilOwnSubmitted', message: reviewMessage('reviews.hiddenUntilOwnSubmitted') };
      }
      return {
        submission: { id: submission.id, public_id: submission.publicId, title: submission.title },
        visibility,
        notice,
        reviews: visible,
        ...(committee
          ? {
              average_overall_score:
                scores.length > 0 ? Math.round((scores.reduce((a, b) => a + b, 0) / scores.length) * 100) / 100 : null,
              assigned_count: context.reviews.length,
              completed_count: completed.length,
            }
          : {}),
      };
    },
  );
};
