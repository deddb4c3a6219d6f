import { messageError, messageFieldError } from '../../lib/errors.ts';

/** A 400 for one field of an event: `lib/errors.ts` `messageFieldError`. */
export const eventFieldError = messageFieldError;

/** An event error without a field (403, 404, 409, 502): `lib/errors.ts` `messageError`. */
export const eventError = messageError;

export const eventNotFound = () => eventError(404, 'NOT_FOUND', 'events.notFound');
export const eventForbidden = () => eventError(403, 'PERMISSION_DENIED', 'events.permissionDenied');
