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
