import type { MetaReviewDto, SaveMetaReviewBody } from '@confero/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/** Query keys of a paper's meta-review. */
export const metaReviewKeys = {
  all: ['meta-reviews'] as const,
  one: (submissionId: string) => ['meta-reviews', submissionId] as const,
};

const path = (submissionId: string) => `submissions/${encodeURIComponent(submissionId)}/meta-review/`;

/** `GET submissions/{id}/meta-review/`: the paper's meta-review as the caller may read it (404: none for them). */
export function metaReviewQuery(submissionId: string) {
  return queryOptions({
    queryKey: metaReviewKeys.one(submissionId),
    queryFn: () => api.get<MetaReviewDto>(path(submissionId)),
    retry: false,
  });
}

/** `POST submissions/{id}/meta-review/` `{answers, status, version}`: the answer replaces the cached meta-review. */
export function useSaveMetaReviewMutation(submissionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveMetaReviewBody) => api.post<MetaReviewDto>(path(submissionId), body),
    onSuccess: (answer) => queryClient.setQueryData(metaReviewKeys.one(submissionId), answer),
  });
}
