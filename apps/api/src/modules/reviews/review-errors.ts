import { messageError, messageFieldError } from '../../lib/errors.ts';

/** A 400 for one field of a review, bid or conflict: `lib/errors.ts` `messageFieldError`. */
export const reviewFieldError = messageFieldError;

/** A reviewing error without a field: `lib/errors.ts` `messageError`. */
export const reviewError = messageError;

export const reviewNotFound = () => reviewError(404, 'NOT_FOUND', 'reviews.notFound');
