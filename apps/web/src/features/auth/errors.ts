import {
  errorBody,
  errorMessage,
  errorMessageOr,
  type FieldMessage,
  fieldMessages,
  firstText,
  fromServerText,
  type Message,
} from '../../components/feedback/message.ts';
import { isApiError } from '../../lib/api.ts';

/** What the sign-in screen offers next to the message. */
export type LoginErrorKind = 'credentials' | 'unverified' | 'suspended' | 'inactive' | 'throttled' | 'other';
export type LoginError = { kind: LoginErrorKind; message: Message };

/**
 * The sign-in error catalogue, message by message. A 403 says why: an unverified address (with the offer to resend the
 * verification mail), a suspended or an inactive account.
 */
export function loginError(error: unknown): LoginError {
  if (!isApiError(error)) {
    const text = error instanceof Error ? error.message : '';
    return { kind: 'other', message: text ? fromServerText(text) : { key: 'auth.loginError' } };
  }
  const body = errorBody(error);
  const serverText = firstText(body.error) ?? firstText(body.detail);
  const credentials = error.code === 'INVALID_CREDENTIALS' || body.message_code === 'sessions.invalidCredentials';
  if (credentials || (error.status === 401 && !serverText)) {
    return { kind: 'credentials', message: { key: 'auth.invalidCredentials' } };
  }
  if (error.status === 429) return { kind: 'throttled', message: { key: 'auth.tooManyAttempts' } };
  if (error.status === 403) {
    if (error.code === 'ACCOUNT_SUSPENDED') return { kind: 'suspended', message: { key: 'auth.accountSuspended' } };
    if (error.code === 'ACCOUNT_INACTIVE') return { kind: 'inactive', message: { key: 'auth.accountInactive' } };
    return { kind: 'unverified', message: { key: 'auth.verifyEmailFirst' } };
  }
  // A refused field (e.g. an invisible control character pasted into the address) is said in the user's language.
  const [fieldLine] = fieldMessages(error);
  if (error.status === 400 && fieldLine) return { kind: 'other', message: fieldLine.message };
  return {
    kind: 'other',
    message: errorMessageOr(error, error.status === 500 ? 'auth.serverError' : 'auth.loginError'),
  };
}

/** The registration error: a summary message and the per-field lines below it. */
export type RegistrationError = { message: Message | null; lines: FieldMessage[] };

/**
 * An address that is taken becomes auth.emailAlreadyExists (its field line is dropped, the message says it);
 * other field problems are listed one per line; another server error is shown as received; otherwise
 * auth.registrationFailed.
 */
export function registrationError(error: unknown): RegistrationError {
  const lines = fieldMessages(error);
  const isEmailLine = (line: FieldMessage) =>
    line.field === 'email' && 'key' in line.message && line.message.key === 'auth.emailAlreadyExists';
  const emailTaken = (isApiError(error) && error.code === 'EMAIL_EXISTS') || lines.some(isEmailLine);
  if (emailTaken) {
    return { message: { key: 'auth.emailAlreadyExists' }, lines: lines.filter((line) => !isEmailLine(line)) };
  }
  if (lines.length > 0) return { message: null, lines };
  const message = isApiError(error) ? errorMessage(error) : undefined;
  return { message: message ?? { key: 'auth.registrationFailed' }, lines: [] };
}

/**
 * The failure of a reset-link check or a reset: the server's error (a string or the first of a list; a rule key when
 * the server gives one) or the fallback key.
 */
export function resetError(error: unknown, fallbackKey: 'auth.invalidLink' | 'auth.passwordResetError'): Message {
  if (isApiError(error) && error.code === 'TOKEN_INVALID') return { key: 'auth.invalidLink' };
  const [first] = fieldMessages(error);
  if (first) return first.message;
  const serverText = firstText(errorBody(error).error);
  if (serverText) return fromServerText(serverText);
  return isApiError(error) && error.status === 0 ? errorMessageOr(error, fallbackKey) : { key: fallbackKey };
}
