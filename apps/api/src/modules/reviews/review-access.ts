import { presentResponsePhase } from '@confero/contracts';
import type { Db } from '../../db/client.ts';
import { authorize } from '../../lib/authorize.ts';
import type { Actor } from '../../plugins/auth.ts';
import { withDetectedConflict } from '../conflicts/detect-conflict.ts';
import { responsePhaseOf } from '../events/events.presenter.ts';
import { type ReviewFormSet, reviewFormsOfReviews } from '../review-forms/review-forms.queries.ts';
import { submissionNotFound } from '../submissions/submission-errors.ts';
import type { LoadedSubmission } from '../submissions/submission-loader.ts';
import { type SubmissionAccess, submissionPolicies } from '../submissions/submissions.policy.ts';
import {
  findSubmissionView,
  findSubmissionViewByIdParam,
  type SubmissionBundle,
} from '../submissions/submissions.queries.ts';
import { reviewNotFound } from './review-errors.ts';
import { type ReviewAccess, reviewPolicies } from './reviews.policy.ts';
import { findReviewRef, findReviewsWithReviewers, type ReviewRow, type ReviewWithReviewer } from './reviews.queries.ts';

/**
 * Everything the review rules, the service and the DTOs need about one submission for one viewer, loaded once per
 * request: the submission with its authors and its event (deadline, time zone, review settings, response phase), the
 * viewer's access to it, its reviews with their reviewers, the viewer's own assignment on it, and the versions of
 * the event's review form its reviews are read against (one query).
 */
export type ReviewContext = {
  actor: Actor;
  submission: SubmissionBundle;
  access: SubmissionAccess;
  reviews: ReviewWithReviewer[];
  own: ReviewRow | undefined;
  forms: ReviewFormSet;
  /** The moment the request judges time-bound rules at (the response window). */
  now: Date;
};

/** What the review rules read about the viewer and one review of the context. */
export function reviewAccessOf(context: ReviewContext, review: Pick<ReviewRow, 'reviewerId'>): ReviewAccess {
  return {
    submission: context.access,
    isOwn: review.reviewerId === context.actor.id,
    isActiveReviewer: context.access.event.isReviewer,
    ownStatus: context.own?.status ?? null,
    settings: context.submission.event.reviewSettings,
    isDecided: context.submission.decision !== 'pending',
    responsePhaseOpen: presentResponsePhase(responsePhaseOf(context.submission.event), context.now).open,
    assistantEnabled: context.submission.event.assistantEnabled,
  };
}

async function contextOf(db: Db, actor: Actor, loaded: LoadedSubmission): Promise<ReviewContext> {
  const rows = await findReviewsWithReviewers(db, loaded.submission.id);
  const [access, forms] = await Promise.all([
    withDetectedConflict(db, actor, loaded.submission, loaded.access),
    reviewFormsOfReviews(
      db,
      loaded.submission.eventId,
      rows.map((row) => row.review),
    ),
  ]);
  const own = rows.find((row) => row.review.reviewerId === actor.id)?.review;
  return { actor, submission: loaded.submission, access, reviews: rows, own, forms, now: new Date() };
}

/**
 * The reviews of the submission of a route (`{id}` = public id or numeric id) with the viewer's access: 404 when the
 * submission does not exist AND when the viewer may not see it (as `loadSubmission`).
 */
export async function loadReviewContext(db: Db, actor: Actor, idParam: string): Promise<ReviewContext> {
  const loaded = await findSubmissionViewByIdParam(db, actor, idParam);
  if (!loaded) throw submissionNotFound();
  const context = await contextOf(db, actor, loaded);
  authorize(submissionPolicies['submission.view'](context.access));
  return context;
}

/**
 * A review of the route (public id, which must match exactly, or numeric id) with the context of its submission: 404
 * when it does not exist AND when the viewer may not read it (not its reviewer, nor the committee, nor — as the event
 * allows — another reviewer or an author).
 */
export async function loadReviewById(
  db: Db,
  actor: Actor,
  idParam: string,
): Promise<{ review: ReviewRow; context: ReviewContext }> {
  const ref = await findReviewRef(db, idParam);
  const loaded = ref && (await findSubmissionView(db, actor, ref.submissionId));
  if (!ref || !loaded) throw reviewNotFound();
  const context = await contextOf(db, actor, loaded);
  const review = context.reviews.find((row) => row.review.id === ref.id)?.review;
  if (!review) throw reviewNotFound();
  authorize(reviewPolicies['review.view'](reviewAccessOf(context, review), review.status));
  return { review, context };
}
