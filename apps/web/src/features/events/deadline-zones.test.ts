import { describe, expect, it } from 'vitest';
import { deadlineInstant, wallClock } from './deadline-zones.ts';

describe('a deadline in two zones', () => {
  it("ends at 23:59:59 of its date in the event's zone", () => {
    expect(deadlineInstant('2030-03-01', 'AoE')?.toISOString()).toBe('2030-03-02T11:59:59.000Z');
    expect(deadlineInstant('2030-03-01', 'Asia/Riyadh')?.toISOString()).toBe('2030-03-01T20:59:59.000Z');
    expect(deadlineInstant('2030-03-01', 'UTC')?.toISOString()).toBe('2030-03-01T23:59:59.000Z');
    // Summer time: New York is UTC−4 in July.
    expect(deadlineInstant('2030-07-01', 'America/New_York')?.toISOString()).toBe('2030-07-02T03:59:59.000Z');
  });

  it('has no instant without a date or with a zone the browser does not know', () => {
    expect(deadlineInstant(null, 'AoE')).toBeUndefined();
    expect(deadlineInstant('2030-03-01', 'Mars/Olympus')).toBeUndefined();
  });

  it("reads the instant on the viewer's clock, the date included", () => {
    const instant = deadlineInstant('2030-03-01', 'AoE');
    expect(instant && wallClock(instant, 'Europe/Paris')).toEqual({ date: '2030-03-02', time: '12:59' });
    expect(instant && wallClock(instant, 'Etc/GMT+12')).toEqual({ date: '2030-03-01', time: '23:59' });
  });
});
