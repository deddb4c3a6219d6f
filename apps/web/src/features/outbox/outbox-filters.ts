import {
  isMailTemplate,
  MAIL_STATUSES,
  type MailStatus,
  type MailTemplate,
  OutboxListQuery,
  PAGE_SIZE_DEFAULT,
} from '@confero/contracts';
import { readPage, writePage } from '../../lib/list-filters.ts';
import type { ListCodec } from '../../lib/use-list-params.ts';

/*
 * The filters of the outbox (`GET admin/outbox/?page=&page_size=&status=&event=&template=`), kept in the page's
 * address so that a filtered view can be shared and survives a reload. A value the API would refuse (an unknown
 * status, a malformed event id, page 0) reads as "no filter" or page 1, so a hand-edited link never breaks the
 * screen.
 */

export const OUTBOX_PAGE_SIZE = PAGE_SIZE_DEFAULT;

export type OutboxFilters = {
  status: MailStatus | null;
  /** An event's public id (or numeric id). */
  event: string | null;
  template: MailTemplate | null;
  page: number;
};

export const EMPTY_OUTBOX_FILTERS: OutboxFilters = { status: null, event: null, template: null, page: 1 };

export const isMailStatus = (value: unknown): value is MailStatus =>
  typeof value === 'string' && (MAIL_STATUSES as readonly string[]).includes(value);

const isEventRef = (value: string) => OutboxListQuery.shape.event.safeParse(value).success;

/** The filters an address holds (`?status=failed&page=2`). */
export function parseOutboxFilters(params: URLSearchParams): OutboxFilters {
  const status = params.get('status');
  const event = params.get('event')?.trim() ?? '';
  const template = params.get('template');
  return {
    status: isMailStatus(status) ? status : null,
    event: event && isEventRef(event) ? event : null,
    template: isMailTemplate(template) ? template : null,
    page: readPage(params),
  };
}

/** The filters that are set, by their query names (the page apart). */
function setFilters(filters: OutboxFilters): [string, string][] {
  return (['status', 'event', 'template'] as const).flatMap((name) => {
    const value = filters[name];
    return value ? [[name, value]] : [];
  });
}

/** The address of some filters: only what is set, page 1 left out. */
export function outboxFiltersToSearch(filters: OutboxFilters): URLSearchParams {
  const params = new URLSearchParams(setFilters(filters));
  return writePage(params, filters.page);
}

export type OutboxListParams = {
  page: number;
  page_size: number;
  status?: MailStatus;
  event?: string;
  template?: MailTemplate;
};

/** The list call's query: the page and its size always, each filter only when set. */
export function outboxListParams(filters: OutboxFilters, pageSize = OUTBOX_PAGE_SIZE): OutboxListParams {
  return {
    page: filters.page,
    page_size: pageSize,
    ...(filters.status ? { status: filters.status } : {}),
    ...retryFailedBody(filters),
  };
}

/**
 * The count call behind "Retry all failed": the failed mails of the screen's event and template, whatever status
 * the screen shows (one row is enough, the answer's count is what matters).
 */
export function failedCountParams(filters: OutboxFilters): OutboxListParams {
  return outboxListParams({ ...filters, status: 'failed', page: 1 }, 1);
}

/** The body of "Retry all failed": the screen's event and template. */
export function retryFailedBody(filters: OutboxFilters): { event?: string; template?: MailTemplate } {
  return {
    ...(filters.event ? { event: filters.event } : {}),
    ...(filters.template ? { template: filters.template } : {}),
  };
}

/** How the outbox's filters are kept in the address (`useListParams`). */
export const OUTBOX_LIST_CODEC: ListCodec<OutboxFilters> = {
  parse: parseOutboxFilters,
  toSearch: outboxFiltersToSearch,
};

export const hasOutboxFilters = (filters: OutboxFilters) => setFilters(filters).length > 0;

/** The translation key of a template's name (`auth.verify_email` → `outbox.templates.auth.verify_email`). */
export const templateLabelKey = (template: MailTemplate) => `outbox.templates.${template}` as const;
