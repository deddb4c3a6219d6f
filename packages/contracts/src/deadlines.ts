/*
 * Wall-clock times of calendar dates in an event's time zone, shared by the API, which decides when a deadline has
 * passed, and the web app, which shows it in the viewer's zone too (`docs/domain.md#time-zones`). A zone is 'AoE'
 * (Anywhere on Earth, a fixed UTC−12, the default) or a name of the runtime's zone database.
 */

/** Anywhere on Earth, the zone of events that name none. */
const AOE = 'AoE';
const AOE_OFFSET_MS = -12 * 60 * 60 * 1000;
/** Anywhere on Earth as the zone database names it: UTC−12 all year. */
const AOE_IANA = 'Etc/GMT+12';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** A wall-clock reading: the calendar date (YYYY-MM-DD) and the time (HH:MM:SS, 24 hours). */
export type WallClock = { date: string; time: string };

/**
 * What a clock in a zone reads at an instant (an IANA name; 'AoE' is read as UTC−12). Throws a RangeError for a zone
 * the runtime does not know.
 */
export function zonedWallClock(instant: Date, zone: string): WallClock {
  const parts: Record<string, string> = {};
  for (const part of formatterFor(zone === AOE ? AOE_IANA : zone).formatToParts(instant)) {
    parts[part.type] = part.value;
  }
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}:${parts.second}`,
  };
}

/**
 * The offset of a zone from UTC at an instant, in milliseconds (positive east of Greenwich); 'AoE' is a fixed UTC−12.
 * Throws a RangeError for a zone the runtime does not know.
 */
export function zoneOffsetMs(zone: string, instant: number): number {
  if (zone === AOE) return AOE_OFFSET_MS;
  const { date, time } = zonedWallClock(new Date(instant), zone);
  const [y, m, d] = date.split('-').map(Number);
  const [hh, mm, ss] = time.split(':').map(Number);
  const wall = Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1, hh ?? 0, mm ?? 0, ss ?? 0);
  return wall - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant a wall-clock time (hours, minutes, seconds; midnight by default) of a calendar date (YYYY-MM-DD) is in
 * a zone. The offset is read twice, at the first guess and at the instant found, so a change of offset that day
 * (summer time) is met.
 */
export function zonedInstant(date: string, zone: string, time: readonly [number, number, number] = [0, 0, 0]): Date {
  const [y, m, d] = date.split('-').map(Number);
  const wall = Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1, time[0], time[1], time[2]);
  const first = wall - zoneOffsetMs(zone, wall);
  return new Date(wall - zoneOffsetMs(zone, first));
}
