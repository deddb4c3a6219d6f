import rateLimit from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.ts';
import { queryRows } from '../lib/sql.ts';

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * Fixed-window counters kept in the database, so a limit holds across every
 * API process that shares it (DESIGN.md §3). One upsert per counted request.
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

/** Counts one hit on `key` in a window of `windowMs`; returns the count and the time left. */
export async function hit(db: Db, key: string, windowMs: number): Promise<{ current: number; ttl: number }> {
  const now = Date.now();
  const [row] = await queryRows<{ count: number; expires_at: string | number }>(
    db,
    sql`
    insert into rate_limits (key, count, window_start, expires_at)
    values (${key}, 1, ${now}, ${now + windowMs})
    on conflict (key) do update set
      count = case when rate_limits.expires_at <= ${now} then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.expires_at <= ${now} then ${now} else rate_limits.window_start end,
      expires_at = case when rate_limits.expires_at <= ${now} then ${now + windowMs} else rate_limits.expires_at end
    returning count, expires_at`,
  );
  if (!row) throw new Error('rate limit upsert returned no row');
  return { current: Number(row.count), ttl: Math.max(0, Number(row.expires_at) - now) };
}

/** Deletes expired counters; run by the maintenance job. */
export async function pruneRateLimits(db: Db): Promise<void> {
  await db.execute(sql`delete from rate_limits where expires_at <= ${Date.now()}`);
}

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
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      detail: `Too many requests. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
      code: 'RATE_LIMITED',
      message: 'Too many requests.',
    }),
  });
});
