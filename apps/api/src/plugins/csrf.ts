import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden } from '../lib/errors.ts';

export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'x-csrftoken';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const AUTH_COOKIES = ['access_token', 'refresh_token'];

declare module 'fastify' {
  interface FastifyReply {
    /** Sets (or keeps) the CSRF cookie and returns its value. */
    issueCsrfToken(): string;
  }
}

function sign(secret: string, nonce: string): string {
  return crypto.createHmac('sha256', secret).update(`csrf:${nonce}`).digest('base64url').slice(0, 32);
}

function isWellFormed(secret: string, token: string | undefined): token is string {
  if (!token) return false;
  const [nonce, signature] = token.split('.');
  if (!nonce || !signature) return false;
  const expected = sign(secret, nonce);
  return expected.length === signature.length && crypto.timingSafeEqual(Buffer.from(expected), Buffer.from(signature));
}

/** How many tokens found well formed a process remembers (a browser keeps its token a year); past it the oldest goes. */
export const WELL_FORMED_TOKENS_KEPT = 10_000;

/**
 * `isWellFormed` with the tokens found well formed remembered, so a browser's token is checked by its HMAC once per
 * process instead of on every request (every read under /api/ checks it). A token's signature never expires, so a
 * remembered one stays right; bounded as the verified access tokens are (modules/auth/tokens.ts).
 */
export function wellFormedChecker(secret: string): (token: string | undefined) => token is string {
  const known = new Set<string>();
  return (token): token is string => {
    if (token !== undefined && known.has(token)) return true;
    if (!isWellFormed(secret, token)) return false;
    if (known.size >= WELL_FORMED_TOKENS_KEPT) known.delete(known.values().next().value as string);
    known.add(token);
    return true;
  };
}

function sameToken(a: string, b: string): boolean {
  return a.length === b.length && crypto.timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

/** Requests authenticated only by a Bearer header carry no ambient credential, so CSRF cannot forge them. */
function isBearerOnly(request: FastifyRequest): boolean {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return false;
  return AUTH_COOKIES.every((name) => !request.cookies[name]);
}

/**
 * Double-submit CSRF protection: the `csrftoken` cookie (signed with the
 * server secret, readable by the client) must be echoed in `X-CSRFToken` on
 * every unsafe method under /api/.
 */
export const csrfPlugin = fp(
  async (app: FastifyInstance, options: { secret: string; secure: boolean }) => {
    const wellFormed = wellFormedChecker(options.secret);
    app.decorateReply('issueCsrfToken', function issueCsrfToken(this: FastifyReply) {
      const current = this.request.cookies[CSRF_COOKIE];
      if (wellFormed(current)) return current;
      const nonce = crypto.randomBytes(24).toString('base64url');
      const token = `${nonce}.${sign(options.secret, nonce)}`;
      this.setCookie(CSRF_COOKIE, token, {
        path: '/',
        httpOnly: false,
        sameSite: 'lax',
        secure: options.secure,
        maxAge: 60 * 60 * 24 * 365,
      });
      return token;
    });

    app.addHook('onRequest', async (request, reply) => {
      if (!request.url.startsWith('/api/')) return;
      if (SAFE_METHODS.has(request.method)) {
        if (!wellFormed(request.cookies[CSRF_COOKIE])) reply.issueCsrfToken();
        return;
      }
      if (isBearerOnly(request)) return;
      const cookie = request.cookies[CSRF_COOKIE];
      const header = request.headers[CSRF_HEADER];
      const headerValue = Array.isArray(header) ? header[0] : header;
      if (!wellFormed(cookie) || !headerValue || !sameToken(cookie, headerValue)) {
        throw forbidden('http.csrfFailed', 'CSRF_FAILED');
      }
    });
  },
  { name: 'csrf', dependencies: ['@fastify/cookie'] },
);
