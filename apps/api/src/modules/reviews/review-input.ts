import {
  firstReviewInputProblem,
  NewReviewTarget,
  type ReviewInput,
  ReviewInput as ReviewInputSchema,
  type StructuredReviewDto,
} from '@confero/contracts';
import type { z } from 'zod';
import { reviewFieldError } from './review-errors.ts';
import type { ReviewRow } from './reviews.queries.ts';

/*
 * What a reviewer sent, checked at the route (`ReviewInput` in contracts: types, lengths, ranges, in the product's
 * order) and laid over the review as stored. The submit rules come later, in `review-state.ts`.
 */

type StoredForm = Omit<StructuredReviewDto, 'confidential_remarks_for_pc'>;

/** The form as it will be stored: every part present, confidential remarks apart. */
export type ReviewContent = {
  form: StoredForm;
  confidentialRemarks: string;
  commentsToAuthor: string;
  commentsToChair: string;
};

/** Parses with a review input schema; a failure answers 400 on the first field of REVIEW_INPUT_FIELDS at fault. */
function parse<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const problem = firstReviewInputProblem(result.error);
  if (!problem) throw reviewFieldError('scores.structured_review', 'reviews.validations.structuredReviewInvalid');
  throw reviewFieldError(problem.field, problem.key, problem.params);
}

/** The input of a save (`PATCH /api/reviews/{id}/`, and `POST /api/reviews/` after its submission). */
export function parseReviewInput(body: unknown): ReviewInput {
  return parse(ReviewInputSchema, body);
}

/** The submission `POST /api/reviews/` saves the review of (400 when missing), then the input of the save. */
export function parseNewReviewInput(body: unknown): { submission: string; input: ReviewInput } {
  const { submission } = parse(NewReviewTarget, body);
  return { submission, input: parseReviewInput(body) };
}

/** The empty form of a review never saved. */
export function emptyForm(): StoredForm {
  return {
    overall_evaluation: { score: null, summary: { strengths: [], weaknesses: [] }, justification: '' },
    confidence: { score: null, comment: '' },
    criteria: [],
  };
}

/** The content a save leaves: what the client sent over what is stored (a part not sent keeps its value). */
export function mergeContent(review: ReviewRow, input: ReviewInput): ReviewContent {
  const stored = review.structuredReview ?? emptyForm();
  return {
    form: {
      overall_evaluation: {
        score: input.overallScore === undefined ? stored.overall_evaluation.score : input.overallScore,
        summary: input.summary ?? stored.overall_evaluation.summary,
        justification: input.justification ?? stored.overall_evaluation.justification,
      },
      confidence: {
        score: input.confidence === undefined ? stored.confidence.score : input.confidence,
        comment: input.confidenceComment ?? stored.confidence.comment ?? '',
      },
      criteria: input.criteria ?? stored.criteria,
    },
    confidentialRemarks: input.confidentialRemarks ?? review.confidentialRemarks,
    commentsToAuthor: input.commentsToAuthor ?? review.commentsToAuthor,
    commentsToChair: input.commentsToChair ?? review.commentsToChair,
  };
}
