import { errorMessage, type Message } from '../../components/feedback/message.ts';
import { isApiError } from '../../lib/api.ts';

/** Refusals the API names with a code, each with its own translated message. */
const CODE_KEYS: Record<string, string> = {
  CANNOT_CHANGE_OWN_STATUS: 'adminUsers.errors.cannotChangeOwnStatus',
  CANNOT_DELETE_SELF: 'adminUsers.errors.cannotDeleteSelf',
  LAST_ADMIN: 'adminUsers.errors.lastAdmin',
  NOT_FOUND: 'adminUsers.errors.notFound',
  PERMISSION_DENIED: 'errors.permission',
};

/**
 * An admin action's failure: the translated message of a refusal the API names by its code, else what the answer
 * says (`components/feedback/message.ts` `errorMessage`), else the translated fallback ('update error' or 'delete
 * error').
 */
export function adminActionError(error: unknown, fallbackKey: string): Message {
  const codeKey = isApiError(error) ? CODE_KEYS[error.code] : undefined;
  if (codeKey) return { key: codeKey };
  return (isApiError(error) ? errorMessage(error) : undefined) ?? { key: fallbackKey };
}
