import {
  questionReadBy,
  type ReviewAnswer,
  type ReviewAudience,
  type ReviewHistoryDto,
  reviewMessage,
} from '@confero/contracts';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { reviewRevisions } from '../../db/schema/index.ts';
import { authorize } from '../../lib/authorize.ts';
import { storedAnswer } from '../review-forms/review-answers.ts';
import { type ReviewForm, reviewFormsAt } from '../review-forms/review-forms.queries.ts';
import { type ReviewContext, reviewAccessOf } from './review-access.ts';
import { audienceOf, reviewPolicies, reviewViewer } from './reviews.policy.ts';
import type { ReviewRow } from './reviews.queries.ts';

/*
 * A review's history (`GET reviews/{id}/history/`, `docs/domain.md#author-response`): each revision its reviewer
 * submitted (review-state.ts writes one on every submit and every later save of a submitted review), oldest first,
 * with the questions whose answer changed from the revision before — only the questions the reader's audience reads
 * (`questionReadBy`), labelled as the revision's own form version labels them.
 */

type RevisionRow = typeof reviewRevisions.$inferSelect;

/** No answer: none stored, null, an empty text or an empty list. */
const isEmpty = (answer: ReviewAnswer | undefined) =>
  answer === undefined || answer === null || answer === '' || (Array.isArray(answer) && answer.length === 0);

/** The same answer: both empty, or equal (compared as JSON). */
const sameAnswer = (a: ReviewAnswer | undefined, b: ReviewAnswer | undefined) =>
  (isEmpty(a) && isEmpty(b)) || JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** What changed from one revision (none for the first) to the next, as an audience may read it. */
function changesOf(
  previous: RevisionRow | undefined,
  revision: RevisionRow,
  form: ReviewForm,
  audience: ReviewAudience,
): ReviewHistoryDto['revisions'][number]['changes'] {
  return form.questions.flatMap((question) => {
    if (!questionReadBy(question, audience)) return [];
    const after = storedAnswer(revision, question.key);
    const before = previous ? storedAnswer(previous, question.key) : undefined;
    if (sameAnswer(before, after)) return [];
    return [
      {
        key: question.key,
        label: { en: question.label.en, ar: question.label.ar },
        ...(before === undefined ? {} : { before }),
        ...(after === undefined ? {} : { after }),
      },
    ];
  });
}

/**
 * The history of a review of the context for its reader ('review.history': 404 for anyone but the paper's committee
 * who read the review): its revisions and their form versions in two queries, whatever their number.
 */
export async function reviewHistory(db: Db, context: ReviewContext, review: ReviewRow): Promise<ReviewHistoryDto> {
  const access = reviewAccessOf(context, review);
  authorize(reviewPolicies['review.history'](access, review.status));
  const audience = audienceOf(reviewViewer(access, review.status)) ?? 'authors';
  const revisions = await db
    .select()
    .from(reviewRevisions)
    .where(eq(reviewRevisions.reviewId, review.id))
    .orderBy(asc(reviewRevisions.version));
  const forms = await reviewFormsAt(
    db,
    context.submission.event.id,
    revisions.map((revision) => revision.formVersion),
  );
  return {
    review_id: review.publicId,
    reviewer_label: reviewMessage('reviews.reviewerLabel', { n: review.ordinal }),
    revisions: revisions.map((revision, index) => ({
      version: revision.version,
      status: revision.status,
      form_version: revision.formVersion,
      created_at: revision.createdAt.toISOString(),
      after_response: revision.afterResponse,
      changes: changesOf(
        revisions[index - 1],
        revision,
        forms.get(revision.formVersion) ?? context.forms.current,
        audience,
      ),
    })),
  };
}
