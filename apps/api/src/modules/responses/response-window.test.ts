import { describe, expect, it } from 'vitest';
import type { AppError } from '../../lib/errors.ts';
import type { SubmissionBundle } from '../submissions/submissions.queries.ts';
import { checkResponseSave } from './responses.service.ts';

/*
 * The response window's boundaries at a fixed now: open from `opens_at` (included) to `closes_at` (excluded), both
 * wall-clock times in the event's zone (Asia/Riyadh, UTC+3: 09:00 there is 06:00 UTC).
 */

const paper = {
  decision: 'pending',
  event: {
    timezone: 'Asia/Riyadh',
    responseEnabled: true,
    responseOpensAt: '2040-03-01T09:00',
    responseClosesAt: '2040-03-05T18:00',
    responseWordLimit: 3,
  },
} as unknown as SubmissionBundle;

const OPENS = Date.parse('2040-03-01T06:00:00Z');
const CLOSES = Date.parse('2040-03-05T15:00:00Z');

function refusal(at: number, body = 'A short answer'): string | undefined {
  try {
    checkResponseSave(paper, { body, status: 'submitted' }, new Date(at));
    return undefined;
  } catch (error) {
    return (error as AppError).extra?.message_code as string;
  }
}

describe('the response window at a fixed now', () => {
  it.each([
    ['a minute before it opens', OPENS - 60_000, 'responses.windowNotOpenYet'],
    ['a millisecond before it opens', OPENS - 1, 'responses.windowNotOpenYet'],
    ['the instant it opens', OPENS, undefined],
    ['a millisecond before it closes', CLOSES - 1, undefined],
    ['the instant it closes', CLOSES, 'responses.windowClosed'],
    ['an hour after it closed', CLOSES + 3_600_000, 'responses.windowClosed'],
  ])('%s: %s', (_name, at, expected) => {
    expect(refusal(at)).toBe(expected);
  });

  it('counts the words against the limit inside the window, in English and Arabic', () => {
    expect(refusal(OPENS, 'one two three')).toBeUndefined();
    expect(refusal(OPENS, 'one two three four')).toBe('responses.tooManyWords');
    expect(refusal(OPENS, 'شكرًا للمحكّمين الكرام')).toBeUndefined();
    expect(refusal(OPENS, 'شكرًا جزيلًا للمحكّمين الكرام')).toBe('responses.tooManyWords');
  });
});
