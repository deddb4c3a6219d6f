import crypto from 'node:crypto';
import { SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hashToken, randomToken, signAccessToken, verifyAccessToken } from './tokens.ts';

const secret = 'a-secret-that-is-long-enough-for-tests-0123456789';
/** The access-token key as the server derives it, to sign tokens the server would otherwise accept. */
const accessKeyFor = (value: string) =>
  new Uint8Array(crypto.createHmac('sha256', value).update('confero:access-token:v1').digest());

/** A token for user 1 with the server's issuer and audience and `payload`, signed by hand with `key`. */
const handMadeToken = (payload: Record<string, unknown>, key: Uint8Array) =>
  new SignJWT(payload)
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject('1')
    .setIssuer('confero')
    .setAudience('confero-api')
    .setExpirationTime('5m')
    .sign(key);

describe('access tokens', () => {
  it('round-trips the user id, the sessions_valid_from claim and the session id', async () => {
    const claims = { userId: 42, sessionsValidFrom: 1_700_000_000_123, sessionId: 'family-1' };
    const token = await signAccessToken(secret, claims);
    expect(await verifyAccessToken(secret, token)).toEqual(claims);
  });

  it('refuses a token without a session id', async () => {
    const whole = await handMadeToken({ sv: 1, sid: 'family-1' }, accessKeyFor(secret));
    expect(await verifyAccessToken(secret, whole)).toEqual({ userId: 1, sessionsValidFrom: 1, sessionId: 'family-1' });
    for (const sid of [undefined, '', 7]) {
      const token = await handMadeToken({ sv: 1, ...(sid === undefined ? {} : { sid }) }, accessKeyFor(secret));
      expect(await verifyAccessToken(secret, token), String(sid)).toBeUndefined();
    }
  });

  it('refuses a token signed with another secret, a tampered one and garbage', async () => {
    const token = await signAccessToken(secret, { userId: 42, sessionsValidFrom: 1, sessionId: 'family-1' });
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
      { userId: 7, sessionsValidFrom: 1, sessionId: 'family-1' },
      new Date(Date.now() - 16 * 60_000),
    );
    expect(await verifyAccessToken(secret, token)).toBeUndefined();
  });

  describe('verified tokens remembered', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('answers a token verified before with its claims until its own expiry, and not one minute past it', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-11-27T10:00:00Z'));
      const claims = { userId: 9, sessionsValidFrom: 1, sessionId: 'family-9' };
      const token = await signAccessToken(secret, claims);
      expect(await verifyAccessToken(secret, token)).toEqual(claims);
      vi.setSystemTime(new Date('2026-11-27T10:14:59Z'));
      expect(await verifyAccessToken(secret, token)).toEqual(claims);
      vi.setSystemTime(new Date('2026-11-27T10:16:00Z'));
      expect(await verifyAccessToken(secret, token)).toBeUndefined();
    });

    it('never answers a token verified under one secret for another', async () => {
      const claims = { userId: 11, sessionsValidFrom: 1, sessionId: 'family-11' };
      const token = await signAccessToken(secret, claims);
      expect(await verifyAccessToken(secret, token)).toEqual(claims);
      expect(await verifyAccessToken(`${secret}-other`, token)).toBeUndefined();
      expect(await verifyAccessToken(secret, token)).toEqual(claims);
    });

    it('refuses a token without an expiry, though signed with the key', async () => {
      const token = await new SignJWT({ sv: 1, sid: 'family-1' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject('1')
        .setIssuer('confero')
        .setAudience('confero-api')
        .sign(accessKeyFor(secret));
      expect(await verifyAccessToken(secret, token)).toBeUndefined();
    });
  });

  it('refuses an unsigned (alg none) token', async () => {
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"sub":"1","sv":1}').toString('base64url')}.`;
    expect(await verifyAccessToken(secret, none)).toBeUndefined();
  });

  it('refuses a token signed with the raw secret (the key is derived, not the secret itself)', async () => {
    const token = await handMadeToken({ sv: 1, sid: 'family-1' }, new TextEncoder().encode(secret));
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
