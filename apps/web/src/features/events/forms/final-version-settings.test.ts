import { describe, expect, it } from 'vitest';
import { eventDto } from '../../../test/fixtures.ts';
import { eventFormValuesOf, finalVersionProblem, toUpdateEventBody } from './event-form.ts';

/* The edit form's final version section: its checks in the API's order and the part of the update it sends. */

const initial = eventFormValuesOf(
  // The fixture's final version phase: off, no deadline, AoE, 50 MB.
  eventDto({ notification_date: '2027-03-01' }),
);

describe('the final version section of the event form', () => {
  it.each([
    [{ supplementaryMaxMb: 0 }, 'supplementaryMaxMb', 'finalVersions.supplementaryMaxInvalid'],
    [{ supplementaryMaxMb: '' }, 'supplementaryMaxMb', 'finalVersions.supplementaryMaxInvalid'],
    [{ supplementaryMaxMb: 501 }, 'supplementaryMaxMb', 'finalVersions.supplementaryMaxInvalid'],
    [{ finalVersionEnabled: true }, 'finalVersionDeadline', 'finalVersions.deadlineRequired'],
    [{ finalVersionDeadline: '2027-02-28' }, 'finalVersionDeadline', 'finalVersions.deadlineBeforeNotification'],
  ])('refuses %j on its field', (changes, field, key) => {
    expect(finalVersionProblem({ ...initial, ...changes })).toMatchObject({ field, key });
  });

  it('sends only what changed, a cleared deadline as null', () => {
    const values = { ...initial, finalVersionEnabled: true, finalVersionDeadline: '2027-04-01' };
    expect(finalVersionProblem(values)).toBeNull();
    expect(toUpdateEventBody(values, initial)).toEqual({ final_version: { enabled: true, deadline: '2027-04-01' } });
    expect(toUpdateEventBody({ ...values, supplementaryMaxMb: 120 }, values)).toEqual({
      final_version: { supplementary_max_mb: 120 },
    });
  });
});
