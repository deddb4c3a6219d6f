import { isServerMessageKey, type ServerMessageKey, serverMessage } from '@confero/i18n';
import { z } from 'zod';
import { CONFLICT_SOURCES, CONFLICT_TYPES, type ConflictType } from './submissions.ts';
import { PAGE_QUERY_FIELDS, paginated } from './system.ts';

/*
 * Reviewing: conflicts of interest, bids, manual and automatic assignment, reviews and who may read which review
 * field (`docs/domain.md#review`, `docs/domain.md#review-visibility`).
 *
 * Errors follow the events and submissions APIs: the English text in `detail` (and in `fields` for a field), the
 * stable message key in `field_codes` (for a field) or `message_code` (otherwise), with their params (`ApiError` in
 * errors.ts; the keys' texts are in `packages/i18n/locales/{en,ar}/server.json`). Codes of note:
 *   409 STALE_REVIEW      the review changed since the client loaded it (send the `version` you read);
 *   409 STALE_PREVIEW     the assignments or conflicts of the event changed since the preview was computed;
 *   409 CONFLICT_OF_INTEREST, 409 ALREADY_ASSIGNED, 409 REVIEWER_AT_CAPACITY, 400 DEADLINE_PASSED.
 */

// ---------------------------------------------------------------------------------------------------------------
// Enumerations and constants
// ---------------------------------------------------------------------------------------------------------------

export const BID_VALUES = ['eager', 'willing', 'in_a_pinch', 'not_willing', 'conflict'] as const;
export type BidValue = (typeof BID_VALUES)[number];

/**
 * What a bid adds to the affinity (0–1) of a pair in the automatic assignment; no bid adds 0. A 'conflict' bid
 * declares a conflict of interest, so the pair is never proposed.
 */
export const BID_SCORES: Record<Exclude<BidValue, 'conflict'>, number> = {
  eager: 1,
  willing: 0.5,
  in_a_pinch: -0.5,
  not_willing: -1,
};

/** assigned → in_progress (draft saved) → completed (submitted, validated); apps/api/src/modules/reviews/review-state.ts. */
export const REVIEW_STATUSES = ['assigned', 'in_progress', 'completed'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export const RECOMMENDATIONS = ['accept', 'weak_accept', 'borderline', 'weak_reject', 'reject'] as const;
export type Recommendation = (typeof RECOMMENDATIONS)[number];

/** How an assignment was made: by a chair for one paper, or by applying an automatic assignment preview. */
export const ASSIGNMENT_SOURCES = ['manual', 'automatic'] as const;
export type AssignmentSource = (typeof ASSIGNMENT_SOURCES)[number];

/**
 * keep_existing: every current assignment stays and counts toward the papers' and reviewers' numbers; only new
 * pairs are proposed. replace: manual assignments and reviews already started stay; the other automatic
 * assignments may be dropped in favour of better ones.
 */
export const ASSIGNMENT_MODES = ['keep_existing', 'replace'] as const;
export type AssignmentMode = (typeof ASSIGNMENT_MODES)[number];

export const ASSIGNMENT_PREVIEW_STATUSES = ['queued', 'running', 'done', 'failed', 'applied'] as const;
export type AssignmentPreviewStatus = (typeof ASSIGNMENT_PREVIEW_STATUSES)[number];

/** The score ranges: overall score −3..3, confidence 1..5, criteria 1..10. */
export const OVERALL_SCORE_MIN = -3;
export const OVERALL_SCORE_MAX = 3;
export const CONFIDENCE_MIN = 1;
export const CONFIDENCE_MAX = 5;
export const CRITERION_SCORE_MIN = 1;
export const CRITERION_SCORE_MAX = 10;
export const REVIEW_LIST_MAX_ITEMS = 30;
export const REVIEW_ITEM_MAX_LENGTH = 5_000;
export const REVIEW_TEXT_MAX_LENGTH = 20_000;
export const CONFLICT_NOTE_MAX_LENGTH = 1_000;
/** Whether reviewers of a paper may see each other's names: never, in either blind mode. */
export const REVIEWERS_SEE_EACH_OTHER = false;

/** The overall score's labels. */
export const OVERALL_SCORE_LABELS: Record<string, { en: string; ar: string }> = {
  '3': { en: 'Strong Accept', ar: 'قبول قوي' },
  '2': { en: 'Accept', ar: 'قبول' },
  '1': { en: 'Weak Accept', ar: 'قبول ضعيف' },
  '0': { en: 'Borderline', ar: 'حدّي' },
  '-1': { en: 'Weak Reject', ar: 'رفض ضعيف' },
  '-2': { en: 'Reject', ar: 'رفض' },
  '-3': { en: 'Strong Reject', ar: 'رفض قوي' },
};

/** The confidence labels. */
export const CONFIDENCE_LABELS: Record<string, { en: string; ar: string }> = {
  '5': { en: 'Expert', ar: 'خبير' },
  '4': { en: 'High', ar: 'عالية' },
  '3': { en: 'Medium', ar: 'متوسطة' },
  '2': { en: 'Low', ar: 'منخفضة' },
  '1': { en: 'None', ar: 'معدومة' },
};

export const REVIEW_STATUS_LABELS: Record<ReviewStatus, { en: string; ar: string }> = {
  assigned: { en: 'Assigned', ar: 'مُسنَدة' },
  in_progress: { en: 'In progress', ar: 'قيد الإعداد' },
  completed: { en: 'Completed', ar: 'مكتملة' },
};

export const RECOMMENDATION_LABELS: Record<Recommendation, { en: string; ar: string }> = {
  accept: { en: 'Accept', ar: 'قبول' },
  weak_accept: { en: 'Weak accept', ar: 'قبول ضعيف' },
  borderline: { en: 'Borderline', ar: 'حدّي' },
  weak_reject: { en: 'Weak reject', ar: 'رفض ضعيف' },
  reject: { en: 'Reject', ar: 'رفض' },
};

export const BID_LABELS: Record<BidValue, { en: string; ar: string }> = {
  eager: { en: 'Eager', ar: 'متحمّس' },
  willing: { en: 'Willing', ar: 'مستعد' },
  in_a_pinch: { en: 'In a pinch', ar: 'عند الحاجة' },
  not_willing: { en: 'Not willing', ar: 'غير راغب' },
  conflict: { en: 'Conflict', ar: 'تعارض مصالح' },
};

export const CONFLICT_TYPE_LABELS: Record<ConflictType, { en: string; ar: string }> = {
  author: { en: 'Author', ar: 'مؤلف' },
  coauthor: { en: 'Co-author', ar: 'مؤلف مشارك' },
  institutional: { en: 'Same institution', ar: 'المؤسسة نفسها' },
  domain: { en: 'Same e-mail domain', ar: 'نطاق البريد الإلكتروني نفسه' },
  personal: { en: 'Personal', ar: 'شخصي' },
  other: { en: 'Other', ar: 'أخرى' },
};

/**
 * The recommendation is derived from the overall score, never taken from the client: 3 and 2 accept,
 * 1 weak_accept, 0 borderline, −1 weak_reject, −2 and −3 reject, any other value (none) borderline.
 */
export function deriveRecommendation(score: unknown): Recommendation {
  switch (score) {
    case 3:
    case 2:
      return 'accept';
    case 1:
      return 'weak_accept';
    case 0:
      return 'borderline';
    case -1:
      return 'weak_reject';
    case -2:
    case -3:
      return 'reject';
    default:
      return 'borderline';
  }
}

/** The criteria a draft carries (each scored 1–10). */
export const DEFAULT_REVIEW_CRITERIA = [
  { id: 'originality', name: 'Originality', description: 'How new are the ideas, methods or results?' },
  { id: 'relevance', name: 'Relevance', description: 'How relevant is the work to the event?' },
  { id: 'quality', name: 'Technical quality', description: 'Are the methods sound and the claims supported?' },
  { id: 'clarity', name: 'Clarity', description: 'Is the paper well written and organised?' },
  { id: 'contribution', name: 'Contribution', description: 'How much does the work advance the field?' },
] as const;
export type ReviewCriterionId = (typeof DEFAULT_REVIEW_CRITERIA)[number]['id'];

/**
 * Who may read what of a review (`docs/domain.md#review-visibility`); the visibility is data. Audiences nest:
 * `authors` ⊂ `reviewers` ⊂ `committee`. The committee is the review's own reviewer and the event's chairs and
 * event admins without a conflict; reviewers are the other reviewers of the paper (when the event lets them see
 * other reviews); authors read their reviews once a decision is made or while the response phase is open (when the
 * event lets them).
 *
 * The answers to the form's questions (the scores, strengths, weaknesses, justification, confidence and its comment,
 * the criteria, the confidential remarks, and a chair's own questions) are read as the event's review form says
 * (review-form.ts `questionReadBy`): that is THE definition, and none of them is listed here. This table holds only
 * what is not a question of the form: who wrote the review, the free comments, and the recommendation (which also
 * follows the overall score's question, as it is derived from it).
 */
export const REVIEW_AUDIENCES = ['authors', 'reviewers', 'committee'] as const;
export type ReviewAudience = (typeof REVIEW_AUDIENCES)[number];

export const REVIEW_FIELD_AUDIENCE = {
  recommendation: 'authors',
  comments_to_author: 'authors',
  comments_to_chair: 'committee',
  reviewer_identity: REVIEWERS_SEE_EACH_OTHER ? 'reviewers' : 'committee',
} as const satisfies Record<string, ReviewAudience>;
export type ReviewField = keyof typeof REVIEW_FIELD_AUDIENCE;

/** Whether an audience level may read a field. */
export function audienceReads(audience: ReviewAudience, field: ReviewField): boolean {
  return REVIEW_AUDIENCES.indexOf(audience) >= REVIEW_AUDIENCES.indexOf(REVIEW_FIELD_AUDIENCE[field]);
}

// ---------------------------------------------------------------------------------------------------------------
// Messages
// ---------------------------------------------------------------------------------------------------------------

/** A message key of the reviewing APIs (`packages/i18n/locales/{en,ar}/server.json`). */
export type ReviewMessageKey = ServerMessageKey;

/** Whether a code the API sent (`message_code`, a reason's `code`) is a key of the API's message catalogue. */
export function isReviewMessageKey(value: unknown): value is ReviewMessageKey {
  return isServerMessageKey(value);
}

/** The text of a message key in a language, with `{{name}}` placeholders filled in. */
export function reviewMessage(
  key: ReviewMessageKey,
  params: Record<string, string | number> = {},
  language: 'en' | 'ar' = 'en',
): string {
  return serverMessage(key, params, language);
}

// ---------------------------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------------------------

/** A user or submission by public id (`12-abcdefgh`) or numeric id. */
const IdField = z.union([z.string().max(60), z.number().int()], { error: 'validation.invalid' });

/**
 * The structured review form as the client sends it inside `scores.structured_review` (a JSON text) or directly as
 * an object. Only the shape is checked here; the rules are checked on the server in their fixed order
 * (`docs/domain.md#validation-order`).
 */
export const StructuredReviewInput = z.object({
  overall_evaluation: z
    .object({
      score: z.unknown().optional(),
      summary: z.object({ strengths: z.unknown().optional(), weaknesses: z.unknown().optional() }).partial().nullish(),
      justification: z.unknown().optional(),
    })
    .partial()
    .nullish(),
  confidence: z.object({ score: z.unknown().optional(), comment: z.unknown().optional() }).partial().nullish(),
  confidential_remarks_for_pc: z.unknown().optional(),
  criteria: z.unknown().optional(),
});
export type StructuredReviewInput = z.infer<typeof StructuredReviewInput>;

/**
 * `POST /api/reviews/` and `PATCH /api/reviews/{id}/`. `recommendation` and `completed_at` are accepted and ignored:
 * the server derives both. `version` is optional: the review's version as last read, and a save against an older
 * version answers 409 STALE_REVIEW; omitted, the save is written over whatever is stored (the last write wins).
 */
export const SaveReviewBody = z.object({
  submission: IdField.nullish(),
  status: z.string({ error: 'validation.invalid' }).nullish(),
  recommendation: z.unknown().optional(),
  comments_to_author: z.string({ error: 'validation.invalid' }).nullish(),
  comments_to_chair: z.string({ error: 'validation.invalid' }).nullish(),
  confidence: z.unknown().optional(),
  scores: z
    .object({ structured_review: z.union([z.string(), z.record(z.string(), z.unknown())]).nullish() })
    .passthrough()
    .nullish(),
  /** The form as an object (an alternative to the JSON text in scores.structured_review). */
  structured_review: z.record(z.string(), z.unknown()).nullish(),
  completed_at: z.unknown().optional(),
  version: z.union([z.number(), z.string()], { error: 'validation.invalid' }).nullish(),
  /**
   * The answers to the questions a chair added to the form (`{key: value}`, review-form.ts); checked against the form
   * the review is written against. A key sent replaces that answer; a key not sent keeps it.
   */
  answers: z.record(z.string(), z.unknown(), { error: 'validation.invalid' }).nullish(),
});
export type SaveReviewBody = z.infer<typeof SaveReviewBody>;

// The review input as the server checks it (`ReviewInput`): every problem is a message key, reported for one field
// of REVIEW_INPUT_FIELDS; where several fields fail, the first of that list answers, so the order of the checks is
// the product's (`docs/domain.md#validation-order`). The submit rules are checked afterwards, over the review as the
// save leaves it.

/** The fields the review input checks report, in the order their problems are reported. */
export const REVIEW_INPUT_FIELDS = [
  'submission',
  'version',
  'status',
  'scores.structured_review',
  'overall_evaluation.score',
  'confidence.score',
  'overall_evaluation.summary.strengths',
  'overall_evaluation.summary.weaknesses',
  'overall_evaluation.justification',
  'confidence.comment',
  'criteria',
  'confidential_remarks_for_pc',
  'comments_to_author',
  'comments_to_chair',
  'answers',
] as const;
export type ReviewInputField = (typeof REVIEW_INPUT_FIELDS)[number];

/** The placeholder values of the review input's messages (each message has fixed ones). */
export const REVIEW_INPUT_MESSAGE_PARAMS: Partial<Record<ReviewMessageKey, Record<string, number>>> = {
  'reviews.validations.textTooLong': { max: REVIEW_TEXT_MAX_LENGTH },
  'reviews.validations.listInvalid': { max: REVIEW_LIST_MAX_ITEMS },
};

const isPlainRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A part of the form that is not an object counts as an empty one (nothing of it was sent). */
const partOf = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (isPlainRecord(value) ? value : {}), schema);

/** An optional integer in a range: empty or null clears it, digits in a text count as the number. */
const integerIn = (min: number, max: number, error: ReviewMessageKey) =>
  z.preprocess(
    (value) =>
      value === '' ? null : typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value,
    z.number({ error }).int({ error }).min(min, { error }).max(max, { error }).nullable(),
  );

const reviewText = z
  .string({ error: 'reviews.validations.structuredReviewInvalid' })
  .max(REVIEW_TEXT_MAX_LENGTH, { error: 'reviews.validations.textTooLong' });

const reviewList = z
  .array(
    z
      .string({ error: 'reviews.validations.listInvalid' })
      .max(REVIEW_ITEM_MAX_LENGTH, { error: 'reviews.validations.listInvalid' }),
    { error: 'reviews.validations.listInvalid' },
  )
  .max(REVIEW_LIST_MAX_ITEMS, { error: 'reviews.validations.listInvalid' });

const overallScore = integerIn(OVERALL_SCORE_MIN, OVERALL_SCORE_MAX, 'reviews.validations.scoreInvalid');
const confidenceScore = integerIn(CONFIDENCE_MIN, CONFIDENCE_MAX, 'reviews.validations.confidenceInvalid');

/** The criteria scored: known ids only, each with its name and range as the event's form defines them. */
const criteriaInput = z
  .array(
    z.object(
      {
        id: z.enum(
          DEFAULT_REVIEW_CRITERIA.map((criterion) => criterion.id),
          { error: 'reviews.validations.criterionInvalid' },
        ),
        score: integerIn(CRITERION_SCORE_MIN, CRITERION_SCORE_MAX, 'reviews.validations.criterionInvalid').optional(),
      },
      { error: 'reviews.validations.criterionInvalid' },
    ),
    { error: 'reviews.validations.criterionInvalid' },
  )
  .transform((items) =>
    items.map((item) => {
      const criterion = DEFAULT_REVIEW_CRITERIA.find((known) => known.id === item.id) ?? DEFAULT_REVIEW_CRITERIA[0];
      return {
        id: criterion.id,
        name: criterion.name,
        description: criterion.description,
        min_score: CRITERION_SCORE_MIN,
        max_score: CRITERION_SCORE_MAX,
        score: item.score ?? null,
      };
    }),
  );

/** The form as sent: a JSON text is read (a text that is not a JSON object stays as it is, and is refused). */
function formOf(raw: unknown): unknown {
  if (typeof raw !== 'string' || raw === '') return raw;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isPlainRecord(parsed) ? parsed : raw;
  } catch {
    return raw;
  }
}

/**
 * The structured form (JSON text or object); a text that is not a JSON object is refused. What the form does not
 * hold stays undefined (the stored value is kept); a summary sent without a list empties that list.
 */
const structuredForm = z.preprocess(
  (raw) => (raw === '' ? null : raw),
  z
    .object(
      {
        overall_evaluation: partOf(
          z.object({
            score: overallScore.optional(),
            summary: partOf(z.object({ strengths: reviewList.nullish(), weaknesses: reviewList.nullish() }))
              .transform((summary) => ({ strengths: summary.strengths ?? [], weaknesses: summary.weaknesses ?? [] }))
              .optional(),
            justification: reviewText.nullish(),
          }),
        ).optional(),
        confidence: partOf(z.object({ score: confidenceScore.optional(), comment: reviewText.nullish() })).optional(),
        criteria: criteriaInput.nullish(),
        confidential_remarks_for_pc: reviewText.nullish(),
      },
      { error: 'reviews.validations.structuredReviewInvalid' },
    )
    .nullish(),
);

/**
 * A review save (`POST /api/reviews/`, `PATCH /api/reviews/{id}/`) as the server checks it: the version read (a
 * positive integer, or none), the status asked for (in_progress saves a draft, completed submits, none keeps the
 * review's), and the content's types, lengths and ranges. The form comes from `scores.structured_review` or, failing
 * that, `structured_review`; the confidence from the form or, failing that, the top-level `confidence`.
 */
export const ReviewInput = z
  .preprocess(
    (body) => {
      if (!isPlainRecord(body)) return body;
      const form = formOf(
        (isPlainRecord(body.scores) ? body.scores.structured_review : undefined) ?? body.structured_review,
      );
      const formHasConfidence = isPlainRecord(form) && isPlainRecord(form.confidence) && 'score' in form.confidence;
      return { ...body, form, confidence: formHasConfidence ? undefined : body.confidence };
    },
    z.object({
      version: z.preprocess(
        (value) => (value === '' ? undefined : typeof value === 'string' ? Number(value.trim()) : value),
        z
          .number({ error: 'reviews.validations.versionInvalid' })
          .int({ error: 'reviews.validations.versionInvalid' })
          .min(1, { error: 'reviews.validations.versionInvalid' })
          .nullish(),
      ),
      status: z.preprocess(
        (value) => (typeof value === 'string' ? value.trim() || undefined : value),
        z.enum(['in_progress', 'completed'], { error: 'reviews.validations.statusInvalid' }).nullish(),
      ),
      form: structuredForm,
      confidence: confidenceScore.optional(),
      comments_to_author: reviewText.nullish(),
      comments_to_chair: reviewText.nullish(),
      answers: z.record(z.string(), z.unknown(), { error: 'validation.invalid' }).nullish(),
    }),
  )
  .transform((body) => {
    const form = body.form ?? undefined;
    const confidence = form?.confidence?.score !== undefined ? form.confidence.score : body.confidence;
    return {
      version: body.version ?? undefined,
      status: body.status ?? undefined,
      overallScore: form?.overall_evaluation?.score,
      summary: form?.overall_evaluation?.summary,
      justification: form?.overall_evaluation?.justification ?? undefined,
      confidence,
      confidenceComment: form?.confidence?.comment ?? undefined,
      criteria: form?.criteria ?? undefined,
      confidentialRemarks: form?.confidential_remarks_for_pc ?? undefined,
      commentsToAuthor: body.comments_to_author ?? undefined,
      commentsToChair: body.comments_to_chair ?? undefined,
      /** Unchecked here: the server checks each against the review's form (review-form.ts `answerProblem`). */
      answers: body.answers ?? undefined,
    };
  });
export type ReviewInput = z.output<typeof ReviewInput>;

/** `POST /api/reviews/`: the submission reviewed (public id or numeric id), checked before the rest of the input. */
export const NewReviewTarget = z.object({
  submission: z.preprocess(
    (value) => (value === null || value === undefined ? '' : String(value).trim()),
    z.string().min(1, { error: 'reviews.validations.submissionRequired' }),
  ),
});
export type NewReviewTarget = z.output<typeof NewReviewTarget>;

/**
 * The problem a failed review input answers with: the first of REVIEW_INPUT_FIELDS that has one, with its message key
 * and that message's placeholder values. The form's fields are reported by their own path; the form itself as
 * `scores.structured_review`, the top-level confidence as `confidence.score`.
 */
export function firstReviewInputProblem(
  error: z.ZodError,
): { field: ReviewInputField; key: ReviewMessageKey; params: Record<string, number> } | undefined {
  const problems = error.issues.flatMap((issue) => {
    const [head, ...rest] = issue.path.map(String);
    const path =
      head === 'form'
        ? rest.join('.') || 'scores.structured_review'
        : head === 'confidence'
          ? 'confidence.score'
          : [head, ...rest].join('.');
    const field = REVIEW_INPUT_FIELDS.find((known) => path === known || path.startsWith(`${known}.`));
    const key = issue.message;
    return field && isReviewMessageKey(key) ? [{ field, key, params: REVIEW_INPUT_MESSAGE_PARAMS[key] ?? {} }] : [];
  });
  problems.sort((a, b) => REVIEW_INPUT_FIELDS.indexOf(a.field) - REVIEW_INPUT_FIELDS.indexOf(b.field));
  return problems[0];
}

export const ReviewIdParams = z.object({ id: z.string().max(60) });
export type ReviewIdParams = z.infer<typeof ReviewIdParams>;

/**
 * `PUT submissions/{id}/bid/`: `value` one of BID_VALUES, or `null` to clear the caller's bid (a missing or empty
 * value is refused). A 'conflict' bid declared a conflict of interest and cannot be cleared (409).
 */
export const BidBody = z.object({ value: z.string({ error: 'validation.invalid' }).nullish() });
export type BidBody = z.infer<typeof BidBody>;

/** `GET events/{id}/bids/`: the caller's bidding list. `bid=none` lists the submissions not bid on yet. */
export const BiddingListQuery = z.object({
  ...PAGE_QUERY_FIELDS,
  bid: z.enum([...BID_VALUES, 'none'], { error: 'validation.invalidChoice' }).optional(),
  search: z.string().trim().max(200, 'validation.tooLong').optional(),
});
export type BiddingListQuery = z.infer<typeof BiddingListQuery>;

export const AssignBody = z.object({
  reviewer_id: IdField.nullish(),
  /** Assign even when the reviewer has reached max_papers (never past a conflict). */
  force: z.boolean({ error: 'validation.invalid' }).optional(),
});
export type AssignBody = z.infer<typeof AssignBody>;

export const UnassignParams = z.object({ id: z.string().max(60), reviewer_id: z.string().max(60) });
export type UnassignParams = z.infer<typeof UnassignParams>;

export const AssignmentPreviewBody = z.object({ mode: z.string({ error: 'validation.invalid' }).nullish() }).nullish();
export type AssignmentPreviewBody = z.infer<typeof AssignmentPreviewBody>;

export const AssignmentPreviewParams = z.object({ id: z.string().max(60), preview_id: z.string().max(60) });
export type AssignmentPreviewParams = z.infer<typeof AssignmentPreviewParams>;

export const ApplyAssignmentBody = z.object({
  preview_id: z.union([z.string().max(60), z.number().int()], { error: 'validation.invalid' }).nullish(),
  mode: z.string({ error: 'validation.invalid' }).nullish(),
});
export type ApplyAssignmentBody = z.infer<typeof ApplyAssignmentBody>;

/** `GET events/{id}/conflicts/` filters. */
export const ConflictListQuery = z.object({
  ...PAGE_QUERY_FIELDS,
  submission: z.string().max(60).optional(),
  user: z.string().max(60).optional(),
  type: z.enum(CONFLICT_TYPES, { error: 'validation.invalidChoice' }).optional(),
  source: z.enum(CONFLICT_SOURCES, { error: 'validation.invalidChoice' }).optional(),
});
export type ConflictListQuery = z.infer<typeof ConflictListQuery>;

/**
 * `POST events/{id}/conflicts/`: declare a conflict between a person (a reviewer, chair or event admin of the
 * event, by user_id or email) and a submission. Chairs declare any pair; an author declares for their own
 * submission; a reviewer declares for themself (user omitted).
 */
export const DeclareConflictBody = z.object({
  submission_id: IdField.nullish(),
  user_id: IdField.nullish(),
  email: z.string({ error: 'validation.invalid' }).nullish(),
  type: z.string({ error: 'validation.invalid' }).nullish(),
  reason: z.string({ error: 'validation.invalid' }).nullish(),
});
export type DeclareConflictBody = z.infer<typeof DeclareConflictBody>;

export const ConflictIdParams = z.object({ id: z.string().max(60), conflict_id: z.string().max(60) });
export type ConflictIdParams = z.infer<typeof ConflictIdParams>;

/** `POST events/{id}/conflicts/check/`: who a candidate would conflict with, before inviting them. */
export const ConflictCheckBody = z.object({
  email: z.string({ error: 'validation.invalid' }).nullish(),
  /** Used when no account has this address (an account's own affiliation wins). */
  affiliation: z.string({ error: 'validation.invalid' }).nullish(),
});
export type ConflictCheckBody = z.infer<typeof ConflictCheckBody>;

// ---------------------------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------------------------

/** A person as the committee sees them. Never sent to authors, nor to other reviewers (REVIEWERS_SEE_EACH_OTHER). */
export const ReviewerRefDto = z.object({
  public_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  email: z.string(),
  affiliation: z.string(),
});
export type ReviewerRefDto = z.infer<typeof ReviewerRefDto>;

export const SubmissionRefDto = z.object({ id: z.number().int(), public_id: z.string(), title: z.string() });
export type SubmissionRefDto = z.infer<typeof SubmissionRefDto>;

/** One reason of a conflict: its message key (`server.json`) with parameters, and the English text. */
export const ConflictReasonDto = z.object({
  code: z.string(),
  params: z.record(z.string(), z.string()),
  message: z.string(),
});
export type ConflictReasonDto = z.infer<typeof ConflictReasonDto>;

export const ConflictDto = z.object({
  id: z.number().int(),
  submission: SubmissionRefDto,
  user: ReviewerRefDto,
  type: z.enum(CONFLICT_TYPES),
  type_display: z.string(),
  source: z.enum(CONFLICT_SOURCES),
  /** The stored reason (English), and each reason with its message key. */
  reason: z.string(),
  reasons: z.array(ConflictReasonDto),
  declared_by: z.object({ public_id: z.string(), full_name: z.string() }).nullable(),
  created_at: z.string(),
  abilities: z.object({ lift: z.boolean() }),
});
export type ConflictDto = z.infer<typeof ConflictDto>;

/** `POST events/{id}/conflicts/`: the conflict, and whether this call recorded it (false: it was already there). */
export const DeclaredConflictAnswerDto = ConflictDto.extend({ created: z.boolean() });
export type DeclaredConflictAnswerDto = z.infer<typeof DeclaredConflictAnswerDto>;

export const ConflictPageDto = paginated(ConflictDto);
export type ConflictPageDto = z.infer<typeof ConflictPageDto>;

export const ConflictCheckDto = z.object({
  email: z.string(),
  /** Whether an account has this address (its affiliation and co-authorships were used). */
  registered: z.boolean(),
  conflicts: z.array(
    z.object({ submission: SubmissionRefDto, type: z.enum(CONFLICT_TYPES), reasons: z.array(ConflictReasonDto) }),
  ),
  count: z.number().int(),
});
export type ConflictCheckDto = z.infer<typeof ConflictCheckDto>;

/**
 * `GET submissions/{id}/declared-conflicts/`: one conflict of interest the caller, an author of the submission,
 * declared on it — the committee member they named (the name, and the address they typed), the type, their note —
 * and nothing about the submission's other conflicts, its assignments or its reviewers. `abilities.withdraw`: the
 * caller may withdraw it with `DELETE events/{id}/conflicts/{id}/`.
 */
export const DeclaredConflictDto = z.object({
  id: z.number().int(),
  person: z.object({ full_name: z.string(), email: z.string() }),
  type: z.enum(CONFLICT_TYPES),
  type_display: z.string(),
  note: z.string(),
  created_at: z.string(),
  abilities: z.object({ withdraw: z.boolean() }),
});
export type DeclaredConflictDto = z.infer<typeof DeclaredConflictDto>;

/** `GET submissions/{id}/declared-conflicts/`: all of the caller's declarations on the submission, oldest first. */
export const DeclaredConflictListDto = z.object({
  count: z.number().int(),
  results: z.array(DeclaredConflictDto),
});
export type DeclaredConflictListDto = z.infer<typeof DeclaredConflictListDto>;

export const BidDto = z.object({
  /** The submission's public id. */
  submission: z.string(),
  value: z.enum(BID_VALUES).nullable(),
  value_display: z.string().nullable(),
  /** Whether the caller has a conflict of interest with the submission (then it cannot be bid on). */
  conflict: z.boolean(),
  updated_at: z.string().nullable(),
});
export type BidDto = z.infer<typeof BidDto>;

/** An author on the bidding list (absent in double-blind events). */
export const BiddingAuthorDto = z.object({ full_name: z.string(), affiliation: z.string() });

/** One submission of the bidding list: what a reviewer needs to choose (titles, abstracts, keywords). */
export const BiddingItemDto = z.object({
  id: z.number().int(),
  public_id: z.string(),
  title: z.string(),
  abstract: z.string(),
  keywords: z.string(),
  keywords_list: z.array(z.string()),
  track: z.string().nullable(),
  track_name: z.string().nullable(),
  authors: z.array(BiddingAuthorDto),
  authors_hidden: z.boolean(),
  bid: z.enum(BID_VALUES).nullable(),
  bid_display: z.string().nullable(),
  conflict: z.boolean(),
});
export type BiddingItemDto = z.infer<typeof BiddingItemDto>;

export const BiddingPageDto = paginated(BiddingItemDto).extend({
  /** How many of the event's submissions (that the caller may bid on) have a bid of each value. */
  summary: z.record(z.string(), z.number().int()),
});
export type BiddingPageDto = z.infer<typeof BiddingPageDto>;

export const CandidateDto = z.object({
  reviewer: ReviewerRefDto,
  expertise: z.string(),
  max_papers: z.number().int(),
  /** Papers of this event assigned to the reviewer now. */
  load: z.number().int(),
  /** 0–1, from the affinity provider; the terms that matched most. */
  affinity: z.number(),
  affinity_terms: z.array(z.string()),
  /**
   * The reviewer's own bid on the paper (null: none), also when they have a conflict of interest: `conflict` says
   * that. A 'conflict' bid means the reviewer declared the conflict when bidding.
   */
  bid: z.enum(BID_VALUES).nullable(),
  /** affinity + the bid's value (no bid value when conflicted): what the automatic assignment maximises. */
  score: z.number(),
  assigned: z.boolean(),
  review_status: z.enum(REVIEW_STATUSES).nullable(),
  /**
   * The conflict of interest, if any, with the same `reasons` as `GET events/{id}/conflicts/` gives for the pair
   * (detected: authorship, domain, affiliation, co-authorship; declared: `conflicts.reason.declared` with the
   * declarer's name, or `conflicts.reason.bid`). `reason` is the stored English text (with a declarer's note).
   */
  conflict: z
    .object({
      type: z.enum(CONFLICT_TYPES),
      source: z.enum(CONFLICT_SOURCES),
      reason: z.string(),
      reasons: z.array(ConflictReasonDto),
    })
    .nullable(),
  assignable: z.boolean(),
  /** Why not: conflict, assigned or at_capacity (at_capacity may be overridden with force). */
  not_assignable_reason: z.enum(['conflict', 'assigned', 'at_capacity']).nullable(),
});
export type CandidateDto = z.infer<typeof CandidateDto>;

export const CandidatesDto = z.object({
  submission: SubmissionRefDto,
  reviewers_per_paper: z.number().int(),
  assigned_count: z.number().int(),
  provider: z.literal('local'),
  candidates: z.array(CandidateDto),
});
export type CandidatesDto = z.infer<typeof CandidatesDto>;

export const AssignmentDto = z.object({
  review_id: z.string(),
  submission: SubmissionRefDto,
  reviewer: ReviewerRefDto,
  status: z.enum(REVIEW_STATUSES),
  source: z.enum(ASSIGNMENT_SOURCES),
  assigned_at: z.string(),
  message: z.string(),
});
export type AssignmentDto = z.infer<typeof AssignmentDto>;

/** The review form as stored and shown (confidential remarks only for the committee). */
export const StructuredReviewDto = z.object({
  overall_evaluation: z.object({
    score: z.number().int().nullable(),
    summary: z.object({ strengths: z.array(z.string()), weaknesses: z.array(z.string()) }),
    justification: z.string(),
  }),
  confidence: z.object({ score: z.number().int().nullable(), comment: z.string().optional() }),
  criteria: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      description: z.string(),
      min_score: z.number().int(),
      max_score: z.number().int(),
      score: z.number().int().nullable(),
    }),
  ),
  confidential_remarks_for_pc: z.string().optional(),
});
export type StructuredReviewDto = z.infer<typeof StructuredReviewDto>;

export const ReviewAbilities = z.object({
  edit: z.boolean(),
  submit: z.boolean(),
  /** The caller may ask the review assistant about this draft (`docs/domain.md#review-assistant`). */
  can_use_assistant: z.boolean(),
  /** The caller may ask the reviewer to revisit this review: the paper's area chair or committee (`docs/domain.md#area-chair`). */
  can_request_revisit: z.boolean().optional(),
});
export type ReviewAbilities = z.infer<typeof ReviewAbilities>;

const reviewSummary = {
  id: z.number().int(),
  public_id: z.string(),
  submission: z.object({
    id: z.number().int(),
    public_id: z.string(),
    title: z.string(),
    event: z.object({ id: z.number().int(), public_id: z.string(), title: z.string() }),
  }),
  status: z.enum(REVIEW_STATUSES),
  status_display: z.string(),
  recommendation: z.enum(RECOMMENDATIONS).nullable(),
  recommendation_display: z.string().nullable(),
  overall_score: z.number().int().nullable(),
  confidence: z.number().int().nullable(),
  assigned_at: z.string(),
  updated_at: z.string(),
  completed_at: z.string().nullable(),
};

/** One review of the caller (`GET /api/reviews/my-reviews/`). */
export const MyReviewDto = z.object({
  ...reviewSummary,
  /** The event's review deadline (YYYY-MM-DD, ending 23:59:59 in `timezone`). */
  review_deadline: z.string(),
  timezone: z.string(),
  version: z.number().int(),
  abilities: ReviewAbilities,
});
export type MyReviewDto = z.infer<typeof MyReviewDto>;

export const MyReviewListDto = z.array(MyReviewDto);
export type MyReviewListDto = z.infer<typeof MyReviewListDto>;

/**
 * A review as one viewer may read it. Fields outside the viewer's audience are absent or empty: `reviewer`,
 * `comments_to_chair` and `confidential_remarks_for_pc` reach the committee only (REVIEW_FIELD_AUDIENCE); each answer
 * of the form reaches the audiences its question's visibility opens it to (review-form.ts).
 * `reviewer_label` ("Reviewer 2") is the same for everyone.
 */
export const ReviewDto = z.object({
  ...reviewSummary,
  reviewer_label: z.string(),
  ordinal: z.number().int(),
  is_own: z.boolean(),
  reviewer: ReviewerRefDto.optional(),
  structured_review: StructuredReviewDto.nullable(),
  comments_to_author: z.string(),
  comments_to_chair: z.string().optional(),
  confidential_remarks_for_pc: z.string().optional(),
  version: z.number().int().optional(),
  review_deadline: z.string().optional(),
  timezone: z.string().optional(),
  /** The version of the event's review form this review is written against (review-form.ts). */
  form_version: z.number().int(),
  /** The answers to the chair's own questions of that form that the viewer may read (`{key: value}`). */
  answers: z.record(z.string(), z.union([z.number(), z.string(), z.array(z.string()), z.null()])),
  abilities: ReviewAbilities,
});
export type ReviewDto = z.infer<typeof ReviewDto>;

/**
 * The second defence of what leaves the server, per audience: the schema drops whatever an audience must never
 * receive whatever the form says — reviewers' identities, the comments to the chair, the confidential remarks, the
 * reviewer's own bookkeeping. The answers to the form's questions are the form's to decide (the presenter reads
 * `questionReadBy`): a chair who opens the confidence comment to authors sends it to them, one who makes a criterion
 * chairs-only keeps it from co-reviewers and authors.
 */
const outsideCommitteeReviewDto = ReviewDto.omit({
  reviewer: true,
  comments_to_chair: true,
  confidential_remarks_for_pc: true,
  version: true,
  review_deadline: true,
  timezone: true,
}).extend({
  structured_review: StructuredReviewDto.omit({ confidential_remarks_for_pc: true }).nullable(),
});

/** What a review looks like to its authors: a strict subset (the serializer drops everything else). */
export const AuthorReviewDto = outsideCommitteeReviewDto;
export type AuthorReviewDto = z.infer<typeof AuthorReviewDto>;

/** What another reviewer of the paper sees: no identities, no confidential fields. */
export const CoReviewerReviewDto = outsideCommitteeReviewDto;
export type CoReviewerReviewDto = z.infer<typeof CoReviewerReviewDto>;

/** Whose eyes a list of reviews was filtered for, and why some may be missing. */
export const REVIEW_VISIBILITIES = ['committee', 'reviewer', 'author', 'none'] as const;
export type ReviewVisibility = (typeof REVIEW_VISIBILITIES)[number];

/** `GET submissions/{id}/reviews/`: the reviews of a submission the caller may read. */
export const SubmissionReviewsDto = z.object({
  submission: SubmissionRefDto,
  visibility: z.enum(REVIEW_VISIBILITIES),
  /** Why reviews are held back (a `server.json` key and its English text), or null. */
  notice: z.object({ code: z.string(), message: z.string() }).nullable(),
  reviews: z.array(ReviewDto),
  /** The committee only: mean overall score of the completed reviews (null when none). */
  average_overall_score: z.number().nullable().optional(),
  assigned_count: z.number().int().optional(),
  completed_count: z.number().int().optional(),
});
export type SubmissionReviewsDto = z.infer<typeof SubmissionReviewsDto>;

/** `POST events/{id}/assignment/preview/` → 202. */
export const AssignmentPreviewCreatedDto = z.object({
  preview_id: z.string(),
  status: z.enum(ASSIGNMENT_PREVIEW_STATUSES),
});
export type AssignmentPreviewCreatedDto = z.infer<typeof AssignmentPreviewCreatedDto>;

export const ProposedPairDto = z.object({
  submission: SubmissionRefDto,
  reviewer: ReviewerRefDto,
  /** affinity + bid value. */
  score: z.number(),
  affinity: z.number(),
  bid: z.enum(BID_VALUES).nullable(),
  /** Which of the reviewer's terms matched the paper (the affinity provider's reasons). */
  reasons: z.array(z.string()),
  /** Already assigned before (kept), or proposed now. */
  existing: z.boolean(),
});
export type ProposedPairDto = z.infer<typeof ProposedPairDto>;

export const AssignmentResultDto = z.object({
  pairs: z.array(ProposedPairDto),
  /** Pairs proposed now (not existing), among those the viewer may see. */
  new_count: z.number().int(),
  /** Assignments that applying in replace mode would remove. */
  removed: z.array(z.object({ submission: SubmissionRefDto, reviewer: ReviewerRefDto })),
  /** Σ score of the pairs (over the pairs the viewer may see: see hidden_papers). */
  total_score: z.number(),
  /** The paper whose assigned pairs sum to the least, and that sum (among the papers the viewer may see). */
  lowest_paper_score: z.number().nullable(),
  lowest_paper: SubmissionRefDto.nullable(),
  load_histogram: z.array(z.object({ papers: z.number().int(), reviewers: z.number().int() })),
  short: z.array(
    z.object({
      submission: SubmissionRefDto,
      wanted: z.number().int(),
      assigned: z.number().int(),
      eligible_reviewers: z.number().int(),
      /** Why, as conflict reasons are given: the message key, its parameters (eligible, wanted) and the English text. */
      reason: z.object({ code: z.string(), params: z.record(z.string(), z.number()), message: z.string() }),
    }),
  ),
  reviewers_per_paper: z.number().int(),
  /** Every paper and reviewer of the computation (hidden papers included). */
  papers: z.number().int(),
  reviewers: z.number().int(),
  /**
   * How many papers of the preview were left out for the viewer because they have a conflict of interest with them:
   * their pairs, removals and short rows are absent, and new_count, total_score and the lowest paper are computed
   * without them. 0 for everyone else.
   */
  hidden_papers: z.number().int(),
});
export type AssignmentResultDto = z.infer<typeof AssignmentResultDto>;

export const AssignmentPreviewDto = z.object({
  preview_id: z.string(),
  status: z.enum(ASSIGNMENT_PREVIEW_STATUSES),
  /** 0–1. */
  progress: z.number(),
  mode: z.enum(ASSIGNMENT_MODES),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  /** Why the computation failed (English), and its message key in `error_code`; null unless failed. */
  error: z.string().nullable(),
  error_code: z.string().nullable(),
  result: AssignmentResultDto.nullable(),
});
export type AssignmentPreviewDto = z.infer<typeof AssignmentPreviewDto>;

export const ApplyAssignmentDto = z.object({
  message: z.string(),
  created: z.number().int(),
  removed: z.number().int(),
  kept: z.number().int(),
});
export type ApplyAssignmentDto = z.infer<typeof ApplyAssignmentDto>;
