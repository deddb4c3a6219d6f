import { type ApiMessageKey, AppError, fieldErrors, messageError } from '../../lib/errors.ts';

/** 403: a member who sees the paper but is not one of its authors sends nothing. */
export const authorsOnly = () => messageError(403, 'PERMISSION_DENIED', 'finalVersions.authorsOnly');
/** 403: a member who sees the paper but is neither an author nor its committee (reviewers, other chairs). */
export const readDenied = () => messageError(403, 'PERMISSION_DENIED', 'finalVersions.readDenied');
/** 403: a chair or area chair with a conflict of interest with the paper. */
export const finalVersionConflicted = () => messageError(403, 'CONFLICT_OF_INTEREST', 'finalVersions.conflicted');
/** 403: an area chair blinded by a double-blind event downloads no file of the final version (it names the authors). */
export const finalVersionBlinded = () => messageError(403, 'PERMISSION_DENIED', 'finalVersions.blinded');
/** 403: the event's final versions and proceedings are its organizers' (members who are not). */
export const organizersOnly = () => messageError(403, 'PERMISSION_DENIED', 'finalVersions.organizersOnly');
/** 409 FINAL_VERSION_DISABLED: the event's phase is off. */
export const phaseDisabled = () => messageError(409, 'FINAL_VERSION_DISABLED', 'finalVersions.disabled');
/** 409 NOT_ACCEPTED: only an accepted paper has a final version. */
export const notAccepted = () => messageError(409, 'NOT_ACCEPTED', 'finalVersions.notAccepted');
/** 409 FINAL_VERSION_CLOSED: the deadline (its date's end in the event's zone) is over. */
export const phaseClosed = (deadline: string, timezone: string) =>
  messageError(409, 'FINAL_VERSION_CLOSED', 'finalVersions.closed', { deadline, timezone });
/** 409 STALE_FINAL_VERSION: the final version changed since the client read the version it sent. */
export const staleFinalVersion = () => messageError(409, 'STALE_FINAL_VERSION', 'finalVersions.stale');
/** 404: a final version's file that is not there (no upload of that kind yet, or the store lost it). */
export const fileMissing = () => messageError(404, 'NOT_FOUND', 'finalVersions.fileMissing');

/** A 400 on one field of the final version's form. */
export const formFieldError = (field: string, key: ApiMessageKey, params: Record<string, unknown> = {}) =>
  fieldErrors([{ field, key, params }]);

/**
 * The same error placed on a form field (`file`, `supplementary`), its status and code kept: the upload checks of
 * `modules/submissions/files.ts` answer without a field, and the final version's form has two files.
 */
export function onField(error: unknown, field: string): unknown {
  if (!(error instanceof AppError) || error.fields) return error;
  return new AppError(error.statusCode, error.code, error.message, {
    fields: { [field]: [error.message] },
    extra: { ...error.extra, field_codes: { [field]: [error.extra?.message_code] } },
  });
}
