import {
  BUILTIN_QUESTION_KEYS,
  CONFIDENCE_LABELS,
  DEFAULT_REVIEW_CRITERIA,
  DEFAULT_REVIEW_FORM,
  isReviewMessageKey,
  OVERALL_SCORE_LABELS,
  questionReadBy,
  RECOMMENDATION_LABELS,
  REVIEW_SCORE_MAX_BOUND,
  REVIEW_SCORE_MIN_BOUND,
  REVIEW_STATUS_LABELS,
  type Recommendation,
  type ReviewAnswer,
  type ReviewAudience,
  type ReviewDto,
  type ReviewQuestionDto,
  type ReviewStatus,
  type ReviewVisibility,
  reviewMessage,
} from '@confero/contracts';
import { isDeadlinePast } from '../../components/data/deadline.ts';
import { isolate } from '../../components/data/UserText.tsx';
import { errorMessage, inLanguage } from '../../components/feedback/message.ts';
import { isApiError } from '../../lib/api.ts';

/*
 * What the review screens show: labels, the dashboard counters and the text of a failed call, in the interface language
 * from the contracts' shared tables.
 */

export type Language = 'en' | 'ar';

export const languageOf = (language: string | undefined): Language => (language?.startsWith('ar') ? 'ar' : 'en');

export function scoreLabel(score: number | null | undefined, language: Language): string | null {
  if (score === null || score === undefined) return null;
  const label = OVERALL_SCORE_LABELS[String(score)];
  return label ? `${score > 0 ? '+' : ''}${score} ${label[language]}` : String(score);
}

export const statusLabel = (status: ReviewStatus, language: Language) => REVIEW_STATUS_LABELS[status][language];

export const recommendationLabel = (recommendation: Recommendation, language: Language) =>
  RECOMMENDATION_LABELS[recommendation][language];

export const STATUS_COLORS: Record<ReviewStatus, string> = {
  assigned: 'gray',
  in_progress: 'yellow',
  completed: 'green',
};

export const RECOMMENDATION_COLORS: Record<Recommendation, string> = {
  accept: 'green',
  weak_accept: 'teal',
  borderline: 'yellow',
  weak_reject: 'orange',
  reject: 'red',
};

type AssignmentRef = { submission: { id: number; public_id: string; title: string; event: { title: string } } };

/**
 * 'title (event title)', how the create page's picker names an assignment; each title is isolated so that one in
 * another script keeps its own direction.
 */
export const assignmentLabel = (review: AssignmentRef) =>
  `${isolate(review.submission.title)} (${isolate(review.submission.event.title)})`;

/** The caller's review of a submission (public or numeric id) among their assignments, if any. */
export function findOwnReview<Review extends AssignmentRef>(
  reviews: readonly Review[],
  submissionId: string,
): Review | undefined {
  return reviews.find(
    (review) => review.submission.public_id === submissionId || String(review.submission.id) === submissionId,
  );
}

export type ReviewCounters = { total: number; assigned: number; inProgress: number; completed: number };

/** The dashboard's counters: every review, and how many are in each status. */
export function reviewCounters(reviews: readonly { status: ReviewStatus }[]): ReviewCounters {
  const counters: ReviewCounters = { total: reviews.length, assigned: 0, inProgress: 0, completed: 0 };
  for (const review of reviews) {
    if (review.status === 'assigned') counters.assigned += 1;
    else if (review.status === 'in_progress') counters.inProgress += 1;
    else if (review.status === 'completed') counters.completed += 1;
  }
  return counters;
}

/** Whether a failed save lost to a newer version of the review (another tab saved first). */
export function isStaleReviewError(error: unknown): boolean {
  return isApiError(error) && error.status === 409 && error.code === 'STALE_REVIEW';
}

/** Whether the API refused a save because the review deadline passed (400 DEADLINE_PASSED). */
export function isReviewDeadlineError(error: unknown): boolean {
  return isApiError(error) && error.code === 'DEADLINE_PASSED';
}

/**
 * Why the caller's review can no longer be changed: it was submitted (whenever the deadline passed); the review
 * deadline passed before it was submitted; or neither — the caller is no longer an active reviewer of the paper.
 */
export type ReviewClosedReason = 'submitted' | 'deadline' | 'closed';

export function reviewClosedReason(
  review: { status: ReviewStatus; review_deadline?: string | null; timezone?: string | null },
  now: Date = new Date(),
): ReviewClosedReason {
  if (review.status === 'completed') return 'submitted';
  return isDeadlinePast(review.review_deadline, review.timezone, now) ? 'deadline' : 'closed';
}

/**
 * The text of a failed review call: its message (`components/feedback/message.ts` `errorMessage`) in the interface
 * language, else the fallback. A message key of the web's own catalogue (none of the reviewing APIs' keys is one)
 * gives the fallback too, since this pure helper has no access to i18next; so does an error that is not the API's.
 */
export function reviewErrorText(error: unknown, language: Language, fallback: string): string {
  const found = isApiError(error) ? errorMessage(error) : undefined;
  const message = found && inLanguage(found, language);
  return message && 'text' in message && message.text.trim() ? message.text : fallback;
}

/*
 * The reviews of one submission (`GET submissions/{id}/reviews/`; who reads what: docs/domain.md#review-visibility):
 * the committee's side-by-side comparison with its averages, and which fields of a review each reader's view renders.
 */

/** Whose eyes a review is shown to on the submission page; the committee level is also a reviewer's own review. */
export type ReviewReader = 'committee' | 'reviewer' | 'author';

type ScoredReview = Pick<ReviewDto, 'status' | 'overall_score' | 'confidence' | 'structured_review'>;

/** The reviews' own label ("Reviewer 2") in the interface language, from the review's ordinal. */
export const reviewerLabel = (review: Pick<ReviewDto, 'ordinal'>, language: Language) =>
  reviewMessage('reviews.reviewerLabel', { n: review.ordinal }, language);

/** The overall score of a review: the column, else the structured form's. */
export const overallScoreOf = (review: ScoredReview): number | null =>
  review.overall_score ?? review.structured_review?.overall_evaluation.score ?? null;

/** The confidence level of a review: the column, else the structured form's. */
export const confidenceOf = (review: ScoredReview): number | null =>
  review.confidence ?? review.structured_review?.confidence.score ?? null;

/** The mean of the numbers given, rounded to two decimals; null when there are none. */
export function averageOf(values: readonly (number | null | undefined)[]): number | null {
  const numbers = values.filter((value): value is number => typeof value === 'number' && Number.isFinite(value));
  if (numbers.length === 0) return null;
  return Math.round((numbers.reduce((sum, value) => sum + value, 0) / numbers.length) * 100) / 100;
}

/**
 * A score or an average as shown in the comparison ("+1.5", "-2", "0", "4"): at most two decimals, '+' on positive
 * values when `signed` (the overall score runs −3..3). Always Latin digits, read left to right (`dir="ltr"`).
 */
export function formatScore(value: number | null | undefined, signed = false): string | null {
  if (value === null || value === undefined || !Number.isFinite(value)) return null;
  const rounded = Math.round(value * 100) / 100;
  const text = String(rounded === 0 ? 0 : rounded);
  return signed && rounded > 0 ? `+${text}` : text;
}

export type ComparisonColumn = {
  publicId: string;
  ordinal: number;
  /** The reviewer's name: the committee only (the API sends `reviewer` to no one else). */
  reviewerName: string | null;
  status: ReviewStatus;
  isOwn: boolean;
  completed: boolean;
};

type ComparedReview = ScoredReview &
  Pick<ReviewDto, 'public_id' | 'ordinal' | 'is_own' | 'recommendation' | 'reviewer'> &
  Partial<Pick<ReviewDto, 'form_version' | 'answers'>>;

/** One column per review, in the reviews' order (Reviewer 1, 2, …). */
export function comparisonColumns(reviews: readonly ComparedReview[]): ComparisonColumn[] {
  return [...reviews]
    .sort((a, b) => a.ordinal - b.ordinal)
    .map((review) => ({
      publicId: review.public_id,
      ordinal: review.ordinal,
      reviewerName: review.reviewer?.full_name ?? null,
      status: review.status,
      isOwn: review.is_own,
      completed: review.status === 'completed',
    }));
}

export type ComparisonRow =
  | { key: 'overall'; values: (number | null)[]; average: number | null }
  | { key: 'confidence'; values: (number | null)[]; average: number | null }
  | { key: 'recommendation'; values: (Recommendation | null)[]; average: null }
  | {
      key: `criterion:${string}`;
      criterionId: string;
      name: string;
      question: ReviewQuestionDto;
      values: (number | null)[];
      average: number | null;
    }
  | {
      key: `question:${string}`;
      question: ReviewQuestionDto;
      values: (number | string | null)[];
      average: number | null;
    };

/**
 * The questions of several reviews' forms as one list (a paper's reviews may be written against different versions):
 * the newest version's questions in its order, then any question only an older version has.
 */
export function unionOfQuestions<Review extends { form_version?: number }>(
  reviews: readonly Review[],
  questionsOf: (review: Review) => readonly ReviewQuestionDto[],
): ReviewQuestionDto[] {
  const byVersion = [...reviews].sort((a, b) => (b.form_version ?? 1) - (a.form_version ?? 1));
  const found = new Map<string, ReviewQuestionDto>();
  for (const review of byVersion) {
    for (const question of questionsOf(review)) if (!found.has(question.key)) found.set(question.key, question);
  }
  return [...found.values()];
}

/**
 * The rows of the comparison, each with one value per column (same order as `comparisonColumns`) and its average:
 * overall score, confidence, recommendation, then, in the form's order, each criterion and each score or choice
 * question of the chair's that a completed review answered (a row of blanks says nothing) and the reader reads.
 * Values and averages come from completed reviews only; the overall average is the API's `average_overall_score`
 * when it sent one. Without the forms, the default form's criteria.
 */
export function comparisonRows(
  reviews: readonly ComparedReview[],
  averageOverallScore?: number | null,
  questionsOf: (review: ComparedReview) => readonly ReviewQuestionDto[] = () => DEFAULT_REVIEW_FORM,
  reader: ReviewReader = 'committee',
): ComparisonRow[] {
  const ordered = [...reviews].sort((a, b) => a.ordinal - b.ordinal);
  const completed = (review: ComparedReview) => review.status === 'completed';
  const overall = ordered.map((review) => (completed(review) ? overallScoreOf(review) : null));
  const confidence = ordered.map((review) => (completed(review) ? confidenceOf(review) : null));
  const rows: ComparisonRow[] = [
    {
      key: 'overall',
      values: overall,
      average: averageOverallScore === undefined ? averageOf(overall) : averageOverallScore,
    },
    { key: 'confidence', values: confidence, average: averageOf(confidence) },
    {
      key: 'recommendation',
      values: ordered.map((review) => (completed(review) ? review.recommendation : null)),
      average: null,
    },
  ];
  const questions = unionOfQuestions(ordered, questionsOf);
  const audience = READER_AUDIENCE[reader];
  for (const question of questions) {
    if (!questionReadBy(question, audience)) continue;
    if (question.builtin && sectionOf(question) === 'criteria') {
      const values = ordered.map((review) => (completed(review) ? criterionScore(review, question.key) : null));
      if (values.every((value) => value === null)) continue;
      const name =
        ordered
          .flatMap((review) => review.structured_review?.criteria ?? [])
          .find((criterion) => criterion.id === question.key)?.name ?? question.label.en;
      rows.push({
        key: `criterion:${question.key}`,
        criterionId: question.key,
        name,
        question,
        values,
        average: averageOf(values),
      });
      continue;
    }
    if (question.builtin || (question.kind !== 'score' && question.kind !== 'choice')) continue;
    const values = ordered.map((review) => {
      const answer = completed(review) ? review.answers?.[question.key] : null;
      return typeof answer === 'number' || (typeof answer === 'string' && answer !== '') ? answer : null;
    });
    if (values.every((value) => value === null)) continue;
    rows.push({
      key: `question:${question.key}`,
      question,
      values,
      average:
        question.kind === 'score' ? averageOf(values.map((value) => (typeof value === 'number' ? value : null))) : null,
    });
  }
  return rows;
}

/**
 * What a review shows beside its form's questions (those are `reviewRows`), for one reader; absent keys are not
 * rendered at all.
 */
export type ReviewSections = {
  recommendation: Recommendation | null;
  /** Left out when blank or the same text as the justification (the review form sends it there too). */
  commentsToAuthor: string | null;
  /** The committee only; left out when the same text as the confidential remarks (the form sends it there too). */
  commentsToChair?: string;
};

type ReadableReview = ScoredReview &
  Pick<ReviewDto, 'recommendation' | 'comments_to_author' | 'comments_to_chair' | 'confidential_remarks_for_pc'>;

const filled = (items: readonly string[] | undefined) => (items ?? []).filter((item) => item.trim() !== '');
const sameText = (a: string | undefined, b: string | undefined) => (a ?? '').trim() === (b ?? '').trim();

/**
 * What a reader's view renders of a review besides its questions: the recommendation; the comments to the authors
 * (everyone); the comments to the chair (the committee, and a reviewer reading their own review). The API already
 * leaves out what the reader may not receive: this is the second, rendering-side rule.
 */
export function reviewSections(review: ReadableReview, reader: ReviewReader): ReviewSections {
  const form = review.structured_review;
  const justification = form?.overall_evaluation.justification ?? '';
  const toAuthor = review.comments_to_author;
  const sections: ReviewSections = {
    recommendation: review.recommendation,
    commentsToAuthor: toAuthor.trim() === '' || sameText(toAuthor, justification) ? null : toAuthor,
  };
  if (reader !== 'committee') return sections;
  const remarks = review.confidential_remarks_for_pc ?? form?.confidential_remarks_for_pc;
  const toChair = review.comments_to_chair;
  if (toChair !== undefined && !(remarks !== undefined && sameText(toChair, remarks))) {
    sections.commentsToChair = toChair;
  }
  return sections;
}

/** The reader level of one review in a list the API filtered for `visibility` (a reviewer's own review in full). */
export function readerOf(visibility: ReviewVisibility, review: Pick<ReviewDto, 'is_own'>): ReviewReader | null {
  if (visibility === 'committee') return 'committee';
  if (visibility === 'reviewer') return review.is_own ? 'committee' : 'reviewer';
  if (visibility === 'author') return 'author';
  return null;
}

/**
 * Why reviews are held back, in the interface language: the API's notice key (`server.json`, e.g.
 * `reviews.noneCompleted` once decided with no completed review), else its English text. An author's "once a
 * decision has been made" is still replaced by `noneSharedText` when the submission shows a decision (the reviews
 * may have been fetched before it was made).
 */
export function noticeText(
  notice: { code: string; message: string } | null | undefined,
  language: Language,
  options: { decided?: boolean; noneSharedText?: string } = {},
): string | null {
  if (!notice) return null;
  if (notice.code === 'reviews.hiddenUntilDecision' && options.decided && options.noneSharedText) {
    return options.noneSharedText;
  }
  return isReviewMessageKey(notice.code) ? reviewMessage(notice.code, {}, language) : notice.message || null;
}

/** The name of an overall score ("Weak Accept") without its number, or null. */
export const overallScoreName = (score: number | null | undefined, language: Language): string | null =>
  score === null || score === undefined ? null : (OVERALL_SCORE_LABELS[String(score)]?.[language] ?? null);

/** The name of a confidence level ("Expert") without its number, or null. */
export const confidenceName = (level: number | null | undefined, language: Language): string | null =>
  level === null || level === undefined ? null : (CONFIDENCE_LABELS[String(level)]?.[language] ?? null);

/*
 * The review detail page (/reviews/{id}).
 */

/**
 * Whose eyes the detail page renders a review for: its own reviewer and the committee (the only ones the API sends
 * `reviewer` to) read it in full; anyone else (another reviewer, an author) never gets the confidential parts
 * rendered, even if a payload carried them. The API already left out what they may not read.
 */
export function detailReader(review: Pick<ReviewDto, 'is_own' | 'reviewer'>): ReviewReader {
  return review.is_own || review.reviewer !== undefined ? 'committee' : 'reviewer';
}

export type ReviewBackLink = {
  to: string;
  /** The translation key of the link's label. */
  labelKey: 'reviews.detail.back' | 'reviews.detail.backToSubmission';
};

/**
 * Where the detail page's back link leads: the review's own reviewer back to their reviews; anyone else (a chair,
 * an event admin, an author, another reviewer) to the submission the review belongs to. Before the review is
 * loaded (or when it fails to load), the caller's reviews.
 */
export function reviewBackLink(review?: Pick<ReviewDto, 'is_own' | 'submission'>): ReviewBackLink {
  if (!review || review.is_own) return { to: '/reviews', labelKey: 'reviews.detail.back' };
  return {
    to: `/submissions/${encodeURIComponent(review.submission.public_id)}`,
    labelKey: 'reviews.detail.backToSubmission',
  };
}

/*
 * The review form (`docs/domain.md#review-form`): every review screen shows the questions of the form the review was
 * written against, in the form's order, as far as the reader's audience reads them (`questionReadBy`). The rows
 * below are the one reading of "what a review shows for a form"; the editor, the detail page, the submission's
 * reviews and the comparison all go through them.
 */

/** The audience (contracts `REVIEW_AUDIENCES`) of a reader of the review screens. */
export const READER_AUDIENCE: Record<ReviewReader, ReviewAudience> = {
  author: 'authors',
  reviewer: 'reviewers',
  committee: 'committee',
};

/** Where a question stands on the review screens: the spec's sections for the built-in ones, then the chair's. */
export type ReviewSectionName = 'overall' | 'criteria' | 'confidence' | 'remarks' | 'custom';

const SECTION_OF: Record<string, ReviewSectionName> = {
  overall_score: 'overall',
  strengths: 'overall',
  weaknesses: 'overall',
  justification: 'overall',
  confidence: 'confidence',
  confidence_comment: 'confidence',
  confidential_remarks_for_pc: 'remarks',
  ...Object.fromEntries(DEFAULT_REVIEW_CRITERIA.map((criterion) => [criterion.id, 'criteria'])),
};

export const sectionOf = (question: Pick<ReviewQuestionDto, 'key' | 'builtin'>): ReviewSectionName =>
  (question.builtin && SECTION_OF[question.key]) || 'custom';

/** Consecutive questions of one section, in the form's order (the default form gives the spec's sections). */
export function sectionsOf<Item extends { question: Pick<ReviewQuestionDto, 'key' | 'builtin'> }>(
  items: readonly Item[],
): { section: ReviewSectionName; items: Item[] }[] {
  const groups: { section: ReviewSectionName; items: Item[] }[] = [];
  for (const item of items) {
    const section = sectionOf(item.question);
    const last = groups.at(-1);
    if (last && last.section === section) last.items.push(item);
    else groups.push({ section, items: [item] });
  }
  return groups;
}

/** A question's label or help in the interface language, the English one when the other is empty. */
export const textIn = (text: { en: string; ar: string }, language: Language): string =>
  (language === 'ar' ? text.ar.trim() : '') || text.en;

/** Whether a score question's values are shown signed ("+2"): its range goes below zero. */
export const signedScale = (question: Pick<ReviewQuestionDto, 'min'>) => (question.min ?? 0) < 0;

/** The name a score question gives a value ("Accept"), in the interface language; null when it has none. */
export function scoreValueName(
  question: Pick<ReviewQuestionDto, 'value_labels'>,
  value: number | null | undefined,
  language: Language,
): string | null {
  if (value === null || value === undefined) return null;
  const label = question.value_labels?.[String(value)];
  return label ? textIn(label, language) || null : null;
}

/** A score question's values, highest first, each with its name ("+2 Accept"), as a select offers them. */
export function scoreChoices(question: ReviewQuestionDto, language: Language) {
  const min = question.min ?? 0;
  const max = question.max ?? min;
  return Array.from({ length: Math.max(0, max - min + 1) }, (_unused, index) => {
    const value = max - index;
    const name = scoreValueName(question, value, language);
    const figure = formatScore(value, signedScale(question)) ?? String(value);
    return { value: String(value), label: name ? `${figure} ${name}` : figure };
  });
}

/** A score as read on a screen: "value — label" ("+2 — Accept"), or the value alone. */
export function scoreText(
  question: Pick<ReviewQuestionDto, 'min' | 'value_labels'>,
  value: number | null | undefined,
  language: Language,
) {
  const figure = formatScore(value, signedScale(question));
  if (figure === null) return null;
  const name = scoreValueName(question, value, language);
  return name ? `${figure} — ${name}` : figure;
}

/** The label of a choice's option in the interface language (the value itself when the form has no such option). */
export function choiceText(
  question: Pick<ReviewQuestionDto, 'options'>,
  value: string | null | undefined,
  language: Language,
) {
  if (value === null || value === undefined || value === '') return null;
  const option = question.options?.find((item) => item.value === value);
  return option ? textIn(option.label, language) : value;
}

/** One question of a review on a screen, with its answer; `confidential` for what only the chairs read. */
export type ReviewRow = { question: ReviewQuestionDto; confidential: boolean } & (
  | { kind: 'score'; value: number | null }
  | { kind: 'choice'; value: string | null }
  | { kind: 'text'; value: string }
  | { kind: 'list'; value: string[] }
);

type RowReview = ScoredReview & Pick<ReviewDto, 'confidential_remarks_for_pc' | 'answers'>;

const criterionScore = (review: ScoredReview, id: string): number | null =>
  review.structured_review?.criteria.find((criterion) => criterion.id === id)?.score ?? null;

/** The stored answer of a built-in question (where the spec's structured review keeps it); undefined when absent. */
function builtinAnswer(review: RowReview, key: string): ReviewAnswer | undefined {
  const form = review.structured_review;
  switch (key) {
    case 'overall_score':
      return overallScoreOf(review);
    case 'confidence':
      return confidenceOf(review);
    case 'strengths':
      return filled(form?.overall_evaluation.summary.strengths);
    case 'weaknesses':
      return filled(form?.overall_evaluation.summary.weaknesses);
    case 'justification':
      return form?.overall_evaluation.justification ?? '';
    case 'confidence_comment':
      return form?.confidence.comment;
    case 'confidential_remarks_for_pc':
      return review.confidential_remarks_for_pc ?? form?.confidential_remarks_for_pc;
    default:
      return criterionScore(review, key);
  }
}

function rowOf(question: ReviewQuestionDto, answer: ReviewAnswer, confidential: boolean): ReviewRow {
  const common = { question, confidential };
  switch (question.kind) {
    case 'score':
      return { ...common, kind: 'score', value: typeof answer === 'number' ? answer : null };
    case 'choice':
      return { ...common, kind: 'choice', value: typeof answer === 'string' && answer !== '' ? answer : null };
    case 'text':
      return { ...common, kind: 'text', value: typeof answer === 'string' ? answer : '' };
    default:
      return { ...common, kind: 'list', value: Array.isArray(answer) ? filled(answer) : [] };
  }
}

/**
 * The rows a reader sees of a review written against `questions`, in the form's order: each question the reader's
 * audience reads, with its answer (built-in ones from the structured review, the chair's from `answers`). A built-in
 * answer the API left out (the confidence comment, the remarks) has no row; nor has a criterion nobody scored.
 */
export function reviewRows(review: RowReview, questions: readonly ReviewQuestionDto[], reader: ReviewReader) {
  const audience = READER_AUDIENCE[reader];
  return questions.flatMap((question): ReviewRow[] => {
    if (!questionReadBy(question, audience)) return [];
    const confidential = question.visibility === 'chairs';
    if (!question.builtin) return [rowOf(question, review.answers?.[question.key] ?? null, confidential)];
    const answer = builtinAnswer(review, question.key);
    if (answer === undefined) return [];
    if (sectionOf(question) === 'criteria' && answer === null) return [];
    return [rowOf(question, answer, confidential)];
  });
}

/**
 * The questions to show a review with while its form is not at hand (still loading, or unreadable): the default
 * form, and each answer to a chair's question under its key.
 */
export function fallbackQuestions(review: Pick<ReviewDto, 'answers'>): ReviewQuestionDto[] {
  const extra = Object.entries(review.answers ?? {})
    .filter(([key]) => !BUILTIN_QUESTION_KEYS.includes(key))
    .map(([key, value]): ReviewQuestionDto => {
      const kind = Array.isArray(value) ? 'list' : typeof value === 'number' ? 'score' : 'text';
      return {
        key,
        kind,
        label: { en: key, ar: '' },
        help: { en: '', ar: '' },
        required: false,
        visibility: 'authors',
        builtin: false,
        removable: true,
        ...(kind === 'score' ? { min: REVIEW_SCORE_MIN_BOUND, max: REVIEW_SCORE_MAX_BOUND } : {}),
      };
    });
  return [...DEFAULT_REVIEW_FORM, ...extra];
}
