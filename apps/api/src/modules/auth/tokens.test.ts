import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { hashToken, randomToken, signAccessToken, verifyAccessToken } from './tokens.ts';

const secret = 'a-secret-that-is-long-enough-for-tests-0123456789';

describe('access tokens', () => {
  it('round-trips the user id and the sessions_valid_from claim', async () => {
    const token = await signAccessToken(secret, { userId: 42, sessionsValidFrom: 1_700_000_000_123 });
    expect(await verifyAccessToken(secret, token)).toEqual({ userId: 42, sessionsValidFrom: 1_700_000_000_123 });
  });

  it('refuses a token signed with another secret, a tampered one and garbage', async () => {
    const token = await signAccessToken(secret, { userId: 42, sessionsValidFrom: 1 });
    expect(await verifyAccessToken(`${secret}-other`, token)).toBeUndefined();
    const [header, payload, signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ sub: '1', sv: 1 })).toString('base64url');
    expect(await verifyAccessToken(secret, `${header}.${forged}.${signature}`)).toBeUndefined();
    expect(await verifyAccessToken(secret, `${header}.${payload}`)).toBeUndefined();
    expect(await verifyAccessToken(secret, 'garbage')).toBeUndefined();
  });

  it('refuses an expired token', async () => {
    const token = await signAccessToken(
      secret,
      { userId: 7, sessionsValidFrom: 1 },
      new Date(Date.now() - 16 * 60_000),
    );
    expect(await verifyAccessToken(secret, token)).toBeUndefined();
  });

  it('refuses an unsigned (alg none) token', async () => {
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"sub":"1","sv":1}').toString('base64url')}.`;
    expect(await verifyAccessToken(secret, none)).toBeUndefined();
  });

  it('refuses a token signed with the raw secret (the key is derived, not the secret itself)', async () => {
    const token = await new SignJWT({ sv: 1 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setIssuer('confero')
      .setAudience('confero-api')
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode(secret));
    expect(await verifyAccessToken(secret, token)).toBeUndefined();
  });
});

describe('opaque tokens', () => {
  it('are random and stored as sha256', () => {
    const a = randomToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(randomToken()).not.toBe(a);
    expect(hashToken(a)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken(a)).not.toContain(a);
  });
});
