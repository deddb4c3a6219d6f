import type {
  ApplyAssignmentDto,
  AssignmentMode,
  AssignmentPreviewCreatedDto,
  AssignmentPreviewDto,
  AssignmentRole,
} from '@confero/contracts';
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '../../lib/api.ts';
import { eventKeys } from '../events/api.ts';
import { reviewKeys } from '../reviews/api.ts';
import { submissionKeys } from '../submissions/api.ts';
import { ASSIGNMENT_ROLE_PATHS } from './assignment-role.ts';
import { isPreviewActive, PREVIEW_POLL_MS } from './auto-display.ts';

/**
 * Query keys of the automatic assignment; a preview lives under ['assignment', 'preview', event, preview], and the
 * latest of each role (reviewers, area chairs) under ['assignment', 'latest', event, role].
 */
export const autoAssignmentKeys = {
  all: ['assignment'] as const,
  previews: ['assignment', 'preview'] as const,
  preview: (eventId: string, previewId: string) => ['assignment', 'preview', eventId, previewId] as const,
  latest: (eventId: string, role: AssignmentRole = 'reviewer') => ['assignment', 'latest', eventId, role] as const,
};

/** `events/{id}/assignment/` (reviewers) or `events/{id}/area-chair-assignment/` (area chairs). */
const assignmentPath = (eventId: string, role: AssignmentRole) =>
  `events/${encodeURIComponent(eventId)}/${ASSIGNMENT_ROLE_PATHS[role]}/`;
const previewPath = (eventId: string, previewId: string, role: AssignmentRole) =>
  `${assignmentPath(eventId, role)}preview/${encodeURIComponent(previewId)}/`;

/**
 * `GET events/{id}/assignment/preview/{preview_id}/`: status and progress, then the result. Asked again every
 * second while the job is queued or running, and no more once it is done, failed or applied (or the call fails).
 */
export function assignmentPreviewQuery(eventId: string, previewId: string, role: AssignmentRole = 'reviewer') {
  return queryOptions({
    queryKey: autoAssignmentKeys.preview(eventId, previewId),
    queryFn: () => api.get<AssignmentPreviewDto>(previewPath(eventId, previewId, role)),
    refetchInterval: (query) =>
      query.state.status !== 'error' && isPreviewActive(query.state.data?.status) ? PREVIEW_POLL_MS : false,
    // A finished preview changes only when it is applied, which this screen does itself.
    staleTime: (query) => (isPreviewActive(query.state.data?.status) ? 0 : Number.POSITIVE_INFINITY),
  });
}

/** Whether the API said the event has no preview of the role at all (404 `assignments.noPreview` or its area chairs' twin). */
const NO_PREVIEW_CODES = new Set<unknown>(['assignments.noPreview', 'assignments.noAreaChairPreview']);

function isNoPreview(error: unknown): boolean {
  if (!isApiError(error) || error.status !== 404) return false;
  const body = error.body;
  return (
    typeof body === 'object' && body !== null && NO_PREVIEW_CODES.has((body as { message_code?: unknown }).message_code)
  );
}

/**
 * `GET events/{id}/assignment/preview/` (or area-chair-assignment's): the event's latest preview of the role not discarded (whatever its status), so a chair
 * coming back without `?preview=` finds it; null when the event has none. Any other failure is an error.
 */
export function latestPreviewQuery(eventId: string, role: AssignmentRole = 'reviewer') {
  return queryOptions({
    queryKey: autoAssignmentKeys.latest(eventId, role),
    queryFn: async (): Promise<AssignmentPreviewDto | null> => {
      try {
        return await api.get<AssignmentPreviewDto>(`${assignmentPath(eventId, role)}preview/`);
      } catch (error) {
        if (isNoPreview(error)) return null;
        throw error;
      }
    },
  });
}

/**
 * `POST events/{id}/assignment/preview/` {mode}: starts the job; 202 with the new preview's id and status. The new
 * preview is the event's latest from now on.
 */
export function useStartPreviewMutation(eventId: string, role: AssignmentRole = 'reviewer') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mode: AssignmentMode) =>
      api.post<AssignmentPreviewCreatedDto>(`${assignmentPath(eventId, role)}preview/`, { mode }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: autoAssignmentKeys.latest(eventId, role) });
    },
  });
}

/**
 * `DELETE events/{id}/assignment/preview/{preview_id}/`: discards a preview (nothing was assigned from it; an
 * applied preview is refused with 409 and kept).
 */
export function useDiscardPreviewMutation(eventId: string, role: AssignmentRole = 'reviewer') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (previewId: string) => api.delete<void>(previewPath(eventId, previewId, role)),
    onSuccess: (_, previewId) => {
      queryClient.removeQueries({ queryKey: autoAssignmentKeys.preview(eventId, previewId) });
      queryClient.removeQueries({ queryKey: autoAssignmentKeys.latest(eventId, role) });
    },
  });
}

/**
 * `POST events/{id}/assignment/apply/` {preview_id, mode}: creates the new assignments (409 STALE_PREVIEW when the
 * event's assignments or conflicts changed since). Afterwards the preview (now applied), the event, its
 * submissions, the candidate lists and the caller's reviews are asked again.
 */
export function useApplyAssignmentMutation(eventId: string, role: AssignmentRole = 'reviewer') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ previewId, mode }: { previewId: string; mode: AssignmentMode }) =>
      api.post<ApplyAssignmentDto>(`${assignmentPath(eventId, role)}apply/`, { preview_id: previewId, mode }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: autoAssignmentKeys.all });
      void queryClient.invalidateQueries({ queryKey: eventKeys.detail(eventId) });
      void queryClient.invalidateQueries({ queryKey: submissionKeys.all });
      void queryClient.invalidateQueries({ queryKey: reviewKeys.all });
    },
  });
}

/**
 * Discards a preview the screen no longer shows (replaced by a new one), without telling anyone: it cannot be
 * reached again anyway, and a failure (already gone, or applied meanwhile and so kept) changes nothing.
 */
export async function discardReplacedPreview(
  queryClient: QueryClient,
  eventId: string,
  previewId: string,
  role: AssignmentRole = 'reviewer',
) {
  queryClient.removeQueries({ queryKey: autoAssignmentKeys.preview(eventId, previewId) });
  try {
    await api.delete<void>(previewPath(eventId, previewId, role));
  } catch {
    // Already discarded or applied elsewhere: nothing to do.
  }
}
