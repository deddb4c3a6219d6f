import rateLimit from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.ts';
import { messageError } from '../lib/errors.ts';
import { queryRows } from '../lib/sql.ts';

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * Fixed-window counters kept in the database, so a limit holds across every
 * API process that shares it. One upsert per counted request.
 */
export function createDbRateLimitStore(db: Db) {
  return class DbRateLimitStore {
    readonly timeWindow: number;
    readonly prefix: string;
    constructor(options: { timeWindow?: number | string }, prefix = 'global') {
      this.timeWindow = typeof options.timeWindow === 'number' ? options.timeWindow : 60_000;
      this.prefix = prefix;
    }
    incr(key: string, callback: IncrCallback) {
      hit(db, `${this.prefix}:${key}`, this.timeWindow).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }
    child(routeOptions: object) {
      const options = routeOptions as { timeWindow?: number | string; routeInfo?: { method?: unknown; url?: string } };
      const info = options.routeInfo;
      const route = info?.url ? `${String(info.method)}:${info.url}` : 'route';
      return new DbRateLimitStore({ timeWindow: options.timeWindow ?? this.timeWindow }, route);
    }
  };
}

export type Hit = { current: number; ttl: number; expiresAt: number };

/** Counts one hit on `key` in a window of `windowMs`; returns the count and the time left. */
export async function hit(db: Db, key: string, windowMs: number): Promise<Hit> {
  const result = (await hitEach(db, [key], windowMs)).get(key);
  if (!result) throw new Error('rate limit upsert returned no row');
  return result;
}

/**
 * Counts one hit on each of `keys` (distinct) in one statement; each count is atomic, so concurrent callers on any
 * number of processes never read the same count. Rows are taken in sorted order, so two callers sharing some keys
 * cannot deadlock.
 */
export async function hitEach(db: Db, keys: string[], windowMs: number): Promise<Map<string, Hit>> {
  const now = Date.now();
  const values = [...new Set(keys)].sort().map((key) => sql`(${key}, 1, ${now}, ${now + windowMs})`);
  const rows = await queryRows<{ key: string; count: number; expires_at: string | number }>(
    db,
    sql`
    insert into rate_limits (key, count, window_start, expires_at)
    values ${sql.join(values, sql`, `)}
    on conflict (key) do update set
      count = case when rate_limits.expires_at <= ${now} then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.expires_at <= ${now} then ${now} else rate_limits.window_start end,
      expires_at = case when rate_limits.expires_at <= ${now} then ${now + windowMs} else rate_limits.expires_at end
    returning key, count, expires_at`,
  );
  return new Map(
    rows.map((row) => {
      const expiresAt = Number(row.expires_at);
      return [row.key, { current: Number(row.count), ttl: Math.max(0, expiresAt - now), expiresAt }];
    }),
  );
}

/** Takes back one hit counted on `key`, unless its window (known by its end) has passed since. */
export async function giveBack(db: Db, key: string, expiresAt: number): Promise<void> {
  await db.execute(
    sql`update rate_limits set count = count - 1 where key = ${key} and expires_at = ${expiresAt} and count > 0`,
  );
}

/** Whether `key` has a live counter (any count in a window that has not ended). */
export async function isCounting(db: Db, key: string): Promise<boolean> {
  const rows = await queryRows<{ found: number }>(
    db,
    sql`select 1 as found from rate_limits where key = ${key} and expires_at > ${Date.now()}`,
  );
  return rows.length > 0;
}

/** Marks `key` for `ttlMs` from now, extending a mark already there (a sliding window). */
export async function markFor(db: Db, key: string, ttlMs: number): Promise<void> {
  const now = Date.now();
  await db.execute(sql`
    insert into rate_limits (key, count, window_start, expires_at) values (${key}, 1, ${now}, ${now + ttlMs})
    on conflict (key) do update set expires_at = excluded.expires_at`);
}

/** Deletes the counter of `key`. */
export async function resetCounter(db: Db, key: string): Promise<void> {
  await db.execute(sql`delete from rate_limits where key = ${key}`);
}

/** Deletes expired counters; run by the maintenance job. */
export async function pruneRateLimits(db: Db): Promise<void> {
  await db.execute(sql`delete from rate_limits where expires_at <= ${Date.now()}`);
}

/**
 * A route's allowance per signed-in caller for an hour (`config` of a route that sends mail: invitations, requests to
 * a reviewer): `max` calls under the key `name:<user id>`. Anonymous callers are refused with 401 by the route and
 * use up nothing.
 */
export const perCallerHourly = (name: string, max: number) => ({
  rateLimit: {
    max,
    timeWindow: 60 * 60_000,
    keyGenerator: (request: { actor: { id: number } | null }) => `${name}:${request.actor?.id}`,
    allowList: (request: { actor: unknown }) => request.actor === null,
  },
});

/**
 * Registers @fastify/rate-limit with the shared store. Limits are opt-in per
 * route (`config.rateLimit`), for sign-in, registration, reset and the e-mail check.
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance, options: { db: Db; scale?: number }) => {
  const scale = options.scale ?? 1;
  if (scale !== 1) {
    // Runs before @fastify/rate-limit's own onRoute hook, which reads the route's limit.
    const scaled = new WeakSet<object>();
    app.addHook('onRoute', (route) => {
      const limit = (route.config as { rateLimit?: { max?: unknown } } | undefined)?.rateLimit;
      if (!limit || typeof limit.max !== 'number' || scaled.has(limit)) return;
      limit.max *= scale;
      scaled.add(limit);
    });
  }
  await app.register(rateLimit, {
    global: false,
    store: createDbRateLimitStore(options.db),
    keyGenerator: (request) => request.ip,
    // The plugin throws what this returns; the error handler answers it like any AppError.
    errorResponseBuilder: (_request, context) =>
      messageError(429, 'RATE_LIMITED', 'http.tooManyRequestsFor', { seconds: Math.ceil(context.ttl / 1000) }),
  });
});
