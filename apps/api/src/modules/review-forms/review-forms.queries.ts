import { DEFAULT_REVIEW_FORM, type ReviewQuestionDto } from '@confero/contracts';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { reviewForms } from '../../db/schema/index.ts';

/*
 * Reading an event's review form (`docs/domain.md#review-form`). An event that never saved a form uses the default
 * form as version 1; every reader (the review save, the presenters, the response, the exports) goes through these, so
 * "which form, which version" has one answer.
 */

/** A version of an event's form. */
export type ReviewForm = { version: number; questions: readonly ReviewQuestionDto[]; updatedAt: Date | null };

const DEFAULT_FORM: ReviewForm = { version: 1, questions: DEFAULT_REVIEW_FORM, updatedAt: null };

/** The event's current form (the highest version), or the default form as version 1. */
export async function currentReviewForm(db: Db, eventId: number): Promise<ReviewForm> {
  const [row] = await db
    .select({ version: reviewForms.version, questions: reviewForms.questions, updatedAt: reviewForms.updatedAt })
    .from(reviewForms)
    .where(eq(reviewForms.eventId, eventId))
    .orderBy(desc(reviewForms.version))
    .limit(1);
  return row ?? DEFAULT_FORM;
}

/** One version of the event's form; version 1 of an event that never saved one is the default form. */
export async function reviewFormAt(db: Db, eventId: number, version: number): Promise<ReviewForm | undefined> {
  const [row] = await db
    .select({ version: reviewForms.version, questions: reviewForms.questions, updatedAt: reviewForms.updatedAt })
    .from(reviewForms)
    .where(and(eq(reviewForms.eventId, eventId), eq(reviewForms.version, version)));
  if (row) return row;
  return version === 1 ? DEFAULT_FORM : undefined;
}

/**
 * The given versions of an event's form in one query, by version (a review list reads the forms of its reviews at
 * once); a version without a row is the default form when it is 1, and the current form otherwise.
 */
export async function reviewFormsAt(
  db: Db,
  eventId: number,
  versions: readonly number[],
): Promise<Map<number, ReviewForm>> {
  const wanted = [...new Set(versions)];
  const rows =
    wanted.length === 0
      ? []
      : await db
          .select({ version: reviewForms.version, questions: reviewForms.questions, updatedAt: reviewForms.updatedAt })
          .from(reviewForms)
          .where(and(eq(reviewForms.eventId, eventId), inArray(reviewForms.version, wanted)));
  const forms = new Map(rows.map((row) => [row.version, row as ReviewForm]));
  for (const version of wanted) {
    if (!forms.has(version) && version === 1) forms.set(version, DEFAULT_FORM);
  }
  return forms;
}

/** The form a review is read against: its own version, or the event's current form while it holds no answer. */
export function formOfReview(
  forms: Map<number, ReviewForm>,
  current: ReviewForm,
  review: { formVersion: number | null },
): ReviewForm {
  return (review.formVersion === null ? undefined : forms.get(review.formVersion)) ?? current;
}
