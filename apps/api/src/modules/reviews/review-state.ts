import {
  answerProblem,
  BUILTIN_SUBMIT_RULES,
  canonicalJson,
  DEFAULT_REVIEW_FORM,
  deriveRecommendation,
  isAnswered,
  normalizeAnswer,
  REVIEW_INPUT_MESSAGE_PARAMS,
  type ReviewAnswers,
  type ReviewInput,
  type ReviewMessageKey,
  type ReviewQuestionDto,
  type ReviewStatus,
  type StructuredReviewDto,
} from '@confero/contracts';
import { and, desc, eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { authorResponses, events, reviewRevisions, reviews } from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import { AppError } from '../../lib/errors.ts';
import type { Actor } from '../../plugins/auth.ts';
import { isPast } from '../events/event-dates.ts';
import { storedAnswer } from '../review-forms/review-answers.ts';
import { currentReviewForm, reviewFormAt } from '../review-forms/review-forms.queries.ts';
import { reviewError, reviewFieldError } from './review-errors.ts';
import { mergeContent } from './review-input.ts';

type ReviewRevisionRow = typeof reviewRevisions.$inferSelect;

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

/** Whether the content answers a built-in question that a spec rule requires (BUILTIN_SUBMIT_RULES). */
const BUILTIN_ANSWERED: Record<(typeof BUILTIN_SUBMIT_RULES)[number]['key'], (form: StoredForm) => boolean> = {
  // At least one entry; the entries themselves may be empty.
  strengths: (form) => form.overall_evaluation.summary.strengths.length >= 1,
  weaknesses: (form) => form.overall_evaluation.summary.weaknesses.length >= 1,
  justification: (form) => form.overall_evaluation.justification.trim() !== '',
  confidence_comment: (form) => (form.confidence.comment ?? '').trim() !== '',
  overall_score: (form) => form.overall_evaluation.score !== null,
  confidence: (form) => form.confidence.score !== null,
};

/** The built-in questions a spec rule checks on submit (the others a form requires are checked as a chair's are). */
const SPEC_RULED = new Set<string>(BUILTIN_SUBMIT_RULES.map((rule) => rule.key));

/** The field a problem with a question's answer is reported on: where the review input carries that answer. */
const answerField = (question: ReviewQuestionDto) =>
  !question.builtin
    ? `answers.${question.key}`
    : question.key === 'confidential_remarks_for_pc'
      ? question.key
      : `criteria.${question.key}`;

/**
 * The rules for submitting, in this fixed order, each answering with its field and message
 * (`docs/domain.md#validation-order`): first the form's required questions that no spec rule covers, in the form's
 * order — the chair's own (`answers.<key>`), and a criterion (`criteria.<id>`) or the confidential remarks the chair
 * made required — with "Answer “label” before submitting"; then the spec's rules for the built-in questions the form
 * holds and requires, in the spec's order — at least one strength, at least one weakness (the entries themselves may
 * be empty), a non-blank justification, a non-blank confidence comment; then the overall score and the confidence
 * level must be chosen. With the default form these are exactly the spec's rules. Drafts skip all of them.
 */
export function assertSubmittable(
  form: StoredForm,
  questions: readonly ReviewQuestionDto[] = DEFAULT_REVIEW_FORM,
  answers: ReviewAnswers = {},
  confidentialRemarks = '',
): void {
  const stored = {
    overallScore: form.overall_evaluation.score,
    confidence: form.confidence.score,
    structuredReview: form,
    confidentialRemarks,
    answers,
  };
  for (const question of questions) {
    if (!question.required || SPEC_RULED.has(question.key)) continue;
    if (!isAnswered(question, storedAnswer(stored, question.key) ?? null)) {
      throw reviewFieldError(answerField(question), 'reviews.validations.answerRequired', {
        label: question.label.en,
      });
    }
  }
  const required = new Set(questions.filter((question) => question.required).map((question) => question.key));
  for (const rule of BUILTIN_SUBMIT_RULES) {
    if (required.has(rule.key) && !BUILTIN_ANSWERED[rule.key](form)) throw reviewFieldError(rule.field, rule.message);
  }
}

/**
 * The answers a save leaves: each answer sent to one of the form's own questions (not a built-in one, whose answer
 * has its place in `structured_review`) replaces the stored one, checked and normalized (review-form.ts
 * `answerProblem`, `normalizeAnswer`); the others are kept. 400 on `answers.<key>` for an unknown key or a bad answer.
 */
export function mergeAnswers(
  stored: ReviewAnswers,
  sent: Record<string, unknown> | undefined,
  questions: readonly ReviewQuestionDto[],
): ReviewAnswers {
  if (!sent) return stored;
  const own = new Map(questions.filter((question) => !question.builtin).map((question) => [question.key, question]));
  const merged = { ...stored };
  for (const [key, value] of Object.entries(sent)) {
    const question = own.get(key);
    if (!question) {
      const shown = key.slice(0, 60);
      throw reviewFieldError(`answers.${shown}`, 'reviews.validations.answerUnknown', { key: shown });
    }
    const problem = answerProblem(question, value);
    if (problem) {
      const key_ = problem as ReviewMessageKey;
      throw reviewFieldError(`answers.${key}`, key_, REVIEW_INPUT_MESSAGE_PARAMS[key_] ?? {});
    }
    merged[key] = normalizeAnswer(question, value);
  }
  return merged;
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
 *   5. inside the transaction, under the event row's shared lock: the form the review is written against (its
 *      version, or the current one for a review without answers yet), the answers sent checked against it
 *      (`mergeAnswers`), and, to submit, the submit rules in their order over the content as the save leaves it
 *      (`assertSubmittable`); the review is pinned to that version.
 * A submit (and every later save of a submitted review) also writes the review's history (`recordRevision`).
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

  const score = content.form.overall_evaluation.score;
  return db.transaction(async (tx) => {
    // The form is read under the event row's lock (shared with other saves, exclusive of a change of the form:
    // review-forms.service.ts), so the version pinned below is the one the answers were checked against.
    await tx.select({ id: events.id }).from(events).where(eq(events.id, event.id)).for('share');
    const form =
      (review.formVersion === null ? undefined : await reviewFormAt(tx, event.id, review.formVersion)) ??
      (await currentReviewForm(tx, event.id));
    const answers = mergeAnswers(review.answers ?? {}, input.input.answers ?? undefined, form.questions);
    if (target === 'completed') {
      assertSubmittable(content.form, form.questions, answers, content.confidentialRemarks);
    }
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
        formVersion: form.version,
        answers,
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
    if (target === 'completed') await recordRevision(tx, updated, now);
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

/** What a revision keeps of a review's content, as canonical JSON so two equal contents compare equal. */
function revisionContent(
  review: Omit<ReviewRevisionRow, 'id' | 'reviewId' | 'version' | 'status' | 'afterResponse' | 'createdAt'>,
) {
  return canonicalJson([
    review.formVersion,
    review.overallScore,
    review.confidence,
    review.structuredReview,
    review.answers,
    review.commentsToAuthor,
    review.commentsToChair,
    review.confidentialRemarks,
  ]);
}

/**
 * The review's history (`GET reviews/{id}/history/`): a copy of the review as each submit (and each later save of a
 * submitted review that changed something) left it, with its form version, and whether the paper's authors had
 * submitted their response before it. A save that changed nothing writes no revision, so "updated after the response"
 * means an answer changed.
 */
async function recordRevision(tx: Db, review: ReviewRow, now: Date): Promise<void> {
  const [last] = await tx
    .select()
    .from(reviewRevisions)
    .where(eq(reviewRevisions.reviewId, review.id))
    .orderBy(desc(reviewRevisions.version))
    .limit(1);
  if (last && revisionContent(last) === revisionContent({ ...review, formVersion: review.formVersion ?? 1 })) return;
  const [response] = await tx
    .select({ id: authorResponses.id })
    .from(authorResponses)
    .where(
      and(
        eq(authorResponses.submissionId, review.submissionId),
        eq(authorResponses.status, 'submitted'),
        lt(authorResponses.submittedAt, now),
      ),
    );
  await tx.insert(reviewRevisions).values({
    reviewId: review.id,
    version: review.version,
    status: review.status,
    formVersion: review.formVersion ?? 1,
    overallScore: review.overallScore,
    confidence: review.confidence,
    structuredReview: review.structuredReview,
    answers: review.answers,
    commentsToAuthor: review.commentsToAuthor,
    commentsToChair: review.commentsToChair,
    confidentialRemarks: review.confidentialRemarks,
    afterResponse: response !== undefined,
    createdAt: now,
  });
}

function staleReview(currentVersion: number) {
  return reviewError(409, 'STALE_REVIEW', 'reviews.stale', {}, { current_version: currentVersion });
}
