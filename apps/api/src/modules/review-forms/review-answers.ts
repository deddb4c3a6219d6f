import {
  isBuiltinQuestionKey,
  type ReviewAnswer,
  type ReviewAnswers,
  type StructuredReviewDto,
} from '@confero/contracts';

/*
 * Where a review keeps its answer to each question of its form (`docs/domain.md#review-form`): the built-in questions
 * where the spec's review keeps them (the overall score and the confidence in their columns, the texts and criteria in
 * `structured_review`, the confidential remarks in their own column), a chair's question in `answers` by its key. A
 * review row and a revision row (the review's history) keep them alike, so every reader of answers — the exports,
 * the author's view for the response, the history — reads them here. Who may read an answer is the question's
 * visibility (`questionReadBy`), which the caller applies.
 */

/** The stored parts of a review (or of one of its revisions) that hold its answers. */
export type StoredAnswers = {
  overallScore: number | null;
  confidence: number | null;
  structuredReview: Omit<StructuredReviewDto, 'confidential_remarks_for_pc'> | null;
  confidentialRemarks: string;
  answers: ReviewAnswers;
};

/** A review's stored answer to the question with this key; undefined when it holds none. */
export function storedAnswer(review: StoredAnswers, key: string): ReviewAnswer | undefined {
  const structured = review.structuredReview;
  switch (key) {
    case 'overall_score':
      return review.overallScore;
    case 'confidence':
      return review.confidence;
    case 'strengths':
      return structured?.overall_evaluation.summary.strengths;
    case 'weaknesses':
      return structured?.overall_evaluation.summary.weaknesses;
    case 'justification':
      return structured?.overall_evaluation.justification;
    case 'confidence_comment':
      return structured?.confidence.comment;
    case 'confidential_remarks_for_pc':
      return review.confidentialRemarks;
    default:
      return isBuiltinQuestionKey(key)
        ? structured?.criteria.find((criterion) => criterion.id === key)?.score
        : review.answers[key];
  }
}

/**
 * The comments to the authors as a reader reads them. The review screen sends the justification as the comments to
 * the authors (the spec's client does the same), and authors always read those comments; so comments that only
 * repeat the justification are withheld from a reader who may not read the justification itself — a chair who made
 * the justification committee-only after reviews were written keeps it from the authors.
 */
export function commentsToAuthorFor(
  review: StoredAnswers & { commentsToAuthor: string },
  readsJustification: boolean,
): string {
  if (readsJustification) return review.commentsToAuthor;
  const justification = review.structuredReview?.overall_evaluation.justification.trim() ?? '';
  return justification !== '' && review.commentsToAuthor.trim() === justification ? '' : review.commentsToAuthor;
}
