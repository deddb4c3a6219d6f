import type { DiscussionVisibility } from '@confero/contracts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { Actor } from '../../plugins/auth.ts';
import { findSubmissionConflictRows } from '../conflicts/conflicts.queries.ts';
import { detectEventConflicts } from '../conflicts/detect-conflict.ts';
import { pairKey } from '../conflicts/detection.ts';
import { loadReviewContext, type ReviewContext } from '../reviews/review-access.ts';
import type { CommentSubject, DiscussionAccess } from './discussion.policy.ts';
import {
  type CommentRow,
  findActiveReviewerIds,
  findComment,
  findDiscussionVisibility,
  findPaperManagers,
  findPersons,
  type PersonRow,
} from './discussion.queries.ts';
import { commentNotFound } from './discussion-errors.ts';

/**
 * A paper's thread for one viewer, loaded once per request: the paper's review context (`loadReviewContext`: the
 * submission, the viewer's access with the conflicts detection finds now, the reviews with their reviewers, the
 * viewer's own review) and what the discussion rules read (`DiscussionAccess`).
 */
export type DiscussionContext = { review: ReviewContext; access: DiscussionAccess };

/** The thread of the submission of a route: 404 when the viewer may not see the submission (`loadReviewContext`). */
export async function loadDiscussionContext(db: Db, actor: Actor, idParam: string): Promise<DiscussionContext> {
  const review = await loadReviewContext(db, actor, idParam);
  const reviewersSee = await findDiscussionVisibility(db, review.submission.eventId);
  return { review, access: discussionAccessOf(review, reviewersSee) };
}

/**
 * The comment of a route (public id, which must match exactly, or numeric id) with its paper's thread for the viewer:
 * 404 `discussion.commentNotFound` when it does not exist or the viewer may not see its paper; the comment's rules
 * (`commentPolicies`) then decide on the thread and the action.
 */
export async function loadCommentContext(
  db: Db,
  actor: Actor,
  idParam: string,
): Promise<{ comment: CommentRow; context: DiscussionContext; subject: CommentSubject }> {
  const comment = await findComment(db, idParam);
  if (!comment) throw commentNotFound();
  try {
    const context = await loadDiscussionContext(db, actor, String(comment.submissionId));
    return { comment, context, subject: { isOwn: comment.authorId === actor.id } };
  } catch (error) {
    throw error instanceof AppError && error.statusCode === 404 ? commentNotFound() : error;
  }
}

/** What the discussion rules read about the viewer of a review context. */
export function discussionAccessOf(review: ReviewContext, reviewersSee: DiscussionVisibility): DiscussionAccess {
  return { submission: review.access, ownReviewStatus: review.own?.status ?? null, reviewersSee };
}

/**
 * A person of the thread: a chair (the paper's event admins, chairs, chairs of its track; platform admins who
 * wrote), its area chair (an active area chair of the event), a reviewer (holding a review of the paper, numbered by
 * its ordinal), or a former member (none of these any more). `readsThread`: whether they may read the thread now, by
 * the same rule as `discussion.policy.ts` — so only they can be mentioned and mailed.
 */
export type ThreadPerson = {
  user: PersonRow;
  role: 'chair' | 'area_chair' | 'reviewer' | 'former_member';
  ordinal?: number;
  readsThread: boolean;
};

/**
 * The people of a paper's thread by user id: its managers, area chair and reviewers, with whether each reads the
 * thread (the committee and the area chair without a conflict; an assigned reviewer still a reviewer of the event,
 * without a conflict, as the event's setting allows), and the other users given (writers and mentioned who are no
 * longer on the paper). A conflict is a stored one, authorship, or one detection finds now (`detectEventConflicts`),
 * as for the viewer's own access (`withDetectedConflict`). Six queries whatever the numbers (one more when the paper
 * has an area chair).
 */
export async function loadThreadPeople(
  db: Db,
  context: DiscussionContext,
  others: number[],
): Promise<Map<number, ThreadPerson>> {
  const { submission, reviews } = context.review;
  const reviewerIds = reviews.map((row) => row.review.reviewerId);
  const managers = await findPaperManagers(db, submission.eventId, submission.trackId);
  const areaChairIds = submission.areaChairId === null ? [] : [submission.areaChairId];
  const candidateIds = [...new Set([...managers.map((user) => user.id), ...reviewerIds, ...areaChairIds])];
  const [stored, detection, activeReviewers, personRows, activeAreaChairs] = await Promise.all([
    findSubmissionConflictRows(db, submission.id),
    detectEventConflicts(db, submission.eventId, { submissionIds: [submission.id], userIds: candidateIds }),
    findActiveReviewerIds(db, submission.eventId, reviewerIds),
    findPersons(db, [...new Set([...reviewerIds, ...areaChairIds])]),
    findActiveReviewerIds(db, submission.eventId, areaChairIds, 'area_chair'),
  ]);
  const persons = new Map(personRows.map((user) => [user.id, user]));
  const authors = new Set([
    ...submission.authors.flatMap((author) => (author.userId === null ? [] : [author.userId])),
    ...(submission.submittedBy === null ? [] : [submission.submittedBy]),
  ]);
  const conflicted = (userId: number) =>
    authors.has(userId) || stored.has(userId) || detection.detected.has(pairKey(submission.id, userId));
  const people = new Map<number, ThreadPerson>();
  for (const user of managers) people.set(user.id, { user, role: 'chair', readsThread: !conflicted(user.id) });
  for (const userId of areaChairIds) {
    const user = persons.get(userId);
    if (!user || !activeAreaChairs.has(userId) || people.get(userId)?.readsThread) continue;
    people.set(userId, { user, role: 'area_chair', readsThread: !conflicted(userId) });
  }
  const reviewersSee = context.access.reviewersSee;
  for (const { review } of reviews) {
    const user = persons.get(review.reviewerId);
    const manager = people.get(review.reviewerId);
    if (!user || manager?.readsThread) continue;
    const reads =
      activeReviewers.has(user.id) &&
      !conflicted(user.id) &&
      (reviewersSee === 'always' || review.status === 'completed');
    people.set(user.id, { user, role: 'reviewer', ordinal: review.ordinal, readsThread: reads });
  }
  const missing = [...new Set(others)].filter((id) => !people.has(id));
  for (const user of await findPersons(db, missing)) {
    people.set(user.id, { user, role: user.isAdmin ? 'chair' : 'former_member', readsThread: false });
  }
  return people;
}
