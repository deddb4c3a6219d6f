import {
  CONFIDENCE_LABELS,
  OVERALL_SCORE_LABELS,
  RECOMMENDATION_LABELS,
  REVIEW_MESSAGES,
  REVIEW_STATUS_LABELS,
  type Recommendation,
  type ReviewMessageKey,
  type ReviewStatus,
  reviewMessage,
} from '@confero/contracts';
import { errorBody } from '../../components/feedback/message.ts';
import { isApiError } from '../../lib/api.ts';

/*
 * What the review screens show: labels (spec part 2 §4), the dashboard counters (§2 "Review dashboard") and the
 * text of a failed call (§8 "Reviews"), in the interface language from the contracts' shared tables.
 */

export type Language = 'en' | 'ar';

export const languageOf = (language: string | undefined): Language => (language?.startsWith('ar') ? 'ar' : 'en');

export function scoreLabel(score: number | null | undefined, language: Language): string | null {
  if (score === null || score === undefined) return null;
  const label = OVERALL_SCORE_LABELS[String(score)];
  return label ? `${score > 0 ? '+' : ''}${score} ${label[language]}` : String(score);
}

export function confidenceLabel(level: number | null | undefined, language: Language): string | null {
  if (level === null || level === undefined) return null;
  const label = CONFIDENCE_LABELS[String(level)];
  return label ? `${level} ${label[language]}` : String(level);
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

/** 'title (event title)', how the create page's picker names an assignment (spec part 2 §2). */
export const assignmentLabel = (review: AssignmentRef) =>
  `${review.submission.title} (${review.submission.event.title})`;

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

function isReviewMessageKey(value: unknown): value is ReviewMessageKey {
  return typeof value === 'string' && Object.hasOwn(REVIEW_MESSAGES, value);
}

/** The `{name}` values of a message read back from its English text (the API sends the English text filled in). */
export function paramsFromEnglish(key: ReviewMessageKey, english: string | undefined): Record<string, string> {
  const template: string = REVIEW_MESSAGES[key].en;
  const names = [...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '');
  if (names.length === 0 || !english) return {};
  const pattern = template
    .split(/\{\w+\}/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('(.+?)');
  const match = new RegExp(`^${pattern}$`, 's').exec(english.trim());
  if (!match) return {};
  return Object.fromEntries(names.map((name, index) => [name, match[index + 1] ?? '']));
}

/**
 * The text of a failed review call: the translated message of its key (`message_code`, else the first
 * `field_codes` entry), else the server's text (`detail`, then `message`), else the fallback.
 */
export function reviewErrorText(error: unknown, language: Language, fallback: string): string {
  const body = errorBody(error);
  const detail = typeof body.detail === 'string' ? body.detail : undefined;
  if (isReviewMessageKey(body.message_code)) {
    return reviewMessage(body.message_code, paramsFromEnglish(body.message_code, detail), language);
  }
  const codes = body.field_codes;
  const fields = body.fields;
  if (codes !== null && typeof codes === 'object') {
    for (const [field, list] of Object.entries(codes as Record<string, unknown>)) {
      const key = Array.isArray(list) ? list[0] : undefined;
      if (isReviewMessageKey(key)) {
        const english = (fields as Record<string, unknown> | undefined)?.[field];
        const text = Array.isArray(english) && typeof english[0] === 'string' ? english[0] : undefined;
        return reviewMessage(key, paramsFromEnglish(key, text), language);
      }
    }
  }
  if (detail?.trim()) return detail;
  if (typeof body.message === 'string' && body.message.trim()) return body.message;
  return fallback;
}
