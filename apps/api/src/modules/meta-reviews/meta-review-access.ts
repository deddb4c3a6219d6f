import type { Db } from '../../db/client.ts';
import { authorize } from '../../lib/authorize.ts';
import type { Actor } from '../../plugins/auth.ts';
import { withDetectedConflict } from '../conflicts/detect-conflict.ts';
import { submissionNotFound } from '../submissions/submission-errors.ts';
import { submissionPolicies } from '../submissions/submissions.policy.ts';
import { findSubmissionViewByIdParam, type SubmissionBundle } from '../submissions/submissions.queries.ts';
import type { MetaReviewAccess } from './meta-reviews.policy.ts';
import { findMetaReview, type MetaReviewAuthor, type MetaReviewRow, ownReviewStatus } from './meta-reviews.queries.ts';

/** Everything the meta-review's rules, service and presenter need for one viewer, loaded once per request. */
export type MetaReviewContext = {
  actor: Actor;
  submission: SubmissionBundle;
  access: MetaReviewAccess;
  metaReview: MetaReviewRow | undefined;
  author: MetaReviewAuthor | null;
};

/**
 * The meta-review of the submission of a route (`{id}` = public id or numeric id) with the viewer's access: 404 when
 * the submission does not exist AND when the viewer may not see it (as `loadSubmission`). What they may do with the
 * meta-review is the caller's `metaReviewPolicies` check.
 */
export async function loadMetaReviewContext(db: Db, actor: Actor, idParam: string): Promise<MetaReviewContext> {
  const loaded = await findSubmissionViewByIdParam(db, actor, idParam);
  if (!loaded) throw submissionNotFound();
  const [found, ownStatus] = await Promise.all([
    findMetaReview(db, loaded.submission.id),
    ownReviewStatus(db, loaded.submission.id, actor.id),
  ]);
  const submissionAccess = await withDetectedConflict(db, actor, loaded.submission, loaded.access);
  authorize(submissionPolicies['submission.view'](submissionAccess));
  return {
    actor,
    submission: loaded.submission,
    access: {
      submission: submissionAccess,
      ownStatus,
      settings: loaded.submission.event.reviewSettings,
      isDecided: loaded.submission.decision !== 'pending',
      status: found?.row.status ?? null,
    },
    metaReview: found?.row,
    author: found?.author ?? null,
  };
}
