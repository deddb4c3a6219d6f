import type { ErrorCode } from '@confero/contracts';
import type { ServerMessageKey } from '@confero/i18n';
import { messageText } from '@confero/i18n/catalogue';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, type FieldErrors } from '../lib/errors.ts';

/** Fastify's own error codes that are the client's fault, mapped to our stable codes and message keys. */
const CLIENT_ERRORS: Record<string, { status: number; code: ErrorCode; key: ServerMessageKey }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'PAYLOAD_TOO_LARGE', key: 'http.bodyTooLarge' },
  FST_REQ_FILE_TOO_LARGE: { status: 413, code: 'PAYLOAD_TOO_LARGE', key: 'http.fileTooLarge' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', key: 'http.unsupportedMediaType' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'BAD_REQUEST', key: 'http.jsonEmpty' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'BAD_REQUEST', key: 'http.jsonInvalid' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', key: 'http.multipartExpected' },
  FST_PARTS_LIMIT: { status: 413, code: 'PAYLOAD_TOO_LARGE', key: 'http.tooManyParts' },
  FST_FILES_LIMIT: { status: 413, code: 'PAYLOAD_TOO_LARGE', key: 'http.tooManyFiles' },
  FST_FIELDS_LIMIT: { status: 413, code: 'PAYLOAD_TOO_LARGE', key: 'http.tooManyFields' },
  FST_ERR_VALIDATION: { status: 400, code: 'VALIDATION_ERROR', key: 'http.invalidInput' },
  FST_ERR_BAD_URL: { status: 400, code: 'BAD_REQUEST', key: 'http.urlMalformed' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, code: 'BAD_REQUEST', key: 'http.urlPartTooLong' },
};

/** Turns zod issues into `{field: [messages]}`; the field is the issue's dotted path. */
function zodFields(error: FastifyError): FieldErrors {
  const fields: FieldErrors = {};
  if (!hasZodFastifySchemaValidationErrors(error)) return fields;
  for (const issue of error.validation) {
    const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const key = path || 'non_field_errors';
    fields[key] = [...(fields[key] ?? []), issue.message ?? 'Invalid value.'];
  }
  return fields;
}

/** The key of an AppError built without one (the helpers of lib/errors.ts always give one), by status. */
const STATUS_KEYS: Partial<Record<number, ServerMessageKey>> = {
  401: 'http.notAuthenticated',
  403: 'http.permissionDenied',
  404: 'http.notFound',
  409: 'http.conflict',
  413: 'http.bodyTooLarge',
  415: 'http.unsupportedMediaType',
  429: 'http.tooManyRequests',
  500: 'http.internalError',
};

/** A body told by a message key without placeholders: its English text, the code and the key. */
const keyed = (code: ErrorCode, key: ServerMessageKey) => ({ detail: messageText(key), code, message_code: key });

function send(reply: FastifyReply, status: number, body: Record<string, unknown>) {
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

/**
 * One error handler for the whole API: stable codes, messages
 * addressed to fields, and 5xx answers that never show internals but always
 * carry the request id.
 */
function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    if (error.statusCode >= 500) request.log.error({ err: error }, 'application error');
    const retryAfter = error.extra?.retry_after;
    if (error.statusCode === 429 && typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
    return send(reply, error.statusCode, {
      detail: error.message,
      code: error.code,
      message_code: STATUS_KEYS[error.statusCode] ?? 'http.badRequest',
      ...(error.fields ? { fields: error.fields } : {}),
      ...(error.extra ?? {}),
    });
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields = zodFields(error);
    const first = Object.entries(fields)[0];
    const detail = first ? `${first[0]}: ${first[1][0]}` : messageText('http.invalidInput');
    return send(reply, 400, { detail, code: 'VALIDATION_ERROR', message_code: 'http.invalidInput', fields });
  }
  if (error.statusCode === 429) return send(reply, 429, keyed('RATE_LIMITED', 'http.tooManyRequests'));
  const known = error.code ? CLIENT_ERRORS[error.code] : undefined;
  if (known) return send(reply, known.status, keyed(known.code, known.key));
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return send(reply, error.statusCode, {
      detail: error.message,
      code: 'BAD_REQUEST',
      message_code: 'http.badRequest',
    });
  }
  request.log.error({ err: error }, 'unhandled error');
  return send(reply, 500, { ...keyed('INTERNAL_ERROR', 'http.internalError'), request_id: request.id });
}

export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler(handleError);
});

/**
 * Fastify's `frameworkErrors` option: what the router refuses before any route or hook runs (a malformed URL
 * escape, a path parameter over the router's length limit) answers in the same shape, with the request id.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  reply.header('x-request-id', request.id);
  return handleError(error, request, reply);
}
