import type {
  DiscussionCommentDto,
  DiscussionDto,
  DiscussionFlagDto,
  MyDiscussionPageDto,
  PostCommentBody,
} from '@confero/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/** Query keys of the discussions; a change refreshes the thread, the caller's list and the chair's table. */
export const discussionKeys = {
  all: ['discussion'] as const,
  thread: (submissionId: string) => ['discussion', 'thread', submissionId] as const,
  mine: (params: MyDiscussionParams) => ['discussion', 'mine', params] as const,
};

export type MyDiscussionParams = { flagged?: 'true' | 'false'; page?: number; page_size?: number };

const threadPath = (submissionId: string) => `submissions/${encodeURIComponent(submissionId)}/discussion/`;
const commentPath = (commentId: string) => `discussion/${encodeURIComponent(commentId)}/`;

/** `GET submissions/{id}/discussion/`: the paper's thread, as the reader may know its people. */
export function discussionQuery(submissionId: string) {
  return queryOptions({
    queryKey: discussionKeys.thread(submissionId),
    queryFn: () => api.get<DiscussionDto>(threadPath(submissionId)),
  });
}

/** `GET discussions/?…`: the caller's papers under discussion, flagged first. */
export function myDiscussionsQuery(params: MyDiscussionParams) {
  return queryOptions({
    queryKey: discussionKeys.mine(params),
    queryFn: () => api.get<MyDiscussionPageDto>('discussions/', { query: { ...params } }),
  });
}

/** Refreshes every discussion read and the chair's submissions table (its flag column). */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: discussionKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['progress'] }),
    ]);
}

/** `POST submissions/{id}/discussion/` `{body, mentions}`. */
export function usePostCommentMutation(submissionId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: PostCommentBody) => api.post<DiscussionCommentDto>(threadPath(submissionId), body),
    onSuccess: refresh,
  });
}

/** `PATCH discussion/{comment_id}/` `{body}` (its writer, within 15 minutes). */
export function useEditCommentMutation() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: string }) =>
      api.patch<DiscussionCommentDto>(commentPath(id), { body }),
    onSuccess: refresh,
  });
}

/** `DELETE discussion/{comment_id}/`. */
export function useDeleteCommentMutation() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => api.delete<null>(commentPath(id)),
    onSuccess: refresh,
  });
}

/** `PUT submissions/{id}/discussion/flag/` for one paper or several (the chair's selected rows), each its own call. */
export function useFlagMutation() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ submissionIds, value }: { submissionIds: string[]; value: boolean }) =>
      Promise.all(
        submissionIds.map((id) => api.put<DiscussionFlagDto>(`${threadPath(id)}flag/`, { needs_discussion: value })),
      ),
    onSettled: refresh,
  });
}
