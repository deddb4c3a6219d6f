import type { MyReviewDto, ReviewAssistantDto, ReviewDto, SubmissionReviewsDto } from '@confero/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { submissionKeys } from '../submissions/api.ts';
import type { ReviewPayload } from './forms/review-form.ts';

/** Query keys of the reviews feature; everything under ['reviews'] is refreshed after a save. */
export const reviewKeys = {
  all: ['reviews'] as const,
  mine: ['reviews', 'mine'] as const,
  detail: (id: string) => ['reviews', 'detail', id] as const,
  /** Every submission's reviews (refreshed after a decision, whatever id the page used). */
  submissions: ['reviews', 'submission'] as const,
  submission: (submissionId: string) => ['reviews', 'submission', submissionId] as const,
};

const reviewPath = (id: string) => `reviews/${encodeURIComponent(id)}/`;

/** `GET reviews/my-reviews/`: every review assigned to the caller, newest first. */
export function myReviewsQuery() {
  return queryOptions({
    queryKey: reviewKeys.mine,
    queryFn: () => api.get<MyReviewDto[]>('reviews/my-reviews/'),
  });
}

/** `GET reviews/{id}/`: one review as the caller may read it. */
export function reviewDetailQuery(id: string) {
  return queryOptions({
    queryKey: reviewKeys.detail(id),
    queryFn: () => api.get<ReviewDto>(reviewPath(id)),
  });
}

/**
 * `GET submissions/{id}/reviews/`: the reviews of a submission filtered for the caller (committee, reviewer, author
 * or none), with the notice of why some are held back and, for the committee, the average and counts.
 */
export function submissionReviewsQuery(submissionId: string) {
  return queryOptions({
    queryKey: reviewKeys.submission(submissionId),
    queryFn: () => api.get<SubmissionReviewsDto>(`submissions/${encodeURIComponent(submissionId)}/reviews/`),
  });
}

export type SaveReviewArgs = { reviewId?: string; payload: ReviewPayload };

/**
 * Saves a review: `PATCH reviews/{id}/` when the review is known (the assignment created it), else
 * `POST reviews/` with the submission. Answers the saved review, with its new `version`.
 */
export function useSaveReviewMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reviewId, payload }: SaveReviewArgs) =>
      reviewId ? api.patch<ReviewDto>(reviewPath(reviewId), payload) : api.post<ReviewDto>('reviews/', payload),
    onSuccess: (review) => {
      queryClient.setQueryData(reviewKeys.detail(review.public_id), review);
      void queryClient.invalidateQueries({ queryKey: reviewKeys.mine });
      void queryClient.invalidateQueries({ queryKey: reviewKeys.submissions });
      void queryClient.invalidateQueries({ queryKey: submissionKeys.all });
    },
  });
}

type AskAssistantArgs = { reviewId: string; payload: ReviewPayload; language: 'en' | 'ar' };

/**
 * `POST reviews/{id}/assistant/?lang=`: suggestions on the draft as the editor holds it, worded in the interface
 * language. Writes nothing, so it refreshes nothing.
 */
export function useReviewAssistantMutation() {
  return useMutation({
    mutationFn: ({ reviewId, payload, language }: AskAssistantArgs) =>
      api.post<ReviewAssistantDto>(`${reviewPath(reviewId)}assistant/?lang=${language}`, payload),
  });
}
