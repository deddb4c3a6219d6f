import { type ErrorCode, type ReviewMessageKey, reviewMessage } from '@confero/contracts';
import { AppError } from '../../lib/errors.ts';

type Params = Record<string, string | number>;

/**
 * A 400 for one field, in the shape documented in packages/contracts/src/reviews.ts: the English text in `detail`
 * and `fields`, the message key in `field_codes`.
 */
export function reviewFieldError(
  field: string,
  key: ReviewMessageKey,
  params: Params = {},
  code: ErrorCode = 'VALIDATION_ERROR',
): AppError {
  const text = reviewMessage(key, params);
  return new AppError(400, code, text, {
    fields: { [field]: [text] },
    extra: { field_codes: { [field]: [key] } },
  });
}

/** An error without a field: the English text in `detail`, the key in `message_code`. */
export function reviewError(
  status: number,
  code: ErrorCode,
  key: ReviewMessageKey,
  params: Params = {},
  extra: Record<string, unknown> = {},
): AppError {
  return new AppError(status, code, reviewMessage(key, params), { extra: { message_code: key, ...extra } });
}

export const reviewNotFound = () => reviewError(404, 'NOT_FOUND', 'reviews.notFound');
