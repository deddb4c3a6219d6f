import {
  BUILTIN_SUBMIT_RULES,
  DEFAULT_REVIEW_CRITERIA,
  DEFAULT_REVIEW_FORM,
  isAnswered,
  questionReadBy,
  type ReviewAnswer,
  type ReviewAnswers,
  type ReviewMessageKey,
  type ReviewQuestionDto,
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
  /** The criteria's scores by criterion id, as the selects' values ('' or absent when not chosen). */
  criteria?: Record<string, string>;
  /** The answers to the chair's own questions by key: a score's or choice's value, a text, or a list's rows. */
  answers?: Record<string, string | string[]>;
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

/** The form filled from a stored review (its structured form and confidential remarks). */
export function formFromReview(
  structured: StructuredReviewDto | null | undefined,
  confidentialRemarks?: string,
  answers?: ReviewAnswers,
): ReviewFormValues {
  const answerValues = answersFromReview(answers);
  if (!structured) {
    return { ...EMPTY_REVIEW_FORM, confidentialRemarks: confidentialRemarks ?? '', ...answerValues };
  }
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
    ...criteriaFromReview(structured),
    ...answerValues,
  };
}

/** The criteria a review scored, as the selects' values (none when it scored none). */
function criteriaFromReview(structured: StructuredReviewDto): Pick<ReviewFormValues, 'criteria'> {
  const scored = structured.criteria.filter((criterion) => criterion.score !== null);
  if (scored.length === 0) return {};
  return { criteria: Object.fromEntries(scored.map((criterion) => [criterion.id, String(criterion.score)])) };
}

/** The stored answers to the chair's questions as the inputs hold them (none when there are none). */
function answersFromReview(answers: ReviewAnswers | undefined): Pick<ReviewFormValues, 'answers'> {
  const entries = Object.entries(answers ?? {});
  if (entries.length === 0) return {};
  return {
    answers: Object.fromEntries(
      entries.map(([key, value]) => [key, Array.isArray(value) ? [...value] : value === null ? '' : String(value)]),
    ),
  };
}

function wholeNumber(value: string): number | null {
  if (value.trim() === '') return null;
  const number = Number(value);
  return Number.isInteger(number) ? number : null;
}

/** What stops a submit: the message key, its parameters, and the question it is about (a chair's question only). */
export type SubmitProblem = { message: ReviewMessageKey; question?: ReviewQuestionDto };

/** Whether a built-in question's input holds an answer, as the spec's submit rules read it (a list row counts). */
const BUILTIN_GIVEN: Record<(typeof BUILTIN_SUBMIT_RULES)[number]['key'], (form: ReviewFormValues) => boolean> = {
  strengths: (form) => form.strengths.length > 0,
  weaknesses: (form) => form.weaknesses.length > 0,
  justification: (form) => form.justification.trim() !== '',
  confidence_comment: (form) => form.confidenceComment.trim() !== '',
  overall_score: (form) => wholeNumber(form.score) !== null,
  confidence: (form) => wholeNumber(form.confidence) !== null,
};

/** The built-in questions one of the spec's rules checks (the others a form requires are checked as a chair's). */
const SPEC_RULED = new Set<string>(BUILTIN_SUBMIT_RULES.map((rule) => rule.key));

/**
 * The review rules (final submit only), in the server's order: first each required question no spec rule covers, in
 * the form's order (the chair's own, and a criterion or the confidential remarks the chair made required); then the
 * spec's rules for the built-in questions the form holds and requires — a strength, a weakness, a non-blank
 * justification, a non-blank confidence comment, then an overall score and a confidence level. The first failing
 * rule, or null. Entries may be empty strings: a row counts.
 */
export function submitProblem(
  form: ReviewFormValues,
  questions: readonly ReviewQuestionDto[] = DEFAULT_REVIEW_FORM,
): SubmitProblem | null {
  for (const question of questions) {
    if (!question.required || SPEC_RULED.has(question.key)) continue;
    if (!isAnswered(question, answerOf(form, question))) {
      return { message: 'reviews.validations.answerRequired', question };
    }
  }
  for (const rule of BUILTIN_SUBMIT_RULES) {
    const question = questions.find((item) => item.key === rule.key);
    if (question?.required && !BUILTIN_GIVEN[rule.key](form)) return { message: rule.message };
  }
  return null;
}

/**
 * The answer to a question as sent: a chair's score's number, choice's value, text or list's filled rows; for a
 * built-in question no spec rule covers, the criterion's score or the confidential remarks.
 */
export function answerOf(form: ReviewFormValues, question: ReviewQuestionDto): ReviewAnswer {
  if (question.builtin) {
    return question.key === 'confidential_remarks_for_pc'
      ? form.confidentialRemarks
      : wholeNumber(form.criteria?.[question.key] ?? '');
  }
  const value = form.answers?.[question.key];
  if (question.kind === 'list') {
    return (Array.isArray(value) ? value : []).filter((item) => item.trim() !== '');
  }
  const text = typeof value === 'string' ? value : '';
  if (question.kind === 'score') return wholeNumber(text);
  if (question.kind === 'choice') return text === '' ? null : text;
  return text;
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
      score: wholeNumber(form.criteria?.[criterion.id] ?? ''),
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
  /** The answers to the chair's own questions of the review's form (only when it has some). */
  answers?: ReviewAnswers;
};

/**
 * Whether the form lets authors read the justification: only then is it sent as the comments to the authors too
 * (which authors always read), so a justification the chair opened to the committee or the chairs alone never
 * reaches them through that copy.
 */
function authorsReadJustification(questions: readonly ReviewQuestionDto[]): boolean {
  const justification = questions.find((question) => question.builtin && question.key === 'justification');
  return justification !== undefined && questionReadBy(justification, 'authors');
}

/**
 * The body of a save. The recommendation is not sent: the server derives it from the overall score. A draft carries
 * completed_at null; a submit the current time. `version` is the one last read, so a save from a stale tab answers 409
 * STALE_REVIEW. The justification goes to the comments to the authors as well when authors may read it.
 */
export function buildReviewPayload(
  form: ReviewFormValues,
  options: {
    submission: string;
    status: SaveMode;
    version?: number;
    now?: Date;
    /** The review's form; its chair's questions are sent in `answers`. */
    questions?: readonly ReviewQuestionDto[];
  },
): ReviewPayload {
  const payload: ReviewPayload = {
    submission: options.submission,
    status: options.status,
    comments_to_author: authorsReadJustification(options.questions ?? DEFAULT_REVIEW_FORM) ? form.justification : '',
    comments_to_chair: form.confidentialRemarks,
    confidence: wholeNumber(form.confidence),
    scores: { structured_review: JSON.stringify(structuredReviewOf(form)) },
    completed_at: options.status === 'completed' ? (options.now ?? new Date()).toISOString() : null,
  };
  if (options.version !== undefined) payload.version = options.version;
  const own = (options.questions ?? []).filter((question) => !question.builtin);
  if (own.length > 0) {
    payload.answers = Object.fromEntries(own.map((question) => [question.key, answerOf(form, question)]));
  }
  return payload;
}

/** Whether two forms hold the same values (autosave only when something changed). */
export function sameForm(a: ReviewFormValues, b: ReviewFormValues): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
