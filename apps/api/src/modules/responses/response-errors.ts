import { type ApiMessageKey, messageError, messageFieldError } from '../../lib/errors.ts';

/** 403 `responses.authorsOnly`: a member of the event who sees the submission but is not one of its authors. */
export const authorsOnly = () => messageError(403, 'PERMISSION_DENIED', 'responses.authorsOnly');
/** 403 `responses.committeeOnly`: a member of the event who sees the submission but is not on its committee. */
export const committeeOnly = () => messageError(403, 'PERMISSION_DENIED', 'responses.committeeOnly');
/** 403 `responses.conflicted`: a chair or reviewer with a conflict of interest with the paper. */
export const responseConflicted = () => messageError(403, 'CONFLICT_OF_INTEREST', 'responses.conflicted');
/** 409 STALE_RESPONSE: the response changed since the client read it. */
export const staleResponse = () => messageError(409, 'STALE_RESPONSE', 'responses.stale');
/** 409: the submission is decided, so its response is closed. */
export const submissionDecided = () => messageError(409, 'CONFLICT', 'responses.decided');
/** 409: a submitted response is changed only by submitting it again, never back to a draft the committee cannot read. */
export const alreadySubmitted = () => messageError(409, 'CONFLICT', 'responses.alreadySubmitted');
/** A 400 on the response's `body` (the window, the word limit). */
export const bodyError = (key: ApiMessageKey, params: Record<string, string | number> = {}) =>
  messageFieldError('body', key, params);
