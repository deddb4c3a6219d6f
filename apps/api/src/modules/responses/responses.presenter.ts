import {
  type AuthorResponseDto,
  type CommitteeResponsesDto,
  presentResponsePhase,
  questionReadBy,
  type ReleasedReviewDto,
  reviewMessage,
} from '@confero/contracts';
import { responsePhaseOf } from '../events/events.presenter.ts';
import { commentsToAuthorFor, storedAnswer } from '../review-forms/review-answers.ts';
import { formOfReviewIn, type ReviewFormSet } from '../review-forms/review-forms.queries.ts';
import { type ReviewContext, reviewAccessOf } from '../reviews/review-access.ts';
import { reviewViewer } from '../reviews/reviews.policy.ts';
import type { ReviewRow } from '../reviews/reviews.queries.ts';
import type { ResponseRow, UpdatedReviewRow } from './responses.queries.ts';

const submissionRef = (context: ReviewContext) => ({
  id: context.submission.id,
  public_id: context.submission.publicId,
  title: context.submission.title,
});

const eventRef = ({ submission: { event } }: ReviewContext) => ({
  public_id: event.publicId,
  title: event.title,
  timezone: event.timezone,
});

const reviewerLabel = (review: ReviewRow) => reviewMessage('reviews.reviewerLabel', { n: review.ordinal });

/**
 * A completed review as the authors read it for their response (`docs/domain.md#author-response`): the questions of
 * the review's own form version that its visibility opens to authors (`questionReadBy(question, 'authors')`, the one
 * definition), with their answers, and the comments to the authors; labelled "Reviewer N", never with a name.
 */
export function presentReleasedReview(review: ReviewRow, forms: ReviewFormSet): ReleasedReviewDto {
  const form = formOfReviewIn(forms, review);
  const questions = form.questions.filter((question) => questionReadBy(question, 'authors'));
  return {
    reviewer_label: reviewerLabel(review),
    ordinal: review.ordinal,
    questions: questions.map((question) => ({
      key: question.key,
      kind: question.kind,
      label: question.label,
      ...(question.kind === 'score' ? { min: question.min, max: question.max } : {}),
      ...(question.value_labels ? { value_labels: question.value_labels } : {}),
      ...(question.options ? { options: question.options } : {}),
    })),
    answers: Object.fromEntries(
      questions.map((question) => [question.key, storedAnswer(review, question.key) ?? null]),
    ),
    comments_to_author: commentsToAuthorFor(
      review,
      questions.some((question) => question.key === 'justification'),
    ),
  };
}

/** The reviews released to the authors of the context: those the review rules let them read (`reviewViewer`). */
export function releasedReviews(context: ReviewContext): ReviewRow[] {
  return context.reviews
    .map((row) => row.review)
    .filter((review) => reviewViewer(reviewAccessOf(context, review), review.status) === 'author');
}

/** `GET`/`PUT submissions/{id}/response/` for one of its authors. */
export function presentAuthorResponse(context: ReviewContext, response: ResponseRow | undefined): AuthorResponseDto {
  const phase = presentResponsePhase(responsePhaseOf(context.submission.event), context.now);
  return {
    submission: submissionRef(context),
    event: eventRef(context),
    phase,
    reviews: releasedReviews(context).map((review) => presentReleasedReview(review, context.forms)),
    response: response
      ? {
          body: response.body,
          status: response.status,
          word_count: response.wordCount,
          version: response.version,
          submitted_at: response.submittedAt?.toISOString() ?? null,
          updated_at: response.updatedAt.toISOString(),
        }
      : null,
    abilities: { edit: phase.open && context.submission.decision === 'pending' && context.access.isAuthor },
  };
}

/**
 * `GET submissions/{id}/responses/` for the paper's committee: the response once submitted (a draft stays the
 * authors'), and the reviews changed after it that the reader may read, labelled "Reviewer N".
 */
export function presentCommitteeResponses(
  context: ReviewContext,
  response: ResponseRow | undefined,
  updated: UpdatedReviewRow[],
): CommitteeResponsesDto {
  const byId = new Map(context.reviews.map((row) => [row.review.id, row.review]));
  return {
    submission: submissionRef(context),
    event: eventRef(context),
    phase: presentResponsePhase(responsePhaseOf(context.submission.event), context.now),
    responses:
      response?.status === 'submitted' && response.submittedAt
        ? [
            {
              body: response.body,
              word_count: response.wordCount,
              submitted_at: response.submittedAt.toISOString(),
              updated_at: response.updatedAt.toISOString(),
            },
          ]
        : [],
    updated_reviews: updated.flatMap(({ reviewId, updatedAt }) => {
      const review = byId.get(reviewId);
      if (!review || reviewViewer(reviewAccessOf(context, review), review.status) === 'none') return [];
      return [
        {
          review_id: review.publicId,
          reviewer_label: reviewerLabel(review),
          ordinal: review.ordinal,
          updated_at: updatedAt.toISOString(),
        },
      ];
    }),
  };
}
