import {
  BULK_DECISION_MAX,
  type BulkDecisionBody,
  type BulkDecisionPreviewBody,
  type BulkDecisionResultDto,
  type EventProgressDto,
  PAGE_SIZE_MAX,
  type ReviewerProgressPageDto,
  type ReviewerRemindBody,
  type ReviewerRemindDto,
  type SubmissionTablePageDto,
  type SubmissionTimelineDto,
} from '@confero/contracts';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import type { ReviewerListParams } from './reviewer-filters.ts';
import type { TableListParams } from './table-filters.ts';

const eventPath = (id: string) => `events/${encodeURIComponent(id)}/`;

/** Query keys of progress at a glance; everything under ['progress', event] is refreshed after a decision. */
export const progressKeys = {
  event: (id: string) => ['progress', id] as const,
  summary: (id: string) => ['progress', id, 'summary'] as const,
  reviewers: (id: string, params: ReviewerListParams) => ['progress', id, 'reviewers', params] as const,
  table: (id: string, params: TableListParams) => ['progress', id, 'table', params] as const,
  timeline: (submissionId: string) => ['progress', 'timeline', submissionId] as const,
};

/** `GET events/{id}/progress/`: the event's progress at a glance (organizers). */
export function eventProgressQuery(id: string) {
  return queryOptions({
    queryKey: progressKeys.summary(id),
    queryFn: () => api.get<EventProgressDto>(`${eventPath(id)}progress/`),
  });
}

/** `GET events/{id}/reviewers/progress/?…`: a page of the reviewers' progress; the last page stays while the next loads. */
export function reviewerProgressQuery(id: string, params: ReviewerListParams) {
  return queryOptions({
    queryKey: progressKeys.reviewers(id, params),
    queryFn: () => api.get<ReviewerProgressPageDto>(`${eventPath(id)}reviewers/progress/`, { query: { ...params } }),
    placeholderData: keepPreviousData,
  });
}

/** `GET events/{id}/submissions/table/?…`: a page of the chair's submissions table. */
export function submissionTableQuery(id: string, params: TableListParams) {
  return queryOptions({
    queryKey: progressKeys.table(id, params),
    queryFn: () => api.get<SubmissionTablePageDto>(`${eventPath(id)}submissions/table/`, { query: { ...params } }),
    placeholderData: keepPreviousData,
  });
}

/** `GET submissions/{id}/timeline/`: where a submission stands. */
export function submissionTimelineQuery(submissionId: string) {
  return queryOptions({
    queryKey: progressKeys.timeline(submissionId),
    queryFn: () => api.get<SubmissionTimelineDto>(`submissions/${encodeURIComponent(submissionId)}/timeline/`),
  });
}

/** `POST events/{id}/decisions/preview/`: which papers a decision would change. */
export function useDecisionPreviewMutation(id: string) {
  return useMutation({
    mutationFn: (body: BulkDecisionPreviewBody) =>
      api.post<BulkDecisionResultDto>(`${eventPath(id)}decisions/preview/`, body),
  });
}

/** `POST events/{id}/decisions/`: decides on the papers; the table and the dashboard are read again. */
export function useBulkDecisionMutation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BulkDecisionBody) => api.post<BulkDecisionResultDto>(`${eventPath(id)}decisions/`, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: progressKeys.event(id) }),
  });
}

/** `POST events/{id}/reviewers/remind/`: a reminder to some reviewers, or to every late one. */
export function useRemindReviewersMutation(id: string) {
  return useMutation({
    mutationFn: (body: ReviewerRemindBody) => api.post<ReviewerRemindDto>(`${eventPath(id)}reviewers/remind/`, body),
  });
}

/**
 * Every paper the table's filters match (not the viewer's conflicted ones), for "select all matching": the table's
 * pages of the largest size, at most as many papers as one bulk decision takes.
 */
export async function fetchMatchingPapers(
  id: string,
  params: TableListParams,
): Promise<{ id: string; title: string }[]> {
  const found: { id: string; title: string }[] = [];
  for (let page = 1; found.length < BULK_DECISION_MAX; page += 1) {
    const answer = await api.get<SubmissionTablePageDto>(`${eventPath(id)}submissions/table/`, {
      query: { ...params, page, page_size: PAGE_SIZE_MAX },
    });
    for (const row of answer.results) if (!row.conflicted) found.push({ id: row.id, title: row.title });
    if (!answer.next) break;
  }
  return found.slice(0, BULK_DECISION_MAX);
}
