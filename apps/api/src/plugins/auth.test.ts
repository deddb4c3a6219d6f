import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testActor } from '../../test/access.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildUser } from '../../test/factories/index.ts';
import { users } from '../db/schema/index.ts';
import { issueRefreshToken, revokeRefreshFamily, signAccessToken } from '../modules/auth/tokens.ts';
import { type Actor, requireUser } from './auth.ts';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => app.close());

const requestWith = (actor: Actor | null) => ({ actor }) as FastifyRequest;

/** An access token of a new session of the user (a real refresh-token family), with `sv` shifted by `svShift`. */
async function tokenOf(user: { id: number; sessionsValidFrom: Date }, svShift = 0) {
  const { familyId } = await issueRefreshToken(app.db, user.id);
  const token = await signAccessToken(app.config.secretKey, {
    userId: user.id,
    sessionsValidFrom: user.sessionsValidFrom.getTime() + svShift,
    sessionId: familyId,
  });
  return { token, familyId };
}

async function meWith(token: string, via: 'bearer' | 'cookie' = 'bearer') {
  return app.inject({
    method: 'GET',
    url: '/api/users/me/',
    ...(via === 'bearer' ? { headers: { authorization: `Bearer ${token}` } } : { cookies: { access_token: token } }),
  });
}

describe('auth plugin', () => {
  it('reads the access token from the Bearer header or the access_token cookie', async () => {
    const user = await buildUser(app);
    const { token } = await tokenOf(user);
    expect((await meWith(token, 'bearer')).json().email).toBe(user.email);
    expect((await meWith(token, 'cookie')).json().email).toBe(user.email);
  });

  it('treats a token older than sessions_valid_from as no user', async () => {
    const user = await buildUser(app);
    const { token } = await tokenOf(user, -1);
    const response = await meWith(token);
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('NOT_AUTHENTICATED');
  });

  it.each(['suspended', 'inactive', 'pending'] as const)('treats the token of a %s user as no user', async (status) => {
    const user = await buildUser(app);
    const { token } = await tokenOf(user);
    expect((await meWith(token)).statusCode).toBe(200);
    await app.db.update(users).set({ accountStatus: status }).where(eq(users.id, user.id));
    expect((await meWith(token)).statusCode).toBe(401);
  });

  it('treats the token of a deleted user as no user', async () => {
    const token = await signAccessToken(app.config.secretKey, {
      userId: 987654,
      sessionsValidFrom: Date.now(),
      sessionId: 'no-such-family',
    });
    expect((await meWith(token)).statusCode).toBe(401);
  });

  it('treats a token of a revoked session as no user, and leaves the other sessions signed in', async () => {
    const user = await buildUser(app);
    const ended = await tokenOf(user);
    const other = await tokenOf(user);
    expect((await meWith(ended.token)).statusCode).toBe(200);
    await revokeRefreshFamily(app.db, ended.familyId);
    for (const via of ['bearer', 'cookie'] as const) {
      const response = await meWith(ended.token, via);
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('NOT_AUTHENTICATED');
      expect((await meWith(other.token, via)).json().email).toBe(user.email);
    }
  });

  it("treats a token naming another user's session as no user", async () => {
    const owner = await buildUser(app);
    const intruder = await buildUser(app);
    const { familyId } = await tokenOf(owner);
    const token = await signAccessToken(app.config.secretKey, {
      userId: intruder.id,
      sessionsValidFrom: intruder.sessionsValidFrom.getTime(),
      sessionId: familyId,
    });
    expect((await meWith(token)).statusCode).toBe(401);
  });
});

describe('requireUser', () => {
  const member = testActor({ publicId: '1-abcdefgh' });

  it('answers 401 for anonymous requests', () => {
    const expected = expect.objectContaining({
      statusCode: 401,
      code: 'NOT_AUTHENTICATED',
      message: 'Authentication credentials were not provided.',
    });
    expect(() => requireUser(requestWith(null))).toThrow(expected);
  });

  it('passes the signed-in caller', () => {
    expect(requireUser(requestWith(member))).toBe(member);
  });
});
