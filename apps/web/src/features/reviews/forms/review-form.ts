import {
  CONFIDENCE_MAX,
  CONFIDENCE_MIN,
  DEFAULT_REVIEW_CRITERIA,
  OVERALL_SCORE_MAX,
  OVERALL_SCORE_MIN,
  type ReviewMessageKey,
  type ReviewStatus,
  type StructuredReviewDto,
} from '@confero/contracts';

/*
 * The structured review form: its state in the page, the submit checks in the server's order
 * (docs/domain.md#validation-order), and the body sent to POST/PATCH /api/reviews/.
 */

export type ReviewFormValues = {
  /** −3..3 as the select's value ('' when not chosen). */
  score: string;
  strengths: string[];
  weaknesses: string[];
  justification: string;
  /** 1..5 as the select's value ('' when not chosen). */
  confidence: string;
  confidenceComment: string;
  confidentialRemarks: string;
};

export const EMPTY_REVIEW_FORM: ReviewFormValues = {
  score: '',
  strengths: [''],
  weaknesses: [''],
  justification: '',
  confidence: '',
  confidenceComment: '',
  confidentialRemarks: '',
};

/** The select options of the overall score (3 down to −3) and of the confidence (5 down to 1). */
export const SCORE_OPTIONS: readonly number[] = Array.from(
  { length: OVERALL_SCORE_MAX - OVERALL_SCORE_MIN + 1 },
  (_unused, index) => OVERALL_SCORE_MAX - index,
);
export const CONFIDENCE_OPTIONS: readonly number[] = Array.from(
  { length: CONFIDENCE_MAX - CONFIDENCE_MIN + 1 },
  (_unused, index) => CONFIDENCE_MAX - index,
);

/** The form filled from a stored review (its structured form and confidential remarks). */
export function formFromReview(
  structured: StructuredReviewDto | null | undefined,
  confidentialRemarks?: string,
): ReviewFormValues {
  if (!structured) return { ...EMPTY_REVIEW_FORM, confidentialRemarks: confidentialRemarks ?? '' };
  const overall = structured.overall_evaluation;
  const strengths = overall.summary.strengths;
  const weaknesses = overall.summary.weaknesses;
  return {
    score: overall.score === null ? '' : String(overall.score),
    strengths: strengths.length > 0 ? [...strengths] : [''],
    weaknesses: weaknesses.length > 0 ? [...weaknesses] : [''],
    justification: overall.justification,
    confidence: structured.confidence.score === null ? '' : String(structured.confidence.score),
    confidenceComment: structured.confidence.comment ?? '',
    confidentialRemarks: confidentialRemarks ?? structured.confidential_remarks_for_pc ?? '',
  };
}

function wholeNumber(value: string): number | null {
  if (value.trim() === '') return null;
  const number = Number(value);
  return Number.isInteger(number) ? number : null;
}

/**
 * The review rules (final submit only), in order: a strength, a weakness, a non-blank justification, a non-blank
 * confidence comment; then (as the API checks next) an overall score and a confidence level. The first failing rule's
 * message key, or null. Entries may be empty strings: a row counts.
 */
export function validateForSubmit(form: ReviewFormValues): ReviewMessageKey | null {
  if (form.strengths.length === 0) return 'reviews.validations.strengthRequired';
  if (form.weaknesses.length === 0) return 'reviews.validations.weaknessRequired';
  if (form.justification.trim() === '') return 'reviews.validations.justificationRequired';
  if (form.confidenceComment.trim() === '') return 'reviews.validations.confidenceCommentRequired';
  // Then, as the server checks after the four text checks: a chosen overall score and confidence level.
  if (wholeNumber(form.score) === null) return 'reviews.validations.scoreRequired';
  if (wholeNumber(form.confidence) === null) return 'reviews.validations.confidenceRequired';
  return null;
}

/** The structured form as sent inside `scores.structured_review`. */
export function structuredReviewOf(form: ReviewFormValues) {
  return {
    overall_evaluation: {
      score: wholeNumber(form.score),
      summary: { strengths: [...form.strengths], weaknesses: [...form.weaknesses] },
      justification: form.justification,
    },
    confidence: { score: wholeNumber(form.confidence), comment: form.confidenceComment },
    confidential_remarks_for_pc: form.confidentialRemarks,
    criteria: DEFAULT_REVIEW_CRITERIA.map((criterion) => ({
      id: criterion.id,
      name: criterion.name,
      description: criterion.description,
      min_score: 1,
      max_score: 10,
      score: null,
    })),
  };
}

export type SaveMode = Extract<ReviewStatus, 'in_progress' | 'completed'>;

export type ReviewPayload = {
  submission: string;
  status: SaveMode;
  comments_to_author: string;
  comments_to_chair: string;
  confidence: number | null;
  scores: { structured_review: string };
  completed_at: string | null;
  version?: number;
};

/**
 * The body of a save. The recommendation is not sent: the server derives it from the overall score. A draft carries
 * completed_at null; a submit the current time. `version` is the one last read, so a save from a stale tab answers 409
 * STALE_REVIEW.
 */
export function buildReviewPayload(
  form: ReviewFormValues,
  options: { submission: string; status: SaveMode; version?: number; now?: Date },
): ReviewPayload {
  const payload: ReviewPayload = {
    submission: options.submission,
    status: options.status,
    comments_to_author: form.justification,
    comments_to_chair: form.confidentialRemarks,
    confidence: wholeNumber(form.confidence),
    scores: { structured_review: JSON.stringify(structuredReviewOf(form)) },
    completed_at: options.status === 'completed' ? (options.now ?? new Date()).toISOString() : null,
  };
  if (options.version !== undefined) payload.version = options.version;
  return payload;
}

/** Whether two forms hold the same values (autosave only when something changed). */
export function sameForm(a: ReviewFormValues, b: ReviewFormValues): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
