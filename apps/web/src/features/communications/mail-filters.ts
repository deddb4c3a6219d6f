import {
  type EventMailTemplateKey,
  isEventMailTemplateKey,
  MAIL_STATUSES,
  type MailStatus,
  PAGE_SIZE_DEFAULT,
} from '@confero/contracts';
import { readPage, writePage } from '../../lib/list-filters.ts';
import type { ListCodec } from '../../lib/use-list-params.ts';

/*
 * The filters of an event's outbox (`GET events/{id}/outbox/?status=&template=&search=&page=`) and the page of its
 * group mails, kept in the address. A value the API would refuse reads as "no filter" or page 1, so a hand-edited
 * link never breaks the screen.
 */

export const MAIL_PAGE_SIZE = PAGE_SIZE_DEFAULT;
export const SEARCH_MAX_LENGTH = 254;

export type EventOutboxFilters = {
  status: MailStatus | null;
  /** The event template the mail was written from. */
  template: EventMailTemplateKey | null;
  search: string;
  page: number;
};

const isMailStatus = (value: unknown): value is MailStatus =>
  typeof value === 'string' && (MAIL_STATUSES as readonly string[]).includes(value);

export function parseEventOutboxFilters(params: URLSearchParams): EventOutboxFilters {
  const status = params.get('status');
  const template = params.get('template');
  return {
    status: isMailStatus(status) ? status : null,
    template: isEventMailTemplateKey(template) ? template : null,
    search: (params.get('search') ?? '').trim().slice(0, SEARCH_MAX_LENGTH),
    page: readPage(params),
  };
}

function setFilters(filters: EventOutboxFilters): [string, string][] {
  return (['status', 'template', 'search'] as const).flatMap((name) => {
    const value = filters[name];
    return value ? [[name, value]] : [];
  });
}

export function eventOutboxFiltersToSearch(filters: EventOutboxFilters): URLSearchParams {
  return writePage(new URLSearchParams(setFilters(filters)), filters.page);
}

export const EVENT_OUTBOX_CODEC: ListCodec<EventOutboxFilters> = {
  parse: parseEventOutboxFilters,
  toSearch: eventOutboxFiltersToSearch,
};

export const hasEventOutboxFilters = (filters: EventOutboxFilters) => setFilters(filters).length > 0;

export type EventOutboxParams = {
  page: number;
  page_size: number;
  status?: MailStatus;
  template?: EventMailTemplateKey;
  search?: string;
};

/** The list call's query: the page and its size, each filter only when set. */
export function eventOutboxParams(filters: EventOutboxFilters): EventOutboxParams {
  return {
    page: filters.page,
    page_size: MAIL_PAGE_SIZE,
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.template ? { template: filters.template } : {}),
    ...(filters.search ? { search: filters.search } : {}),
  };
}

/** The page of the group mails' list (`?page=`). */
export const SENDS_PAGE_CODEC: ListCodec<{ page: number }> = {
  parse: (params) => ({ page: readPage(params) }),
  toSearch: (filters) => writePage(new URLSearchParams(), filters.page),
};
