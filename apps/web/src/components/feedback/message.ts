import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { AUTH_REQUIRED_MESSAGE, isApiError, NETWORK_ERROR_MESSAGE } from '../../lib/api.ts';

/**
 * Something to show the user: a translation key (with its parameters), or a text the server sent that has no key and is
 * shown as received (a message that starts with 'auth.' is translated; any other is shown raw).
 */
export type Message = { key: string; params?: Record<string, unknown> } | { text: string };

/** A per-field problem shown as one line 'Field Name: message'. */
export type FieldMessage = { field: string; message: Message };

/**
 * English texts the API sends without a key, with the key that says the same thing. They are translated like
 * keys, so an Arabic user does not read English; any other server text is shown raw. (Field problems carry their
 * keys in `field_codes`; the contracts' MESSAGES table is not imported here because it would bring zod into the
 * public pages' bundle.)
 */
const KNOWN_TEXTS: Record<string, string> = {
  [NETWORK_ERROR_MESSAGE]: 'errors.network',
  [AUTH_REQUIRED_MESSAGE]: 'errors.authRequired',
  'Authentication credentials were not provided.': 'errors.authRequired',
  'An internal error occurred. Please try again later.': 'auth.serverError',
  'Too many requests. Please try again later.': 'errors.tooManyRequests',
  'No active account found with the given credentials': 'auth.invalidCredentials',
  'Invalid or expired reset link': 'auth.invalidLink',
  'Invalid or expired verification link.': 'verifyEmail.invalidToken',
  'New passwords do not match': 'profile.password.mismatch',
  'You do not have permission to perform this action.': 'errors.permission',
  'Current password is incorrect': 'auth.currentPasswordIncorrect',
  "The two password fields didn't match.": 'auth.passwordsDoNotMatch',
  'A user with this email already exists.': 'auth.emailAlreadyExists',
};

/** Keys the translation files hold for the server's message keys (validation.*, auth.*, users.*). */
const TRANSLATED_PREFIXES = ['auth.', 'validation.', 'users.', 'errors.'];

/** What a server text stands for: its key when it is one or says what a key says, else the text itself. */
export function fromServerText(text: string, params?: Record<string, unknown>): Message {
  const trimmed = text.trim();
  if (TRANSLATED_PREFIXES.some((prefix) => trimmed.startsWith(prefix)) && /^[\w.]+$/.test(trimmed)) {
    return { key: trimmed, params };
  }
  const key = KNOWN_TEXTS[trimmed];
  return key ? { key, params } : { text: trimmed };
}

/** A message key from the API's `field_codes`, with the parameters its English text carries (`{maximum}`). */
export function fromFieldCode(code: string, english: string | undefined): Message {
  const maximum = english?.match(/\d+/)?.[0];
  return { key: code, params: maximum ? { maximum: Number(maximum) } : undefined };
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/** A string, or the first string of a list (a server error is a string or an array whose first item counts). */
export function firstText(value: unknown): string | undefined {
  if (typeof value === 'string' && value.trim()) return value;
  if (Array.isArray(value)) return value.find((item): item is string => typeof item === 'string' && !!item.trim());
  return undefined;
}

/** The body of a failed call, as a record (empty when there is none). */
export function errorBody(error: unknown): Record<string, unknown> {
  return (isApiError(error) ? asRecord(error.body) : undefined) ?? {};
}

/** The server's `error` field (string or first of a list), else its `detail`. */
export function serverErrorText(error: unknown): string | undefined {
  const body = errorBody(error);
  return firstText(body.error) ?? firstText(body.detail);
}

/**
 * The per-field problems of a validation answer, in the order the server gave them. Each message uses its
 * `field_codes` key when there is one (so it is translated), else the server's text.
 */
export function fieldMessages(error: unknown): FieldMessage[] {
  const body = errorBody(error);
  const fields = asRecord(body.fields);
  if (!fields) return [];
  const codes = asRecord(body.field_codes) ?? {};
  const lines: FieldMessage[] = [];
  for (const [field, value] of Object.entries(fields)) {
    const texts = Array.isArray(value) ? value : [value];
    const fieldCodes = Array.isArray(codes[field]) ? (codes[field] as unknown[]) : [];
    texts.forEach((text, index) => {
      const code = fieldCodes[index];
      const english = typeof text === 'string' ? text : undefined;
      if (typeof code === 'string' && code) lines.push({ field, message: fromFieldCode(code, english) });
      else if (english) lines.push({ field, message: fromServerText(english) });
    });
  }
  return lines;
}

/** 'first_name' → 'First Name': underscores become spaces, words are capitalised. */
export function formatFieldName(field: string): string {
  return field
    .split('_')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

type LooseT = (key: string, options?: Record<string, unknown>) => string;

/** Turns messages into text in the current language. */
export function useMessageText() {
  const { t, i18n } = useTranslation();
  const translate = t as unknown as LooseT;
  const text = useCallback(
    (message: Message): string => {
      if ('text' in message) return message.text;
      return i18n.exists(message.key) ? translate(message.key, message.params) : message.key;
    },
    [i18n, translate],
  );
  /** 'Field Name: message'; the field's name is translated when the files know it. */
  const fieldLine = useCallback(
    (line: FieldMessage): string => {
      const nameKey = `fieldNames.${line.field}`;
      const name = i18n.exists(nameKey) ? translate(nameKey) : formatFieldName(line.field);
      return `${name}: ${text(line.message)}`;
    },
    [i18n, translate, text],
  );
  return { text, fieldLine };
}
