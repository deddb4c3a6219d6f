import type {
  ConflictCheckBody,
  ConflictCheckDto,
  ConflictPageDto,
  DeclareConflictBody,
  DeclaredConflictAnswerDto,
  DeclaredConflictListDto,
} from '@confero/contracts';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { submissionKeys } from '../submissions/api.ts';
import type { ConflictListParams } from './conflict-filters.ts';

/**
 * Query keys of the conflicts feature. Everything under ['conflicts', eventId] is refreshed after a conflict of
 * that event is added or lifted.
 */
export const conflictKeys = {
  all: ['conflicts'] as const,
  event: (eventId: string) => ['conflicts', eventId] as const,
  list: (eventId: string, params: ConflictListParams) => ['conflicts', eventId, 'list', params] as const,
  /** What the caller declared on one submission: under the event, so declaring and withdrawing refresh it. */
  declared: (eventId: string, submissionId: string) => ['conflicts', eventId, 'declared', submissionId] as const,
};

const conflictsPath = (eventId: string) => `events/${encodeURIComponent(eventId)}/conflicts/`;

/**
 * `GET events/{id}/conflicts/?page=&page_size=&type=&source=&submission=&user=`: one page of the event's
 * conflicts of interest with their reasons (the server brings detection up to date first). The previous page
 * stays on screen while the next one loads.
 */
export function eventConflictsQuery(eventId: string, params: ConflictListParams) {
  return queryOptions({
    queryKey: conflictKeys.list(eventId, params),
    queryFn: () =>
      api.get<ConflictPageDto>(conflictsPath(eventId), {
        query: { ...params },
      }),
    placeholderData: keepPreviousData,
  });
}

/**
 * `GET submissions/{id}/declared-conflicts/`: the conflicts of interest the caller (an author of the submission)
 * declared on it, oldest first, with the person each names. Kept under the submission's event, so declaring one
 * (`useDeclareConflictMutation`) and withdrawing one (`useWithdrawConflictMutation`, `useLiftConflictMutation`)
 * refresh it.
 */
export function declaredConflictsQuery(eventId: string, submissionId: string) {
  return queryOptions({
    queryKey: conflictKeys.declared(eventId, submissionId),
    queryFn: () =>
      api.get<DeclaredConflictListDto>(`submissions/${encodeURIComponent(submissionId)}/declared-conflicts/`),
  });
}

/**
 * After a conflict changed: the event's conflict lists, and the submissions (a new conflict removes an untouched
 * assignment of the pair, so reviewer lists and candidates change too).
 */
function useRefreshAfterConflictChange(eventId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: conflictKeys.event(eventId) }),
      queryClient.invalidateQueries({ queryKey: submissionKeys.all }),
    ]);
}

/**
 * `POST events/{id}/conflicts/` {submission_id, user_id | email, type, reason}: chairs for anyone of the event, an
 * author for their own submission. Answers the conflict (an existing one of the pair as it is).
 */
export function useDeclareConflictMutation(eventId: string) {
  const refresh = useRefreshAfterConflictChange(eventId);
  return useMutation({
    mutationFn: (body: DeclareConflictBody) => api.post<DeclaredConflictAnswerDto>(conflictsPath(eventId), body),
    onSuccess: refresh,
  });
}

/**
 * `DELETE events/{id}/conflicts/{conflict_id}/`: the committee lifts a conflict (a detected one is then never
 * detected again for the pair) or its declarer withdraws it; logged either way. Authorship cannot be lifted (409).
 */
export function useLiftConflictMutation(eventId: string) {
  const refresh = useRefreshAfterConflictChange(eventId);
  return useMutation({
    mutationFn: (conflictId: number) => api.delete<void>(`${conflictsPath(eventId)}${conflictId}/`),
    onSuccess: refresh,
  });
}

/**
 * `POST events/{id}/conflicts/check/` {email, affiliation?}: which submissions of the event a candidate would
 * conflict with, before inviting them. Nothing is stored, so nothing is refreshed.
 */
export function useCheckCandidateMutation(eventId: string) {
  return useMutation({
    mutationFn: (body: ConflictCheckBody) => api.post<ConflictCheckDto>(`${conflictsPath(eventId)}check/`, body),
  });
}

/**
 * `DELETE events/{id}/conflicts/{conflict_id}/` as the author who declared the conflict: withdraws it (logged).
 * The lists are refreshed whatever the answer, so one a chair lifted meanwhile (404) leaves the screen too.
 */
export function useWithdrawConflictMutation(eventId: string) {
  const refresh = useRefreshAfterConflictChange(eventId);
  return useMutation({
    mutationFn: (conflictId: number) => api.delete<void>(`${conflictsPath(eventId)}${conflictId}/`),
    onSettled: refresh,
  });
}
