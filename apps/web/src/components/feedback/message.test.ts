import { describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../../lib/api.ts';
import {
  errorMessage,
  errorMessageOr,
  fieldMessages,
  firstText,
  formatFieldName,
  fromServerText,
  inLanguage,
  serverErrorText,
} from './message.ts';

const validation = (body: Record<string, unknown>) =>
  new ApiError({ status: 400, code: 'VALIDATION_ERROR', detail: 'x', body });

describe('formatFieldName', () => {
  it.each([
    ['first_name', 'First Name'],
    ['last_name', 'Last Name'],
    ['email', 'Email'],
    ['password2', 'Password2'],
    ['non_field_errors', 'Non Field Errors'],
  ])('writes %s as %s', (field, name) => {
    expect(formatFieldName(field)).toBe(name);
  });
});

describe('fromServerText', () => {
  it('keeps message keys as keys', () => {
    expect(fromServerText('auth.registrationSuccess')).toEqual({ key: 'auth.registrationSuccess' });
    expect(fromServerText('users.passwordChanged')).toEqual({ key: 'users.passwordChanged' });
  });

  it("keeps keys of the API's catalogue as keys, and never reads a key out of an English text", () => {
    expect(fromServerText('sessions.resetLinkInvalid')).toEqual({ key: 'sessions.resetLinkInvalid' });
    expect(fromServerText('Invalid or expired reset link')).toEqual({ text: 'Invalid or expired reset link' });
    expect(fromServerText(NETWORK_ERROR_MESSAGE)).toEqual({ text: NETWORK_ERROR_MESSAGE });
  });

  it('shows any other text raw, including sentences that merely start like a key', () => {
    expect(fromServerText('Something odd happened.')).toEqual({ text: 'Something odd happened.' });
    expect(fromServerText('auth. is not a key here')).toEqual({ text: 'auth. is not a key here' });
  });
});

describe('fieldMessages', () => {
  it('pairs each message with its field code and params, in order', () => {
    const error = validation({
      fields: {
        password: ['This password is too common.', 'This password is entirely numeric.'],
        first_name: ['Ensure this field has no more than 150 characters.'],
      },
      field_codes: {
        password: ['auth.passwordTooCommon', 'auth.passwordEntirelyNumeric'],
        first_name: ['validation.tooLong'],
      },
      field_params: { first_name: [{ maximum: 150 }] },
    });
    expect(fieldMessages(error)).toEqual([
      { field: 'password', message: { key: 'auth.passwordTooCommon', params: undefined } },
      { field: 'password', message: { key: 'auth.passwordEntirelyNumeric', params: undefined } },
      { field: 'first_name', message: { key: 'validation.tooLong', params: { maximum: 150 } } },
    ]);
  });

  it('falls back to the text when a field has no code', () => {
    const error = validation({ fields: { website: ['Not a site.'] } });
    expect(fieldMessages(error)).toEqual([{ field: 'website', message: { text: 'Not a site.' } }]);
  });

  it('is empty for errors without fields and for non-API errors', () => {
    expect(fieldMessages(validation({ detail: 'x' }))).toEqual([]);
    expect(fieldMessages(new Error('boom'))).toEqual([]);
  });
});

describe('server error text', () => {
  it('reads `error` as a string or the first of a list, else `detail`', () => {
    expect(firstText(['', 'second', 'third'])).toBe('second');
    expect(serverErrorText(validation({ error: ['First problem', 'Second'] }))).toBe('First problem');
    expect(serverErrorText(validation({ error: 'Single' }))).toBe('Single');
    expect(serverErrorText(validation({ detail: 'Only detail' }))).toBe('Only detail');
    expect(serverErrorText(new Error('not from the API'))).toBeUndefined();
  });
});

describe('errorMessage', () => {
  const refusal = (body: Record<string, unknown>) => new ApiError({ status: 409, code: 'CONFLICT', detail: 'x', body });

  it("gives the error's own key with its params, before any field problem", () => {
    const error = refusal({
      detail: 'Only a pending event can be approved or rejected; this event is approved.',
      message_code: 'events.notPending',
      params: { status: 'approved' },
      fields: { title: ['Title is required'] },
      field_codes: { title: ['events.titleRequired'] },
    });
    expect(errorMessage(error)).toEqual({ key: 'events.notPending', params: { status: 'approved' } });
    expect(errorMessage(error, { fieldFirst: true })).toEqual({ key: 'events.titleRequired', params: undefined });
  });

  it('falls back to the first field problem, then the texts the server sent, then a client error', () => {
    expect(errorMessage(validation({ fields: { email: ['Odd'] } }))).toEqual({ text: 'Odd' });
    expect(errorMessage(refusal({ error: 'Specific', detail: 'General' }))).toEqual({ text: 'Specific' });
    expect(errorMessage(refusal({ detail: 'You do not have permission to perform this action.' }))).toEqual({
      text: 'You do not have permission to perform this action.',
    });
    expect(
      errorMessage(
        refusal({
          detail: 'You do not have permission to perform this action.',
          message_code: 'http.permissionDenied',
        }),
      ),
    ).toEqual({ key: 'http.permissionDenied', params: undefined });
    expect(errorMessage(new Error('boom'))).toEqual({ text: 'boom' });
    expect(errorMessage(new ApiError({ status: 0, code: 'NETWORK_ERROR', detail: NETWORK_ERROR_MESSAGE }))).toEqual({
      key: 'errors.network',
    });
    expect(
      errorMessage(new ApiError({ status: 401, code: 'NOT_AUTHENTICATED', detail: 'Authentication required' })),
    ).toEqual({
      key: 'errors.authRequired',
    });
    expect(errorMessageOr(new Error(''), 'outbox.retryFailed')).toEqual({ key: 'outbox.retryFailed' });
    expect(errorMessage(undefined)).toBeUndefined();
  });

  it("turns a key of the API's catalogue into text in a language, and leaves the web's keys to i18next", () => {
    const keyed = { key: 'reviews.validations.textTooLong', params: { max: 1000 } };
    expect(inLanguage(keyed, 'en')).toEqual({ text: 'This text is too long (at most 1000 characters).' });
    expect(inLanguage(keyed, 'ar')).toEqual({ text: 'هذا النص طويل جدًا (الحد الأقصى 1000 حرف).' });
    expect(inLanguage({ key: 'errors.permission' }, 'ar')).toEqual({ key: 'errors.permission' });
    expect(inLanguage({ text: 'As sent' }, 'ar')).toEqual({ text: 'As sent' });
  });
});
