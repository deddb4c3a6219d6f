import crypto from 'node:crypto';
import { LOGIN_FAILURE_WINDOW_MS, LOGIN_MAX_FAILURES } from '@confero/contracts';
import type { Db } from '../../db/client.ts';
import { type AppError, messageError } from '../../lib/errors.ts';
import { giveBack, type Hit, hitEach, isCounting, markFor, resetCounter } from '../../plugins/rate-limit.ts';

/*
 * Sign-in throttling. Every attempt is counted before its password is checked, with one atomic upsert of the
 * shared rate_limits counters, so the limits hold for requests that arrive at once and across API processes:
 * an attempt whose count goes over a limit is refused without checking the password. Within a window of
 * LOGIN_FAILURE_WINDOW_MS the counters allow
 *   - LOGIN_MAX_FAILURES failures for one account from one address (the tight limit on guessing a password);
 *   - LOGIN_MAX_FAILURES_PER_ADDRESS failures from one address, whatever the account (spraying many accounts);
 *   - LOGIN_MAX_FAILURES_PER_ACCOUNT failures for one account from all addresses together (guessing from many
 *     addresses), applied only to addresses the account has not signed in from within KNOWN_ADDRESS_MS, so an
 *     attacker can never lock the owner out of the places they sign in from.
 * A refused attempt takes back what it counted, and a correct password clears the account's failures from that
 * address and takes back its own count elsewhere: the counters hold failed password checks only. The address
 * counter is never cleared by a success (an attacker could clear it with an account of their own).
 */

export const LOGIN_MAX_FAILURES_PER_ADDRESS = 100;
export const LOGIN_MAX_FAILURES_PER_ACCOUNT = 50;
/** How long an address stays known to an account after a successful sign-in from it. */
export const KNOWN_ADDRESS_MS = 30 * 24 * 60 * 60 * 1000;

const digest = (...parts: string[]) => crypto.createHash('sha256').update(parts.join('\n')).digest('hex');

/** The rate_limits keys of an attempt (e-mail as typed, trimmed and lower-cased); exported for tests. */
export function loginCounterKeys(email: string, ip: string) {
  const account = email.trim().toLowerCase();
  return {
    pair: `login:pair:${digest(account, ip)}`,
    address: `login:address:${ip}`,
    account: `login:account:${digest(account)}`,
    known: `login:known:${digest(account, ip)}`,
  };
}

/** An attempt that passed the limits: what it counted, to clear or take back once the password is right. */
export type LoginAttempt = { keys: ReturnType<typeof loginCounterKeys>; counted: Map<string, Hit> };

function tooManyAttempts(retryMs: number): AppError {
  const minutes = Math.max(1, Math.ceil(retryMs / 60_000));
  const key = minutes === 1 ? 'sessions.tooManyAttemptsOneMinute' : 'sessions.tooManyAttempts';
  return messageError(429, 'RATE_LIMITED', key, { minutes }, { retry_after: Math.ceil(retryMs / 1000) });
}

/**
 * Counts a sign-in attempt against every limit that applies to it; 429 when one is exceeded (with the time until
 * every exceeded window has ended), in which case the attempt counts nowhere.
 */
export async function startLoginAttempt(db: Db, email: string, ip: string): Promise<LoginAttempt> {
  const keys = loginCounterKeys(email, ip);
  const limits = new Map([
    [keys.pair, LOGIN_MAX_FAILURES],
    [keys.address, LOGIN_MAX_FAILURES_PER_ADDRESS],
  ]);
  if (!(await isCounting(db, keys.known))) limits.set(keys.account, LOGIN_MAX_FAILURES_PER_ACCOUNT);
  const counted = await hitEach(db, [...limits.keys()], LOGIN_FAILURE_WINDOW_MS);
  const exceeded = [...counted].filter(([key, { current }]) => current > (limits.get(key) ?? 0));
  if (exceeded.length === 0) return { keys, counted };
  await Promise.all([...counted].map(([key, { expiresAt }]) => giveBack(db, key, expiresAt)));
  throw tooManyAttempts(Math.max(...exceeded.map(([, { ttl }]) => ttl)));
}

/**
 * The password was right: the account's failures from this address are cleared, the attempt's own count on the
 * address and account counters is taken back, and the address becomes known to the account.
 */
export async function passwordAccepted(db: Db, attempt: LoginAttempt): Promise<void> {
  const { keys, counted } = attempt;
  await resetCounter(db, keys.pair);
  for (const [key, { expiresAt }] of counted) {
    if (key !== keys.pair) await giveBack(db, key, expiresAt);
  }
  await markFor(db, keys.known, KNOWN_ADDRESS_MS);
}
