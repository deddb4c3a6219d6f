import { BIO_MAX_LENGTH } from '@confero/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { bioCounter, changePasswordError, expertiseChips, profileUpdateBody } from './profile-form.ts';

describe('bioCounter', () => {
  it.each([
    [0, BIO_MAX_LENGTH, 'ok'],
    [BIO_MAX_LENGTH - 100, 100, 'ok'],
    [BIO_MAX_LENGTH - 99, 99, 'warning'],
    [BIO_MAX_LENGTH, 0, 'warning'],
    [BIO_MAX_LENGTH + 1, -1, 'over'],
  ] as const)('a biography of %i characters leaves %i (%s)', (length, remaining, state) => {
    expect(bioCounter('x'.repeat(length))).toEqual({ remaining, state });
  });
});

describe('expertiseChips', () => {
  it('splits on commas, trims, drops empty items and repeats', () => {
    expect(expertiseChips(' nlp,  machine learning ,, IR, NLP ')).toEqual(['nlp', 'machine learning', 'IR']);
    expect(expertiseChips('')).toEqual([]);
  });
});

describe('profileUpdateBody', () => {
  it('sends exactly the seven editable fields, trimmed', () => {
    const body = profileUpdateBody({
      first_name: ' Ada ',
      last_name: 'Lovelace',
      country: 'GB',
      affiliation: ' Analytical Society ',
      expertise: 'maths, engines',
      bio: ' Poetical science. ',
      website: ' https://ada.example.org ',
    });
    expect(body).toEqual({
      first_name: 'Ada',
      last_name: 'Lovelace',
      country: 'GB',
      affiliation: 'Analytical Society',
      expertise: 'maths, engines',
      bio: ' Poetical science. ',
      website: 'https://ada.example.org',
    });
    expect(Object.keys(body).sort()).toEqual(
      ['affiliation', 'bio', 'country', 'expertise', 'first_name', 'last_name', 'website'].sort(),
    );
  });
});

describe('changePasswordError', () => {
  const failure = (body: Record<string, unknown>) =>
    new ApiError({ status: 400, code: 'VALIDATION_ERROR', detail: '', body });

  it('names the rule the server gives, translated', () => {
    expect(
      changePasswordError(
        failure({
          error: 'Current password is incorrect',
          fields: { current_password: ['Current password is incorrect'] },
          field_codes: { current_password: ['auth.currentPasswordIncorrect'] },
        }),
      ),
    ).toEqual({ key: 'auth.currentPasswordIncorrect', params: undefined });
  });

  it("uses the server's error (string or first of a list), else 'Failed to change password'", () => {
    expect(changePasswordError(failure({ error: ['First', 'Second'] }))).toEqual({ text: 'First' });
    expect(changePasswordError(failure({ error: 'New passwords do not match' }))).toEqual({
      text: 'New passwords do not match',
    });
    expect(changePasswordError(new Error('x'))).toEqual({ key: 'profile.password.failed' });
  });
});
