import type { AccountStatus } from '@confero/contracts';
import { and, eq, exists, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { refreshTokens, users } from '../db/schema/index.ts';
import { notAuthenticated } from '../lib/errors.ts';
import { preparedQuery } from '../lib/sql.ts';
import { ACCESS_COOKIE } from '../modules/auth/cookies.ts';
import { verifyAccessToken } from '../modules/auth/tokens.ts';

/** The signed-in user of a request, as every handler and policy sees it. */
export type Actor = {
  id: number;
  publicId: string;
  email: string;
  firstName: string;
  lastName: string;
  isAdmin: boolean;
  emailVerified: boolean;
  accountStatus: AccountStatus;
  /** sessions_valid_from in epoch milliseconds (the `sv` claim of tokens issued now). */
  sessionsValidFrom: number;
};

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null (no token, a bad or outdated token, or an account that is not active). */
    actor: Actor | null;
    /** The session (refresh-token family) the request's access token belongs to, when it signed a user in. */
    sessionId: string | null;
  }
}

/** The access token: an `Authorization: Bearer` header first, else the `access_token` cookie. */
function readAccessToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) {
    const token = header.slice('Bearer '.length).trim();
    if (token) return token;
  }
  return request.cookies[ACCESS_COOKIE] || undefined;
}

/** The user of a token, when its session (refresh-token family) is not revoked: every signed-in request runs it. */
const signedInUser = preparedQuery('auth_signed_in_user', (db, name) =>
  db
    .select({
      id: users.id,
      publicId: users.publicId,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      isAdmin: users.isAdmin,
      emailVerified: users.emailVerified,
      accountStatus: users.accountStatus,
      sessionsValidFrom: users.sessionsValidFrom,
    })
    .from(users)
    .where(
      and(
        eq(users.id, sql.placeholder('userId')),
        exists(
          db
            .select({ id: refreshTokens.id })
            .from(refreshTokens)
            .where(
              and(
                eq(refreshTokens.familyId, sql.placeholder('sessionId')),
                eq(refreshTokens.userId, users.id),
                isNull(refreshTokens.revokedAt),
              ),
            ),
        ),
      ),
    )
    .prepare(name),
);

/**
 * Authentication for /api/: verifies the access token and loads its user with one query. The token counts only
 * while the account is active, the token's `sv` claim is not older than the user's sessions_valid_from, and the
 * session named by its `sid` claim (a refresh-token family of that user) is not revoked. So a suspension, a
 * password reset, a password change or signing out takes effect on the very next request.
 */
export const authPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('actor', null);
    app.decorateRequest('sessionId', null);
    app.addHook('onRequest', async (request) => {
      if (!request.url.startsWith('/api/')) return;
      const token = readAccessToken(request);
      if (!token) return;
      const claims = await verifyAccessToken(app.config.secretKey, token);
      if (!claims) return;
      const [user] = await signedInUser(request.db).execute({ userId: claims.userId, sessionId: claims.sessionId });
      if (user?.accountStatus !== 'active') return;
      const sessionsValidFrom = user.sessionsValidFrom.getTime();
      if (claims.sessionsValidFrom < sessionsValidFrom) return;
      request.actor = { ...user, sessionsValidFrom };
      request.sessionId = claims.sessionId;
    });
  },
  { name: 'auth', dependencies: ['db', 'csrf', '@fastify/cookie'] },
);

/** The signed-in user, or 401 `Authentication credentials were not provided.` (NOT_AUTHENTICATED). */
export function requireUser(request: FastifyRequest): Actor {
  if (!request.actor) throw notAuthenticated();
  return request.actor;
}

/**
 * Every route of a plugin needs a signed-in caller; the check runs before the body is validated, so an anonymous
 * request is answered 401 whatever it sent.
 */
export function requireSignedIn(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    requireUser(request);
  });
}
