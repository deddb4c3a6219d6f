import { zonedInstant } from '@confero/contracts';

/*
 * Calendar dates and deadlines of events (`docs/domain.md#time-zones`): event dates are calendar dates (YYYY-MM-DD); a
 * deadline ends at 23:59:59 of its date in the event's time zone, which is Anywhere on Earth (UTC−12) unless the event
 * names an IANA zone.
 */

export const AOE = 'AoE';
const DAY_MS = 24 * 60 * 60 * 1000;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/;
const ZONE_PATTERN = /^(?:UTC|[A-Za-z][A-Za-z_-]*(?:\/[A-Za-z0-9_+-]+){1,2})$/;

/**
 * A calendar date from what a client sent: `YYYY-MM-DD`, or an ISO date-time whose date part is taken as is.
 * Undefined when it is not a real date between the years 1900 and 2999.
 */
export function parseCalendarDate(value: string): string | undefined {
  const match = DATE_PATTERN.exec(value.trim());
  if (!match) return undefined;
  const [, y, m, d] = match;
  const year = Number(y);
  const month = Number(m);
  const day = Number(d);
  if (year < 1900 || year > 2999 || month < 1 || month > 12 || day < 1) return undefined;
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) return undefined;
  return `${y}-${m}-${d}`;
}

/** The calendar date `days` after `date` (both YYYY-MM-DD). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The canonical name of a time zone the server understands ('AoE', 'UTC' or an IANA name such as
 * 'Asia/Riyadh'), or undefined. Names are checked against the runtime's time zone database.
 */
export function canonicalTimezone(value: string): string | undefined {
  const name = value.trim();
  if (name.toLowerCase() === 'aoe') return AOE;
  if (!ZONE_PATTERN.test(name)) return undefined;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/** The instant a calendar date starts (00:00:00) in a zone. */
export function startOfDay(date: string, zone: string): Date {
  return zonedInstant(date, zone);
}

/** The instant a date is over in a zone: the start of the next day (so 23:59:59 of `date` still counts). */
export function endOfDay(date: string, zone: string): Date {
  return startOfDay(addDays(date, 1), zone);
}

/** Whether a deadline (a calendar date in the zone) has passed at `now`. */
export function isPast(date: string, zone: string, now: Date = new Date()): boolean {
  return now.getTime() >= endOfDay(date, zone).getTime();
}
