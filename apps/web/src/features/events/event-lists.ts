import { EVENT_STATUSES, type EventListItemDto, type EventStatus, type RoleName } from '@confero/contracts';
import { readPage, writePage } from '../../lib/list-filters.ts';
import type { ListCodec } from '../../lib/use-list-params.ts';

/**
 * The event lists: one server list per role (`events/<name>/`), the paginated `events/` and the admin's `all_events/`.
 */
export const EVENT_LIST_SOURCES = [
  'events',
  'active',
  'my_events',
  'admin_events',
  'chair_events',
  'author_events',
  'reviewer_events',
  'all_events',
] as const;
export type EventListSource = (typeof EVENT_LIST_SOURCES)[number];

/** The list /events shows for the active role; simple users, admins and guests see the open events. */
export function listSourceForRole(role: RoleName | string): EventListSource {
  switch (role) {
    case 'reviewer':
      return 'reviewer_events';
    case 'author':
      return 'author_events';
    case 'event_admin':
      return 'admin_events';
    case 'chair':
      return 'chair_events';
    default:
      return 'active';
  }
}

/** The API path of a list, relative to /api/. */
export function eventListPath(source: EventListSource): string {
  return source === 'events' ? 'events/' : `events/${source}/`;
}

/** The answer was neither an array nor an object with `results`. */
export class InvalidEventListError extends Error {
  constructor() {
    super('Invalid response format from API');
    this.name = 'InvalidEventListError';
  }
}

function isEventLike(value: unknown): value is EventListItemDto {
  if (value === null || typeof value !== 'object') return false;
  const { public_id: publicId, id } = value as Record<string, unknown>;
  return (typeof publicId === 'string' && publicId !== '') || typeof id === 'number' || typeof id === 'string';
}

/**
 * Reads a list answer (an array, or an object with `results` and `count`); entries without a public id or an id cannot
 * be linked to and are skipped.
 */
export function readEventList(data: unknown): EventListItemDto[] {
  const rows = Array.isArray(data)
    ? data
    : data !== null && typeof data === 'object' && Array.isArray((data as { results?: unknown }).results)
      ? (data as { results: unknown[] }).results
      : undefined;
  if (!rows) throw new InvalidEventListError();
  return rows.filter(isEventLike);
}

/** The admin's event list filter, kept in the address (`/admin/events?status=pending`). */
export type AdminEventFilters = { status: EventStatus | null; page: number };

/** How the admin's status filter is kept in the address (`useListParams`); an unknown status reads as all. */
export const ADMIN_EVENT_LIST_CODEC: ListCodec<AdminEventFilters> = {
  parse: (params) => {
    const status = params.get('status');
    return { status: isEventStatus(status) ? status : null, page: readPage(params) };
  },
  toSearch: ({ status, page }) => writePage(new URLSearchParams(status ? { status } : {}), page),
};

/** The lists a user without an event role may switch between on /events. */
export const DEFAULT_ROLE_SOURCES = ['active', 'my_events'] as const satisfies readonly EventListSource[];
export type DefaultRoleSource = (typeof DEFAULT_ROLE_SOURCES)[number];

/** Which of those lists /events shows, kept in the address (`/events?list=my_events`); the open events by default. */
export type EventListFilters = { list: DefaultRoleSource; page: number };

export const EVENT_LIST_CODEC: ListCodec<EventListFilters> = {
  parse: (params) => ({ list: params.get('list') === 'my_events' ? 'my_events' : 'active', page: readPage(params) }),
  toSearch: ({ list, page }) => writePage(new URLSearchParams(list === 'active' ? {} : { list }), page),
};

const isEventStatus = (value: string | null): value is EventStatus =>
  value !== null && (EVENT_STATUSES as readonly string[]).includes(value);
