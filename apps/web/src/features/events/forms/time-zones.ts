import { DEFAULT_EVENT_TIMEZONE } from '@confero/contracts';

/** The time zones an event's deadlines can end in: Anywhere on Earth first, then the browser's IANA names. */
export function timeZoneNames(): string[] {
  let names: string[] = [];
  try {
    names = Intl.supportedValuesOf('timeZone');
  } catch {
    names = [];
  }
  return [DEFAULT_EVENT_TIMEZONE, ...(names.includes('UTC') ? [] : ['UTC']), ...names];
}
