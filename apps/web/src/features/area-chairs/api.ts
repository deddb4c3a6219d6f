import type {
  AddAreaChairBody,
  AreaChairAnswerDto,
  AreaChairCandidatesDto,
  AreaChairListDto,
  AreaChairSubmissionListDto,
  EventMessageDto,
  InviteReviewerBody,
  RevisitAnswerDto,
  SetAreaChairAnswerDto,
  UpdateReviewerBody,
} from '@confero/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/*
 * Area chairs' calls (`docs/domain.md#area-chair`): an event's area chairs for its organizers, a paper's area chair
 * for its committee, the papers an area chair leads, and a request to a reviewer to revisit their review. A change
 * refreshes every area chair read and the chair's submissions table.
 */

export const areaChairKeys = {
  all: ['area-chairs'] as const,
  ofEvent: (eventId: string, page: number) => ['area-chairs', 'event', eventId, page] as const,
  candidates: (submissionId: string) => ['area-chairs', 'candidates', submissionId] as const,
  mine: (page: number, eventId?: string) => ['area-chairs', 'mine', page, eventId ?? null] as const,
};

/** How many area chairs or papers a page holds. */
export const AREA_CHAIRS_PAGE_SIZE = 25;

const eventPath = (id: string) => `events/${encodeURIComponent(id)}/`;
const submissionPath = (id: string) => `submissions/${encodeURIComponent(id)}/`;

/** `GET events/{id}/area-chairs/`: a page of the event's area chairs with their loads. */
export function eventAreaChairsQuery(eventId: string, page: number) {
  return queryOptions({
    queryKey: areaChairKeys.ofEvent(eventId, page),
    queryFn: () =>
      api.get<AreaChairListDto>(`${eventPath(eventId)}area-chairs/`, {
        query: { page, page_size: AREA_CHAIRS_PAGE_SIZE },
      }),
  });
}

/** `GET submissions/{id}/area-chair-candidates/`: the paper's area chair and the event's, with loads and conflicts. */
export function areaChairCandidatesQuery(submissionId: string) {
  return queryOptions({
    queryKey: areaChairKeys.candidates(submissionId),
    queryFn: () => api.get<AreaChairCandidatesDto>(`${submissionPath(submissionId)}area-chair-candidates/`),
  });
}

/** `GET area-chair/submissions/`: a page of the papers the caller chairs. */
export function myChairedSubmissionsQuery(page: number, eventId?: string) {
  return queryOptions({
    queryKey: areaChairKeys.mine(page, eventId),
    queryFn: () =>
      api.get<AreaChairSubmissionListDto>('area-chair/submissions/', {
        query: { page, page_size: AREA_CHAIRS_PAGE_SIZE, ...(eventId ? { event_id: eventId } : {}) },
      }),
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: areaChairKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['progress'] }),
    ]);
}

/** `POST events/{id}/add_area_chair/` {email, max_papers?}: a registered user becomes an area chair at once. */
export function useAddAreaChairMutation(eventId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: AddAreaChairBody) => api.post<AreaChairAnswerDto>(`${eventPath(eventId)}add_area_chair/`, body),
    onSuccess: refresh,
  });
}

/** `POST events/{id}/invite_area_chair/` {email}: an invitation mailed, pending until answered. */
export function useInviteAreaChairMutation(eventId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: InviteReviewerBody) =>
      api.post<AreaChairAnswerDto>(`${eventPath(eventId)}invite_area_chair/`, body),
    onSuccess: refresh,
  });
}

/**
 * `POST events/{id}/remove_area_chair/`: an area chair by {user_id} (the papers they chaired lose their area chair), or
 * an invitation to an address without an account by {email}.
 */
export function useRemoveAreaChairMutation(eventId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (row: { public_id: string | null; email: string }) =>
      api.post<EventMessageDto>(
        `${eventPath(eventId)}remove_area_chair/`,
        row.public_id ? { user_id: row.public_id } : { email: row.email },
      ),
    onSuccess: refresh,
  });
}

/**
 * `PATCH events/{id}/area-chairs/{user_id}/` {expertise?, max_papers?}: an area chair's grant (a maximum below the
 * papers they chair is refused, 409 MAX_PAPERS_BELOW_LOAD).
 */
export function useUpdateAreaChairMutation(eventId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ userId, body }: { userId: string; body: UpdateReviewerBody }) =>
      api.patch<AreaChairAnswerDto>(`${eventPath(eventId)}area-chairs/${encodeURIComponent(userId)}/`, body),
    onSuccess: refresh,
  });
}

/** `POST submissions/{id}/area-chair/` {user_id}: null clears it. */
export function useSetAreaChairMutation(submissionId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (userId: string | null) =>
      api.post<SetAreaChairAnswerDto>(`${submissionPath(submissionId)}area-chair/`, { user_id: userId }),
    onSuccess: refresh,
  });
}

/** `POST reviews/{id}/revisit/` {message}: the reviewer is mailed. */
export function useRevisitMutation(reviewId: string) {
  return useMutation({
    mutationFn: (message: string) =>
      api.post<RevisitAnswerDto>(`reviews/${encodeURIComponent(reviewId)}/revisit/`, { message }),
  });
}
