import { z } from 'zod';
import {
  type BilingualText,
  REVIEW_FORM_RULES,
  ReviewAnswer,
  type ReviewFormKind,
  type ReviewFormRules,
  ReviewQuestionDto,
} from './review-form.ts';

/**
 * Meta-reviews (`docs/domain.md#meta-review`): the area chair's summary of a paper's reviews, written against the
 * event's meta-review form (a form of the same shape as the review form, review-form.ts). The DTOs, the default form
 * and the inputs live here too.
 */

export const META_REVIEW_STATUSES = ['in_progress', 'completed'] as const;
export type MetaReviewStatus = (typeof META_REVIEW_STATUSES)[number];

/** The default form's `recommendation` choices; a chair's bulk decision "follow the meta-review" reads them. */
export const META_RECOMMENDATIONS = ['accept', 'reject', 'revision'] as const;
export type MetaRecommendation = (typeof META_RECOMMENDATIONS)[number];

const text = (en: string, ar: string): BilingualText => ({ en, ar });

/** The question the bulk decision "follow the meta-review" reads: never removed, its kind and options fixed. */
export const META_RECOMMENDATION_KEY = 'recommendation';

const RECOMMENDATION_LABELS: Record<MetaRecommendation, BilingualText> = {
  accept: text('Accept', 'قبول'),
  reject: text('Reject', 'رفض'),
  revision: text('Revision', 'مراجعة وتعديل'),
};

/**
 * The default meta-review form (`docs/domain.md#meta-review`). None of its questions is built in (every answer lives in
 * `meta_reviews.answers` by its key); the recommendation stays and keeps its options, the others a chair may change or
 * remove like any question of theirs.
 */
export const DEFAULT_META_REVIEW_FORM: readonly ReviewQuestionDto[] = [
  {
    key: 'summary',
    kind: 'text',
    label: text('Summary', 'الخلاصة'),
    help: text(
      'What the reviews and the discussion concluded, for the authors.',
      'ما خلصت إليه المراجعات والنقاش، موجّهًا إلى المؤلفين.',
    ),
    required: true,
    visibility: 'authors',
    builtin: false,
    removable: true,
  },
  {
    key: META_RECOMMENDATION_KEY,
    kind: 'choice',
    label: text('Recommendation', 'التوصية'),
    help: text('The decision you recommend to the chairs.', 'القرار الذي توصي به الرؤساء.'),
    required: true,
    visibility: 'authors',
    options: META_RECOMMENDATIONS.map((value) => ({ value, label: RECOMMENDATION_LABELS[value] })),
    builtin: false,
    removable: false,
  },
  {
    key: 'confidence',
    kind: 'score',
    label: text('Confidence', 'درجة الثقة'),
    help: text('How sure you are of the recommendation.', 'مدى ثقتك بالتوصية.'),
    required: true,
    visibility: 'committee',
    min: 1,
    max: 5,
    value_labels: {},
    builtin: false,
    removable: true,
  },
  {
    key: 'confidential_note',
    kind: 'text',
    label: text('Confidential note to the chairs', 'ملاحظة سرية للرؤساء'),
    help: text('Never shown to the authors or the reviewers.', 'لا تُعرض على المؤلفين ولا على المحكّمين أبدًا.'),
    required: false,
    visibility: 'chairs',
    builtin: false,
    removable: true,
  },
];

/** The meta-review form's rules (review-form.ts `ReviewFormRules`): the recommendation is fixed and stays. */
export const META_REVIEW_FORM_RULES: ReviewFormRules = {
  kind: 'meta_review',
  defaults: DEFAULT_META_REVIEW_FORM,
  fixedQuestion: (key) =>
    key === META_RECOMMENDATION_KEY ? DEFAULT_META_REVIEW_FORM.find((question) => question.key === key) : undefined,
  requiredKeys: [META_RECOMMENDATION_KEY],
};

/** The rules of a kind of form. */
export const reviewFormRulesOf = (kind: ReviewFormKind): ReviewFormRules =>
  kind === 'meta_review' ? META_REVIEW_FORM_RULES : REVIEW_FORM_RULES;

/** Whether a stored answer is one of the recommendations the bulk decision can follow. */
export const isMetaRecommendation = (value: unknown): value is MetaRecommendation =>
  typeof value === 'string' && (META_RECOMMENDATIONS as readonly string[]).includes(value);

/**
 * `GET`/`POST submissions/{id}/meta-review/`: the paper's meta-review as the caller may read it. Before the area chair
 * first saves, the paper's committee and its area chair read it empty (`status` null, `version` 0) against the
 * event's current meta-review form. The area chair's identity reaches only the committee and the area chair.
 */
export const MetaReviewDto = z.object({
  /** The meta-review's public id (null while none is saved). */
  id: z.string().nullable(),
  /** The submission's public id. */
  submission: z.string(),
  status: z.enum(META_REVIEW_STATUSES).nullable(),
  version: z.number().int(),
  form_version: z.number().int(),
  /** The form's questions the caller reads, in order. */
  questions: z.array(ReviewQuestionDto),
  /** The answers to those questions, by key. */
  answers: z.record(z.string(), ReviewAnswer),
  /** Who wrote it: only for the paper's committee and its area chair. */
  area_chair: z.object({ id: z.string(), name: z.string() }).nullable().optional(),
  completed_at: z.string().nullable(),
  updated_at: z.string().nullable(),
  abilities: z.object({ edit: z.boolean() }),
});
export type MetaReviewDto = z.infer<typeof MetaReviewDto>;

/** `POST submissions/{id}/meta-review/`: the answers sent (by question key) and the status asked for. */
export const SaveMetaReviewBody = z.object({
  answers: z.record(z.string(), z.unknown(), { error: 'validation.invalid' }).default({}),
  status: z.enum(META_REVIEW_STATUSES, { error: 'validation.invalidChoice' }),
  /** The version the client read (0 before the first save); a save against an older one answers 409 STALE_META_REVIEW. */
  version: z
    .number({ error: 'validation.invalid' })
    .int({ error: 'validation.invalid' })
    .min(0, { error: 'validation.invalid' })
    .max(2_147_483_647, { error: 'validation.invalid' })
    .optional(),
});
export type SaveMetaReviewBody = z.output<typeof SaveMetaReviewBody>;
