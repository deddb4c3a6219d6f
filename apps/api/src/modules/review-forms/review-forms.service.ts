import {
  normalizeQuestion,
  orphansAnswers,
  type PutReviewFormBody,
  type ReviewFormKind,
  type ReviewQuestionDto,
  reviewFormProblems,
  reviewFormRulesOf,
  reviewFormsEqual,
} from '@confero/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { events, reviewForms } from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import { type ApiMessageKey, messageError, messageFieldError } from '../../lib/errors.ts';
import type { Actor } from '../../plugins/auth.ts';
import {
  answeredReviewCount,
  currentReviewForm,
  pinUnversionedReviews,
  type ReviewForm,
} from './review-forms.queries.ts';

/*
 * Saving an event's review form (`docs/domain.md#review-form`). The form's versions are written only here, in one
 * transaction holding the event row's lock (FOR UPDATE); a review save holds the same row FOR SHARE while it reads
 * the form and pins its version (reviews/review-state.ts), so a change of the form and a review's answers never pass
 * each other: answers are never written against a version that a concurrent change then rewrites.
 */

/**
 * The questions of a `PUT` as a kind of form keeps them (its rules, contracts' `reviewFormRulesOf`); the first problem
 * of the form answers 400 on its field.
 */
export function questionsToSave(body: PutReviewFormBody, kind: ReviewFormKind = 'review'): ReviewQuestionDto[] {
  const rules = reviewFormRulesOf(kind);
  const questions = body.questions.map((question) => normalizeQuestion(question, rules));
  const [problem] = reviewFormProblems(questions, rules);
  if (problem) throw messageFieldError(problem.field, problem.message as ApiMessageKey, problem.params ?? {});
  return questions;
}

export type SavedReviewForm = { form: ReviewForm; newVersion: boolean; previousVersion: number; changed: boolean };

/**
 * Saves the event's form, under the event row's lock: 409 STALE_REVIEW_FORM when the client edited a version that is
 * no longer the current one, or sent the `updated_at` it read and the form changed since; the reviews with content but no version are pinned to the current one; then, when
 * reviews hold answers against the current version and the change would orphan some (a question removed, its kind,
 * range or options changed), the form becomes a new version, else the current version is rewritten (created for an
 * event that never saved one). A save equal to the current form changes nothing. Audited ('review_form.updated').
 */
export async function saveReviewForm(
  db: Db,
  input: {
    actor: Actor;
    eventId: number;
    /** Which of the event's forms (the review form unless named). */
    kind?: ReviewFormKind;
    questions: ReviewQuestionDto[];
    version?: number;
    updatedAt?: string | null;
  },
  now = new Date(),
): Promise<SavedReviewForm> {
  const kind = input.kind ?? 'review';
  return db.transaction(async (tx) => {
    await tx.select({ id: events.id }).from(events).where(eq(events.id, input.eventId)).for('update');
    const current = await currentReviewForm(tx, input.eventId, kind);
    const changedSince =
      input.updatedAt !== undefined && input.updatedAt !== (current.updatedAt?.toISOString() ?? null);
    if ((input.version !== undefined && input.version !== current.version) || changedSince) {
      throw messageError(409, 'STALE_REVIEW_FORM', 'reviewForms.stale', {}, { current_version: current.version });
    }
    if (reviewFormsEqual(current.questions, input.questions)) {
      return { form: current, newVersion: false, previousVersion: current.version, changed: false };
    }
    // Meta-reviews pin their version on their first save; only reviews may hold answers without one.
    if (kind === 'review') await pinUnversionedReviews(tx, input.eventId, current.version);
    const answered = await answeredReviewCount(tx, input.eventId, current.version, kind);
    const newVersion = answered > 0 && orphansAnswers(current.questions, input.questions);
    const version = newVersion ? current.version + 1 : current.version;
    const [existing] = await tx
      .select({ id: reviewForms.id })
      .from(reviewForms)
      .where(and(eq(reviewForms.eventId, input.eventId), eq(reviewForms.kind, kind), eq(reviewForms.version, version)));
    const [row] = existing
      ? await tx
          .update(reviewForms)
          .set({ questions: input.questions, updatedAt: now })
          .where(eq(reviewForms.id, existing.id))
          .returning()
      : await tx
          .insert(reviewForms)
          .values({
            eventId: input.eventId,
            kind,
            version,
            questions: input.questions,
            createdBy: input.actor.id,
            createdAt: now,
            updatedAt: now,
          })
          .returning();
    if (!row) throw new Error('a saved review form has its row');
    await recordAudit(tx, {
      actorId: input.actor.id,
      eventId: input.eventId,
      entity: 'event',
      entityId: input.eventId,
      action: 'review_form.updated',
      data: { kind, version, new_version: newVersion },
    });
    return {
      form: { version: row.version, questions: row.questions, updatedAt: row.updatedAt },
      newVersion,
      previousVersion: current.version,
      changed: true,
    };
  });
}
