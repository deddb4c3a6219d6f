import { ACCESS_TOKEN_TTL_SECONDS, REFRESH_TOKEN_TTL_SECONDS } from '@confero/contracts';
import type { FastifyReply } from 'fastify';

export const ACCESS_COOKIE = 'access_token';
export const REFRESH_COOKIE = 'refresh_token';

/** httpOnly, SameSite=Lax, Secure in production, whole site. */
function options(reply: FastifyReply, maxAge: number) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: reply.server.config.isProduction,
    maxAge,
  };
}

/** Sets both session cookies. */
export function setSessionCookies(reply: FastifyReply, tokens: { access: string; refresh: string }): void {
  reply.setCookie(ACCESS_COOKIE, tokens.access, options(reply, ACCESS_TOKEN_TTL_SECONDS));
  reply.setCookie(REFRESH_COOKIE, tokens.refresh, options(reply, REFRESH_TOKEN_TTL_SECONDS));
}

/** Clears both session cookies (expired, same attributes so the browser matches them). */
export function clearSessionCookies(reply: FastifyReply): void {
  const { maxAge: _maxAge, ...attributes } = options(reply, 0);
  reply.clearCookie(ACCESS_COOKIE, attributes);
  reply.clearCookie(REFRESH_COOKIE, attributes);
}
