import { messageText } from '@confero/i18n/catalogue';
import { AOE, addDays, endOfDay } from './event-dates.ts';
import type { EventRow } from './events.queries.ts';

/*
 * The iCalendar (RFC 5545) feed of an event's dates (`docs/domain.md#calendar-feed`): one VEVENT per deadline at the
 * instant it ends (23:59:59 of its date in the event's time zone, written in UTC, so no VTIMEZONE is needed and
 * Anywhere on Earth, which has no IANA name, works like any zone), the notification date and the event itself as
 * all-day VEVENTs. Lines end in CRLF, are folded at 75 octets and their texts escaped; each VEVENT's UID is stable per
 * event and date, so a calendar that subscribed updates the entry when a date moves instead of adding one.
 */

/** When a VEVENT happens: an instant (a deadline), or whole days from `from` to `to` inclusive (YYYY-MM-DD). */
export type CalendarWhen = { instant: Date } | { from: string; to: string };

export type CalendarEntry = {
  /** Unique and stable for this event and date (`<public id>-<kind>@<host>`). */
  uid: string;
  summary: string;
  description?: string;
  url?: string;
  when: CalendarWhen;
};

export type Calendar = {
  /** The calendar's name, shown by clients that read `X-WR-CALNAME`. */
  name: string;
  /** DTSTAMP and LAST-MODIFIED of every entry: when the event last changed. */
  stamp: Date;
  entries: CalendarEntry[];
};

const CRLF = '\r\n';
const MAX_LINE_OCTETS = 75;
const encoder = new TextEncoder();

/** A TEXT value escaped (RFC 5545 §3.3.11): backslash, semicolon and comma get a backslash, line breaks become \n. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/**
 * A content line folded (RFC 5545 §3.1): no line longer than 75 octets of UTF-8, each continuation starting with
 * one space (which counts in its 75); a character is never cut between its bytes.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    if (octets + size > MAX_LINE_OCTETS) {
      parts.push(current);
      current = ` ${char}`;
      octets = 1 + size;
    } else {
      current += char;
      octets += size;
    }
  }
  parts.push(current);
  return parts.join(CRLF);
}

/** An instant as a UTC DATE-TIME (`20300301T115959Z`). */
export function utcDateTime(instant: Date): string {
  return `${instant.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;
}

/** A calendar date as a DATE value (`20300301`). */
const dateValue = (date: string) => date.replace(/-/g, '');

function entryLines(entry: CalendarEntry, stamp: Date): string[] {
  const when =
    'instant' in entry.when
      ? [`DTSTART:${utcDateTime(entry.when.instant)}`]
      : [
          `DTSTART;VALUE=DATE:${dateValue(entry.when.from)}`,
          // DTEND of an all-day entry is exclusive: the day after the last one.
          `DTEND;VALUE=DATE:${dateValue(addDays(entry.when.to, 1))}`,
        ];
  return [
    'BEGIN:VEVENT',
    `UID:${entry.uid}`,
    `DTSTAMP:${utcDateTime(stamp)}`,
    `LAST-MODIFIED:${utcDateTime(stamp)}`,
    ...when,
    `SUMMARY:${escapeText(entry.summary)}`,
    ...(entry.description ? [`DESCRIPTION:${escapeText(entry.description)}`] : []),
    ...(entry.url ? [`URL:${entry.url}`] : []),
    'TRANSP:TRANSPARENT',
    'END:VEVENT',
  ];
}

/** The whole VCALENDAR text: folded lines, each ended by CRLF. */
export function writeCalendar(calendar: Calendar): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Confero//Event deadlines//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(calendar.name)}`,
    ...calendar.entries.flatMap((entry) => entryLines(entry, calendar.stamp)),
    'END:VCALENDAR',
  ];
  return lines.map((line) => foldLine(line) + CRLF).join('');
}

/** The kinds of dates in an event's feed; each names one VEVENT's UID. */
const DEADLINE_KINDS = [
  { kind: 'submission-deadline', field: 'submissionDeadline', key: 'events.calendarSubmissionDeadline' },
  { kind: 'review-deadline', field: 'reviewDeadline', key: 'events.calendarReviewDeadline' },
] as const;

/**
 * An event's dates as a calendar in a language: the submission and review deadlines at the instant they end, the
 * notification date and the event's days. Links point at the event's page in the web app under `publicUrl`.
 */
export function eventCalendar(event: EventRow, options: { publicUrl: string; language: 'en' | 'ar' }): Calendar {
  const { language } = options;
  const base = options.publicUrl.replace(/\/+$/, '');
  const host = new URL(base).hostname || 'confero';
  const url = `${base}/events/${encodeURIComponent(event.publicId)}`;
  const title = event.acronym ? `${event.acronym}: ${event.title}` : event.title;
  const zone = event.timezone === AOE ? messageText('events.calendarAoe', {}, language) : event.timezone;
  const uid = (kind: string) => `${event.publicId}-${kind}@${host}`;
  const deadlines = DEADLINE_KINDS.map(({ kind, field, key }) => ({
    uid: uid(kind),
    summary: messageText(key, { title }, language),
    description: messageText('events.calendarDeadlineDescription', { date: event[field], timezone: zone }, language),
    url,
    // The last second that still counts: the date is over at the end of 23:59:59.
    when: { instant: new Date(endOfDay(event[field], event.timezone).getTime() - 1000) },
  }));
  return {
    name: messageText('events.calendarName', { title }, language),
    stamp: event.updatedAt,
    entries: [
      ...deadlines,
      {
        uid: uid('notification'),
        summary: messageText('events.calendarNotificationDate', { title }, language),
        url,
        when: { from: event.notificationDate, to: event.notificationDate },
      },
      { uid: uid('event'), summary: title, url, when: { from: event.startDate, to: event.endDate } },
    ],
  };
}
