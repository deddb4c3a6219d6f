import type {
  BulkApplyDto,
  BulkInviteBody,
  BulkPreviewDto,
  CommitteeReviewerDto,
  EventDto,
  EventMessageDto,
  OrganizerInvitationAnswerDto,
  OrganizerInvitationDto,
  OrganizerRole,
  ReviewerRemovalChoice,
  TrackDto,
  UpdateReviewerAnswerDto,
  UpdateReviewerBody,
} from '@confero/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { eventKeys } from '../events/api.ts';

/*
 * The committee screen's calls. Its lists live under the events feature's keys (the event detail holds the chairs
 * and the tracks, the reviewers list is `eventKeys.reviewers`), so a change here refreshes the event page too.
 */

const eventPath = (id: string) => `events/${encodeURIComponent(id)}/`;

/** `GET events/{id}/reviewers/`: reviewers and invitations, each with their load and completed reviews. */
export function committeeReviewersQuery(id: string) {
  return queryOptions({
    queryKey: [...eventKeys.reviewers(id), 'committee'],
    queryFn: () => api.get<CommitteeReviewerDto[]>(`${eventPath(id)}reviewers/`),
  });
}

function useRefreshCommittee(id: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: eventKeys.reviewers(id) }),
      queryClient.invalidateQueries({ queryKey: eventKeys.detail(id) }),
    ]);
}

/** `GET events/{id}/organizer_invitations/`: chair and event-admin invitations not active yet. */
export function organizerInvitationsQuery(id: string) {
  return queryOptions({
    queryKey: [...eventKeys.detail(id), 'organizer-invitations'],
    queryFn: () => api.get<OrganizerInvitationDto[]>(`${eventPath(id)}organizer_invitations/`),
  });
}

const ORGANIZER_PATHS = {
  chair: { add: 'add_chair/', remove: 'remove_chair/', invite: 'invite_chair/' },
  event_admin: { add: 'add_event_admin/', remove: 'remove_event_admin/', invite: 'invite_event_admin/' },
} as const;

/** `POST events/{id}/add_chair/` or `add_event_admin/` {email}: a registered user takes the role at once. */
export function useAddOrganizerMutation(id: string, role: OrganizerRole) {
  const refresh = useRefreshCommittee(id);
  return useMutation({
    mutationFn: (email: string) => api.post<EventDto>(`${eventPath(id)}${ORGANIZER_PATHS[role].add}`, { email }),
    onSuccess: refresh,
  });
}

/**
 * `POST events/{id}/remove_chair/` or `remove_event_admin/`: a member by {user_id} (the last active one cannot go:
 * 409 LAST_CHAIR, LAST_EVENT_ADMIN), or an invitation by {email}, which cancels it.
 */
export function useRemoveOrganizerMutation(id: string, role: OrganizerRole) {
  const refresh = useRefreshCommittee(id);
  return useMutation({
    mutationFn: (who: { user_id: string } | { email: string }) =>
      api.post<EventDto>(`${eventPath(id)}${ORGANIZER_PATHS[role].remove}`, who),
    onSuccess: refresh,
  });
}

/** `POST events/{id}/invite_chair/` or `invite_event_admin/` {email}: an invitation mailed, pending until answered. */
export function useInviteOrganizerMutation(id: string, role: OrganizerRole) {
  const refresh = useRefreshCommittee(id);
  return useMutation({
    mutationFn: (email: string) =>
      api.post<OrganizerInvitationAnswerDto>(`${eventPath(id)}${ORGANIZER_PATHS[role].invite}`, { email }),
    onSuccess: refresh,
  });
}

/** `PUT events/{id}/tracks/{track_id}/chairs/` {user_ids}: exactly these users chair the track. */
export function useSetTrackChairsMutation(id: string) {
  const refresh = useRefreshCommittee(id);
  return useMutation({
    mutationFn: ({ trackId, userIds }: { trackId: string; userIds: string[] }) =>
      api.put<TrackDto>(`${eventPath(id)}tracks/${encodeURIComponent(trackId)}/chairs/`, { user_ids: userIds }),
    onSuccess: refresh,
  });
}

/** `PATCH events/{id}/reviewers/{user_id}/` {expertise?, max_papers?}. */
export function useUpdateReviewerMutation(id: string) {
  const refresh = useRefreshCommittee(id);
  return useMutation({
    mutationFn: ({ userId, body }: { userId: string; body: UpdateReviewerBody }) =>
      api.patch<UpdateReviewerAnswerDto>(`${eventPath(id)}reviewers/${encodeURIComponent(userId)}/`, body),
    onSuccess: refresh,
  });
}

/**
 * `POST events/{id}/remove_reviewer/`: a reviewer by user id with what becomes of their unfinished reviews, or an
 * invitation without an account by e-mail.
 */
export function useRemoveCommitteeReviewerMutation(id: string) {
  const refresh = useRefreshCommittee(id);
  return useMutation({
    mutationFn: ({ reviewer, reviews }: { reviewer: CommitteeReviewerDto; reviews: ReviewerRemovalChoice | null }) =>
      api.post<EventMessageDto>(
        `${eventPath(id)}remove_reviewer/`,
        reviewer.public_id
          ? { user_id: reviewer.public_id, ...(reviews ? { reviews } : {}) }
          : { email: reviewer.email },
      ),
    onSuccess: refresh,
  });
}

/** `POST events/{id}/reviewers/bulk/preview/`: what each line would become; nothing is written. */
export function useBulkPreviewMutation(id: string) {
  return useMutation({
    mutationFn: (body: BulkInviteBody) => api.post<BulkPreviewDto>(`${eventPath(id)}reviewers/bulk/preview/`, body),
  });
}

/** `POST events/{id}/reviewers/bulk/`: the valid lines are invited and added in the background. */
export function useBulkApplyMutation(id: string) {
  const refresh = useRefreshCommittee(id);
  return useMutation({
    mutationFn: (body: BulkInviteBody) => api.post<BulkApplyDto>(`${eventPath(id)}reviewers/bulk/`, body),
    onSuccess: refresh,
  });
}
