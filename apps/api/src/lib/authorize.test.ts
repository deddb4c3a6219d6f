import { describe, expect, it } from 'vitest';
import { abilitiesFrom, allowed, allowIf, authorize, denied, hidden, policyTable } from './authorize.ts';
import { AppError } from './errors.ts';

/** What a thrown error says, for comparing whole bodies. */
function thrown(run: () => void): { status: number; code: string; detail: string } | undefined {
  try {
    run();
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { status: error.statusCode, code: error.code, detail: error.message };
  }
  return undefined;
}

const teapot = () => new AppError(403, 'PERMISSION_DENIED', 'Only the chef may pour.');
const nowhere = () => new AppError(404, 'NOT_FOUND', 'No such kettle.');

describe('authorize', () => {
  it('returns when the decision allows', () => {
    expect(thrown(() => authorize(allowed))).toBeUndefined();
    expect(thrown(() => authorize(allowIf(true, hidden())))).toBeUndefined();
  });

  it('answers a hidden refusal 404 NOT_FOUND and a denied one 403 PERMISSION_DENIED', () => {
    expect(thrown(() => authorize(hidden()))).toEqual({ status: 404, code: 'NOT_FOUND', detail: 'Not found.' });
    expect(thrown(() => authorize(denied()))).toEqual({
      status: 403,
      code: 'PERMISSION_DENIED',
      detail: 'You do not have permission to perform this action.',
    });
  });

  it("throws the rule's own answer, and the caller's answer for the refusal's reason before it", () => {
    expect(thrown(() => authorize(denied(teapot)))?.detail).toBe('Only the chef may pour.');
    expect(thrown(() => authorize(hidden(undefined), { hidden: nowhere }))?.detail).toBe('No such kettle.');
    const conflicted = denied(undefined, 'conflicted');
    expect(thrown(() => authorize(conflicted, { denied: () => new AppError(403, 'CONFLICT', 'no') }))?.detail).toBe(
      'You do not have permission to perform this action.',
    );
    expect(thrown(() => authorize(conflicted, { conflicted: teapot }))?.detail).toBe('Only the chef may pour.');
  });

  it("refuses an answer whose status is not the refusal's (a 404 never becomes a 403)", () => {
    expect(() => authorize(hidden(teapot))).toThrow("refusal 'hidden' is a 404, its answer a 403");
    expect(() => authorize(denied(), { denied: nowhere })).toThrow("refusal 'denied' is a 403, its answer a 404");
  });
});

describe('abilitiesFrom', () => {
  const kitchen = policyTable<{ chef: boolean }, { open: boolean }>()({
    'kettle.pour': (a, { open }) => allowIf(a.chef && open, denied()),
    'kettle.look': (_a, { open }) => allowIf(open, hidden()),
  });

  it('reads each ability from the rule of its action', () => {
    expect(
      abilitiesFrom(kitchen, { chef: true }, { open: true }, { pour: 'kettle.pour', look: 'kettle.look' }),
    ).toEqual({ pour: true, look: true });
    expect(
      abilitiesFrom(kitchen, { chef: false }, { open: true }, { pour: 'kettle.pour', look: 'kettle.look' }),
    ).toEqual({ pour: false, look: true });
    expect(abilitiesFrom(kitchen, { chef: true }, { open: false }, { pour: 'kettle.pour' })).toEqual({ pour: false });
  });
});
