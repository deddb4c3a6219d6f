import crypto from 'node:crypto';
import { ACCESS_TOKEN_TTL_SECONDS, REFRESH_TOKEN_TTL_SECONDS } from '@confero/contracts';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Db } from '../../db/client.ts';
import { type OneTimeTokenPurpose, oneTimeTokens, refreshTokens } from '../../db/schema/index.ts';

/*
 * Tokens of the accounts module. Access tokens are short JWTs (HS256, signed with a key derived from SECRET_KEY);
 * everything else is an opaque random string of which only the sha256 is stored.
 */

const ISSUER = 'confero';
const AUDIENCE = 'confero-api';

/** A random, URL-safe token of 256 bits. */
export function randomToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/** The sha256 (hex) under which a token is stored: a leaked table does not hold usable tokens. */
export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

const keys = new Map<string, Uint8Array>();
/** A key for access tokens only, derived from the secret so other uses of SECRET_KEY never share it. */
function accessKey(secret: string): Uint8Array {
  let key = keys.get(secret);
  if (!key) {
    key = new Uint8Array(crypto.createHmac('sha256', secret).update('confero:access-token:v1').digest());
    keys.set(secret, key);
  }
  return key;
}

export type AccessClaims = { userId: number; sessionsValidFrom: number; sessionId: string };

/**
 * Signs an access token: `sub` is the user id, `sv` the user's sessions_valid_from (epoch milliseconds), `sid` the
 * refresh-token family of the session it belongs to (the token counts only while that family is not revoked).
 */
export async function signAccessToken(secret: string, claims: AccessClaims, now = new Date()): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ sv: claims.sessionsValidFrom, sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.userId))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_SECONDS)
    .setJti(crypto.randomBytes(9).toString('base64url'))
    .sign(accessKey(secret));
}

/** How many verified access tokens each secret remembers (a few MB at most); past it the oldest is forgotten. */
export const VERIFIED_TOKENS_KEPT = 10_000;

/**
 * Access tokens whose signature and claims were verified, per secret, with their claims and expiry (epoch ms): a
 * browser sends the same token with every request for its 15 minutes, and the HMAC check through WebCrypto cost a
 * read about a tenth of its CPU. A token is the exact string that was verified, so none can be forged into the memo;
 * an entry counts only until the token's own expiry, and whether its session still counts is asked of the database
 * at every request as before.
 */
const verifiedBySecret = new Map<string, Map<string, { claims: AccessClaims; expiresAt: number }>>();

/** The claims of a valid, unexpired access token; undefined for anything else (never throws). */
export async function verifyAccessToken(secret: string, token: string): Promise<AccessClaims | undefined> {
  let verified = verifiedBySecret.get(secret);
  if (!verified) {
    verified = new Map();
    verifiedBySecret.set(secret, verified);
  }
  const known = verified.get(token);
  if (known) {
    if (Date.now() < known.expiresAt) return known.claims;
    verified.delete(token);
  }
  const claims = await verifiedClaims(secret, token);
  if (claims) {
    if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value as string);
    verified.set(token, { claims: claims.claims, expiresAt: claims.expiresAt });
  }
  return claims?.claims;
}

async function verifiedClaims(
  secret: string,
  token: string,
): Promise<{ claims: AccessClaims; expiresAt: number } | undefined> {
  try {
    const { payload } = await jwtVerify(token, accessKey(secret), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      requiredClaims: ['exp'],
    });
    const userId = Number(payload.sub);
    const { sv, sid, exp } = payload;
    if (!Number.isSafeInteger(userId) || userId <= 0 || typeof sv !== 'number') return undefined;
    if (typeof sid !== 'string' || sid.length === 0 || sid.length > 64) return undefined;
    return { claims: { userId, sessionsValidFrom: sv, sessionId: sid }, expiresAt: (exp as number) * 1000 };
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) return undefined;
    throw error;
  }
}

export type IssuedRefreshToken = { token: string; id: number; familyId: string; expiresAt: Date };

/** Issues a refresh token, in a new family (a new sign-in session) unless `familyId` is given. */
export async function issueRefreshToken(
  db: Db,
  userId: number,
  options: { familyId?: string; now?: Date } = {},
): Promise<IssuedRefreshToken> {
  const now = options.now ?? new Date();
  const token = randomToken();
  const familyId = options.familyId ?? crypto.randomUUID();
  const expiresAt = new Date(now.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000);
  const [row] = await db
    .insert(refreshTokens)
    .values({ jtiHash: hashToken(token), userId, familyId, expiresAt, createdAt: now })
    .returning({ id: refreshTokens.id });
  if (!row) throw new Error('refresh token insert returned no row');
  return { token, id: row.id, familyId, expiresAt };
}

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

export async function findRefreshToken(db: Db, token: string): Promise<RefreshTokenRow | undefined> {
  const [row] = await db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.jtiHash, hashToken(token)));
  return row;
}

/**
 * Marks a token as replaced by its successor, only if nobody used it first; false when it was already rotated or
 * revoked (the caller then treats the presentation as reuse).
 */
export async function markRefreshTokenReplaced(db: Db, id: number, replacedBy: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(refreshTokens)
    .set({ replacedBy, revokedAt: now })
    .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.replacedBy), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  return rows.length === 1;
}

/** Revokes every still-valid token of a family (one sign-in session). */
export async function revokeRefreshFamily(db: Db, familyId: string, now = new Date()): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** Revokes every refresh token of a user (password reset, password change, suspension). */
export async function revokeUserRefreshTokens(db: Db, userId: number, now = new Date()): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

/** A short fingerprint of a password hash: a reset token carries it and dies when the password changes. */
export function passwordFingerprint(passwordHash: string): string {
  return hashToken(`password:${passwordHash}`);
}

/** Creates a single-use token for a user; returns the plain token (for the mail) — only its hash is stored. */
export async function issueOneTimeToken(
  db: Db,
  options: { userId: number; purpose: OneTimeTokenPurpose; ttlMs: number; passwordHash?: string; now?: Date },
): Promise<string> {
  const now = options.now ?? new Date();
  const token = randomToken();
  await db.insert(oneTimeTokens).values({
    tokenHash: hashToken(token),
    purpose: options.purpose,
    userId: options.userId,
    passwordFingerprint: options.passwordHash ? passwordFingerprint(options.passwordHash) : null,
    expiresAt: new Date(now.getTime() + options.ttlMs),
    createdAt: now,
  });
  return token;
}

export type OneTimeTokenRow = typeof oneTimeTokens.$inferSelect;

/** The unused, unexpired token row of a purpose, or undefined. */
export async function findUsableOneTimeToken(
  db: Db,
  token: string,
  purpose: OneTimeTokenPurpose,
  now = new Date(),
): Promise<OneTimeTokenRow | undefined> {
  const [row] = await db
    .select()
    .from(oneTimeTokens)
    .where(
      and(
        eq(oneTimeTokens.tokenHash, hashToken(token)),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, now),
      ),
    );
  return row;
}

/** Uses up a token (and, with `allOfUser`, every other open token of the same purpose of that user). */
export async function consumeOneTimeTokens(
  db: Db,
  options: { id: number; userId: number; purpose: OneTimeTokenPurpose; allOfUser: boolean; now?: Date },
): Promise<boolean> {
  const now = options.now ?? new Date();
  const used = await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(and(eq(oneTimeTokens.id, options.id), isNull(oneTimeTokens.usedAt)))
    .returning({ id: oneTimeTokens.id });
  if (used.length !== 1) return false;
  if (options.allOfUser) {
    await db
      .update(oneTimeTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(oneTimeTokens.userId, options.userId),
          eq(oneTimeTokens.purpose, options.purpose),
          isNull(oneTimeTokens.usedAt),
        ),
      );
  }
  return true;
}
