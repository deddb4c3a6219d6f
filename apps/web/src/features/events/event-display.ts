import { countryName, EVENT_DEADLINE_FIELDS, type EventDeadlineField } from '@confero/contracts';
import { isDeadlinePast } from '../../components/data/deadline.ts';

/**
 * How events are shown: status colours, the MM/DD/YYYY dates of the detail screen, the location line, the event's link
 * reference and the chairs' submission link. Pure functions, unit-tested.
 */

/** Active and approved green, pending yellow, rejected red; any other status grey. */
export function eventStatusColor(status: string): string {
  switch (status) {
    case 'active':
    case 'approved':
      return 'green';
    case 'pending':
      return 'yellow';
    case 'rejected':
      return 'red';
    default:
      return 'gray';
  }
}

/** Reviewer statuses: active green, pending yellow, anything else red. */
export function reviewerStatusColor(status: string): string {
  if (status === 'active') return 'green';
  if (status === 'pending') return 'yellow';
  return 'red';
}

/** A missing display value is derived from the raw value: underscores become spaces, capitalised. */
export function capitalize(value: string): string {
  const text = value.replace(/_/g, ' ').trim();
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : '';
}

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * A calendar date (`2026-05-01`) or a timestamp as MM/DD/YYYY. Calendar dates are read as they are (no time zone
 * shift); timestamps in the browser's time zone. '' for nothing or a non-date.
 */
export function formatEventDate(value: string | null | undefined): string {
  if (!value) return '';
  const calendar = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (calendar) return `${calendar[2]}/${calendar[3]}/${calendar[1]}`;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${pad(date.getMonth() + 1)}/${pad(date.getDate())}/${date.getFullYear()}`;
}

/** "MM/DD/YYYY – MM/DD/YYYY", one date when both are the same or only one is known. */
export function formatEventDateRange(start: string | null | undefined, end: string | null | undefined): string {
  const from = formatEventDate(start);
  const to = formatEventDate(end);
  if (from && to && from !== to) return `${from} – ${to}`;
  return from || to;
}

export type LocationLike =
  | string
  | null
  | undefined
  | { venue?: string | null; city?: string | null; country?: string | null; country_code?: string | null };

/**
 * The parts of a location (a text, or an object with venue, city, country) — venue, city and the country named in
 * the interface language when its code is known — and what joins them (Arabic joins with '،'). No parts when there
 * is no location, so screens show nothing: an event without a location shows no location line.
 */
export function eventLocationParts(location: LocationLike, language = 'en'): { parts: string[]; separator: string } {
  const separator = language.startsWith('ar') ? '، ' : ', ';
  if (!location) return { parts: [], separator };
  if (typeof location === 'string') return { parts: [location.trim()].filter(Boolean), separator };
  const country = location.country_code ? countryName(location.country_code, language) : (location.country ?? '');
  const parts = [location.venue, location.city, country].map((part) => (part ?? '').trim()).filter(Boolean);
  return { parts, separator };
}

/** The location on one line: "Venue, City, Country"; '' when there is none. */
export function eventLocationText(location: LocationLike, language = 'en'): string {
  const { parts, separator } = eventLocationParts(location, language);
  return parts.join(separator);
}

/** A missing id is derived from the number before the first dash of the public id. */
export function eventIdFromPublicId(publicId: string | null | undefined): number | undefined {
  const match = /^(\d+)-/.exec(publicId ?? '');
  return match ? Number(match[1]) : undefined;
}

/** What links to an event use: its public id, else its id. */
export function eventRef(event: { public_id?: string | null; id?: number | string | null }): string {
  if (event.public_id) return event.public_id;
  if (event.id !== undefined && event.id !== null && event.id !== '') return String(event.id);
  return '';
}

/** The address of an event under a list's base URL (default /events). */
export function eventHref(
  event: { public_id?: string | null; id?: number | string | null },
  baseUrl = '/events',
): string {
  return `${baseUrl.replace(/\/+$/, '')}/${encodeURIComponent(eventRef(event))}`;
}

/** The chairs' submission link: `{host}/events/{public_id}/submit/`. */
export function submissionLink(origin: string, publicId: string): string {
  return `${origin.replace(/\/+$/, '')}/events/${encodeURIComponent(publicId)}/submit/`;
}

/** The deadlines of an event, in their order: submissions close, then reviews (`EVENT_DEADLINE_FIELDS`). */
export const EVENT_DEADLINES = EVENT_DEADLINE_FIELDS;
export type EventDeadline = EventDeadlineField;

export type EventDeadlines = Partial<Record<EventDeadline, string | null>> & { timezone?: string | null };

/**
 * The deadlines of an event that have already passed at `now` (each ends at 23:59:59 of its date in the event's
 * zone): an event created or approved with them is published with no time left to submit or to review.
 */
export function passedDeadlines(event: EventDeadlines, now: Date = new Date()): EventDeadline[] {
  return EVENT_DEADLINES.filter((field) => isDeadlinePast(event[field], event.timezone, now));
}
