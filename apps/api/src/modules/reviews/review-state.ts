import {
  deriveRecommendation,
  type ReviewInput,
  type ReviewStatus,
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
import { mergeContent } from './review-input.ts';
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

export function canMoveReview(from: ReviewStatus, to: ReviewStatus): boolean {
  return REVIEW_TRANSITIONS[from].includes(to);
}

type StoredForm = Omit<StructuredReviewDto, 'confidential_remarks_for_pc'>;

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

export type SaveReviewInput = {
  actor: Actor;
  review: ReviewRow;
  event: { id: number; reviewDeadline: string; timezone: string };
  /** What the client sent, as `ReviewInput` (contracts) checked it at the route. */
  input: ReviewInput;
};

/**
 * THE one function that writes a review (Save as Draft / Submit Review), from an input the route checked
 * (`ReviewInput`: version, status, the content's types and ranges), in this order:
 *   1. the status asked for (in_progress or completed; none keeps a completed review completed, else a draft);
 *   2. the review deadline: 23:59:59 of its date in the event's time zone (400 DEADLINE_PASSED);
 *   3. the transition (a submitted review never goes back to draft: 409 TRANSITION_NOT_ALLOWED);
 *   4. the version the client read, when it sent one (409 STALE_REVIEW when the review changed since: two tabs
 *      never overwrite); without one the last write wins;
 *   5. to submit, the submit rules in their order over the content as the save leaves it (assertSubmittable).
 * The recommendation is derived from the overall score here, never taken from the client; completed_at is set on the
 * first submit. The write is conditional on the version, so a concurrent save loses with 409 too; a save without a
 * version that loses is made once more over the review as the other save left it, and answers 409 only if yet another
 * save gets in between. Audited. Who may call it (the assigned reviewer without a conflict) is the caller's check.
 */
export async function saveReview(db: Db, input: SaveReviewInput, now = new Date()): Promise<ReviewRow> {
  const sent = input.input.version;
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
  const { review, event, actor } = input;
  const target: ReviewStatus = input.input.status ?? (review.status === 'completed' ? 'completed' : 'in_progress');
  if (isPast(event.reviewDeadline, event.timezone, now)) {
    throw reviewError(400, 'DEADLINE_PASSED', 'reviews.deadlinePassed', {
      deadline: event.reviewDeadline,
      timezone: event.timezone,
    });
  }
  if (!canMoveReview(review.status, target)) throw reviewError(409, 'TRANSITION_NOT_ALLOWED', 'reviews.cannotReopen');
  if (version !== review.version) throw staleReview(review.version);
  const content = mergeContent(review, input.input);
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
