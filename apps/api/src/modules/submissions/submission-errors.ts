import { AppError, fieldErrors, messageError, messageFieldError } from '../../lib/errors.ts';

/** A 400 for one field of a submission: `lib/errors.ts` `messageFieldError`. */
export const submissionFieldError = messageFieldError;

/** A submissions error without a field: `lib/errors.ts` `messageError`. */
export const submissionError = messageError;

export const submissionNotFound = () => submissionError(404, 'NOT_FOUND', 'submissions.notFound');
export const submissionForbidden = () => submissionError(403, 'PERMISSION_DENIED', 'submissions.permissionDenied');
/** 409 SUBMISSION_LOCKED: a final decision (accepted, rejected) closed the submission to its authors' edits. */
export const decidedLockedError = () => submissionError(409, 'SUBMISSION_LOCKED', 'submissions.decidedLocked');

/** 409 DUPLICATE_TITLE with its fixed text (keep it verbatim), on `title` too, and a `type` field clients switch on. */
export function duplicateTitleError(): AppError {
  const key = 'submissions.duplicateTitle';
  return fieldErrors([{ field: 'title', key }], {
    status: 409,
    code: 'DUPLICATE_TITLE',
    extra: { type: 'DUPLICATE_TITLE', message_code: key },
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
