import { isServerMessageKey, serverMessage } from '@confero/i18n';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api.ts';

/*
 * The one mapper from an API error to what the user reads (`docs/conventions.md#errors-and-messages`). The API sends
 * message keys with their parameters next to its English texts: `message_code` + `params` for the error, and
 * `field_codes[f][i]` + `field_params[f][i]` for `fields[f][i]`. A key is a key of the web's catalogue
 * (`translation.json`, through i18next) or of the API's (`server.json`, through `serverMessage`); a text without a key
 * is shown as the server sent it.
 */

/**
 * Something to show the user: a message key (with its parameters), or a text the server sent that has no key and is
 * shown as received.
 */
export type Message = { key: string; params?: Record<string, unknown> } | { text: string };

/** A per-field problem shown as one line 'Field Name: message'. */
export type FieldMessage = { field: string; message: Message };

/** Keys the translation files hold for the server's message keys (validation.*, auth.*, users.*). */
const TRANSLATED_PREFIXES = ['auth.', 'validation.', 'users.', 'errors.'];

/**
 * What the client itself says when no answer came (lib/api.ts), by the error's code: these errors have no body, so no
 * message key from the server.
 */
const CLIENT_ERROR_KEYS: Record<string, string> = {
  NETWORK_ERROR: 'errors.network',
  NOT_AUTHENTICATED: 'errors.authRequired',
};

/**
 * What a text of an answer stands for: a message key when it is one (an answer's `message` is a key of the web's or
 * the API's catalogue), else the text itself, shown as received.
 */
export function fromServerText(text: string, params?: Record<string, unknown>): Message {
  const trimmed = text.trim();
  const isKey =
    isServerMessageKey(trimmed) ||
    (TRANSLATED_PREFIXES.some((prefix) => trimmed.startsWith(prefix)) && /^[\w.]+$/.test(trimmed));
  return isKey ? { key: trimmed, params } : { text: trimmed };
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

/** A message key the API sent, with its parameters; undefined when `code` is not a key. */
export function keyedMessage(code: unknown, params?: unknown): Message | undefined {
  if (typeof code !== 'string' || !/^\w+(\.\w+)+$/.test(code)) return undefined;
  return { key: code, params: asRecord(params) };
}

const listAt = (record: Record<string, unknown> | undefined, field: string): unknown[] => {
  const value = record?.[field];
  return Array.isArray(value) ? value : [];
};

/**
 * The per-field problems of a validation answer, in the order the server gave them. Each message is its
 * `field_codes` key with its `field_params` when there is one (so it is translated), else the server's text.
 */
export function fieldMessages(error: unknown): FieldMessage[] {
  const body = errorBody(error);
  const fields = asRecord(body.fields);
  if (!fields) return [];
  const codes = asRecord(body.field_codes);
  const params = asRecord(body.field_params);
  const lines: FieldMessage[] = [];
  for (const [field, value] of Object.entries(fields)) {
    const texts = Array.isArray(value) ? value : [value];
    const fieldCodes = listAt(codes, field);
    const fieldParams = listAt(params, field);
    texts.forEach((text, index) => {
      const keyed = keyedMessage(fieldCodes[index], fieldParams[index]);
      if (keyed) lines.push({ field, message: keyed });
      else if (typeof text === 'string' && text.trim()) lines.push({ field, message: fromServerText(text) });
    });
  }
  return lines;
}

/**
 * What a failed call says, in one message: the error's own key (`message_code` with `params`), else its first field
 * problem, else its `error`, `message` or `detail` text, else the message of a client-side error. Undefined when the
 * answer says nothing (the caller then shows its own text). `fieldFirst` puts the first field problem before the
 * error's own key, for forms that show the field's message.
 */
export function errorMessage(error: unknown, options: { fieldFirst?: boolean } = {}): Message | undefined {
  const body = errorBody(error);
  const own = keyedMessage(body.message_code, body.params);
  const field = fieldMessages(error)[0]?.message;
  const keyed = options.fieldFirst ? (field ?? own) : (own ?? field);
  if (keyed) return keyed;
  const clientKey = isApiError(error) && Object.keys(body).length === 0 ? CLIENT_ERROR_KEYS[error.code] : undefined;
  if (clientKey) return { key: clientKey };
  const text = firstText(body.error) ?? firstText(body.message) ?? firstText(body.detail);
  if (text) return fromServerText(text);
  if (error instanceof Error && error.message) return fromServerText(error.message);
  return undefined;
}

/** What a failed call says ({@link errorMessage}), else the caller's own key. */
export const errorMessageOr = (error: unknown, fallbackKey: string): Message =>
  errorMessage(error) ?? { key: fallbackKey };

/**
 * A message with the keys of the API's catalogue turned into text in `language`, for pure helpers that answer text;
 * keys of the web's catalogue stay keys, for i18next.
 */
export function inLanguage(message: Message, language: string): Message {
  if ('text' in message || !isServerMessageKey(message.key)) return message;
  return { text: serverMessage(message.key, message.params, language === 'ar' ? 'ar' : 'en') };
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
      if (i18n.exists(message.key)) return translate(message.key, message.params);
      const served = inLanguage(message, i18n.language);
      return 'text' in served ? served.text : message.key;
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
