import type { DiscussionVisibility, ReviewStatus } from '@confero/contracts';
import { allowIf, denied, hidden, policyTable } from '../../lib/authorize.ts';
import { messageError } from '../../lib/errors.ts';
import {
  isCommittee,
  leadsSubmission,
  type SubmissionAccess,
  submissionHidden,
} from '../submissions/submissions.policy.ts';
import { afterOwnReview, commentNotFound } from './discussion-errors.ts';

/*
 * Who takes part in the committee's discussion of a paper (`docs/domain.md#discussion`). The committee of the paper
 * (`isCommittee`: organizers and the chairs of its track, neither authors nor conflicted) and its area chair
 * (`leadsSubmission`, who leads it whatever the event's setting) read and write it as its committee; an
 * assigned reviewer, still a reviewer of the event and without a conflict, as the event's `discussion_reviewers_see`
 * allows (once their own review is submitted, or always). Everyone else — authors (a chair who wrote the paper
 * included), conflicted members, unassigned members — is answered as if there were no thread (404).
 */

/** What the rules read about a viewer and one paper's thread. */
export type DiscussionAccess = {
  submission: SubmissionAccess;
  /** The viewer's own review of the paper (their assignment) and its status; null without one. */
  ownReviewStatus: ReviewStatus | null;
  /** The event's setting: when an assigned reviewer reads the thread. */
  reviewersSee: DiscussionVisibility;
};

/** The viewer's part in the thread: its committee, a reviewer reading it, a reviewer before their review, nobody. */
export type DiscussionParticipant = 'committee' | 'reviewer' | 'waiting_reviewer' | 'none';

/**
 * The viewer's part, checked in this order: the committee (the paper's area chair included); then nobody for an
 * author or a conflicted person; then an assigned reviewer who is still a reviewer of the event: a reader once the
 * event's setting lets them in, else waiting for their own review; nobody else.
 */
export function discussionParticipant(a: DiscussionAccess): DiscussionParticipant {
  if (isCommittee(a.submission) || leadsSubmission(a.submission)) return 'committee';
  if (a.submission.isAuthor || a.submission.isConflicted) return 'none';
  if (a.ownReviewStatus === null || !a.submission.event.isReviewer) return 'none';
  return a.reviewersSee === 'always' || a.ownReviewStatus === 'completed' ? 'reviewer' : 'waiting_reviewer';
}

/** Whether the viewer reads and writes the thread now. */
export const readsDiscussion = (a: DiscussionAccess) => {
  const part = discussionParticipant(a);
  return part === 'committee' || part === 'reviewer';
};

/** What a comment rule reads about the comment: whether the viewer wrote it. */
export type CommentSubject = { isOwn: boolean };

const afterOwnReviewDenied = denied(afterOwnReview, 'after_own_review');
const flagDenied = denied(() => messageError(403, 'PERMISSION_DENIED', 'discussion.flagDenied'));
const editDenied = denied(() => messageError(403, 'PERMISSION_DENIED', 'discussion.editDenied'));
const deleteDenied = denied(() => messageError(403, 'PERMISSION_DENIED', 'discussion.deleteDenied'));
const commentHidden = hidden(commentNotFound);

/** The thread's refusal for a viewer who does not read it: 403 to a reviewer waiting for their review, else 404. */
const threadRefusal = (a: DiscussionAccess, notFound: typeof submissionHidden) =>
  discussionParticipant(a) === 'waiting_reviewer' ? afterOwnReviewDenied : notFound;

export const discussionPolicies = policyTable<DiscussionAccess>()({
  /** Read the thread and write in it: its committee and the reviewers it is open to. */
  'discussion.read': (a) => allowIf(readsDiscussion(a), threadRefusal(a, submissionHidden)),
  'discussion.comment': (a) => allowIf(readsDiscussion(a), threadRefusal(a, submissionHidden)),
  /** Flag the paper for discussion (or clear it): its committee; a reviewer reading the thread is refused (403). */
  'discussion.flag': (a) =>
    readsDiscussion(a)
      ? allowIf(discussionParticipant(a) === 'committee', flagDenied)
      : threadRefusal(a, submissionHidden),
});
export type DiscussionAction = keyof typeof discussionPolicies;

/**
 * One comment of a thread. Whoever does not read the thread does not learn the comment exists (404; 403 to a
 * reviewer waiting for their review). Its writer edits it (the 15-minute window is the service's state rule); its
 * writer or the paper's committee deletes it; other readers are refused (403).
 */
export const commentPolicies = policyTable<DiscussionAccess, CommentSubject>()({
  'comment.view': (a) => allowIf(readsDiscussion(a), threadRefusal(a, commentHidden)),
  'comment.edit': (a, comment) =>
    readsDiscussion(a) ? allowIf(comment.isOwn, editDenied) : threadRefusal(a, commentHidden),
  'comment.delete': (a, comment) =>
    readsDiscussion(a)
      ? allowIf(comment.isOwn || discussionParticipant(a) === 'committee', deleteDenied)
      : threadRefusal(a, commentHidden),
});
export type CommentAction = keyof typeof commentPolicies;
