import { formatDate } from './format.ts';

/*
 * Deadlines as the server keeps them: a deadline is a calendar date (YYYY-MM-DD) that ends at 23:59:59 of that
 * date in the event's time zone, which is Anywhere on Earth (AoE, UTC−12) unless the event names an IANA zone.
 * Screens show the date, the time it ends and the zone, and decide "passed" the same way the server does.
 */

/** Anywhere on Earth as an IANA zone: UTC−12 all year. */
const AOE_IANA = 'Etc/GMT+12';

/** The zone name of Anywhere on Earth, the zone of events that name none. */
export const AOE = 'AoE';

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** Whether an event's zone is Anywhere on Earth (also when it names none). */
export function isAoe(timezone: string | null | undefined): boolean {
  const zone = (timezone ?? '').trim();
  return !zone || zone.toLowerCase() === 'aoe';
}

/** Today's calendar date (YYYY-MM-DD) in a time zone; in UTC−12 when the zone is unknown. */
export function todayIn(timezone: string | null | undefined, now: Date = new Date()): string {
  const format = (timeZone: string) =>
    new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  try {
    return format(isAoe(timezone) ? AOE_IANA : (timezone ?? '').trim());
  } catch {
    return format(AOE_IANA);
  }
}

/** The calendar date of a deadline (a date, or the date part of a timestamp), or '' when there is none. */
export function deadlineDate(value: string | null | undefined): string {
  const date = (value ?? '').slice(0, 10);
  return DATE_PATTERN.test(date) ? date : '';
}

/** Whether a deadline has passed at `now`: its whole date still counts as before. False when there is no date. */
export function isDeadlinePast(
  value: string | null | undefined,
  timezone: string | null | undefined,
  now: Date = new Date(),
): boolean {
  const date = deadlineDate(value);
  return date !== '' && date < todayIn(timezone, now);
}

/** What a sentence about a deadline shows: its date, the time it ends and its zone, in the interface language. */
export type DeadlineParts = { date: string; time: string; timezone: string };

/**
 * A deadline's parts in a language: its date as every date is shown ("May 1, 2026"), "23:59" and the zone — `aoeLabel` (translated) for Anywhere on
 * Earth, else the IANA name as people read it ("America/New York").
 */
export function deadlineParts(
  value: string | null | undefined,
  timezone: string | null | undefined,
  language: string,
  aoeLabel: string,
): DeadlineParts {
  return {
    date: formatDate(deadlineDate(value), language),
    time: new Intl.DateTimeFormat(language, {
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: 'UTC',
    }).format(new Date(Date.UTC(2000, 0, 1, 23, 59))),
    timezone: isAoe(timezone) ? aoeLabel : (timezone ?? '').trim().replace(/_/g, ' '),
  };
}
