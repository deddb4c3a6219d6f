import { APP_VERSION, ApiError } from '@confero/contracts';
import type { FastifyDynamicSwaggerOptions, SwaggerTransform, SwaggerTransformObject } from '@fastify/swagger';
import type { RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { type ZodObject, z } from 'zod';

/*
 * The OpenAPI document served at /api/docs/json. @fastify/swagger builds it from the routes' zod schemas; the
 * document is OpenAPI 3.1, so zod's JSON Schema 2020-12 output (a nullable field is `type: [..., 'null']` or an
 * `anyOf` with `{type: 'null'}`) is valid as it is. What every operation has besides is added here, in one place:
 *   - operationId: method + path in camel case (`GET /api/events/:id/tracks/` → getEventsByIdTracks), unless the
 *     route declares one;
 *   - security: the access token (cookie or Bearer) for every operation, except the public ones (`security: []`);
 *   - error responses, all with the one error body (components.schemas.Error), from the route's shape: 400 when it
 *     takes input, 401 and 403 when it needs sign-in, 403 for unsafe methods (CSRF), 404 when its path has an id,
 *     413 and 415 when it takes a body, 429 when it has a rate limit, 5XX always; and the few answers the shape
 *     cannot tell, listed in MORE_ANSWERS;
 *   - multipart request bodies of the routes that read their body themselves (`schema.multipartBody`).
 * The test run lints the document with Redocly's recommended rules (redocly.yaml at the repository root).
 */

declare module 'fastify' {
  interface FastifySchema {
    /**
     * The multipart/form-data fields of a route that reads its body itself: only documented, never validated by
     * Fastify (the handler reads the parts). A route that also takes JSON keeps `body` for it.
     */
    multipartBody?: ZodObject;
  }
}

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429;

const ERROR_RESPONSES: Record<ErrorStatus | '5XX', { name: string; description: string }> = {
  400: {
    name: 'BadRequest',
    description: 'Invalid input: `code` VALIDATION_ERROR (or a more precise code) and `fields` naming each field.',
  },
  401: {
    name: 'NotAuthenticated',
    description: 'No valid access token (NOT_AUTHENTICATED), or wrong credentials or refresh token.',
  },
  403: {
    name: 'Forbidden',
    description:
      'The caller may not do this (PERMISSION_DENIED or a more precise code), or an unsafe request with cookies ' +
      'lacks the X-CSRFToken header matching the csrftoken cookie (CSRF_FAILED).',
  },
  404: { name: 'NotFound', description: 'Not found, or not visible to the caller (NOT_FOUND).' },
  409: {
    name: 'Conflict',
    description: 'The current state refuses the change (a duplicate, a stale copy, a locked or decided item).',
  },
  413: { name: 'PayloadTooLarge', description: 'The body or the uploaded file is too large (PAYLOAD_TOO_LARGE).' },
  415: { name: 'UnsupportedMediaType', description: 'The body is not of a media type the operation takes.' },
  429: { name: 'TooManyRequests', description: 'Too many requests (RATE_LIMITED); try again after Retry-After.' },
  '5XX': {
    name: 'ServerError',
    description: 'A server error (INTERNAL_ERROR with the `request_id` to report, or AI_UNAVAILABLE).',
  },
};

/** Paths that take no access token; every other /api/ operation answers 401 NOT_AUTHENTICATED without one. */
const PUBLIC_PREFIXES = ['/api/auth/', '/api/health/', '/api/config/', '/api/events/invitations/'];
/** Public paths below a resource: an event's calendar feed (served without sign-in for published events). */
const PUBLIC_SUFFIXES = ['/calendar.ics'];

/**
 * Answers an operation gives that its route's shape does not tell (`METHOD url` as the route declares it): 409
 * where the state can refuse the change, 404 for ids sent in the body or query, the sign-in refusals, and
 * redirects instead of a JSON answer.
 */
export const MORE_ANSWERS: Record<string, { errors?: ErrorStatus[]; redirect?: string }> = {
  'POST /api/auth/login/': { errors: [401, 403, 429] },
  'POST /api/auth/refresh/': { errors: [401] },
  'PATCH /api/users/:id/': { errors: [409] },
  'DELETE /api/users/:id/delete/': { errors: [409] },
  'DELETE /api/events/:id/': { errors: [409] },
  'POST /api/events/:id/approve/': { errors: [409] },
  'POST /api/events/:id/reject/': { errors: [409] },
  'POST /api/events/:id/change_status/': { errors: [409] },
  'POST /api/events/:id/add_chair/': { errors: [409] },
  'POST /api/events/:id/add_event_admin/': { errors: [409] },
  'POST /api/events/:id/remove_event_admin/': { errors: [409] },
  'POST /api/events/:id/add_reviewer/': { errors: [409] },
  'POST /api/events/:id/invite_reviewer/': { errors: [409] },
  'PATCH /api/events/:id/area-chairs/:user_id/': { errors: [409] },
  'POST /api/events/:id/tracks/': { errors: [409] },
  'PATCH /api/events/:id/tracks/:track_id/': { errors: [409] },
  'GET /api/events/invitations/:token/accept/': { redirect: 'To the web app page of the outcome.' },
  'GET /api/events/invitations/:token/decline/': { redirect: 'To the web app page of the outcome.' },
  'POST /api/submissions/': { errors: [404, 409] },
  'GET /api/submissions/': { errors: [404] },
  'GET /api/submissions/event_submissions/': { errors: [404] },
  'PATCH /api/submissions/:id/': { errors: [409] },
  'DELETE /api/submissions/:id/': { errors: [409] },
  'POST /api/submissions/:id/change_status/': { errors: [409] },
  'POST /api/submissions/:id/make_decision/': { errors: [409] },
  'POST /api/events/:id/conflicts/': { errors: [409] },
  'DELETE /api/events/:id/conflicts/:conflict_id/': { errors: [409] },
  'GET /api/submissions/:id/bid/': { errors: [409] },
  'PUT /api/submissions/:id/bid/': { errors: [409] },
  'POST /api/submissions/:id/assign/': { errors: [409] },
  'DELETE /api/submissions/:id/assign/:reviewer_id/': { errors: [409] },
  'POST /api/reviews/': { errors: [404, 409] },
  'PATCH /api/reviews/:id/': { errors: [409] },
  'DELETE /api/events/:id/assignment/preview/:preview_id/': { errors: [409] },
  'POST /api/events/:id/assignment/apply/': { errors: [404, 409] },
  'POST /api/admin/outbox/:id/retry/': { errors: [409] },
  'POST /api/submissions/:id/final-version/': { errors: [409, 413, 415] },
};

/** OpenAPI 3.1 schemas are JSON Schema 2020-12, the draft zod emits for them (and for the Error component below). */
const OPENAPI_VERSION = '3.1.0';
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const JSON_TYPE = 'application/json';

export const isPublicPath = (url: string): boolean =>
  PUBLIC_PREFIXES.some((prefix) => url.startsWith(prefix)) || PUBLIC_SUFFIXES.some((suffix) => url.endsWith(suffix));

/** `GET /api/events/:id/tracks/` → `getEventsByIdTracks`: the method, then each path word capitalised. */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .split('/')
    .filter((segment) => segment !== '' && segment !== 'api')
    .flatMap((segment) => (segment.startsWith(':') ? ['by', ...segment.slice(1).split(/[-_]/)] : segment.split(/[-_]/)))
    .filter((word) => word !== '');
  return method.toLowerCase() + words.map((word) => word[0]?.toUpperCase() + word.slice(1)).join('');
}

/** The one method of a route; the document needs one operation (and operationId) per method. */
function methodOf(route: RouteOptions): string {
  if (typeof route.method === 'string') return route.method.toUpperCase();
  throw new Error(`OpenAPI: declare one route per method (${route.url} has ${route.method.join(', ')})`);
}

/** What the final pass needs to know about an operation, found while its route was transformed. */
type OperationFacts = { errors: ErrorStatus[]; binary: string[]; redirect: string | undefined };

function errorStatuses(method: string, route: RouteOptions, takesBody: boolean, extra: ErrorStatus[]) {
  const statuses = new Set<ErrorStatus>(extra);
  const hasId = route.url.includes(':');
  if (hasId || takesBody || route.schema?.querystring) statuses.add(400);
  if (!isPublicPath(route.url)) statuses.add(401).add(403);
  if (UNSAFE_METHODS.has(method)) statuses.add(403);
  if (hasId) statuses.add(404);
  if (takesBody) statuses.add(413).add(415);
  if (route.config?.rateLimit) statuses.add(429);
  return [...statuses].sort((a, b) => a - b);
}

type Responses = Record<string, unknown>;
type Operation = { operationId?: string; responses?: Responses };
type PathItem = Record<string, Operation | undefined>;

const refTo = (status: ErrorStatus | '5XX') => ({ $ref: `#/components/responses/${ERROR_RESPONSES[status].name}` });

/** The success answers as documented: a file for routes that send one, a redirect, or what the route declared. */
function successResponses(declared: Responses, facts: OperationFacts): Responses {
  if (facts.redirect) {
    return {
      302: {
        description: facts.redirect,
        headers: { Location: { description: 'Where the browser goes next.', schema: { type: 'string' } } },
      },
    };
  }
  if (facts.binary.length === 0) return declared;
  const content = Object.fromEntries(
    facts.binary.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]),
  );
  return { 200: { description: 'The file.', content } };
}

/**
 * The @fastify/swagger options: the document's frame (version, servers, security schemes, the error components)
 * and the two hooks that complete every operation.
 */
export function openapiOptions(publicUrl: string): FastifyDynamicSwaggerOptions {
  const facts = new Map<string, OperationFacts>();

  const transform: SwaggerTransform = (document) => {
    const { schema, route } = document;
    if (!schema || schema.hide) return jsonSchemaTransform(document);
    const method = methodOf(route);
    const { multipartBody, ...declared } = schema;
    const operationId = declared.operationId ?? operationIdOf(method, route.url);
    const publicRoute = isPublicPath(route.url);
    const result = jsonSchemaTransform({
      ...document,
      schema: { ...declared, operationId, ...(publicRoute ? { security: [] } : {}) },
    });
    if (multipartBody) {
      const form = jsonSchemaTransform({ ...document, schema: { body: multipartBody } }).schema.body;
      const content: Record<string, { schema: unknown }> = { 'multipart/form-data': { schema: form } };
      if (result.schema.body) content[JSON_TYPE] = { schema: result.schema.body };
      result.schema.body = { content };
    }
    const more = MORE_ANSWERS[`${method} ${route.url}`];
    const takesBody = declared.body !== undefined || multipartBody !== undefined;
    facts.set(operationId, {
      errors: errorStatuses(method, route, takesBody, more?.errors ?? []),
      binary: declared.response ? [] : (declared.produces ?? []).filter((type) => type !== JSON_TYPE),
      redirect: more?.redirect,
    });
    return result;
  };

  const transformObject: SwaggerTransformObject = (documentObject) => {
    if (!('openapiObject' in documentObject)) throw new Error('OpenAPI: expected an OpenAPI 3 document');
    const document = documentObject.openapiObject;
    const paths = (document.paths ?? {}) as Record<string, PathItem>;
    for (const pathItem of Object.values(paths)) {
      for (const operation of Object.values(pathItem)) {
        const found = operation?.operationId ? facts.get(operation.operationId) : undefined;
        if (!operation || !found) continue;
        const errors = Object.fromEntries(found.errors.map((status) => [status, refTo(status)]));
        operation.responses = { ...successResponses(operation.responses ?? {}, found), ...errors, '5XX': refTo('5XX') };
      }
    }
    return document;
  };

  const errorSchema = z.toJSONSchema(
    ApiError.loose().describe(
      'The one error body of the API. `code` is stable (clients switch on it), `detail` is for people, `fields` ' +
        'names the fields at fault (English). Clients translate from the message keys: `message_code`, present on ' +
        "every error (a validation error gives its first field problem's), with its `params` for the error as a " +
        'whole; `field_codes[f][i]` with `field_params[f][i]` for `fields[f][i]`. ' +
        'Some answers add members: `retry_after` (seconds), `max_bytes`, `current_version`; a 5XX carries `request_id`.',
    ),
    { target: 'draft-2020-12', io: 'output' },
  );
  delete errorSchema.$schema;
  const errorBody = { [JSON_TYPE]: { schema: { $ref: '#/components/schemas/Error' } } };
  const responses = Object.fromEntries(
    Object.entries(ERROR_RESPONSES).map(([status, { name, description }]) => [
      name,
      {
        description,
        content: errorBody,
        ...(status === '429'
          ? { headers: { 'Retry-After': { description: 'Seconds to wait.', schema: { type: 'integer' as const } } } }
          : {}),
      },
    ]),
  );

  return {
    openapi: {
      openapi: OPENAPI_VERSION,
      info: { title: 'Confero API', version: APP_VERSION, description: 'Conference management and peer review' },
      servers: [{ url: publicUrl }],
      components: {
        securitySchemes: {
          cookieAuth: {
            type: 'apiKey',
            in: 'cookie',
            name: 'access_token',
            description:
              'The access token cookie set at sign-in. Unsafe methods also need the X-CSRFToken header equal to ' +
              'the csrftoken cookie (GET /api/auth/csrf/).',
          },
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'The access token from sign-in or refresh; requests with only a Bearer token skip CSRF.',
          },
        },
        schemas: { Error: errorSchema as Record<string, unknown> },
        responses,
      },
      security: [{ cookieAuth: [] }, { bearerAuth: [] }],
    },
    stripBasePath: false,
    transform,
    transformObject,
  };
}
