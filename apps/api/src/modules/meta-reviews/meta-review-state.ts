import {
  firstUnanswered,
  META_RECOMMENDATION_KEY,
  type MetaReviewStatus,
  questionLabel,
  type ReviewAnswers,
  type ReviewQuestionDto,
  type SaveMetaReviewBody,
} from '@confero/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { events, metaReviews } from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import { messageFieldError } from '../../lib/errors.ts';
import { makePublicId, nextId } from '../../lib/ids.ts';
import { queueMails } from '../../mail/outbox.ts';
import type { Actor } from '../../plugins/auth.ts';
import { withoutDetectedConflicts } from '../conflicts/detect-conflict.ts';
import { findCommitteeRecipients } from '../responses/responses.queries.ts';
import { currentReviewForm, type ReviewForm, reviewFormAt } from '../review-forms/review-forms.queries.ts';
import { mergeAnswers } from '../reviews/review-state.ts';
import { submissionLink } from '../submissions/commands/create-submission.ts';
import { lockEventAndSubmission } from '../submissions/submission-locks.ts';
import { metaReviewCannotReopen, metaReviewDecided, staleMetaReview } from './meta-review-errors.ts';
import type { MetaReviewRow } from './meta-reviews.queries.ts';

/*
 * The meta-review's states (`docs/domain.md#meta-review`): none → in_progress (a draft) → completed (submitted, its
 * required answers given). A completed meta-review may be saved again, and stays completed, until the paper's decision
 * is made; then it never changes. `saveMetaReview` is the one function that writes one.
 */

const META_REVIEW_TRANSITIONS: Record<MetaReviewStatus | 'none', readonly MetaReviewStatus[]> = {
  none: ['in_progress', 'completed'],
  in_progress: ['in_progress', 'completed'],
  completed: ['completed'],
};

/** To submit: every required question of the form answered, checked in the form's order (400 on `answers.<key>`). */
function assertMetaReviewComplete(questions: readonly ReviewQuestionDto[], answers: ReviewAnswers): void {
  const missing = firstUnanswered(questions, answers);
  if (missing) {
    throw messageFieldError(`answers.${missing.key}`, 'reviews.validations.answerRequired', {
      label: missing.label.en,
    });
  }
}

export type SaveMetaReviewInput = {
  actor: Actor;
  /** The paper (its committee is mailed when the meta-review is completed). */
  submission: {
    id: number;
    publicId: string;
    eventId: number;
    trackId: number | null;
    title: string;
    eventTitle: string;
  };
  /** The site's public address, for the mail's link. */
  publicUrl: string;
  /** The meta-review as the loader read it (undefined while none is saved). */
  existing: MetaReviewRow | undefined;
  input: SaveMetaReviewBody;
};

/**
 * THE one function that writes a meta-review, in this order: the transition (a completed one never goes back: 409
 * TRANSITION_NOT_ALLOWED); the version the client read, when sent (409 STALE_META_REVIEW); then in one transaction,
 * under the event row's shared lock (a change of the meta-review form waits) and the submission row's shared lock (a
 * decision waits, and a decided paper answers 409 META_REVIEW_DECIDED): the form (its pinned version, or the current
 * one on the first save, which pins it), the answers checked against it, to submit every required one given; the
 * first save inserts with ON CONFLICT on the submission (a concurrent first save answers 409 STALE_META_REVIEW),
 * later saves are conditional on the version read. Audited: `meta_review.saved` (a draft) or `meta_review.submitted`.
 * Who may call it (the paper's area chair without a conflict) is the caller's check.
 */
export async function saveMetaReview(
  db: Db,
  { actor, submission, existing, input, publicUrl }: SaveMetaReviewInput,
  now = new Date(),
): Promise<{ row: MetaReviewRow; form: ReviewForm; submittedNow: boolean }> {
  if (!META_REVIEW_TRANSITIONS[existing?.status ?? 'none'].includes(input.status)) throw metaReviewCannotReopen();
  const readVersion = existing?.version ?? 0;
  if (input.version !== undefined && input.version !== readVersion) throw staleMetaReview(readVersion);
  return db.transaction(async (tx) => {
    const { decision } = await lockEventAndSubmission(tx, submission, { id: events.id }, 'share');
    if (decision !== 'pending') throw metaReviewDecided();
    const form =
      (existing ? await reviewFormAt(tx, submission.eventId, existing.formVersion, 'meta_review') : undefined) ??
      (await currentReviewForm(tx, submission.eventId, 'meta_review'));
    const answers = mergeAnswers(existing?.answers ?? {}, input.answers, form.questions);
    const completed = input.status === 'completed';
    if (completed) assertMetaReviewComplete(form.questions, answers);
    const values = {
      authorId: actor.id,
      answers,
      status: input.status,
      completedAt: completed ? (existing?.completedAt ?? now) : null,
      updatedAt: now,
    };
    const id = existing ? existing.id : await nextId(tx, 'meta_reviews');
    const [row] = existing
      ? await tx
          .update(metaReviews)
          .set({ ...values, version: existing.version + 1 })
          .where(and(eq(metaReviews.id, existing.id), eq(metaReviews.version, existing.version)))
          .returning()
      : await tx
          .insert(metaReviews)
          .values({
            ...values,
            id,
            publicId: makePublicId(id),
            submissionId: submission.id,
            formVersion: form.version,
            version: 1,
            createdAt: now,
          })
          .onConflictDoNothing({ target: metaReviews.submissionId })
          .returning();
    if (!row) {
      const [current] = await tx
        .select({ version: metaReviews.version })
        .from(metaReviews)
        .where(eq(metaReviews.submissionId, submission.id));
      throw staleMetaReview(current?.version ?? readVersion);
    }
    await recordAudit(tx, {
      actorId: actor.id,
      eventId: submission.eventId,
      entity: 'submission',
      entityId: submission.id,
      action: completed ? 'meta_review.submitted' : 'meta_review.saved',
      data: { status: row.status, version: row.version, form_version: row.formVersion },
    });
    const submittedNow = completed && existing?.status !== 'completed';
    if (submittedNow) await mailCompleted(tx, submission, row, form, publicUrl);
    return { row, form, submittedNow };
  });
}

/**
 * The "meta-review completed" mail to each member of the paper's committee without a conflict (stored conflicts and
 * authorship left out in the query, a conflict detection finds now left out here), in their language, naming the
 * recommendation (its option's label in that language). Once per meta-review (its public id keys the mail).
 */
async function mailCompleted(
  db: Db,
  submission: SaveMetaReviewInput['submission'],
  row: MetaReviewRow,
  form: ReviewForm,
  publicUrl: string,
): Promise<void> {
  const recipients = await withoutDetectedConflicts(db, submission, await findCommitteeRecipients(db, submission));
  const recommendation = form.questions.find((question) => question.key === META_RECOMMENDATION_KEY);
  const option = recommendation?.options?.find((candidate) => candidate.value === row.answers[META_RECOMMENDATION_KEY]);
  await queueMails(
    db,
    recipients.map((person) => ({
      to: person.email,
      template: 'meta_reviews.completed' as const,
      locale: person.locale,
      eventId: submission.eventId,
      dedupeKey: `meta_review_completed:${row.publicId}:${person.userId}`,
      data: {
        first_name: person.firstName,
        submission_title: submission.title,
        event_title: submission.eventTitle,
        recommendation: option ? questionLabel(option, person.locale === 'ar' ? 'ar' : 'en') : '—',
        link: submissionLink(publicUrl, submission.publicId),
      },
    })),
  );
}
