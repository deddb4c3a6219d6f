import { describe, expect, it } from 'vitest';
import { eventDto } from '../../../test/fixtures.ts';
import { eventFormValuesOf, formFieldOfServerField, toUpdateEventBody } from './event-form.ts';

/* The event form's "Review assistant" toggle (`docs/domain.md#review-assistant`): read, patched when changed. */

describe('the review assistant setting', () => {
  it('reads the event (on when the answer does not say, as the server defaults)', () => {
    expect(eventFormValuesOf({ ...eventDto(), assistant_enabled: false }).assistantEnabled).toBe(false);
    expect(eventFormValuesOf({ ...eventDto(), assistant_enabled: undefined }).assistantEnabled).toBe(true);
  });

  it('is sent only when changed, and its server problem lands on the toggle', () => {
    const initial = eventFormValuesOf({ ...eventDto(), assistant_enabled: true });
    expect(toUpdateEventBody(initial, initial)).toEqual({});
    expect(toUpdateEventBody({ ...initial, assistantEnabled: false }, initial)).toEqual({ assistant_enabled: false });
    expect(formFieldOfServerField('assistant_enabled', initial)).toBe('assistantEnabled');
  });
});
