import { describe, expect, it } from 'vitest';
import { addDays, canonicalTimezone, endOfDay, isPast, parseCalendarDate, startOfDay } from './event-dates.ts';

describe('event dates', () => {
  it('parses calendar dates, refusing impossible ones', () => {
    expect(parseCalendarDate('2030-06-10')).toBe('2030-06-10');
    expect(parseCalendarDate(' 2030-06-10T00:00:00.000Z ')).toBe('2030-06-10');
    expect(parseCalendarDate('2028-02-29')).toBe('2028-02-29');
    for (const bad of ['2030-02-30', '2029-02-29', '2030-13-01', '2030-6-1', '06/10/2030', '1899-12-31', 'soon', '']) {
      expect(parseCalendarDate(bad)).toBeUndefined();
    }
  });

  it('adds days across months and years', () => {
    expect(addDays('2030-12-31', 1)).toBe('2031-01-01');
    expect(addDays('2030-03-01', -1)).toBe('2030-02-28');
  });

  it('accepts AoE, UTC and IANA names, canonically', () => {
    expect(canonicalTimezone('aoe')).toBe('AoE');
    expect(canonicalTimezone('UTC')).toBe('UTC');
    expect(canonicalTimezone('Africa/Cairo')).toBe('Africa/Cairo');
    for (const bad of ['Mars/Olympus', '+03:00', 'Cairo', '', 'Europe/../etc'])
      expect(canonicalTimezone(bad)).toBeUndefined();
  });

  it('ends a day at midnight of the next day in the zone', () => {
    expect(endOfDay('2030-06-12', 'AoE').toISOString()).toBe('2030-06-13T12:00:00.000Z');
    expect(endOfDay('2030-06-12', 'UTC').toISOString()).toBe('2030-06-13T00:00:00.000Z');
    expect(endOfDay('2030-06-12', 'Asia/Riyadh').toISOString()).toBe('2030-06-12T21:00:00.000Z');
    // Across a daylight-saving change (Europe/Berlin moves to summer time on 2030-03-31).
    expect(startOfDay('2030-03-31', 'Europe/Berlin').toISOString()).toBe('2030-03-30T23:00:00.000Z');
    expect(endOfDay('2030-03-31', 'Europe/Berlin').toISOString()).toBe('2030-03-31T22:00:00.000Z');
    expect(endOfDay('2030-11-03', 'America/New_York').toISOString()).toBe('2030-11-04T05:00:00.000Z');
  });

  it('tells whether a deadline has passed', () => {
    expect(isPast('2030-06-12', 'AoE', new Date('2030-06-13T11:59:59Z'))).toBe(false);
    expect(isPast('2030-06-12', 'AoE', new Date('2030-06-13T12:00:00Z'))).toBe(true);
  });
});
