import type { ErrorCode, MessageKey } from '@confero/contracts';
import { placeholderNames, type ServerMessageKey } from '@confero/i18n';
import { messageTemplate, messageText } from '@confero/i18n/catalogue';

export type FieldErrors = Record<string, string[]>;

/** The values of a message's `{{placeholders}}` (`{max: 50}`), sent to clients as they are. */
export type MessageParams = Record<string, string | number>;

/** A message key an error may carry: of the API's catalogue or of the accounts API (both in `packages/i18n`). */
export type ApiMessageKey = ServerMessageKey | MessageKey;

/**
 * One problem of one field, told by a message key. `text` replaces the key's English text when the problem came
 * with its own wording (a route schema's message that is not a key of the catalogue).
 */
export type FieldIssue = { field: string; key: ApiMessageKey; params?: Record<string, unknown>; text?: string };

/**
 * The one error type of the API. Handlers and services throw it, built by the helpers below so that it carries its
 * message key in `extra`; the error plugin turns it into `{detail, code, fields?, ...extra}` with its status.
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

/** The parameters a message's `{{placeholders}}` use, and nothing else the caller passed. */
function placeholderParams(key: string, params: Record<string, unknown> = {}): Record<string, unknown> {
  const names = placeholderNames(messageTemplate(key) ?? '');
  return Object.fromEntries(names.filter((name) => params[name] !== undefined).map((name) => [name, params[name]]));
}

const hasKeys = (record: Record<string, unknown>) => Object.keys(record).length > 0;

/**
 * An error told by a message key (`docs/conventions.md#errors`): the key's English text in `detail`, the key in
 * `message_code`, and the values of its placeholders in `params` (left out when the text has none), so a client
 * shows the key's text in its own language without reading the English.
 */
export function messageError(
  status: number,
  code: ErrorCode,
  key: ApiMessageKey,
  params: Record<string, unknown> = {},
  extra: Record<string, unknown> = {},
): AppError {
  const used = placeholderParams(key, params);
  return new AppError(status, code, messageText(key, params), {
    extra: { message_code: key, ...(hasKeys(used) ? { params: used } : {}), ...extra },
  });
}

/**
 * A validation error for field problems, each told by a message key: the English texts in `fields`, the keys in
 * `field_codes` (parallel to `fields`), and the placeholder values in `field_params` (parallel too, only for the
 * fields whose texts have placeholders). A repeated text of a field is reported once. `detail` is the first text,
 * prefixed with its field when `prefixDetail` is set (the accounts API's form); `message_code` and `params` are the
 * first problem's, so the error as a whole has a key like every other.
 */
export function fieldErrors(
  issues: FieldIssue[],
  options: {
    status?: number;
    code?: ErrorCode;
    prefixDetail?: boolean;
    extra?: Record<string, unknown>;
  } = {},
): AppError {
  const fields: FieldErrors = {};
  const fieldCodes: Record<string, string[]> = {};
  const fieldParams: Record<string, Record<string, unknown>[]> = {};
  for (const issue of issues) {
    const text = issue.text ?? messageText(issue.key, issue.params);
    if (fields[issue.field]?.includes(text)) continue;
    fields[issue.field] = [...(fields[issue.field] ?? []), text];
    fieldCodes[issue.field] = [...(fieldCodes[issue.field] ?? []), issue.key];
    fieldParams[issue.field] = [...(fieldParams[issue.field] ?? []), placeholderParams(issue.key, issue.params)];
  }
  const withParams = Object.fromEntries(
    Object.entries(fieldParams).filter(([, list]) => list.some((params) => hasKeys(params))),
  );
  const first = issues[0];
  const firstText = first?.text ?? messageText(first?.key ?? 'http.invalidInput', first?.params);
  const detail = first && options.prefixDetail ? `${first.field}: ${firstText}` : firstText;
  const firstUsed = first ? placeholderParams(first.key, first.params) : {};
  return new AppError(options.status ?? 400, options.code ?? 'VALIDATION_ERROR', detail, {
    fields,
    extra: {
      message_code: first?.key ?? 'http.invalidInput',
      ...(hasKeys(firstUsed) ? { params: firstUsed } : {}),
      field_codes: fieldCodes,
      ...(hasKeys(withParams) ? { field_params: withParams } : {}),
      ...options.extra,
    },
  });
}

/** One problem of one field, told by a message key: the common case of a service's input checks. */
export const messageFieldError = (
  field: string,
  key: ApiMessageKey,
  params: Record<string, unknown> = {},
  code: ErrorCode = 'VALIDATION_ERROR',
) => fieldErrors([{ field, key, params }], { code });

/** 401: not signed in, or the session is not usable (the auth module's keys and codes). */
export const notAuthenticated = (key: ApiMessageKey = 'http.notAuthenticated', code: ErrorCode = 'NOT_AUTHENTICATED') =>
  messageError(401, code, key);

/** 403: signed in but not allowed. */
export const forbidden = (key: ApiMessageKey = 'http.permissionDenied', code: ErrorCode = 'PERMISSION_DENIED') =>
  messageError(403, code, key);

/** 404: the thing does not exist, or not for this viewer. */
export const notFound = (key: ApiMessageKey = 'http.notFound') => messageError(404, 'NOT_FOUND', key);

/** 409: the state of a thing refuses the request. */
export const conflict = (key: ApiMessageKey, code: ErrorCode = 'CONFLICT', params: Record<string, unknown> = {}) =>
  messageError(409, code, key, params);
