import { type ReviewFormKind, type ReviewQuestionDto, reviewFormRulesOf } from '@confero/contracts';
import { and, count, desc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { metaReviews, reviewForms, reviews, submissions } from '../../db/schema/index.ts';

/*
 * Reading an event's review form and its meta-review form (`docs/domain.md#review-form`; `kind`, 'review' unless
 * named). An event that never saved a form of a kind uses that kind's default form as version 1; every reader (the
 * review and meta-review saves, the presenters, the response, the exports) goes through these, so "which form, which
 * version" has one answer. Every read filters by kind.
 */

/** A version of an event's form. */
export type ReviewForm = { version: number; questions: readonly ReviewQuestionDto[]; updatedAt: Date | null };

/** A kind's default form, as version 1 of an event that never saved one. */
const defaultForm = (kind: ReviewFormKind): ReviewForm => ({
  version: 1,
  questions: reviewFormRulesOf(kind).defaults,
  updatedAt: null,
});
const DEFAULT_FORM = defaultForm('review');

/** The forms of one kind of an event, as a condition on the review_forms table. */
const formsOf = (eventId: number, kind: ReviewFormKind) =>
  and(eq(reviewForms.eventId, eventId), eq(reviewForms.kind, kind));

/** The event's current form of a kind (the highest version), or the kind's default form as version 1. */
export async function currentReviewForm(db: Db, eventId: number, kind: ReviewFormKind = 'review'): Promise<ReviewForm> {
  const [row] = await db
    .select({ version: reviewForms.version, questions: reviewForms.questions, updatedAt: reviewForms.updatedAt })
    .from(reviewForms)
    .where(formsOf(eventId, kind))
    .orderBy(desc(reviewForms.version))
    .limit(1);
  return row ?? defaultForm(kind);
}

/** One version of the event's form of a kind; version 1 of an event that never saved one is the default form. */
export async function reviewFormAt(
  db: Db,
  eventId: number,
  version: number,
  kind: ReviewFormKind = 'review',
): Promise<ReviewForm | undefined> {
  const [row] = await db
    .select({ version: reviewForms.version, questions: reviewForms.questions, updatedAt: reviewForms.updatedAt })
    .from(reviewForms)
    .where(and(formsOf(eventId, kind), eq(reviewForms.version, version)));
  if (row) return row;
  return version === 1 ? defaultForm(kind) : undefined;
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
          .where(and(formsOf(eventId, 'review'), inArray(reviewForms.version, wanted)));
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

/** The reviews of an event's submissions, as a condition on the reviews table. */
const reviewsOfEvent = (db: Db, eventId: number) =>
  inArray(
    reviews.submissionId,
    db.select({ id: submissions.id }).from(submissions).where(eq(submissions.eventId, eventId)),
  );

/** The event's current version of the review form, in SQL (1 for an event that never saved one). */
const currentVersionSql = (eventId: number) =>
  sql`coalesce((select max(${reviewForms.version}) from ${reviewForms} where ${reviewForms.eventId} = ${eventId} and ${reviewForms.kind} = 'review'), 1)`;

/**
 * How many reviews of the event hold answers written against a version of its form: those pinned to it, and, for the
 * current version, those written but not pinned yet (they are read against the current form, `formOfReview`).
 */
export async function answeredReviewCount(
  db: Db,
  eventId: number,
  version: number,
  kind: ReviewFormKind = 'review',
): Promise<number> {
  if (kind === 'meta_review') return answeredMetaReviewCount(db, eventId, version);
  const [row] = await db
    .select({ value: count() })
    .from(reviews)
    .where(
      and(
        reviewsOfEvent(db, eventId),
        or(
          eq(reviews.formVersion, version),
          and(
            isNull(reviews.formVersion),
            ne(reviews.status, 'assigned'),
            sql`${version} = ${currentVersionSql(eventId)}`,
          ),
        ),
      ),
    );
  return Number(row?.value ?? 0);
}

/** How many meta-reviews of the event are written against a version of its meta-review form (each pins one). */
async function answeredMetaReviewCount(db: Db, eventId: number, version: number): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(metaReviews)
    .where(
      and(
        eq(metaReviews.formVersion, version),
        inArray(
          metaReviews.submissionId,
          db.select({ id: submissions.id }).from(submissions).where(eq(submissions.eventId, eventId)),
        ),
      ),
    );
  return Number(row?.value ?? 0);
}

/**
 * Pins every review of the event that holds content but no form version yet (written before the event saved a form)
 * to a version: from then on it is read against that version, whatever the form becomes. Call it under the event
 * row's lock, before a change of the form.
 */
export async function pinUnversionedReviews(db: Db, eventId: number, version: number): Promise<void> {
  await db
    .update(reviews)
    .set({ formVersion: version })
    .where(and(reviewsOfEvent(db, eventId), isNull(reviews.formVersion), ne(reviews.status, 'assigned')));
}

/** The forms a list of reviews is read against: the event's current form, and each version a review is pinned to. */
export type ReviewFormSet = { current: ReviewForm; byVersion: Map<number, ReviewForm> };

/**
 * The forms of a page of reviews in one query whatever their number: the current form and the versions the reviews
 * are written against (`reviewFormsAt`'s rule: a version 1 without a row is the default form).
 */
export async function reviewFormsOfReviews(
  db: Db,
  eventId: number,
  rows: readonly { formVersion: number | null }[],
): Promise<ReviewFormSet> {
  const wanted = [...new Set(rows.flatMap((row) => (row.formVersion === null ? [] : [row.formVersion])))];
  const latest = currentVersionSql(eventId);
  const found = await db
    .select({ version: reviewForms.version, questions: reviewForms.questions, updatedAt: reviewForms.updatedAt })
    .from(reviewForms)
    .where(
      and(
        formsOf(eventId, 'review'),
        wanted.length > 0
          ? or(inArray(reviewForms.version, wanted), eq(reviewForms.version, latest))
          : eq(reviewForms.version, latest),
      ),
    )
    .orderBy(desc(reviewForms.version));
  const byVersion = new Map(found.map((row) => [row.version, row as ReviewForm]));
  if (!byVersion.has(1) && wanted.includes(1)) byVersion.set(1, DEFAULT_FORM);
  return { current: found[0] ?? DEFAULT_FORM, byVersion };
}

/** The form a review is read against, from a set (`formOfReview`'s rule). */
export const formOfReviewIn = (set: ReviewFormSet, review: { formVersion: number | null }): ReviewForm =>
  formOfReview(set.byVersion, set.current, review);
