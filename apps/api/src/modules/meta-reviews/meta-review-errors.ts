import { messageError } from '../../lib/errors.ts';

/** 404 `metaReviews.notFound`: no meta-review of the paper this viewer may read. */
export const metaReviewNotFound = () => messageError(404, 'NOT_FOUND', 'metaReviews.notFound');
/** 403 `metaReviews.writeDenied`: they read the paper's meta-review but do not write it. */
export const metaReviewWriteDenied = () => messageError(403, 'PERMISSION_DENIED', 'metaReviews.writeDenied');
/** 409 STALE_META_REVIEW: the meta-review changed since the client read the version it sent. */
export const staleMetaReview = (currentVersion: number) =>
  messageError(409, 'STALE_META_REVIEW', 'metaReviews.stale', {}, { current_version: currentVersion });
/** 409 META_REVIEW_DECIDED: the paper is decided, so its meta-review no longer changes. */
export const metaReviewDecided = () => messageError(409, 'META_REVIEW_DECIDED', 'metaReviews.decided');
/** 409 TRANSITION_NOT_ALLOWED: a completed meta-review never goes back to a draft. */
export const metaReviewCannotReopen = () => messageError(409, 'TRANSITION_NOT_ALLOWED', 'metaReviews.cannotReopen');
