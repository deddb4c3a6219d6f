import { AdminAuditQuery, PAGE_SIZE_DEFAULT } from '@confero/contracts';
import { readPage, writePage } from '../../lib/list-filters.ts';
import type { ListCodec } from '../../lib/use-list-params.ts';

/*
 * The filters of an audit log (`?action=&entity=&actor=&from=&to=&event=&page=`), kept in the address so a filtered
 * view can be shared and survives a reload. A value the API would refuse (a malformed id or date) reads as "no
 * filter", so a hand-edited link never breaks the screen.
 */

export const AUDIT_PAGE_SIZE = PAGE_SIZE_DEFAULT;

export const AUDIT_FILTER_NAMES = ['action', 'entity', 'actor', 'from', 'to', 'event'] as const;
export type AuditFilterName = (typeof AUDIT_FILTER_NAMES)[number];

export type AuditFilters = Record<AuditFilterName, string | null> & { page: number };

export const EMPTY_AUDIT_FILTERS: AuditFilters = {
  action: null,
  entity: null,
  actor: null,
  from: null,
  to: null,
  event: null,
  page: 1,
};

const accepts = (name: AuditFilterName, value: string) => AdminAuditQuery.shape[name].safeParse(value).success;

/** The filters an address holds (`?action=event.updated&page=2`). */
export function parseAuditFilters(params: URLSearchParams): AuditFilters {
  const filters = { ...EMPTY_AUDIT_FILTERS, page: readPage(params) };
  for (const name of AUDIT_FILTER_NAMES) {
    const value = params.get(name)?.trim() ?? '';
    filters[name] = value && accepts(name, value) ? value : null;
  }
  return filters;
}

/** The filters that are set, by their query names (the page apart). */
function setFilters(filters: AuditFilters): [string, string][] {
  return AUDIT_FILTER_NAMES.flatMap((name) => {
    const value = filters[name];
    return value ? [[name, value]] : [];
  });
}

/** The address of some filters: only what is set, page 1 left out. */
export function auditFiltersToSearch(filters: AuditFilters): URLSearchParams {
  return writePage(new URLSearchParams(setFilters(filters)), filters.page);
}

export type AuditListParams = { page: number; page_size: number } & Partial<Record<AuditFilterName, string>>;

/** The list call's query: the page and its size always, each filter only when set. */
export function auditListParams(filters: AuditFilters): AuditListParams {
  return { page: filters.page, page_size: AUDIT_PAGE_SIZE, ...Object.fromEntries(setFilters(filters)) };
}

export const hasAuditFilters = (filters: AuditFilters) => setFilters(filters).length > 0;

/** How an audit log's filters are kept in the address (`useListParams`). */
export const AUDIT_LIST_CODEC: ListCodec<AuditFilters> = { parse: parseAuditFilters, toSearch: auditFiltersToSearch };
