import { isReviewMessageKey, reviewMessage } from '@confero/contracts';
import {
  errorBody,
  firstText,
  fromFieldCode,
  fromServerText,
  type Message,
} from '../../components/feedback/message.ts';
import { eventMessageText, isEventMessageKey } from '../events/event-errors.ts';
import { paramsFromEnglish } from '../reviews/review-display.ts';
import type { Language } from './conflict-display.ts';

/*
 * What a failed conflicts call says, in the interface language. The conflicts API answers with REVIEW_MESSAGES keys
 * (`message_code`, or `field_codes` for a field) next to their English text; loading the event can also answer
 * with an events key (404 'events.notFound'), and schema validation with a `validation.*` key of the translation
 * files. Values a message carries ({max}) are read back from its English text (the reviews feature's
 * paramsFromEnglish).
 */

/** A message key of any table the API uses, as a message in the interface language. */
function keyedMessage(code: unknown, english: string | undefined, language: Language): Message | undefined {
  if (isReviewMessageKey(code)) return { text: reviewMessage(code, paramsFromEnglish(code, english), language) };
  if (isEventMessageKey(code)) return { text: eventMessageText(code, english, language) };
  return undefined;
}

/**
 * The problems of a validation answer by field (`submission_id`, `email`…), each in the interface language. A
 * `validation.*` key becomes a translation key; a field without a key keeps the server's text.
 */
export function conflictFieldMessages(error: unknown, language: Language): Record<string, Message> {
  const body = errorBody(error);
  const fields = body.fields;
  if (fields === null || typeof fields !== 'object') return {};
  const codes = (body.field_codes ?? {}) as Record<string, unknown>;
  const found: Record<string, Message> = {};
  for (const [field, texts] of Object.entries(fields as Record<string, unknown>)) {
    const english = firstText(texts);
    const code = firstText(codes[field]);
    const message =
      keyedMessage(code, english, language) ??
      (code ? fromFieldCode(code, english) : english ? fromServerText(english) : undefined);
    if (message) found[field] = message;
  }
  return found;
}

/**
 * What went wrong, in one message: the keyed message (`message_code`), else the first field's, else the server's
 * text. Undefined when the answer says nothing (the caller then shows its own text).
 */
export function conflictErrorMessage(error: unknown, language: Language): Message | undefined {
  const body = errorBody(error);
  const detail = firstText(body.detail);
  const keyed = keyedMessage(body.message_code, detail, language);
  if (keyed) return keyed;
  const [first] = Object.values(conflictFieldMessages(error, language));
  if (first) return first;
  const text = firstText(body.error) ?? firstText(body.message) ?? detail;
  if (text) return fromServerText(text);
  if (error instanceof Error && error.message) return fromServerText(error.message);
  return undefined;
}
