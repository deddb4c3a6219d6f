/**
 * Meta-reviews (`docs/domain.md#meta-review`): the area chair's summary of a paper's reviews, written against the
 * event's meta-review form (a form of the same shape as the review form, review-form.ts). The DTOs, the default form
 * and the inputs live here too.
 */

export const META_REVIEW_STATUSES = ['in_progress', 'completed'] as const;
export type MetaReviewStatus = (typeof META_REVIEW_STATUSES)[number];

/** The default form's `recommendation` choices; a chair's bulk decision "follow the meta-review" reads them. */
export const META_RECOMMENDATIONS = ['accept', 'reject', 'revision'] as const;
export type MetaRecommendation = (typeof META_RECOMMENDATIONS)[number];
