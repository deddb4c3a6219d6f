import { describe, expect, it } from 'vitest';
import { zonedInstant, zonedWallClock, zoneOffsetMs } from './deadlines.ts';

describe('wall-clock times in an event zone', () => {
  it('finds the instant of a time of a date, Anywhere on Earth being a fixed UTC−12', () => {
    expect(zonedInstant('2030-03-01', 'AoE', [23, 59, 59]).toISOString()).toBe('2030-03-02T11:59:59.000Z');
    expect(zonedInstant('2030-03-01', 'Asia/Riyadh').toISOString()).toBe('2030-02-28T21:00:00.000Z');
    expect(zoneOffsetMs('AoE', Date.UTC(2030, 6, 1))).toBe(-12 * 3_600_000);
  });

  it('meets a change of offset on the day itself (summer time starts in Paris on 31 March 2030)', () => {
    expect(zonedInstant('2030-03-31', 'Europe/Paris', [23, 59, 59]).toISOString()).toBe('2030-03-31T21:59:59.000Z');
    expect(zonedInstant('2030-03-31', 'Europe/Paris').toISOString()).toBe('2030-03-30T23:00:00.000Z');
  });

  it('reads a clock in a zone, and refuses a zone the runtime does not know', () => {
    const instant = new Date('2030-03-02T11:59:59Z');
    expect(zonedWallClock(instant, 'AoE')).toEqual({ date: '2030-03-01', time: '23:59:59' });
    expect(zonedWallClock(instant, 'Asia/Tokyo')).toEqual({ date: '2030-03-02', time: '20:59:59' });
    expect(() => zonedWallClock(instant, 'Mars/Olympus')).toThrow(RangeError);
  });
});
