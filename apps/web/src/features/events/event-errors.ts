import { errorBody, errorMessage, firstText, inLanguage, type Message } from '../../components/feedback/message.ts';

/** The first field problem of a validation answer: its field, message key and parameters (when sent). */
export function firstFieldProblem(
  error: unknown,
): { field: string; key?: string; params?: Record<string, unknown> } | undefined {
  const body = errorBody(error);
  const fields = body.fields;
  if (fields === null || typeof fields !== 'object') return undefined;
  const [field] = Object.keys(fields);
  if (!field) return undefined;
  const key = firstText((body.field_codes as Record<string, unknown> | undefined)?.[field]);
  const params = (body.field_params as Record<string, unknown[]> | undefined)?.[field]?.[0];
  return { field, key, params: params as Record<string, unknown> | undefined };
}

/**
 * What a failed events call says, for the user (`components/feedback/message.ts` `errorMessage`, the first field
 * problem first), its API keys in the interface language. Undefined when the answer says nothing.
 */
export function eventErrorMessage(error: unknown, language: string): Message | undefined {
  const message = errorMessage(error, { fieldFirst: true });
  return message && inLanguage(message, language);
}
