import type { SaveMetaReviewBody } from '@confero/contracts';
import type { Db } from '../../db/client.ts';
import { currentReviewForm, type ReviewForm, reviewFormAt } from '../review-forms/review-forms.queries.ts';
import type { MetaReviewContext } from './meta-review-access.ts';
import { saveMetaReview } from './meta-review-state.ts';

/** The form a paper's meta-review is read against: its pinned version, or the event's current one while none is saved. */
export async function metaReviewFormOf(db: Db, context: MetaReviewContext): Promise<ReviewForm> {
  const { metaReview, submission } = context;
  return (
    (metaReview ? await reviewFormAt(db, submission.eventId, metaReview.formVersion, 'meta_review') : undefined) ??
    currentReviewForm(db, submission.eventId, 'meta_review')
  );
}

/**
 * The area chair's save of the paper's meta-review (`saveMetaReview`), and the context as it leaves it: the caller
 * wrote it, so they are its writer now.
 */
export async function saveMetaReviewOf(
  db: Db,
  context: MetaReviewContext,
  input: SaveMetaReviewBody,
  publicUrl: string,
): Promise<{ context: MetaReviewContext; form: ReviewForm }> {
  const { submission } = context;
  const { row, form } = await saveMetaReview(db, {
    actor: context.actor,
    submission: {
      id: submission.id,
      publicId: submission.publicId,
      eventId: submission.eventId,
      trackId: submission.trackId,
      title: submission.title,
      eventTitle: submission.event.title,
    },
    existing: context.metaReview,
    input,
    publicUrl,
  });
  return {
    form,
    context: {
      ...context,
      metaReview: row,
      access: { ...context.access, status: row.status },
      author: {
        publicId: context.actor.publicId,
        firstName: context.actor.firstName,
        lastName: context.actor.lastName,
      },
    },
  };
}
