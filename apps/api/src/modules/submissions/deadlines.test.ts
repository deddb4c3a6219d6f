import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.ts';
import { assertAcceptsSubmissions, isDeadlinePassed, isOpenForSubmissions, submissionClosesAt } from './deadlines.ts';

const event = { status: 'active' as const, submissionDeadline: '2030-03-01', timezone: 'AoE' };

describe('submission deadlines', () => {
  it('end at 23:59:59 of the date Anywhere on Earth (UTC−12)', () => {
    expect(submissionClosesAt(event).toISOString()).toBe('2030-03-02T12:00:00.000Z');
    expect(isDeadlinePassed(event, new Date('2030-03-02T11:59:59.999Z'))).toBe(false);
    expect(isDeadlinePassed(event, new Date('2030-03-02T12:00:00.000Z'))).toBe(true);
  });

  it('follow an IANA time zone when the event names one', () => {
    const riyadh = { ...event, timezone: 'Asia/Riyadh' };
    expect(submissionClosesAt(riyadh).toISOString()).toBe('2030-03-01T21:00:00.000Z');
    expect(isDeadlinePassed(riyadh, new Date('2030-03-01T20:59:59Z'))).toBe(false);
    expect(isDeadlinePassed(riyadh, new Date('2030-03-01T21:00:00Z'))).toBe(true);
  });

  it('open submissions only for approved and active events', () => {
    const before = new Date('2030-02-01T00:00:00Z');
    for (const status of ['approved', 'active'] as const)
      expect(isOpenForSubmissions({ ...event, status }, before)).toBe(true);
    for (const status of ['pending', 'rejected', 'completed', 'cancelled'] as const) {
      expect(isOpenForSubmissions({ ...event, status }, before)).toBe(false);
      const error = (() => {
        try {
          assertAcceptsSubmissions({ ...event, status }, before);
        } catch (caught) {
          return caught;
        }
      })();
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ statusCode: 409, code: 'EVENT_NOT_OPEN' });
    }
    expect(() => assertAcceptsSubmissions(event, new Date('2030-03-03T00:00:00Z'))).toThrow(
      'The submission deadline of this event (2030-03-01, AoE) has passed.',
    );
  });
});
