import { type ErrorCode, type EventMessageKey, eventMessage } from '@confero/contracts';
import { AppError } from '../../lib/errors.ts';

type Params = Record<string, string | number>;

/**
 * A 400 for one field, in the shape documented in packages/contracts/src/events.ts: the English text in
 * `detail` and `fields`, the message key in `field_codes`.
 */
export function eventFieldError(field: string, key: EventMessageKey, params: Params = {}): AppError {
  const text = eventMessage(key, params);
  return new AppError(400, 'VALIDATION_ERROR', text, {
    fields: { [field]: [text] },
    extra: { field_codes: { [field]: [key] } },
  });
}

/** An error without a field (403, 404, 409, 502): the English text in `detail`, the key in `message_code`. */
export function eventError(status: number, code: ErrorCode, key: EventMessageKey, params: Params = {}): AppError {
  return new AppError(status, code, eventMessage(key, params), { extra: { message_code: key } });
}

export const eventNotFound = () => eventError(404, 'NOT_FOUND', 'events.notFound');
export const eventForbidden = () => eventError(403, 'PERMISSION_DENIED', 'events.permissionDenied');
