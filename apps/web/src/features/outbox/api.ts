import type { OutboxMailDto, OutboxPageDto, OutboxRetryFailedDto } from '@confero/contracts';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import type { OutboxListParams } from './outbox-filters.ts';

/** Query keys of the outbox; everything under ['outbox'] is refreshed after a retry. */
export const outboxKeys = {
  all: ['outbox'] as const,
  list: (params: OutboxListParams) => ['outbox', 'list', params] as const,
};

/** `GET admin/outbox/?…`: one page of the outbox (site admins); the previous page stays while the next loads. */
export function outboxListQuery(params: OutboxListParams) {
  return queryOptions({
    queryKey: outboxKeys.list(params),
    queryFn: () => api.get<OutboxPageDto>('admin/outbox/', { query: { ...params } }),
    placeholderData: keepPreviousData,
  });
}

function useRefreshOutbox() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: outboxKeys.all });
}

/** `POST admin/outbox/{id}/retry/`: one mail not sent yet, queued again and due now. */
export function useRetryMailMutation() {
  const refresh = useRefreshOutbox();
  return useMutation({
    mutationFn: (id: number) => api.post<OutboxMailDto>(`admin/outbox/${id}/retry/`),
    onSettled: refresh,
  });
}

/** `POST admin/outbox/retry-failed/` {event?, template?}: every failed mail matching them. */
export function useRetryFailedMutation() {
  const refresh = useRefreshOutbox();
  return useMutation({
    mutationFn: (body: { event?: string; template?: string }) =>
      api.post<OutboxRetryFailedDto>('admin/outbox/retry-failed/', body),
    onSettled: refresh,
  });
}
