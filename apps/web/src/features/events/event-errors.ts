import { EVENT_MESSAGES, type EventMessageKey, eventMessage, readMessageParams } from '@confero/contracts';
import { errorBody, firstText, fromServerText, type Message } from '../../components/feedback/message.ts';

/**
 * The events API answers every problem with a message key next to its English text (`field_codes` for a field,
 * `message_code` otherwise; packages/contracts/src/events.ts). These helpers turn such an answer into text in the
 * interface language, with the values the English text carries (an e-mail address, a maximum) put back in.
 */

export function isEventMessageKey(value: unknown): value is EventMessageKey {
  return typeof value === 'string' && Object.hasOwn(EVENT_MESSAGES, value);
}

/**
 * The `{name}` values of a message, read back from its English text: 'No user found with email a@b.org' and
 * 'No user found with email {email}' give { email: 'a@b.org' }. Empty when the text does not match.
 */
export function paramsFromEnglish(key: EventMessageKey, english: string | undefined): Record<string, string> {
  return readMessageParams(EVENT_MESSAGES[key].en, english);
}

/** A message of the events API in a language. */
export function eventMessageText(key: EventMessageKey, english: string | undefined, language: string): string {
  return eventMessage(key, paramsFromEnglish(key, english), language === 'ar' ? 'ar' : 'en');
}

/** The first field problem of a validation answer: its field, key (when known) and English text. */
export function firstFieldProblem(
  error: unknown,
): { field: string; key?: EventMessageKey; english?: string } | undefined {
  const body = errorBody(error);
  const fields = body.fields;
  if (fields === null || typeof fields !== 'object') return undefined;
  const [field, texts] = Object.entries(fields as Record<string, unknown>)[0] ?? [];
  if (!field) return undefined;
  const codes = (body.field_codes ?? {}) as Record<string, unknown>;
  const code = firstText(codes[field]);
  return { field, key: isEventMessageKey(code) ? code : undefined, english: firstText(texts) };
}

/**
 * What went wrong, for the user: the keyed message of the events API in the interface language; else a text the
 * client knows a key for (network, permission…); else the server's `error`, `message` or `detail` as sent.
 * Undefined when the answer says nothing (the caller then shows its default).
 */
export function eventErrorMessage(error: unknown, language: string): Message | undefined {
  const body = errorBody(error);
  const field = firstFieldProblem(error);
  if (field?.key) return { text: eventMessageText(field.key, field.english, language) };
  if (isEventMessageKey(body.message_code)) {
    return { text: eventMessageText(body.message_code, firstText(body.detail), language) };
  }
  const text = firstText(body.error) ?? firstText(body.message) ?? field?.english ?? firstText(body.detail);
  if (text) return fromServerText(text);
  if (error instanceof Error && error.message) return fromServerText(error.message);
  return undefined;
}
