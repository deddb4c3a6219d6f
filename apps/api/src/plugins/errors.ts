import type { ErrorCode } from '@confero/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, type FieldErrors } from '../lib/errors.ts';

/** Fastify's own error codes that are the client's fault, mapped to our stable codes. */
const CLIENT_ERRORS: Record<string, { status: number; code: ErrorCode; detail: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'PAYLOAD_TOO_LARGE', detail: 'The request body is too large.' },
  FST_REQ_FILE_TOO_LARGE: { status: 413, code: 'PAYLOAD_TOO_LARGE', detail: 'The uploaded file is too large.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', detail: 'Unsupported media type.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'BAD_REQUEST', detail: 'The JSON body is empty.' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'BAD_REQUEST', detail: 'The JSON body is not valid JSON.' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: {
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    detail: 'Expected multipart/form-data.',
  },
  FST_PARTS_LIMIT: { status: 413, code: 'PAYLOAD_TOO_LARGE', detail: 'Too many parts in the upload.' },
  FST_FILES_LIMIT: { status: 413, code: 'PAYLOAD_TOO_LARGE', detail: 'Too many files in the upload.' },
  FST_FIELDS_LIMIT: { status: 413, code: 'PAYLOAD_TOO_LARGE', detail: 'Too many fields in the upload.' },
  FST_ERR_VALIDATION: { status: 400, code: 'VALIDATION_ERROR', detail: 'Invalid input.' },
  FST_ERR_BAD_URL: { status: 400, code: 'BAD_REQUEST', detail: 'The URL is malformed.' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, code: 'BAD_REQUEST', detail: 'A part of the URL is too long.' },
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
      ...(error.fields ? { fields: error.fields } : {}),
      ...(error.extra ?? {}),
    });
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields = zodFields(error);
    const first = Object.entries(fields)[0];
    const detail = first ? `${first[0]}: ${first[1][0]}` : 'Invalid input.';
    return send(reply, 400, { detail, code: 'VALIDATION_ERROR', fields });
  }
  if (error.statusCode === 429) {
    const detail = (error as { detail?: string }).detail ?? 'Too many requests. Please try again later.';
    return send(reply, 429, { detail, code: 'RATE_LIMITED' });
  }
  const known = error.code ? CLIENT_ERRORS[error.code] : undefined;
  if (known) return send(reply, known.status, { detail: known.detail, code: known.code });
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return send(reply, error.statusCode, { detail: error.message, code: 'BAD_REQUEST' });
  }
  request.log.error({ err: error }, 'unhandled error');
  return send(reply, 500, {
    detail: 'An internal error occurred. Please try again later.',
    code: 'INTERNAL_ERROR',
    request_id: request.id,
  });
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
