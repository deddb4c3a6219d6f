import type {
  CheckEmailResponse,
  CreateEventBody,
  CreateTrackBody,
  EventDto,
  EventListItemDto,
  EventStatus,
  InviteReviewerBody,
  ResearchAreaCatalogueDto,
  ReviewerAnswerDto,
  ReviewerDto,
  ReviewSettingsPatch,
  RewriteDescriptionDto,
  TrackDto,
  UpdatedEventDto,
  UpdateEventBody,
} from '@confero/contracts';
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '../../lib/api.ts';
import { type EventListSource, eventListPath, InvalidEventListError, readEventList } from './event-lists.ts';

/** Query keys of the events feature; everything under ['events'] is refreshed after a change to an event. */
export const eventKeys = {
  all: ['events'] as const,
  lists: ['events', 'list'] as const,
  list: (source: EventListSource) => ['events', 'list', source] as const,
  detail: (id: string) => ['events', 'detail', id] as const,
  reviewers: (id: string) => ['events', 'reviewers', id] as const,
  researchAreas: ['research-areas'] as const,
};

const eventPath = (id: string) => `events/${encodeURIComponent(id)}/`;

/** One server list: an array, or an object with `results`. */
export async function fetchEventList(source: EventListSource): Promise<EventListItemDto[]> {
  return readEventList(await api.get<unknown>(eventListPath(source)));
}

export function eventListQuery(source: EventListSource) {
  return queryOptions({
    queryKey: eventKeys.list(source),
    queryFn: () => fetchEventList(source),
    // A wrong shape will not change by asking again.
    retry: (failures, error) => !(error instanceof InvalidEventListError) && failures < 2,
  });
}

/** `GET events/{id}/` (id = public id or numeric id). */
export function eventDetailQuery(id: string) {
  return queryOptions({
    queryKey: eventKeys.detail(id),
    queryFn: () => api.get<EventDto>(eventPath(id)),
  });
}

/** `GET events/{id}/reviewers/`: registered reviewers and invitations, for the event's organizers. */
export function eventReviewersQuery(id: string) {
  return queryOptions({
    queryKey: eventKeys.reviewers(id),
    queryFn: () => api.get<ReviewerDto[]>(`${eventPath(id)}reviewers/`),
  });
}

/** `GET research-areas/`: the catalogue never changes while the app runs. */
export function researchAreasQuery() {
  return queryOptions({
    queryKey: eventKeys.researchAreas,
    queryFn: () => api.get<ResearchAreaCatalogueDto>('research-areas/'),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}

/** After a change answered with the event: the detail shows the answer, every list is asked again. */
function storeEvent(queryClient: QueryClient, id: string, event: EventDto) {
  queryClient.setQueryData(eventKeys.detail(id), event);
  if (event.public_id !== id) queryClient.setQueryData(eventKeys.detail(event.public_id), event);
  void queryClient.invalidateQueries({ queryKey: eventKeys.lists });
  void queryClient.invalidateQueries({ queryKey: ['events', 'dashboard'] });
}

/** `POST events/create/`: answers the new event (pending, its creator now its event admin). */
export function useCreateEventMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateEventBody) => api.post<EventDto>('events/create/', body),
    onSuccess: (event) => storeEvent(queryClient, event.public_id, event),
  });
}

/**
 * `PATCH events/{id}/`: fields, time zone, review settings and reminder days; the answer also names the deadlines
 * that moved (`deadlines_changed`).
 */
export function useUpdateEventMutation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateEventBody & { review_settings?: ReviewSettingsPatch }) =>
      api.patch<UpdatedEventDto>(eventPath(id), body),
    onSuccess: (event) => storeEvent(queryClient, id, event),
  });
}

/** `POST events/{id}/approve/`: answers the updated event, which replaces the view. */
export function useApproveEventMutation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<EventDto>(`${eventPath(id)}approve/`, {}),
    onSuccess: (event) => storeEvent(queryClient, id, event),
  });
}

/** `POST events/{id}/reject/` with an optional reason, mailed to the creator. */
export function useRejectEventMutation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => api.post<EventDto>(`${eventPath(id)}reject/`, reason ? { reason } : {}),
    onSuccess: (event) => storeEvent(queryClient, id, event),
  });
}

/** `POST events/{id}/change_status/` {status}. */
export function useChangeEventStatusMutation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (status: EventStatus) => api.post<EventDto>(`${eventPath(id)}change_status/`, { status }),
    onSuccess: (event) => storeEvent(queryClient, id, event),
  });
}

function useRefreshAfterMemberChange(id: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: eventKeys.reviewers(id) }),
      queryClient.invalidateQueries({ queryKey: eventKeys.detail(id) }),
    ]);
}

/** `POST events/{id}/invite_reviewer/` {email, first_name, last_name}; the reviewer list reloads. */
export function useInviteReviewerMutation(id: string) {
  const refresh = useRefreshAfterMemberChange(id);
  return useMutation({
    mutationFn: (body: InviteReviewerBody) => api.post<ReviewerAnswerDto>(`${eventPath(id)}invite_reviewer/`, body),
    onSuccess: refresh,
  });
}

function useRefreshTracks(id: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: eventKeys.detail(id) });
}

/** `POST events/{id}/tracks/`. */
export function useCreateTrackMutation(id: string) {
  const refresh = useRefreshTracks(id);
  return useMutation({
    mutationFn: (body: CreateTrackBody) => api.post<TrackDto>(`${eventPath(id)}tracks/`, body),
    onSuccess: refresh,
  });
}

/** `PATCH events/{id}/tracks/{track_id}/`. */
export function useUpdateTrackMutation(id: string) {
  const refresh = useRefreshTracks(id);
  return useMutation({
    mutationFn: ({ trackId, body }: { trackId: string; body: CreateTrackBody }) =>
      api.patch<TrackDto>(`${eventPath(id)}tracks/${encodeURIComponent(trackId)}/`, body),
    onSuccess: refresh,
  });
}

/** `DELETE events/{id}/tracks/{track_id}/`. */
export function useDeleteTrackMutation(id: string) {
  const refresh = useRefreshTracks(id);
  return useMutation({
    mutationFn: (trackId: string) => api.delete<void>(`${eventPath(id)}tracks/${encodeURIComponent(trackId)}/`),
    onSuccess: refresh,
  });
}

/** `POST ai/rewrite-description/` {event_description} → {rewritten_description, provider}. */
export function useRewriteDescriptionMutation() {
  return useMutation({
    mutationFn: (description: string) =>
      api.post<RewriteDescriptionDto>('ai/rewrite-description/', { event_description: description }),
  });
}

/** `POST users/verify-email/` {email}: whether a user has this address; a 404 counts as "no". */
export async function checkUserEmail(email: string): Promise<{ exists: boolean }> {
  try {
    const answer = await api.post<CheckEmailResponse>('users/verify-email/', { email });
    return { exists: answer.exists === true };
  } catch (error) {
    if (isApiError(error) && error.status === 404) return { exists: false };
    throw error;
  }
}
