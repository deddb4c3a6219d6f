import { DISCUSSION_EDIT_WINDOW_MS } from '@confero/contracts';
import { messageError, messageFieldError } from '../../lib/errors.ts';

/** 404 `discussion.commentNotFound`: the comment does not exist for this viewer (or no longer exists). */
export const commentNotFound = () => messageError(404, 'NOT_FOUND', 'discussion.commentNotFound');

/** 403 DISCUSSION_AFTER_OWN_REVIEW: an assigned reviewer reads the thread once their own review is submitted. */
export const afterOwnReview = () => messageError(403, 'DISCUSSION_AFTER_OWN_REVIEW', 'discussion.afterOwnReview');

/** 409 EDIT_WINDOW_CLOSED: the comment was written more than `DISCUSSION_EDIT_WINDOW_MS` ago. */
export const editWindowClosed = () =>
  messageError(409, 'EDIT_WINDOW_CLOSED', 'discussion.editWindowClosed', {
    minutes: DISCUSSION_EDIT_WINDOW_MS / 60_000,
  });

/** 400 on `mentions`: someone who may not read the thread (or nobody known) was mentioned. */
export const mentionUnknown = () => messageFieldError('mentions', 'discussion.mentionUnknown');
