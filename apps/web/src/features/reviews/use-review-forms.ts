import type { ReviewDto, ReviewQuestionDto } from '@confero/contracts';
import { useQueries } from '@tanstack/react-query';
import { reviewFormQuery } from '../review-forms/api.ts';
import { fallbackQuestions } from './review-display.ts';

type FormReview = Pick<ReviewDto, 'form_version' | 'answers'> & {
  submission: { event: { public_id: string } };
};

const versionKey = (review: FormReview) => `${review.submission.event.public_id}:${review.form_version}`;

/**
 * The questions of the form each review was written against (`GET events/{id}/review-form/?version=N`, one call per
 * version whatever the number of reviews). While a version loads, or when it cannot be read, a review is shown with
 * the default form and its answers under their keys (review-display.ts `fallbackQuestions`).
 */
export function useReviewForms(reviews: readonly FormReview[]) {
  const versions = [...new Map(reviews.map((review) => [versionKey(review), review])).values()];
  const results = useQueries({
    queries: versions.map((review) => reviewFormQuery(review.submission.event.public_id, review.form_version)),
  });
  const loaded = new Map<string, readonly ReviewQuestionDto[]>();
  versions.forEach((review, index) => {
    const questions = results[index]?.data?.questions;
    if (questions) loaded.set(versionKey(review), questions);
  });
  return (review: FormReview): readonly ReviewQuestionDto[] =>
    loaded.get(versionKey(review)) ?? fallbackQuestions(review);
}
