import type { AssignmentDto, CandidatesDto } from '@confero/contracts';
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { reviewKeys } from '../reviews/api.ts';
import { submissionKeys } from '../submissions/api.ts';

/**
 * Query keys of the manual assignment screen, under ['assignment'] (the automatic assignment keeps its own keys in
 * auto-api.ts). Every submission's candidates are refreshed after an assignment changes, since loads are per event.
 */
export const assignmentKeys = {
  all: ['assignment'] as const,
  candidates: ['assignment', 'candidates'] as const,
  candidatesOf: (submissionId: string) => ['assignment', 'candidates', submissionId] as const,
};

const submissionPath = (id: string) => `submissions/${encodeURIComponent(id)}/`;

/**
 * `GET submissions/{id}/reviewer-candidates/`: every active reviewer of the event with affinity, bid, load against
 * max_papers, assignment and conflict of interest. The committee only (403 otherwise, also for a conflicted chair).
 */
export function candidatesQuery(submissionId: string) {
  return queryOptions({
    queryKey: assignmentKeys.candidatesOf(submissionId),
    queryFn: () => api.get<CandidatesDto>(`${submissionPath(submissionId)}reviewer-candidates/`),
  });
}

/** After an assignment changed: the candidates (loads and counts), the submissions' lists and the reviews. */
function refreshAfterChange(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: assignmentKeys.candidates });
  void queryClient.invalidateQueries({ queryKey: submissionKeys.all });
  void queryClient.invalidateQueries({ queryKey: reviewKeys.all });
}

export type AssignArgs = { reviewerId: string; force?: boolean };

/**
 * `POST submissions/{id}/assign/` {reviewer_id, force?}: assigns a reviewer, who is e-mailed. 409 for a conflict of
 * interest, an existing assignment, or a reviewer at max_papers without `force`.
 */
export function useAssignMutation(submissionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reviewerId, force }: AssignArgs) =>
      api.post<AssignmentDto>(`${submissionPath(submissionId)}assign/`, {
        reviewer_id: reviewerId,
        ...(force ? { force: true } : {}),
      }),
    onSettled: () => refreshAfterChange(queryClient),
  });
}

/**
 * `DELETE submissions/{id}/assign/{reviewer_id}/`: removes an assignment and its unsubmitted review (a draft is
 * deleted with it); 409 when the review is already submitted, 404 when the reviewer is not assigned.
 */
export function useUnassignMutation(submissionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reviewerId: string) =>
      api.delete<void>(`${submissionPath(submissionId)}assign/${encodeURIComponent(reviewerId)}/`),
    onSettled: () => refreshAfterChange(queryClient),
  });
}
