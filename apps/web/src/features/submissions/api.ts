import type {
  EventListItemDto,
  ExtractionResponseDto,
  SubmissionDecision,
  SubmissionDto,
  SubmissionListItemDto,
  SubmissionStatus,
} from '@confero/contracts';
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type UploadProgress } from '../../lib/api.ts';
import { eventKeys, fetchEventList } from '../events/api.ts';
import { isAcceptingSubmissions } from './submission-display.ts';

/** Query keys of the submissions feature; everything under ['submissions'] is refreshed after a change. */
export const submissionKeys = {
  all: ['submissions'] as const,
  lists: ['submissions', 'list'] as const,
  mine: ['submissions', 'list', 'mine'] as const,
  event: (eventId: string) => ['submissions', 'list', 'event', eventId] as const,
  detail: (id: string) => ['submissions', 'detail', id] as const,
  openEvents: ['submissions', 'open-events'] as const,
};

const submissionPath = (id: string) => `submissions/${encodeURIComponent(id)}/`;

/** A list answer (slim rows, `SubmissionListItemDto`) is an array, or an object with `results`. */
export function readSubmissionList(data: unknown): SubmissionListItemDto[] {
  if (Array.isArray(data)) return data as SubmissionListItemDto[];
  if (data !== null && typeof data === 'object' && Array.isArray((data as { results?: unknown }).results)) {
    return (data as { results: SubmissionListItemDto[] }).results;
  }
  return [];
}

/** `GET submissions/my_submissions/`: the submissions the user is an author of. */
export function mySubmissionsQuery() {
  return queryOptions({
    queryKey: submissionKeys.mine,
    queryFn: async () => readSubmissionList(await api.get<unknown>('submissions/my_submissions/')),
  });
}

/** `GET submissions/event_submissions/?event_id={id}`: an event's submissions, for its staff. */
export function eventSubmissionsQuery(eventId: string) {
  return queryOptions({
    queryKey: submissionKeys.event(eventId),
    queryFn: async () =>
      readSubmissionList(await api.get<unknown>('submissions/event_submissions/', { query: { event_id: eventId } })),
  });
}

/** `GET submissions/{id}/`: the detail, with `ai_analysis` for the event's staff and the viewer's abilities. */
export function submissionDetailQuery(id: string) {
  return queryOptions({
    queryKey: submissionKeys.detail(id),
    queryFn: () => api.get<SubmissionDto>(submissionPath(id)),
  });
}

/** The open events one may submit to (`GET events/active/` whose submission deadline has not passed). */
export function openEventsQuery() {
  return queryOptions({
    queryKey: submissionKeys.openEvents,
    queryFn: async (): Promise<EventListItemDto[]> => {
      const now = new Date();
      return (await fetchEventList('active')).filter((event) => isAcceptingSubmissions(event, now));
    },
  });
}

/** After a change answered with the submission: the detail shows the answer, every list is asked again. */
function storeSubmission(queryClient: QueryClient, submission: SubmissionDto, ...aliases: string[]) {
  for (const id of new Set([submission.public_id, String(submission.id), ...aliases])) {
    queryClient.setQueryData(submissionKeys.detail(id), submission);
  }
  void queryClient.invalidateQueries({ queryKey: submissionKeys.lists });
  // Counts on the event pages change too.
  void queryClient.invalidateQueries({ queryKey: eventKeys.all });
}

export type UploadArgs = { data: FormData; onProgress?: (progress: UploadProgress) => void };

/** `POST submissions/` (multipart, with upload progress): answers the new submission. */
export function useCreateSubmissionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ data, onProgress }: UploadArgs) => api.upload<SubmissionDto>('submissions/', data, { onProgress }),
    onSuccess: (submission) => storeSubmission(queryClient, submission),
  });
}

/** `PATCH submissions/{id}/` (multipart, with upload progress): answers the updated submission. */
export function useUpdateSubmissionMutation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ data, onProgress }: UploadArgs) =>
      api.upload<SubmissionDto>(submissionPath(id), data, { method: 'PATCH', onProgress }),
    onSuccess: (submission) => storeSubmission(queryClient, submission, id),
  });
}

/** `DELETE submissions/{id}/`. */
export function useDeleteSubmissionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(submissionPath(id)),
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: submissionKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: submissionKeys.lists });
      void queryClient.invalidateQueries({ queryKey: eventKeys.all });
    },
  });
}

/** `POST submissions/{id}/change_status/` {status}. */
export function useChangeSubmissionStatusMutation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (status: SubmissionStatus) =>
      api.post<SubmissionDto>(`${submissionPath(id)}change_status/`, { status }),
    onSuccess: (submission) => storeSubmission(queryClient, submission, id),
  });
}

/** `POST submissions/{id}/make_decision/` {decision, decision_details}: the authors are mailed. */
export function useMakeDecisionMutation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { decision: SubmissionDecision; decision_details: string }) =>
      api.post<SubmissionDto>(`${submissionPath(id)}make_decision/`, body),
    onSuccess: (submission) => storeSubmission(queryClient, submission, id),
  });
}

/** `POST ai/extract/` (multipart file and event_id, with upload progress): the metadata found in the PDF. */
export function useExtractMutation() {
  return useMutation({
    mutationFn: ({
      file,
      eventId,
      onProgress,
    }: {
      file: File;
      eventId: string;
      onProgress?: (progress: UploadProgress) => void;
    }) => {
      const data = new FormData();
      data.append('event_id', eventId);
      data.append('file', file, file.name);
      return api.upload<ExtractionResponseDto>('ai/extract/', data, { onProgress });
    },
  });
}
