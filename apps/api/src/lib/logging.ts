import { DrizzleQueryError } from 'drizzle-orm';
import type { FastifyRequest, FastifyServerOptions } from 'fastify';

type LoggerOptions = Exclude<NonNullable<FastifyServerOptions['logger']>, boolean>;
/** Where log lines go: standard output unless given (tests collect them). */
export type LogStream = NonNullable<LoggerOptions['stream']>;

/** Field names whose values never reach a log line, wherever they sit in a logged object (up to three deep). */
const SECRET_FIELDS = [
  'authorization',
  'cookie',
  'set-cookie',
  'x-csrftoken',
  'password',
  'current_password',
  'new_password',
  'password_hash',
  'passwordHash',
  'token',
  'access_token',
  'refresh_token',
  'accessToken',
  'refreshToken',
  'secret',
  'secretKey',
  'secret_key',
  'apiKey',
  'api_key',
  'databaseUrl',
  'smtpUrl',
  // The S3 store's access keys (STORAGE_URL's user info, in the configuration's `storage`).
  'credentials',
  'secretAccessKey',
];

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** pino redact paths: each secret field at the top, one and two levels down (`req.headers.authorization`). */
export const LOG_REDACT_PATHS = SECRET_FIELDS.flatMap((name) => {
  const property = IDENTIFIER.test(name) ? `.${name}` : `["${name}"]`;
  return [...(IDENTIFIER.test(name) ? [name] : []), `*${property}`, `*.*${property}`];
});

export const REDACTED = '[Redacted]';

/** Query parameters whose values are secrets (links in e-mails carry tokens). */
const SECRET_QUERY = /(^|[_-])(token|password|secret|key|code|signature)$/i;
/** Paths that carry a secret as a segment: the password-reset link and the invitation answers. */
const SECRET_PATHS = [/^(\/reset-password\/[^/?#]+\/)[^/?#]+/, /^(\/api\/events\/invitations\/)[^/?#]+/];

/** A request URL as it may be logged: secret path segments and secret query values replaced. */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  let pathname = queryStart === -1 ? url : url.slice(0, queryStart);
  for (const pattern of SECRET_PATHS) pathname = pathname.replace(pattern, `$1${REDACTED}`);
  if (queryStart === -1) return pathname;
  const query = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const name = pair.split('=', 1)[0] ?? '';
      return SECRET_QUERY.test(decodeURIComponentSafe(name)) && pair.includes('=') ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${pathname}?${query}`;
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Row values PostgreSQL puts into an error's detail: `Key (email)=(…)`, `Failing row contains (…)`. */
function maskRowValues(detail: string): string {
  return detail.replace(/=\(.*\)/s, '=(…)').replace(/contains \(.*\)/s, 'contains (…)');
}

/** A database error repeats a rejected value in its message (`invalid input syntax for type integer: "…"`). */
function isDatabaseError(error: Error): boolean {
  const { code, severity } = error as { code?: unknown; severity?: unknown };
  return typeof severity === 'string' && typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);
}

/**
 * The message of an error without the values it may carry: Drizzle's failed query keeps its SQL (placeholders
 * only) but not its parameters (a password hash, a token), and a database error loses the value it quotes.
 */
export function safeErrorMessage(error: Error): string {
  if (error instanceof DrizzleQueryError) return `Failed query: ${error.query}`;
  if (isDatabaseError(error)) return error.message.replace(/: ".*"$/s, ': "…"');
  return error.message;
}

const MAX_CAUSES = 5;

export type SerializedError = { type: string; message: string; stack: string; [key: string]: unknown };

/**
 * Serializes an error for a log line or a crash report without the values of a failed query: the message and
 * stack lose Drizzle's `params` line, the `params` field is dropped, a database error's detail has its row values
 * masked, and the causes (the driver's error under Drizzle's) are serialized the same way.
 */
export function serializeError(error: Error, depth = 0): SerializedError {
  const message = safeErrorMessage(error);
  const serialized: SerializedError = {
    type: error.constructor.name || error.name,
    message,
    stack: (error.stack ?? '').replace(error.message, message),
  };
  for (const [key, value] of Object.entries(error)) {
    if (key === 'params' || key === 'cause' || key === 'message' || key === 'stack' || typeof value === 'function') {
      continue;
    }
    serialized[key] = key === 'detail' && typeof value === 'string' ? maskRowValues(value) : value;
  }
  const cause: unknown = error.cause;
  if (cause instanceof Error) {
    serialized.cause = depth < MAX_CAUSES ? serializeError(cause, depth + 1) : { type: cause.name, message: '…' };
  } else if (cause !== undefined) {
    serialized.cause = String(cause);
  }
  return serialized;
}

/** An error as one printable text (a crash at start-up): the safe stack, then each cause's safe stack. */
export function errorReport(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  let text = serializeError(error).stack || safeErrorMessage(error);
  let cause: unknown = error.cause;
  for (let depth = 0; cause instanceof Error && depth < MAX_CAUSES; depth += 1) {
    const serialized = serializeError(cause);
    const detail = typeof serialized.detail === 'string' ? ` (${serialized.detail})` : '';
    text += `\ncaused by: ${serialized.stack || serialized.message}${detail}`;
    cause = cause.cause;
  }
  return text;
}

/** The request as logged: Fastify's fields, with the URL's secrets replaced. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: typeof request.url === 'string' ? redactUrl(request.url) : undefined,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * The logger options of every Confero process (the server and `npm run worker`): JSON lines at `level`, with
 * secrets redacted by field name and URL, and errors serialized without query values.
 */
export function loggerOptions(level: string, stream?: LogStream): LoggerOptions {
  return {
    level,
    redact: { paths: LOG_REDACT_PATHS, censor: REDACTED },
    serializers: { req: serializeRequest, err: (error: Error) => serializeError(error) },
    ...(stream ? { stream } : {}),
  };
}
