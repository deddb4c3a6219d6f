import { type ErrorCode, isMessageKey } from '@confero/contracts';
import type { ServerMessageKey } from '@confero/i18n';
import { messageTemplate, messageText } from '@confero/i18n/catalogue';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { type ApiMessageKey, AppError, type FieldIssue, fieldErrors } from '../lib/errors.ts';

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

/** One problem a route's zod schema found: the dotted field, its message key and values, and its English text. */
export type SchemaIssue = FieldIssue & { key: ApiMessageKey; params: Record<string, unknown>; text: string };

/** Whether a schema's message is a key of the catalogue (the accounts' keys, or any API message). */
const isCatalogueKey = (message: string): message is ApiMessageKey =>
  isMessageKey(message) || (message.includes('.') && messageTemplate(message) !== undefined);

type ZodItem = { keyword?: string; instancePath: string; message?: string; params?: Record<string, unknown> };

/**
 * The message key of a zod issue and its English text: the schema's own key when it gave one (the contracts' schemas
 * use keys as their messages), else the closest generic key by the issue's kind, the text staying the schema's own
 * wording then.
 */
function issueKey(item: ZodItem): Omit<SchemaIssue, 'field'> {
  const message = item.message ?? '';
  const params = item.params ?? {};
  if (isCatalogueKey(message)) return { key: message, params, text: messageText(message, params) };
  const generic = (key: ApiMessageKey, values: Record<string, unknown> = {}) => ({
    key,
    params: values,
    text: message || messageText(key, values),
  });
  if (item.keyword === 'too_big' && params.origin === 'string') {
    return generic('validation.tooLong', { maximum: params.maximum });
  }
  if (item.keyword === 'invalid_value') return generic('validation.invalidChoice');
  if (item.keyword === 'invalid_format' && params.format === 'email') return generic('validation.invalidEmail');
  if (item.keyword === 'invalid_format' && params.format === 'url') return generic('validation.invalidUrl');
  return generic('validation.invalid');
}

/**
 * The problems of a request that failed its route schema, one per zod issue; the field is the issue's dotted path,
 * or `fallbackField` for an issue about the whole input. An error that is not zod's yields one generic problem.
 */
export function schemaIssues(error: FastifyError, fallbackField = 'non_field_errors'): SchemaIssue[] {
  if (!hasZodFastifySchemaValidationErrors(error) || !Array.isArray(error.validation)) {
    return [{ field: fallbackField, key: 'validation.invalid', params: {}, text: messageText('validation.invalid') }];
  }
  return (error.validation as ZodItem[]).map((item) => {
    const path = item.instancePath.replace(/^\//, '').replaceAll('/', '.');
    return { field: path || fallbackField, ...issueKey(item) };
  });
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
    // The texts by field, their keys and values, as every validation error carries them; the error as a whole is
    // 'http.invalidInput'.
    return handleError(
      fieldErrors(schemaIssues(error), {
        prefixDetail: true,
        extra: { message_code: 'http.invalidInput', params: undefined },
      }),
      request,
      reply,
    );
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
