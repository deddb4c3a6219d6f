import { z } from 'zod';
import {
  CONFIDENCE_LABELS,
  CONFIDENCE_MAX,
  CONFIDENCE_MIN,
  CRITERION_SCORE_MAX,
  CRITERION_SCORE_MIN,
  DEFAULT_REVIEW_CRITERIA,
  OVERALL_SCORE_LABELS,
  OVERALL_SCORE_MAX,
  OVERALL_SCORE_MIN,
  REVIEW_ITEM_MAX_LENGTH,
  REVIEW_LIST_MAX_ITEMS,
  REVIEW_TEXT_MAX_LENGTH,
  type ReviewAudience,
} from './reviews.ts';

/*
 * The review form as data (`docs/domain.md#review-form`): each event has an ordered list of questions, versioned.
 * The spec's structured form is the default form (DEFAULT_REVIEW_FORM): its questions are "built in" — their answers
 * live where the spec's API puts them (`structured_review.overall_evaluation.score`, `…summary.strengths`, the
 * criteria, the confidential remarks) and their kind and range are fixed; a chair may relabel them, change their help,
 * whether they are required and who reads them, reorder them, and remove them (except the overall score and the
 * confidence, which the decision's aggregates read). Questions a chair adds are answered in the review's `answers`
 * (`{key: value}`).
 *
 * Who reads a question is its `visibility`; it is THE definition of which answer reaches whom (the presenter, the
 * comparison, the author's view, the exports and the leak tests all read `questionAudience`):
 *   authors    the paper's authors once reviews are released to them, and everyone below;
 *   committee  the paper's other reviewers (when the event lets them read other reviews) and the chairs;
 *   chairs     the chairs and event admins without a conflict, and the review's own reviewer.
 */

/** The forms an event keeps as data: the reviewers' review form and the area chairs' meta-review form. */
export const REVIEW_FORM_KINDS = ['review', 'meta_review'] as const;
export type ReviewFormKind = (typeof REVIEW_FORM_KINDS)[number];

export const REVIEW_QUESTION_KINDS = ['score', 'choice', 'text', 'list'] as const;
export type ReviewQuestionKind = (typeof REVIEW_QUESTION_KINDS)[number];

export const REVIEW_QUESTION_VISIBILITIES = ['authors', 'committee', 'chairs'] as const;
export type ReviewQuestionVisibility = (typeof REVIEW_QUESTION_VISIBILITIES)[number];

/** The review audience (reviews.ts) that a question's visibility opens it to. */
export const QUESTION_AUDIENCE: Record<ReviewQuestionVisibility, ReviewAudience> = {
  authors: 'authors',
  committee: 'reviewers',
  chairs: 'committee',
};

export const REVIEW_FORM_MAX_QUESTIONS = 40;
export const REVIEW_QUESTION_LABEL_MAX_LENGTH = 200;
export const REVIEW_QUESTION_HELP_MAX_LENGTH = 1_000;
export const REVIEW_QUESTION_MAX_OPTIONS = 20;
/** The widest range a score question may span (min..max). */
export const REVIEW_SCORE_MIN_BOUND = -10;
export const REVIEW_SCORE_MAX_BOUND = 10;
export const REVIEW_QUESTION_KEY_PATTERN = /^[a-z][a-z0-9_]{0,39}$/;
/**
 * Whether a key is one every JavaScript object answers (Object.prototype's `constructor`, the only such name the
 * pattern lets through): the answers are an object by key, so a question with that key would read an answer where none
 * was written. No question takes one.
 */
export const isReservedQuestionKey = (key: string): boolean => key in Object.prototype;

export const BilingualText = z.object({ en: z.string(), ar: z.string() });
export type BilingualText = z.infer<typeof BilingualText>;

/** One question of a review form as the API answers it (and as `PUT` takes it back, edited). */
export const ReviewQuestionDto = z.object({
  key: z.string(),
  kind: z.enum(REVIEW_QUESTION_KINDS),
  label: BilingualText,
  help: BilingualText,
  required: z.boolean(),
  visibility: z.enum(REVIEW_QUESTION_VISIBILITIES),
  /** score: the range, and a label per value (keys are the values as text; a value without one shows its number). */
  min: z.number().int().optional(),
  max: z.number().int().optional(),
  value_labels: z.record(z.string(), BilingualText).optional(),
  /** choice: the options, in their order. */
  options: z.array(z.object({ value: z.string(), label: BilingualText })).optional(),
  /** Whether the question is one of the default form's (its answer lives in `structured_review`). */
  builtin: z.boolean(),
  /** Whether a chair may remove it (the overall score and the confidence stay). */
  removable: z.boolean(),
});
export type ReviewQuestionDto = z.infer<typeof ReviewQuestionDto>;

/** `GET events/{id}/review-form/` and the answer of `PUT`. */
export const ReviewFormDto = z.object({
  /** The event's public id. */
  event: z.string(),
  /** The current version (1 for an event that never edited its form). */
  version: z.number().int(),
  questions: z.array(ReviewQuestionDto),
  /**
   * How many reviews hold answers written against this version (a change that would orphan them makes a new version);
   * 0 for readers outside the committee.
   */
  answered_reviews: z.number().int(),
  /** Whether the event still uses the default form unchanged. */
  is_default: z.boolean(),
  updated_at: z.string().nullable(),
  abilities: z.object({ edit: z.boolean() }),
});
export type ReviewFormDto = z.infer<typeof ReviewFormDto>;

/** Whether the answer of `PUT` made a new version, and which. */
export const SavedReviewFormDto = ReviewFormDto.extend({
  new_version: z.boolean(),
  previous_version: z.number().int(),
});
export type SavedReviewFormDto = z.infer<typeof SavedReviewFormDto>;

const bilingualInput = z.object(
  {
    en: z
      .string({ error: 'reviewForms.labelRequired' })
      .trim()
      .max(REVIEW_QUESTION_LABEL_MAX_LENGTH, { error: 'validation.tooLong' }),
    ar: z
      .string({ error: 'validation.invalid' })
      .trim()
      .max(REVIEW_QUESTION_LABEL_MAX_LENGTH, { error: 'validation.tooLong' })
      .default(''),
  },
  { error: 'reviewForms.labelRequired' },
);
const helpInput = z
  .object({
    en: z.string({ error: 'validation.invalid' }).trim().max(REVIEW_QUESTION_HELP_MAX_LENGTH, 'validation.tooLong'),
    ar: z.string({ error: 'validation.invalid' }).trim().max(REVIEW_QUESTION_HELP_MAX_LENGTH, 'validation.tooLong'),
  })
  .partial()
  .transform((help) => ({ en: help.en ?? '', ar: help.ar ?? '' }));

/** One question as `PUT` takes it; `builtin` and `removable` are read back from the key, never from the client. */
export const ReviewQuestionInput = z.object({
  key: z
    .string({ error: 'reviewForms.keyInvalid' })
    .trim()
    .regex(REVIEW_QUESTION_KEY_PATTERN, { error: 'reviewForms.keyInvalid' })
    .refine((key) => !isReservedQuestionKey(key), { error: 'reviewForms.keyReserved' }),
  kind: z.enum(REVIEW_QUESTION_KINDS, { error: 'validation.invalidChoice' }),
  label: bilingualInput,
  help: helpInput.optional(),
  required: z.boolean({ error: 'validation.invalid' }).default(false),
  visibility: z.enum(REVIEW_QUESTION_VISIBILITIES, { error: 'validation.invalidChoice' }),
  min: z.number({ error: 'validation.invalid' }).int({ error: 'validation.invalid' }).optional(),
  max: z.number({ error: 'validation.invalid' }).int({ error: 'validation.invalid' }).optional(),
  value_labels: z.record(z.string(), bilingualInput, { error: 'validation.invalid' }).optional(),
  options: z
    .array(
      z.object({
        value: z
          .string({ error: 'reviewForms.optionInvalid' })
          .trim()
          .min(1, { error: 'reviewForms.optionInvalid' })
          .max(100),
        label: bilingualInput,
      }),
      { error: 'reviewForms.optionInvalid' },
    )
    .max(REVIEW_QUESTION_MAX_OPTIONS, { error: 'reviewForms.optionInvalid' })
    .optional(),
  builtin: z.unknown().optional(),
  removable: z.unknown().optional(),
});
export type ReviewQuestionInput = z.output<typeof ReviewQuestionInput>;

/** `PUT events/{id}/review-form/`: the document `GET` answered, edited (other top-level fields are ignored). */
export const PutReviewFormBody = z.object({
  questions: z
    .array(ReviewQuestionInput, { error: 'validation.invalid' })
    .min(1, { error: 'reviewForms.empty' })
    .max(REVIEW_FORM_MAX_QUESTIONS, { error: 'reviewForms.tooMany' }),
  /** The version the client edited; a save against an older one answers 409 STALE_REVIEW_FORM. */
  version: z.number({ error: 'validation.invalid' }).int().optional(),
  /**
   * The `updated_at` the client read (null for a form never saved): a save over a form changed since answers 409
   * STALE_REVIEW_FORM too, though a change that orphans no answer rewrites the version in place and keeps its number.
   */
  updated_at: z.string({ error: 'validation.invalid' }).nullable().optional(),
});
export type PutReviewFormBody = z.output<typeof PutReviewFormBody>;

/** `GET events/{id}/review-form/?version=N`: an older version of the form (404 when the event has none such). */
export const ReviewFormQuery = z.object({
  version: z.coerce
    .number({ error: 'validation.invalid' })
    .int({ error: 'validation.invalid' })
    .min(1, { error: 'validation.invalid' })
    // The largest version the database holds (a 4-byte integer): beyond it a 400, not the database's error.
    .max(2_147_483_647, { error: 'validation.invalid' })
    .optional(),
});
export type ReviewFormQuery = z.output<typeof ReviewFormQuery>;

// ---------------------------------------------------------------------------------------------------------------
// The default form (the spec's structured review)
// ---------------------------------------------------------------------------------------------------------------

type Question = ReviewQuestionDto;

const text = (en: string, ar: string): BilingualText => ({ en, ar });

/** The Arabic of the default criteria (their English is DEFAULT_REVIEW_CRITERIA's). */
const CRITERION_ARABIC: Record<string, { label: string; help: string }> = {
  originality: { label: 'الأصالة', help: 'ما مدى جِدّة الأفكار أو المناهج أو النتائج؟' },
  relevance: { label: 'الصلة بالموضوع', help: 'ما مدى صلة العمل بالفعالية؟' },
  quality: { label: 'الجودة التقنية', help: 'هل المناهج سليمة والادعاءات مدعومة؟' },
  clarity: { label: 'الوضوح', help: 'هل الورقة مكتوبة ومنظمة جيدًا؟' },
  contribution: { label: 'الإسهام', help: 'إلى أي مدى يطوّر العمل مجاله؟' },
};

const builtin = (question: Omit<Question, 'builtin' | 'removable'>, removable = true): Question => ({
  ...question,
  builtin: true,
  removable,
});

/** The default form: the spec's structured review, in its order on the review screen. */
export const DEFAULT_REVIEW_FORM: readonly Question[] = [
  builtin(
    {
      key: 'overall_score',
      kind: 'score',
      label: text('Overall evaluation', 'التقييم العام'),
      help: text('Your overall recommendation for this paper.', 'توصيتك العامة بشأن هذه الورقة.'),
      required: true,
      visibility: 'authors',
      min: OVERALL_SCORE_MIN,
      max: OVERALL_SCORE_MAX,
      value_labels: OVERALL_SCORE_LABELS as Record<string, BilingualText>,
    },
    false,
  ),
  builtin({
    key: 'strengths',
    kind: 'list',
    label: text('Strengths', 'نقاط القوة'),
    help: text('One strength per entry.', 'نقطة قوة واحدة في كل بند.'),
    required: true,
    visibility: 'authors',
  }),
  builtin({
    key: 'weaknesses',
    kind: 'list',
    label: text('Weaknesses', 'نقاط الضعف'),
    help: text('One weakness per entry.', 'نقطة ضعف واحدة في كل بند.'),
    required: true,
    visibility: 'authors',
  }),
  builtin({
    key: 'justification',
    kind: 'text',
    label: text('Justification', 'التبرير'),
    help: text('Why this evaluation.', 'لماذا هذا التقييم.'),
    required: true,
    visibility: 'authors',
  }),
  builtin(
    {
      key: 'confidence',
      kind: 'score',
      label: text('Confidence', 'درجة الثقة'),
      help: text('How familiar you are with the topic.', 'مدى إلمامك بالموضوع.'),
      required: true,
      visibility: 'authors',
      min: CONFIDENCE_MIN,
      max: CONFIDENCE_MAX,
      value_labels: CONFIDENCE_LABELS as Record<string, BilingualText>,
    },
    false,
  ),
  builtin({
    key: 'confidence_comment',
    kind: 'text',
    label: text('Confidence comment', 'تعليق على درجة الثقة'),
    help: text('What your confidence rests on.', 'علامَ تستند ثقتك.'),
    required: true,
    visibility: 'committee',
  }),
  builtin({
    key: 'confidential_remarks_for_pc',
    kind: 'text',
    label: text('Confidential remarks for the programme committee', 'ملاحظات سرية للجنة البرنامج'),
    help: text('Never shown to the authors.', 'لا تُعرض على المؤلفين أبدًا.'),
    required: false,
    visibility: 'chairs',
  }),
  ...DEFAULT_REVIEW_CRITERIA.map((criterion) =>
    builtin({
      key: criterion.id,
      kind: 'score',
      label: text(criterion.name, CRITERION_ARABIC[criterion.id]?.label ?? criterion.name),
      help: text(criterion.description, CRITERION_ARABIC[criterion.id]?.help ?? criterion.description),
      required: false,
      visibility: 'authors',
      min: CRITERION_SCORE_MIN,
      max: CRITERION_SCORE_MAX,
    }),
  ),
];

export const BUILTIN_QUESTION_KEYS = DEFAULT_REVIEW_FORM.map((question) => question.key);
export type BuiltinQuestionKey =
  | 'overall_score'
  | 'strengths'
  | 'weaknesses'
  | 'justification'
  | 'confidence'
  | 'confidence_comment'
  | 'confidential_remarks_for_pc'
  | (typeof DEFAULT_REVIEW_CRITERIA)[number]['id'];

export const isBuiltinQuestionKey = (key: string): key is BuiltinQuestionKey => BUILTIN_QUESTION_KEYS.includes(key);

/** The default question of a built-in key. */
export const builtinQuestion = (key: string): Question | undefined =>
  DEFAULT_REVIEW_FORM.find((question) => question.key === key);

/**
 * The spec's submit rules for the built-in questions, in the spec's order, each with its field and message
 * (`docs/domain.md#validation-order`); a rule applies when the form holds the question and requires it.
 */
export const BUILTIN_SUBMIT_RULES = [
  { key: 'strengths', field: 'overall_evaluation.summary.strengths', message: 'reviews.validations.strengthRequired' },
  {
    key: 'weaknesses',
    field: 'overall_evaluation.summary.weaknesses',
    message: 'reviews.validations.weaknessRequired',
  },
  {
    key: 'justification',
    field: 'overall_evaluation.justification',
    message: 'reviews.validations.justificationRequired',
  },
  { key: 'confidence_comment', field: 'confidence.comment', message: 'reviews.validations.confidenceCommentRequired' },
  { key: 'overall_score', field: 'overall_evaluation.score', message: 'reviews.validations.scoreRequired' },
  { key: 'confidence', field: 'confidence.score', message: 'reviews.validations.confidenceRequired' },
] as const satisfies readonly { key: BuiltinQuestionKey; field: string; message: string }[];

// ---------------------------------------------------------------------------------------------------------------
// The library of common questions (offered by the form editor; each added as a question of its own)
// ---------------------------------------------------------------------------------------------------------------

const yesNo = [
  { value: 'yes', label: text('Yes', 'نعم') },
  { value: 'no', label: text('No', 'لا') },
];

export const REVIEW_QUESTION_LIBRARY: readonly Omit<Question, 'builtin' | 'removable'>[] = [
  {
    key: 'novelty',
    kind: 'score',
    label: text('Originality', 'الأصالة'),
    help: text('How new is the contribution compared with prior work?', 'ما مدى جِدّة الإسهام مقارنةً بالأعمال السابقة؟'),
    required: false,
    visibility: 'authors',
    min: 1,
    max: 5,
    value_labels: {
      '1': text('Not original', 'غير أصيل'),
      '3': text('Somewhat original', 'أصيل إلى حدّ ما'),
      '5': text('Highly original', 'أصيل جدًا'),
    },
  },
  {
    key: 'soundness',
    kind: 'score',
    label: text('Soundness', 'السلامة العلمية'),
    help: text(
      'Are the claims supported by the evidence and the methods correct?',
      'هل الادعاءات مدعومة بالأدلة والمناهج صحيحة؟',
    ),
    required: false,
    visibility: 'authors',
    min: 1,
    max: 5,
    value_labels: {
      '1': text('Unsound', 'غير سليم'),
      '3': text('Mostly sound', 'سليم في معظمه'),
      '5': text('Fully sound', 'سليم تمامًا'),
    },
  },
  {
    key: 'reproducibility',
    kind: 'choice',
    label: text('Reproducibility', 'قابلية إعادة الإنتاج'),
    help: text('Could a competent reader reproduce the results?', 'هل يستطيع قارئ متمكّن إعادة إنتاج النتائج؟'),
    required: false,
    visibility: 'authors',
    options: [
      { value: 'easily', label: text('Easily', 'بسهولة') },
      { value: 'with_effort', label: text('With effort', 'بجهد') },
      { value: 'not_possible', label: text('Not possible', 'غير ممكن') },
    ],
  },
  {
    key: 'ethics_concerns',
    kind: 'text',
    label: text('Ethics concerns', 'مخاوف أخلاقية'),
    help: text(
      'Describe any ethical issue the chairs should know about.',
      'صِف أي مسألة أخلاقية ينبغي أن يعرفها الرؤساء.',
    ),
    required: false,
    visibility: 'chairs',
  },
  {
    key: 'best_paper',
    kind: 'choice',
    label: text('Best-paper nomination', 'الترشيح لجائزة أفضل ورقة'),
    help: text('Would you nominate this paper for a best-paper award?', 'هل ترشّح هذه الورقة لجائزة أفضل ورقة؟'),
    required: false,
    visibility: 'chairs',
    options: yesNo,
  },
];

// ---------------------------------------------------------------------------------------------------------------
// Rules over a form
// ---------------------------------------------------------------------------------------------------------------

/** The audience a question opens to (reviews.ts `REVIEW_AUDIENCES`). */
export const questionAudience = (question: Pick<Question, 'visibility'>): ReviewAudience =>
  QUESTION_AUDIENCE[question.visibility];

/** Whether a reader of an audience may read a question's answer (`authors` ⊂ `reviewers` ⊂ `committee`). */
export function questionReadBy(question: Pick<Question, 'visibility'>, audience: ReviewAudience): boolean {
  const order: readonly ReviewAudience[] = ['authors', 'reviewers', 'committee'];
  return order.indexOf(audience) >= order.indexOf(questionAudience(question));
}

/**
 * A question as the form keeps it: a built-in key takes its kind and range from the default form (a client cannot
 * change them) and keeps the chair's labels, help, required and visibility (the confidential remarks stay 'chairs');
 * a chair's question keeps what was sent for its kind only. A score keeps only the value labels of its range.
 */
/** The value labels of a score that name a value of its range (labels of values outside it are dropped). */
function labelsInRange(
  labels: Record<string, BilingualText> | undefined,
  min: number | undefined,
  max: number | undefined,
): Record<string, BilingualText> {
  return Object.fromEntries(
    Object.entries(labels ?? {}).filter(([value]) => {
      const number = /^-?\d+$/.test(value) ? Number(value) : Number.NaN;
      return min !== undefined && max !== undefined && number >= min && number <= max;
    }),
  );
}

/**
 * What makes one kind of form (REVIEW_FORM_KINDS) different from the other, so one set of checks serves both: its
 * default form, the questions whose shape it fixes (their kind, range and options come from the default whatever a
 * client sends), and the questions it must hold (a form without one is refused).
 */
export type ReviewFormRules = {
  kind: ReviewFormKind;
  defaults: readonly Question[];
  /** The default question of a key whose shape the form fixes, or undefined for a question a chair shapes. */
  fixedQuestion: (key: string) => Question | undefined;
  /** The keys every version of the form holds, in the order a missing one is reported. */
  requiredKeys: readonly string[];
};

/** The review form's rules: the built-in questions are fixed; the overall score and the confidence stay. */
export const REVIEW_FORM_RULES: ReviewFormRules = {
  kind: 'review',
  defaults: DEFAULT_REVIEW_FORM,
  fixedQuestion: builtinQuestion,
  requiredKeys: ['overall_score', 'confidence'],
};

export function normalizeQuestion(input: ReviewQuestionInput, rules: ReviewFormRules = REVIEW_FORM_RULES): Question {
  const base = rules.fixedQuestion(input.key);
  const label = { en: input.label.en, ar: input.label.ar };
  const help = input.help ?? { en: '', ar: '' };
  if (base) {
    return {
      ...base,
      label,
      help,
      required: base.removable ? input.required : true,
      // The confidential remarks are the chairs' by definition: no form opens them to anyone else.
      visibility: base.key === 'confidential_remarks_for_pc' && base.builtin ? 'chairs' : input.visibility,
      ...(base.kind === 'score' && input.value_labels
        ? { value_labels: labelsInRange(input.value_labels, base.min, base.max) }
        : {}),
    };
  }
  const common = {
    key: input.key,
    kind: input.kind,
    label,
    help,
    required: input.required,
    visibility: input.visibility,
  };
  switch (input.kind) {
    case 'score':
      return {
        ...common,
        min: input.min,
        max: input.max,
        value_labels: labelsInRange(input.value_labels, input.min, input.max),
        builtin: false,
        removable: true,
      };
    case 'choice':
      return { ...common, options: input.options ?? [], builtin: false, removable: true };
    default:
      return { ...common, builtin: false, removable: true };
  }
}

/** A problem of a form as a whole: the question's index, the field, and the message key. */
export type ReviewFormProblem = {
  index: number;
  field: string;
  message: string;
  params?: Record<string, string | number>;
};

/**
 * What makes a (normalized) form invalid, first problem first: keys unique, the form's required questions present
 * (the review form's overall score and confidence, the meta-review form's recommendation), an English label, a score's range inside the bounds with min < max, a choice with two options or more
 * whose values are unique.
 */
export function reviewFormProblems(
  questions: readonly Question[],
  rules: ReviewFormRules = REVIEW_FORM_RULES,
): ReviewFormProblem[] {
  const problems: ReviewFormProblem[] = [];
  const seen = new Set<string>();
  questions.forEach((question, index) => {
    const at = (field: string) => `questions.${index}.${field}`;
    if (seen.has(question.key)) problems.push({ index, field: at('key'), message: 'reviewForms.keyDuplicate' });
    seen.add(question.key);
    if (!question.label.en) problems.push({ index, field: at('label.en'), message: 'reviewForms.labelRequired' });
    if (question.kind === 'score') {
      const { min, max } = question;
      if (
        min === undefined ||
        max === undefined ||
        min >= max ||
        min < REVIEW_SCORE_MIN_BOUND ||
        max > REVIEW_SCORE_MAX_BOUND
      ) {
        problems.push({
          index,
          field: at('min'),
          message: 'reviewForms.rangeInvalid',
          params: { min: REVIEW_SCORE_MIN_BOUND, max: REVIEW_SCORE_MAX_BOUND },
        });
      }
    }
    if (question.kind === 'choice') {
      const values = (question.options ?? []).map((option) => option.value);
      if (values.length < 2 || new Set(values).size !== values.length) {
        problems.push({ index, field: at('options'), message: 'reviewForms.optionInvalid' });
      }
    }
  });
  for (const key of rules.requiredKeys) {
    if (!seen.has(key))
      problems.push({ index: -1, field: 'questions', message: 'reviewForms.builtinRequired', params: { key } });
  }
  return problems;
}

/** The answer-shaping part of a question: what, when it changes, would orphan or invalidate stored answers. */
const answerShape = (question: Question) =>
  JSON.stringify([
    question.kind,
    question.min ?? null,
    question.max ?? null,
    (question.options ?? []).map((option) => option.value),
  ]);

/** Whether a question's answers would reach readers the question did not promise when they were written. */
const widens = (before: Question, after: Question) =>
  REVIEW_QUESTION_VISIBILITIES.indexOf(after.visibility) < REVIEW_QUESTION_VISIBILITIES.indexOf(before.visibility);

/**
 * Whether changing `before` into `after` would orphan answers written against `before` or break the promise they were
 * written under: a question removed, its kind, range or option values changed, or its visibility widened (a chairs-only
 * answer opened to the committee or the authors — a reviewer wrote it for fewer eyes). Relabelling, reordering, help,
 * required, a narrower visibility and new questions do not.
 */
export function orphansAnswers(before: readonly Question[], after: readonly Question[]): boolean {
  const next = new Map(after.map((question) => [question.key, question]));
  return before.some((question) => {
    const kept = next.get(question.key);
    return !kept || answerShape(kept) !== answerShape(question) || widens(question, kept);
  });
}

/** A question's answer as stored and shown: a score or choice, a text, a list of texts, or none. */
export const ReviewAnswer = z.union([z.number(), z.string(), z.array(z.string()), z.null()]);
export type ReviewAnswer = z.infer<typeof ReviewAnswer>;
export type ReviewAnswers = Record<string, ReviewAnswer>;

/**
 * The message key of a problem with one answer to a chair's question, or undefined when it is acceptable (null and
 * '' clear an answer). Scores are integers in the range (digits in a text count), choices one of the option values,
 * texts at most REVIEW_TEXT_MAX_LENGTH, lists at most REVIEW_LIST_MAX_ITEMS texts of REVIEW_ITEM_MAX_LENGTH.
 */
export function answerProblem(question: Question, value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  switch (question.kind) {
    case 'score': {
      const number = typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value;
      if (value === '') return undefined;
      return typeof number === 'number' &&
        Number.isInteger(number) &&
        number >= (question.min ?? 0) &&
        number <= (question.max ?? 0)
        ? undefined
        : 'reviews.validations.answerOutOfRange';
    }
    case 'choice':
      if (value === '') return undefined;
      return typeof value === 'string' && (question.options ?? []).some((option) => option.value === value)
        ? undefined
        : 'reviews.validations.answerInvalidChoice';
    case 'text':
      if (typeof value !== 'string') return 'reviews.validations.structuredReviewInvalid';
      return value.length > REVIEW_TEXT_MAX_LENGTH ? 'reviews.validations.textTooLong' : undefined;
    case 'list':
      return Array.isArray(value) &&
        value.length <= REVIEW_LIST_MAX_ITEMS &&
        value.every((item) => typeof item === 'string' && item.length <= REVIEW_ITEM_MAX_LENGTH)
        ? undefined
        : 'reviews.validations.listInvalid';
  }
}

/** An accepted answer as stored (a score's digits become a number; '' becomes null). */
export function normalizeAnswer(question: Question, value: unknown): ReviewAnswer {
  if (value === null || value === undefined || value === '') return question.kind === 'list' ? [] : null;
  if (question.kind === 'score') return typeof value === 'string' ? Number(value) : (value as number);
  return value as ReviewAnswer;
}

/** Whether a stored answer counts as given for a required question (a list needs one entry; a text, a non-blank one). */
export function isAnswered(question: Question, value: ReviewAnswer | undefined): boolean {
  if (value === null || value === undefined) return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'string') return question.kind === 'text' ? value.trim() !== '' : value !== '';
  return true;
}

/**
 * The first required question without an answer, in the form's order: what a submit asks for first (the API answers
 * 400 on its field; an editor shows the same before sending).
 */
export function firstUnanswered<Q extends Question>(
  questions: readonly Q[],
  answers: Readonly<Record<string, ReviewAnswer | undefined>>,
): Q | undefined {
  return questions.find((question) => question.required && !isAnswered(question, answers[question.key]));
}

/** The label of a question in a language (the English one when the other is empty). */
export const questionLabel = (question: Pick<Question, 'label'>, language: 'en' | 'ar'): string =>
  (language === 'ar' ? question.label.ar : '') || question.label.en;

/**
 * A value as JSON with its object keys sorted (undefined members left out), so two equal values compare equal whatever
 * their keys' order — a form, or a review's answers as jsonb gives them back.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** Whether two (normalized) forms are the same questions, in the same order, with the same texts and rules. */
export const reviewFormsEqual = (a: readonly Question[], b: readonly Question[]): boolean =>
  canonicalJson(a) === canonicalJson(b);
