import { type ErrorCode, type SubmissionMessageKey, submissionMessage } from '@confero/contracts';
import { AppError } from '../../lib/errors.ts';

type Params = Record<string, string | number>;

/**
 * A 400 for one field, in the shape documented in packages/contracts/src/submissions.ts: the English text in
 * `detail` and `fields`, the message key in `field_codes`.
 */
export function submissionFieldError(
  field: string,
  key: SubmissionMessageKey,
  params: Params = {},
  code: ErrorCode = 'VALIDATION_ERROR',
): AppError {
  const text = submissionMessage(key, params);
  return new AppError(400, code, text, {
    fields: { [field]: [text] },
    extra: { field_codes: { [field]: [key] } },
  });
}

/** An error without a field: the English text in `detail`, the key in `message_code`. */
export function submissionError(
  status: number,
  code: ErrorCode,
  key: SubmissionMessageKey,
  params: Params = {},
  extra: Record<string, unknown> = {},
): AppError {
  return new AppError(status, code, submissionMessage(key, params), { extra: { message_code: key, ...extra } });
}

export const submissionNotFound = () => submissionError(404, 'NOT_FOUND', 'submissions.notFound');
export const submissionForbidden = () => submissionError(403, 'PERMISSION_DENIED', 'submissions.permissionDenied');
/** 409 SUBMISSION_LOCKED: a final decision (accepted, rejected) closed the submission to its authors' edits. */
export const decidedLockedError = () => submissionError(409, 'SUBMISSION_LOCKED', 'submissions.decidedLocked');

/** 409 DUPLICATE_TITLE with its fixed text (keep it verbatim), on `title` too, and a `type` field clients switch on. */
export function duplicateTitleError(): AppError {
  const text = submissionMessage('submissions.duplicateTitle');
  return new AppError(409, 'DUPLICATE_TITLE', text, {
    fields: { title: [text] },
    extra: {
      type: 'DUPLICATE_TITLE',
      message_code: 'submissions.duplicateTitle',
      field_codes: { title: ['submissions.duplicateTitle'] },
    },
  });
}

/** Whether a database error is a unique-index violation (both drivers; Drizzle may wrap it in `cause`). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const candidates = [error, (error as { cause?: unknown })?.cause];
  return candidates.some((candidate) => {
    const e = candidate as { code?: string; constraint?: string; constraint_name?: string; message?: string } | null;
    if (e?.code !== '23505') return false;
    if (!constraint) return true;
    const name = e.constraint ?? e.constraint_name ?? '';
    return name === constraint || (e.message ?? '').includes(constraint);
  });
}

/** The same error with an `error` field holding its text (downloads and extraction answer errors that way). */
export function withErrorField(error: unknown): unknown {
  if (!(error instanceof AppError)) return error;
  return new AppError(error.statusCode, error.code, error.message, {
    fields: error.fields,
    extra: { ...error.extra, error: error.message },
  });
}
