import type { AuditPageDto } from '@confero/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import type { AuditListParams } from './audit-filters.ts';

/** Query keys of the audit logs: an event's and the platform's. */
export const auditKeys = {
  event: (eventId: string, params: AuditListParams) => ['audit', 'event', eventId, params] as const,
  platform: (params: AuditListParams) => ['audit', 'platform', params] as const,
};

/** `GET events/{id}/audit/?…`: one page of an event's audit log (its committee). */
export function eventAuditQuery(eventId: string, params: AuditListParams) {
  return queryOptions({
    queryKey: auditKeys.event(eventId, params),
    queryFn: () => api.get<AuditPageDto>(`events/${encodeURIComponent(eventId)}/audit/`, { query: { ...params } }),
    placeholderData: keepPreviousData,
  });
}

/** `GET admin/audit/?…`: one page of the platform's audit log (site admins). */
export function platformAuditQuery(params: AuditListParams) {
  return queryOptions({
    queryKey: auditKeys.platform(params),
    queryFn: () => api.get<AuditPageDto>('admin/audit/', { query: { ...params } }),
    placeholderData: keepPreviousData,
  });
}
