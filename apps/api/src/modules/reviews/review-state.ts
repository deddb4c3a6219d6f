import {
  CONFIDENCE_MAX,
  CONFIDENCE_MIN,
  CRITERION_SCORE_MAX,
  CRITERION_SCORE_MIN,
  DEFAULT_REVIEW_CRITERIA,
  deriveRecommendation,
  OVERALL_SCORE_MAX,
  OVERALL_SCORE_MIN,
  REVIEW_ITEM_MAX_LENGTH,
  REVIEW_LIST_MAX_ITEMS,
  REVIEW_TEXT_MAX_LENGTH,
  type ReviewStatus,
  type SaveReviewBody,
  type StructuredReviewDto,
} from '@confero/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { reviews } from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import { AppError } from '../../lib/errors.ts';
import type { Actor } from '../../plugins/auth.ts';
import { isPast } from '../events/event-dates.ts';
import { reviewError, reviewFieldError } from './review-errors.ts';
import type { ReviewRow } from './reviews.queries.ts';

/*
 * The review state machine (`docs/domain.md#review-status`):
 *   assigned → in_progress (Save as Draft) → completed (Submit Review, validated)
 * A draft may be saved again; a submitted review may be edited (it stays completed and is validated again) until
 * the review deadline, but never goes back to draft. `saveReview` is the one function that writes a review.
 */

export const REVIEW_TRANSITIONS: Record<ReviewStatus, readonly ReviewStatus[]> = {
  assigned: ['in_progress', 'completed'],
  in_progress: ['in_progress', 'completed'],
  completed: ['completed'],
};

/** The statuses a client may ask for: 'in_progress' saves a draft, 'completed' submits. */
export const SAVE_STATUSES = ['in_progress', 'completed'] as const;

export function canMoveReview(from: ReviewStatus, to: ReviewStatus): boolean {
  return REVIEW_TRANSITIONS[from].includes(to);
}

type StoredForm = Omit<StructuredReviewDto, 'confidential_remarks_for_pc'>;

/** The form as it will be stored: every part present, confidential remarks apart. */
export type ReviewContent = {
  form: StoredForm;
  confidentialRemarks: string;
  commentsToAuthor: string;
  commentsToChair: string;
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The structured review a client sent: `scores.structured_review` (JSON text or object) or `structured_review`. */
function structuredInput(body: SaveReviewBody): Record<string, unknown> | null | undefined {
  const raw = body.scores?.structured_review ?? body.structured_review;
  if (raw === undefined || raw === null || raw === '') return raw === '' ? null : raw;
  if (typeof raw === 'string') {
    try {
      const parsed: unknown = JSON.parse(raw);
      if (isRecord(parsed)) return parsed;
    } catch {
      // answered below
    }
    throw reviewFieldError('scores.structured_review', 'reviews.validations.structuredReviewInvalid');
  }
  return raw;
}

function optionalInteger(value: unknown, min: number, max: number): number | null | 'invalid' {
  if (value === undefined || value === null || value === '') return null;
  const number = typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isInteger(number) || number < min || number > max) return 'invalid';
  return number;
}

function textOf(value: unknown, field: string, max = REVIEW_TEXT_MAX_LENGTH): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw reviewFieldError(field, 'reviews.validations.structuredReviewInvalid');
  if (value.length > max) throw reviewFieldError(field, 'reviews.validations.textTooLong', { max });
  return value;
}

function listOf(value: unknown, field: string): string[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (
    !Array.isArray(value) ||
    value.length > REVIEW_LIST_MAX_ITEMS ||
    value.some((item) => typeof item !== 'string' || item.length > REVIEW_ITEM_MAX_LENGTH)
  ) {
    throw reviewFieldError(field, 'reviews.validations.listInvalid', { max: REVIEW_LIST_MAX_ITEMS });
  }
  return value as string[];
}

function criteriaOf(value: unknown, stored: StoredForm['criteria']): StoredForm['criteria'] {
  if (value === undefined || value === null) return stored;
  if (!Array.isArray(value)) throw reviewFieldError('criteria', 'reviews.validations.criterionInvalid');
  const known = new Map<string, (typeof DEFAULT_REVIEW_CRITERIA)[number]>(
    DEFAULT_REVIEW_CRITERIA.map((criterion) => [criterion.id, criterion]),
  );
  return value.map((item) => {
    if (!isRecord(item) || typeof item.id !== 'string' || !known.has(item.id)) {
      throw reviewFieldError('criteria', 'reviews.validations.criterionInvalid');
    }
    const criterion = known.get(item.id) as (typeof DEFAULT_REVIEW_CRITERIA)[number];
    const score = optionalInteger(item.score, CRITERION_SCORE_MIN, CRITERION_SCORE_MAX);
    if (score === 'invalid') throw reviewFieldError('criteria', 'reviews.validations.criterionInvalid');
    return {
      id: criterion.id,
      name: criterion.name,
      description: criterion.description,
      min_score: CRITERION_SCORE_MIN,
      max_score: CRITERION_SCORE_MAX,
      score,
    };
  });
}

/** The empty form of a review never saved. */
export function emptyForm(): StoredForm {
  return {
    overall_evaluation: { score: null, summary: { strengths: [], weaknesses: [] }, justification: '' },
    confidence: { score: null, comment: '' },
    criteria: [],
  };
}

/**
 * The content a save leaves: what the client sent over what is stored (a field not sent keeps its value), with
 * types, lengths and ranges checked (400 on the field). The rules for submitting are `assertSubmittable`.
 */
export function mergeContent(review: ReviewRow, body: SaveReviewBody): ReviewContent {
  const stored = review.structuredReview ?? emptyForm();
  const input = structuredInput(body);
  if (input !== undefined && input !== null && !isRecord(input)) {
    throw reviewFieldError('scores.structured_review', 'reviews.validations.structuredReviewInvalid');
  }
  const form = input ?? {};
  const overall = isRecord(form.overall_evaluation) ? form.overall_evaluation : {};
  const summary = isRecord(overall.summary) ? overall.summary : {};
  const confidence = isRecord(form.confidence) ? form.confidence : {};
  const score = optionalInteger(overall.score, OVERALL_SCORE_MIN, OVERALL_SCORE_MAX);
  if (score === 'invalid') throw reviewFieldError('overall_evaluation.score', 'reviews.validations.scoreInvalid');
  const confidenceValue = 'score' in confidence ? confidence.score : body.confidence;
  const confidenceScore = optionalInteger(confidenceValue, CONFIDENCE_MIN, CONFIDENCE_MAX);
  if (confidenceScore === 'invalid')
    throw reviewFieldError('confidence.score', 'reviews.validations.confidenceInvalid');
  const sent = (key: string, record: Record<string, unknown>) => input !== undefined && input !== null && key in record;
  return {
    form: {
      overall_evaluation: {
        score: sent('score', overall) ? score : stored.overall_evaluation.score,
        summary: {
          strengths:
            listOf(summary.strengths, 'overall_evaluation.summary.strengths') ??
            (sent('summary', overall) ? [] : stored.overall_evaluation.summary.strengths),
          weaknesses:
            listOf(summary.weaknesses, 'overall_evaluation.summary.weaknesses') ??
            (sent('summary', overall) ? [] : stored.overall_evaluation.summary.weaknesses),
        },
        justification:
          textOf(overall.justification, 'overall_evaluation.justification') ?? stored.overall_evaluation.justification,
      },
      confidence: {
        score: sent('score', confidence) || body.confidence !== undefined ? confidenceScore : stored.confidence.score,
        comment: textOf(confidence.comment, 'confidence.comment') ?? stored.confidence.comment ?? '',
      },
      criteria: criteriaOf(form.criteria, stored.criteria),
    },
    confidentialRemarks:
      textOf(form.confidential_remarks_for_pc, 'confidential_remarks_for_pc') ?? review.confidentialRemarks,
    commentsToAuthor: textOf(body.comments_to_author, 'comments_to_author') ?? review.commentsToAuthor,
    commentsToChair: textOf(body.comments_to_chair, 'comments_to_chair') ?? review.commentsToChair,
  };
}

/**
 * The rules for submitting, in this fixed order, each answering with its message (`docs/domain.md#validation-order`):
 * at least one strength, at least one weakness (the entries themselves may be empty), a non-blank justification, a
 * non-blank confidence comment; then the overall score and the confidence level must be chosen. Drafts skip all of
 * them.
 */
export function assertSubmittable(form: StoredForm): void {
  if (form.overall_evaluation.summary.strengths.length < 1) {
    throw reviewFieldError('overall_evaluation.summary.strengths', 'reviews.validations.strengthRequired');
  }
  if (form.overall_evaluation.summary.weaknesses.length < 1) {
    throw reviewFieldError('overall_evaluation.summary.weaknesses', 'reviews.validations.weaknessRequired');
  }
  if (!form.overall_evaluation.justification.trim()) {
    throw reviewFieldError('overall_evaluation.justification', 'reviews.validations.justificationRequired');
  }
  if (!(form.confidence.comment ?? '').trim()) {
    throw reviewFieldError('confidence.comment', 'reviews.validations.confidenceCommentRequired');
  }
  if (form.overall_evaluation.score === null) {
    throw reviewFieldError('overall_evaluation.score', 'reviews.validations.scoreRequired');
  }
  if (form.confidence.score === null) {
    throw reviewFieldError('confidence.score', 'reviews.validations.confidenceRequired');
  }
}

/** The version a save was made from: `version` as sent, or undefined when omitted (it is optional in the payload). */
export function expectedVersion(body: SaveReviewBody): number | undefined {
  if (body.version === undefined || body.version === null || body.version === '') return undefined;
  const value = typeof body.version === 'string' ? Number(body.version.trim()) : body.version;
  if (!Number.isSafeInteger(value) || value < 1)
    throw reviewFieldError('version', 'reviews.validations.versionInvalid');
  return value;
}

export type SaveReviewInput = {
  actor: Actor;
  review: ReviewRow;
  event: { id: number; reviewDeadline: string; timezone: string };
  body: SaveReviewBody;
};

/**
 * THE one function that writes a review (Save as Draft / Submit Review), checked in this order:
 *   1. the status asked for (in_progress or completed; none keeps a completed review completed, else a draft);
 *   2. the review deadline: 23:59:59 of its date in the event's time zone (400 DEADLINE_PASSED);
 *   3. the transition (a submitted review never goes back to draft: 409 TRANSITION_NOT_ALLOWED);
 *   4. the version the client read, when it sent one (409 STALE_REVIEW when the review changed since: two tabs
 *      never overwrite); without one the last write wins;
 *   5. the content's types and ranges, then — to submit — the submit rules in their order (assertSubmittable).
 * The recommendation is derived from the overall score here, never taken from the client; completed_at is set on the
 * first submit. The write is conditional on the version, so a concurrent save loses with 409 too; a save without a
 * version that loses is made once more over the review as the other save left it, and answers 409 only if yet another
 * save gets in between. Audited. Who may call it (the assigned reviewer without a conflict) is the caller's check.
 */
export async function saveReview(db: Db, input: SaveReviewInput, now = new Date()): Promise<ReviewRow> {
  const sent = expectedVersion(input.body);
  if (sent !== undefined) return saveFromVersion(db, input, sent, now);
  try {
    return await saveFromVersion(db, input, input.review.version, now);
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'STALE_REVIEW')) throw error;
    const [current] = await db.select().from(reviews).where(eq(reviews.id, input.review.id));
    if (!current) throw error;
    return saveFromVersion(db, { ...input, review: current }, current.version, now);
  }
}

/** One attempt of `saveReview`, from the review as read at `version`. */
async function saveFromVersion(db: Db, input: SaveReviewInput, version: number, now: Date): Promise<ReviewRow> {
  const { review, event, body, actor } = input;
  const asked = body.status?.trim();
  let target: ReviewStatus;
  if (asked === undefined || asked === '') target = review.status === 'completed' ? 'completed' : 'in_progress';
  else if ((SAVE_STATUSES as readonly string[]).includes(asked)) target = asked as ReviewStatus;
  else throw reviewFieldError('status', 'reviews.validations.statusInvalid');
  if (isPast(event.reviewDeadline, event.timezone, now)) {
    throw reviewError(400, 'DEADLINE_PASSED', 'reviews.deadlinePassed', {
      deadline: event.reviewDeadline,
      timezone: event.timezone,
    });
  }
  if (!canMoveReview(review.status, target)) throw reviewError(409, 'TRANSITION_NOT_ALLOWED', 'reviews.cannotReopen');
  if (version !== review.version) throw staleReview(review.version);
  const content = mergeContent(review, body);
  if (target === 'completed') assertSubmittable(content.form);

  const score = content.form.overall_evaluation.score;
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(reviews)
      .set({
        status: target,
        overallScore: score,
        confidence: content.form.confidence.score,
        recommendation: deriveRecommendation(score),
        structuredReview: content.form,
        commentsToAuthor: content.commentsToAuthor,
        commentsToChair: content.commentsToChair,
        confidentialRemarks: content.confidentialRemarks,
        version: review.version + 1,
        completedAt: target === 'completed' ? (review.completedAt ?? now) : null,
        updatedAt: now,
      })
      .where(and(eq(reviews.id, review.id), eq(reviews.version, version)))
      .returning();
    if (!updated) {
      const [current] = await tx.select({ version: reviews.version }).from(reviews).where(eq(reviews.id, review.id));
      throw staleReview(current?.version ?? review.version);
    }
    await recordAudit(tx, {
      actorId: actor.id,
      eventId: event.id,
      entity: 'review',
      entityId: review.id,
      action: target === 'completed' ? 'review.submitted' : 'review.draft_saved',
      data: { from: review.status, to: target, version: updated.version, overall_score: score },
    });
    return updated;
  });
}

function staleReview(currentVersion: number) {
  return reviewError(409, 'STALE_REVIEW', 'reviews.stale', {}, { current_version: currentVersion });
}
