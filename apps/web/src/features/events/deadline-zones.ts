import { DEFAULT_EVENT_TIMEZONE, zonedInstant, zonedWallClock } from '@confero/contracts';
import { deadlineDate, isAoe } from '../../components/data/deadline.ts';

/*
 * A deadline in two zones: the event's, where it ends at 23:59:59 of its date (`docs/domain.md#time-zones`), and the
 * viewer's, where that same instant falls at another wall-clock time (maybe another date). Pure, unit-tested.
 */

/** The wall clock of an instant in a zone: YYYY-MM-DD and HH:MM (24 hours). */
export function wallClock(instant: Date, zone: string): { date: string; time: string } {
  const { date, time } = zonedWallClock(instant, zone);
  return { date, time: time.slice(0, 5) };
}

/**
 * The instant a deadline ends: 23:59:59 of its date in the event's zone (`zonedInstant`, as the server reckons it).
 * Undefined without a date or with a zone the browser does not know.
 */
export function deadlineInstant(
  value: string | null | undefined,
  timezone: string | null | undefined,
): Date | undefined {
  const date = deadlineDate(value);
  if (!date) return undefined;
  try {
    return zonedInstant(date, isAoe(timezone) ? DEFAULT_EVENT_TIMEZONE : (timezone ?? '').trim(), [23, 59, 59]);
  } catch {
    return undefined;
  }
}

/** The viewer's own time zone, as the browser reports it. */
export function viewerZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/**
 * A wall-clock time of the event (`YYYY-MM-DDTHH:mm` in its zone, as the response window is kept) and the same
 * instant in the viewer's zone: `yours` is left out when it reads the same, or when the time or a zone is unusable.
 */
export function wallClockZones(
  value: string | null | undefined,
  timezone: string,
  viewerTimeZone: string,
): { date: string; time: string; yours?: { date: string; time: string } } | undefined {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/.exec(value ?? '');
  if (!match) return undefined;
  const [, date = '', hours = '00', minutes = '00'] = match;
  const time = `${hours}:${minutes}`;
  try {
    const zone = isAoe(timezone) ? DEFAULT_EVENT_TIMEZONE : timezone.trim();
    const instant = zonedInstant(date, zone, [Number(hours), Number(minutes), 0]);
    const yours = wallClock(instant, viewerTimeZone);
    return yours.date === date && yours.time === time ? { date, time } : { date, time, yours };
  } catch {
    return { date, time };
  }
}

/** A zone as people read it ("America/New York"). */
export const zoneLabel = (zone: string) => zone.trim().replace(/_/g, ' ');
