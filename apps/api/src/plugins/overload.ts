import { performance } from 'node:perf_hooks';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { databasePoolStats } from '../lib/database-pool.ts';
import { messageError } from '../lib/errors.ts';

/*
 * Load shedding: a process that cannot keep up answers at once `503 SERVER_BUSY` with `Retry-After` rather than
 * queueing requests until clients time out. Four signals, each checked when a request arrives, each with its
 * bound in `config.overload` (SHED_* variables):
 *   - requests in flight in this process (received, not yet answered);
 *   - the event loop's lag: how late a timer due every SAMPLE_MS fired, over the bound at two checks in a row (a
 *     loop kept busy, not one slow task or a garbage collection);
 *   - queries waiting for a database connection (PostgreSQL's pool; none on the embedded database);
 *   - the standing queue (CoDel's idea), over the bound at two checks in a row: the quickest read (GET/HEAD, no
 *     body to wait for) answered since the last check, or, when too few were answered to tell, how long the
 *     QUEUE_MIN_READS-th oldest read still open has waited. When even the quickest read took that long, or that many
 *     reads wait that long, requests queue behind a backlog the process does not work off, though its loop may
 *     turn quickly (requests waiting on the database, the embedded one included, or on a CPU it shares). A few
 *     slow reads (an export, one browser's page on a busy machine) are not a queue: fewer than QUEUE_MIN_READS
 *     reads answered and open count as no queue, so shedding every read also lets the next ones in.
 * Health and metrics are never shed: orchestrators and scrapers must see a busy process, not a dead one.
 */

/** How often the event loop's lag is measured. */
const SAMPLE_MS = 100;
/** What a shed request is told to wait before trying again. */
export const RETRY_AFTER_SECONDS = 2;
/** Route patterns never shed (and not counted in flight). */
const NEVER_SHED = new Set(['/api/health/', '/metrics']);

/** Reads answered within one check (100 reads/s in a process), or open, for it to tell a queue. */
export const QUEUE_MIN_READS = 10;

/** How long the `count`-th oldest of `arrivals` (performance.now() values) has waited at `now`; 0 with fewer. */
function waitOfOldest(arrivals: Iterable<number>, count: number, now: number): number {
  const sorted = [...arrivals].sort((a, b) => a - b);
  const arrived = sorted[count - 1];
  return arrived === undefined ? 0 : now - arrived;
}

export type LoadState = { inFlight: number; eventLoopDelayMs: number; dbWaiting: number; queueDelayMs: number };
export type ShedReason = 'in_flight' | 'event_loop_delay' | 'db_waiting' | 'queue_delay';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's load as load shedding sees it, and the requests it shed so far by reason. */
    load: { state(): LoadState; shed: Record<ShedReason, number> };
  }
}

/**
 * The HTTP server's settings that keep a saturated process answering (Fastify's server options): idle keep-alive
 * connections are closed after 5 s instead of Fastify's 72 s, so they do not pile up; a connection serves at most
 * 1,000 requests, so clients reconnect and spread over the worker processes; a request (an upload on a slow link
 * included) has 2 minutes to arrive, headers 30 s.
 */
export const HTTP_SERVER_OPTIONS = {
  keepAliveTimeout: 5_000,
  maxRequestsPerSocket: 1_000,
  requestTimeout: 120_000,
  http: { headersTimeout: 30_000 },
} as const;

/** The pending connections the kernel keeps for `listen` while every worker is busy (capped by somaxconn). */
export const LISTEN_BACKLOG = 4_096;

/** The body of every shed request, built once: shedding must cost a saturated process as little as can be. */
const SHED_BODY = (() => {
  const error = messageError(503, 'SERVER_BUSY', 'http.serverBusy', { seconds: RETRY_AFTER_SECONDS });
  return JSON.stringify({ detail: error.message, code: error.code, ...error.extra });
})();

function shed(reply: FastifyReply) {
  // Answered here rather than through the error handler: no error object, no error log line per refused request.
  return reply
    .code(503)
    .header('retry-after', String(RETRY_AFTER_SECONDS))
    .type('application/json; charset=utf-8')
    .send(SHED_BODY);
}

export const overloadPlugin = fp(
  async (app: FastifyInstance, options: { limits: Config['overload']; db: Db }) => {
    const { limits, db } = options;
    let inFlight = 0;
    let eventLoopDelayMs = 0;
    /** The smaller of the last two lags: over the bound only when the loop lagged twice in a row. */
    let sustainedDelayMs = 0;
    /** The quickest read answered since the last check (Infinity: none), and how many were. */
    let quickestReadMs = Number.POSITIVE_INFINITY;
    let readsAnswered = 0;
    /** The reads still open, each its arrival (performance.now()). */
    const openReads = new Map<symbol, number>();
    let queueDelayMs = 0;
    /** The smaller of the last two queue delays, like the lag. */
    let sustainedQueueMs = 0;
    let expected = performance.now() + SAMPLE_MS;
    let timer: NodeJS.Timeout;
    const sample = () => {
      const now = performance.now();
      const lag = Math.max(0, now - expected);
      sustainedDelayMs = Math.min(lag, eventLoopDelayMs);
      eventLoopDelayMs = lag;
      const queue =
        readsAnswered >= QUEUE_MIN_READS ? quickestReadMs : waitOfOldest(openReads.values(), QUEUE_MIN_READS, now);
      sustainedQueueMs = Math.min(queue, queueDelayMs);
      queueDelayMs = queue;
      quickestReadMs = Number.POSITIVE_INFINITY;
      readsAnswered = 0;
      expected = now + SAMPLE_MS;
      timer = setTimeout(sample, SAMPLE_MS).unref();
    };
    timer = setTimeout(sample, SAMPLE_MS).unref();
    app.addHook('onClose', async () => clearTimeout(timer));

    const state = (): LoadState => ({
      inFlight,
      eventLoopDelayMs,
      dbWaiting: databasePoolStats(db)?.waiting ?? 0,
      queueDelayMs,
    });
    const counts: Record<ShedReason, number> = { in_flight: 0, event_loop_delay: 0, db_waiting: 0, queue_delay: 0 };
    app.decorate('load', { state, shed: counts });

    const reasonToShed = (): ShedReason | undefined => {
      if (inFlight >= limits.maxInFlight) return 'in_flight';
      if (sustainedDelayMs > limits.maxEventLoopDelayMs) return 'event_loop_delay';
      if ((databasePoolStats(db)?.waiting ?? 0) > limits.maxDbWaiting) return 'db_waiting';
      if (sustainedQueueMs > limits.maxQueueDelayMs) return 'queue_delay';
      return undefined;
    };

    let lastWarning = 0;
    app.addHook('onRequest', (request, reply, done) => {
      if (NEVER_SHED.has(request.routeOptions.url ?? '')) return done();
      const reason = reasonToShed();
      if (reason) {
        counts[reason] += 1;
        if (Date.now() - lastWarning > 10_000) {
          lastWarning = Date.now();
          app.log.warn({ reason, ...state(), limits }, 'overloaded: answering 503 SERVER_BUSY');
        }
        shed(reply);
        return;
      }
      inFlight += 1;
      const read = request.method === 'GET' || request.method === 'HEAD';
      const arrived = performance.now();
      const key = Symbol();
      if (read) openReads.set(key, arrived);
      // 'close' comes once per response: sent, or its connection lost.
      reply.raw.once('close', () => {
        inFlight -= 1;
        if (!read) return;
        openReads.delete(key);
        quickestReadMs = Math.min(quickestReadMs, performance.now() - arrived);
        readsAnswered += 1;
      });
      done();
    });
  },
  { name: 'overload' },
);
