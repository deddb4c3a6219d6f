import { describe, expect, it } from 'vitest';
import { eventDto } from '../../../test/fixtures.ts';
import { wallClockZones } from '../deadline-zones.ts';
import { eventFormValuesOf, responsePhaseProblem, toUpdateEventBody } from './event-form.ts';

/* The response phase in the event form: its rules in the server's order, its patch, and its times in two zones. */

const values = eventFormValuesOf(eventDto());

describe('responsePhaseProblem', () => {
  it.each([
    ['nothing when the phase is off and empty', {}, null],
    [
      'the opening time of a phase turned on',
      { responseEnabled: true },
      ['responseOpensAt', 'responses.opensAtRequired'],
    ],
    [
      'the closing time of a phase turned on',
      { responseEnabled: true, responseOpensAt: '2099-06-10T09:00' },
      ['responseClosesAt', 'responses.closesAtRequired'],
    ],
    [
      'a window closing when it opens',
      { responseOpensAt: '2099-06-10T09:00', responseClosesAt: '2099-06-10T09:00' },
      ['responseClosesAt', 'responses.closesNotAfterOpens'],
    ],
    [
      'a time with seconds',
      { responseOpensAt: '2099-06-10T09:00:00' },
      ['responseOpensAt', 'responses.dateTimeInvalid'],
    ],
    ['an empty word limit', { responseWordLimit: '' }, ['responseWordLimit', 'responses.wordLimitInvalid']],
    ['a word limit over 5000', { responseWordLimit: 5001 }, ['responseWordLimit', 'responses.wordLimitInvalid']],
  ])('asks for %s', (_name, changes, expected) => {
    const problem = responsePhaseProblem({ ...values, ...changes });
    expect(problem ? [problem.field, problem.key] : null).toEqual(expected);
  });
});

describe('toUpdateEventBody', () => {
  it('sends only the changed parts of the phase, a cleared time as null, and the discussion setting', () => {
    const initial = { ...values, responseOpensAt: '2099-06-10T09:00', responseClosesAt: '2099-06-11T09:00' };
    expect(toUpdateEventBody({ ...initial, responseClosesAt: '', responseWordLimit: 200 }, initial)).toEqual({
      response_phase: { closes_at: null, word_limit: 200 },
    });
    expect(toUpdateEventBody({ ...initial, discussionReviewersSee: 'always' }, initial)).toEqual({
      discussion: { reviewers_see: 'always' },
    });
    expect(toUpdateEventBody(initial, initial)).toEqual({});
  });
});

describe('wallClockZones', () => {
  it('gives the viewer’s time of a window time kept in the event’s zone, or none when it reads the same', () => {
    expect(wallClockZones('2099-06-10T09:00', 'Asia/Tokyo', 'Europe/Paris')).toEqual({
      date: '2099-06-10',
      time: '09:00',
      yours: { date: '2099-06-10', time: '02:00' },
    });
    expect(wallClockZones('2099-06-10T09:00', 'AoE', 'UTC')).toMatchObject({
      yours: { date: '2099-06-10', time: '21:00' },
    });
    expect(wallClockZones('2099-06-10T09:00', 'UTC', 'UTC')).toEqual({ date: '2099-06-10', time: '09:00' });
    expect(wallClockZones('', 'UTC', 'UTC')).toBeUndefined();
  });
});
