import type { ErrorCode } from '@confero/contracts';

export type FieldErrors = Record<string, string[]>;

/**
 * The one error type of the API. Handlers and services throw it; the error
 * plugin turns it into `{detail, code, fields?}` with its status.
 */
export class AppError extends Error {
  readonly statusCode: number;
  readonly code: ErrorCode;
  readonly fields: FieldErrors | undefined;
  readonly extra: Record<string, unknown> | undefined;

  constructor(
    statusCode: number,
    code: ErrorCode,
    detail: string,
    options: { fields?: FieldErrors; extra?: Record<string, unknown> } = {},
  ) {
    super(detail);
    this.name = 'AppError';
    this.statusCode = statusCode;
    this.code = code;
    this.fields = options.fields;
    this.extra = options.extra;
  }
}

export const badRequest = (detail: string, fields?: FieldErrors, code: ErrorCode = 'BAD_REQUEST') =>
  new AppError(400, code, detail, { fields });

/** One message for one field: the common case of service-level validation. */
export const fieldError = (field: string, message: string, code: ErrorCode = 'VALIDATION_ERROR') =>
  new AppError(400, code, message, { fields: { [field]: [message] } });

export const notAuthenticated = (
  detail = 'Authentication credentials were not provided.',
  code: ErrorCode = 'NOT_AUTHENTICATED',
) => new AppError(401, code, detail);

export const forbidden = (
  detail = 'You do not have permission to perform this action.',
  code: ErrorCode = 'PERMISSION_DENIED',
) => new AppError(403, code, detail);

export const notFound = (detail = 'Not found.') => new AppError(404, 'NOT_FOUND', detail);

export const conflict = (detail: string, code: ErrorCode = 'CONFLICT', fields?: FieldErrors) =>
  new AppError(409, code, detail, { fields });
