import { describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../../lib/api.ts';
import { loginError, registrationError, resetError } from './errors.ts';

const apiError = (status: number, code: string, body?: Record<string, unknown>) =>
  new ApiError({ status, code, detail: String(body?.detail ?? `Request failed with status ${status}`), body });

describe('the sign-in error catalogue', () => {
  it('turns the no-active-account code or message key into auth.invalidCredentials', () => {
    const text = 'No active account found with the given credentials';
    expect(loginError(apiError(401, 'INVALID_CREDENTIALS', { detail: text }))).toEqual({
      kind: 'credentials',
      message: { key: 'auth.invalidCredentials' },
    });
    expect(loginError(apiError(400, 'BAD_REQUEST', { error: text })).message).toEqual({ text });
    const keyed = { error: text, message_code: 'sessions.invalidCredentials' };
    expect(loginError(apiError(400, 'BAD_REQUEST', keyed)).message).toEqual({
      key: 'auth.invalidCredentials',
    });
  });

  it('treats a 401 without a server message as invalid credentials', () => {
    expect(loginError(apiError(401, 'HTTP_401')).message).toEqual({ key: 'auth.invalidCredentials' });
  });

  it('says a refused field of a 400 by its message key', () => {
    const error = apiError(400, 'VALIDATION_ERROR', {
      detail: 'email: Remove the invisible control characters from this field.',
      fields: { email: ['Remove the invisible control characters from this field.'] },
      field_codes: { email: ['validation.controlCharacters'] },
    });
    expect(loginError(error)).toEqual({ kind: 'other', message: { key: 'validation.controlCharacters' } });
  });

  it('says too many attempts on 429', () => {
    expect(loginError(apiError(429, 'RATE_LIMITED', { detail: 'Too many' }))).toEqual({
      kind: 'throttled',
      message: { key: 'auth.tooManyAttempts' },
    });
  });

  it('tells the three 403 causes apart; an unknown 403 asks to verify the address', () => {
    expect(loginError(apiError(403, 'EMAIL_NOT_VERIFIED', { detail: 'Please verify' }))).toEqual({
      kind: 'unverified',
      message: { key: 'auth.verifyEmailFirst' },
    });
    expect(loginError(apiError(403, 'ACCOUNT_SUSPENDED', { detail: 'Suspended' }))).toEqual({
      kind: 'suspended',
      message: { key: 'auth.accountSuspended' },
    });
    expect(loginError(apiError(403, 'ACCOUNT_INACTIVE', { detail: 'Inactive' }))).toEqual({
      kind: 'inactive',
      message: { key: 'auth.accountInactive' },
    });
    expect(loginError(apiError(403, 'HTTP_403')).message).toEqual({ key: 'auth.verifyEmailFirst' });
  });

  it('shows a 500 with the server text when there is one, else auth.serverError', () => {
    expect(loginError(apiError(500, 'X', { error: 'Database on fire' })).message).toEqual({ text: 'Database on fire' });
    expect(loginError(new ApiError({ status: 500, code: 'HTTP_500', detail: '', body: undefined })).message).toEqual({
      key: 'auth.serverError',
    });
  });

  it('shows other server texts as received, translates auth.* texts, and falls back to auth.loginError', () => {
    expect(loginError(apiError(400, 'BAD_REQUEST', { detail: 'Odd input' })).message).toEqual({ text: 'Odd input' });
    expect(loginError(apiError(400, 'BAD_REQUEST', { error: 'auth.somethingKnown' })).message).toEqual({
      key: 'auth.somethingKnown',
    });
    expect(
      loginError(new ApiError({ status: 0, code: 'NETWORK_ERROR', detail: NETWORK_ERROR_MESSAGE })).message,
    ).toEqual({ key: 'errors.network' });
    expect(loginError(new ApiError({ status: 418, code: 'X', detail: '' })).message).toEqual({
      key: 'auth.loginError',
    });
    expect(loginError('not even an error').message).toEqual({ key: 'auth.loginError' });
  });
});

describe('registration errors', () => {
  it('says the address exists and still lists the other field problems', () => {
    const error = apiError(400, 'EMAIL_EXISTS', {
      fields: { email: ['A user with this email already exists.'], password: ['This password is too common.'] },
      field_codes: { email: ['auth.emailAlreadyExists'], password: ['auth.passwordTooCommon'] },
    });
    expect(registrationError(error)).toEqual({
      message: { key: 'auth.emailAlreadyExists' },
      lines: [{ field: 'password', message: { key: 'auth.passwordTooCommon', params: undefined } }],
    });
  });

  it('lists field problems one per line', () => {
    const error = apiError(400, 'VALIDATION_ERROR', {
      fields: { password2: ["The two password fields didn't match."], country: ['Select a valid country.'] },
      field_codes: { password2: ['auth.passwordsDoNotMatch'], country: ['validation.invalidCountry'] },
    });
    expect(registrationError(error).lines.map((line) => line.field)).toEqual(['password2', 'country']);
    expect(registrationError(error).message).toBeNull();
  });

  it('shows another server error as received, else auth.registrationFailed', () => {
    expect(registrationError(apiError(429, 'RATE_LIMITED', { detail: 'Slow down' }))).toEqual({
      message: { text: 'Slow down' },
      lines: [],
    });
    expect(registrationError(new Error('x'))).toEqual({ message: { key: 'auth.registrationFailed' }, lines: [] });
  });
});

describe('reset errors', () => {
  it("uses the server's error, translated when the API names the rule", () => {
    const invalid = apiError(400, 'TOKEN_INVALID', { error: 'Invalid or expired reset link', valid: false });
    expect(resetError(invalid, 'auth.invalidLink')).toEqual({ key: 'auth.invalidLink' });
    const weak = apiError(400, 'VALIDATION_ERROR', {
      error: ['This password is too short. It must contain at least 8 characters.'],
      fields: { new_password: ['This password is too short. It must contain at least 8 characters.'] },
      field_codes: { new_password: ['auth.passwordTooShort'] },
    });
    expect(resetError(weak, 'auth.passwordResetError')).toEqual({ key: 'auth.passwordTooShort', params: undefined });
    expect(resetError(apiError(400, 'X', { error: ['Custom problem'] }), 'auth.passwordResetError')).toEqual({
      text: 'Custom problem',
    });
  });

  it('falls back to the given key', () => {
    expect(resetError(apiError(500, 'INTERNAL_ERROR', { detail: 'x' }), 'auth.passwordResetError')).toEqual({
      key: 'auth.passwordResetError',
    });
  });
});
