import { LOGIN_FAILURE_WINDOW_MS, LOGIN_MAX_FAILURES } from '@confero/contracts';
import { and, eq, gt, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rateLimits } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { hit } from '../../plugins/rate-limit.ts';

/*
 * Sign-in throttling: at most LOGIN_MAX_FAILURES failed attempts per LOGIN_FAILURE_WINDOW_MS, counted per account
 * (the e-mail as typed, lower-cased) and per IP address. Only failures count; the counters live in the shared
 * rate_limits table, so the limit holds across API processes.
 */

const accountKey = (email: string) => `login-failures:account:${email.trim().toLowerCase()}`;
const ipKey = (ip: string) => `login-failures:ip:${ip}`;

/** 429 when the account or the address has used up its failures; checked before the password is. */
export async function assertLoginAllowed(db: Db, email: string, ip: string, now = Date.now()): Promise<void> {
  const rows = await db
    .select({ count: rateLimits.count, expiresAt: rateLimits.expiresAt })
    .from(rateLimits)
    .where(and(inArray(rateLimits.key, [accountKey(email), ipKey(ip)]), gt(rateLimits.expiresAt, now)));
  const blocked = rows.filter((row) => row.count >= LOGIN_MAX_FAILURES);
  if (blocked.length === 0) return;
  const retryMs = Math.max(...blocked.map((row) => row.expiresAt - now));
  const minutes = Math.max(1, Math.ceil(retryMs / 60_000));
  throw new AppError(
    429,
    'RATE_LIMITED',
    `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    { extra: { retry_after: Math.ceil(retryMs / 1000) } },
  );
}

/** Counts one failure for the account and for the address. */
export async function recordLoginFailure(db: Db, email: string, ip: string): Promise<void> {
  await hit(db, accountKey(email), LOGIN_FAILURE_WINDOW_MS);
  await hit(db, ipKey(ip), LOGIN_FAILURE_WINDOW_MS);
}

/** A successful sign-in clears the account's failures (never the address's: an attacker could reset those). */
export async function clearAccountFailures(db: Db, email: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, accountKey(email)));
}
