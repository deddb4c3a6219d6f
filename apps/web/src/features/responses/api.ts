import type { AuthorResponseDto, CommitteeResponsesDto, PutResponseBody, ReviewHistoryDto } from '@confero/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/** Query keys of the author response: the authors' view, the committee's, and a review's history. */
export const responseKeys = {
  all: ['responses'] as const,
  author: (submissionId: string) => ['responses', 'author', submissionId] as const,
  committee: (submissionId: string) => ['responses', 'committee', submissionId] as const,
  history: (reviewId: string) => ['responses', 'history', reviewId] as const,
};

const submissionPath = (submissionId: string, leaf: 'response' | 'responses') =>
  `submissions/${encodeURIComponent(submissionId)}/${leaf}/`;

/** `GET submissions/{id}/response/`: the phase, the reviews released to the authors, and their response. */
export function authorResponseQuery(submissionId: string) {
  return queryOptions({
    queryKey: responseKeys.author(submissionId),
    queryFn: () => api.get<AuthorResponseDto>(submissionPath(submissionId, 'response')),
  });
}

/** `GET submissions/{id}/responses/`: the submitted response and the reviews changed after it (the committee). */
export function committeeResponsesQuery(submissionId: string) {
  return queryOptions({
    queryKey: responseKeys.committee(submissionId),
    queryFn: () => api.get<CommitteeResponsesDto>(submissionPath(submissionId, 'responses')),
  });
}

/** `GET reviews/{id}/history/`: a review's revisions with what changed, as the reader may read them. */
export function reviewHistoryQuery(reviewId: string) {
  return queryOptions({
    queryKey: responseKeys.history(reviewId),
    queryFn: () => api.get<ReviewHistoryDto>(`reviews/${encodeURIComponent(reviewId)}/history/`),
  });
}

/** `PUT submissions/{id}/response/` `{body, status, version}`: the answer replaces the authors' view in the cache. */
export function useSaveResponseMutation(submissionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PutResponseBody) => api.put<AuthorResponseDto>(submissionPath(submissionId, 'response'), body),
    onSuccess: (answer) => queryClient.setQueryData(responseKeys.author(submissionId), answer),
  });
}
