import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import { type Database, openDatabase } from './db/client.ts';
import { registerJobHandlers } from './jobs/index.ts';
import { JobQueue } from './jobs/queue.ts';
import { loggerOptions } from './lib/logging.ts';
import { JOB_NICE_ENV, lowerOwnPriority } from './lib/priority.ts';
import { tuneGarbageCollection } from './lib/runtime.ts';
import { openStorage } from './lib/storage-provider.ts';
import { createMailer } from './mail/mailer.ts';
import { exitOnStartFailure, loadConfigOrExit, lockEmbeddedDatabase } from './startup.ts';

export type Worker = { queue: JobQueue; stop(): Promise<void> };

/**
 * Starts a job worker on an open database: the same handlers as the server's
 * in-process worker (registerJobHandlers). `stop` lets the current job finish
 * and closes the mailer and the store; the caller closes the database.
 */
export async function startWorker(options: {
  config: Config;
  database: Database;
  log: FastifyBaseLogger;
}): Promise<Worker> {
  const { config, database, log } = options;
  const mailer = createMailer(config);
  const storage = await openStorage(config.storage);
  const queue = new JobQueue({ db: database.db, log });
  registerJobHandlers(queue, { config, mailer, storage });
  queue.start();
  return {
    queue,
    async stop() {
      await queue.stop();
      mailer.close();
      storage.close();
    },
  };
}

/** How long the loop may go without looking for due jobs, while it runs none, before it counts as stuck. */
const STALE_ROUND_MS = 60_000;
/** How long the database has to answer the health check's query. */
const DATABASE_CHECK_MS = 2_000;

export type WorkerHealth = {
  status: 'ok' | 'unhealthy';
  /** stopped: the loop ended; stalled: no round for STALE_ROUND_MS and no job running within its lease. */
  loop: 'ok' | 'stopped' | 'stalled';
  database: 'ok' | 'unreachable';
  /** Seconds since the loop last looked for due jobs (null before its first round). */
  last_round_age_s: number | null;
};

/** The worker's liveness: its loop went round recently (or runs a job within its lease) and the database answers. */
export async function checkWorkerHealth(
  queue: JobQueue,
  database: Database,
  staleMs = STALE_ROUND_MS,
): Promise<WorkerHealth> {
  const now = Date.now();
  const { running, lastRoundAt, jobStartedAt } = queue.liveness();
  const recentRound = lastRoundAt !== undefined && now - lastRoundAt < Math.max(staleMs, 3 * queue.pollIntervalMs);
  const jobWithinLease =
    jobStartedAt !== undefined && jobStartedAt >= (lastRoundAt ?? 0) && now - jobStartedAt < queue.leaseMs;
  const loop = !running ? 'stopped' : recentRound || jobWithinLease ? 'ok' : 'stalled';
  const answered = await Promise.race([
    database.db.execute(sql`select 1`).then(
      () => true,
      () => false,
    ),
    new Promise<false>((resolve) => setTimeout(() => resolve(false), DATABASE_CHECK_MS).unref()),
  ]);
  return {
    status: loop === 'ok' && answered ? 'ok' : 'unhealthy',
    loop,
    database: answered ? 'ok' : 'unreachable',
    last_round_age_s: lastRoundAt === undefined ? null : Math.round((now - lastRoundAt) / 1000),
  };
}

/**
 * WORKER_HEALTH_PORT: `GET /health` answers 200 with the worker's health while it is healthy, 503 otherwise, for
 * an orchestrator's liveness probe. Returns its address and a function that closes it.
 */
export async function startHealthServer(options: {
  queue: JobQueue;
  database: Database;
  host: string;
  port: number;
  /** Tests shorten the time without a round after which the loop counts as stalled. */
  staleMs?: number;
}): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((request, response) => {
    if (request.method !== 'GET' || request.url !== '/health') {
      response.writeHead(404, { 'content-type': 'application/json' }).end('{"status":"not_found"}');
      return;
    }
    void checkWorkerHealth(options.queue, options.database, options.staleMs).then((health) => {
      response
        .writeHead(health.status === 'ok' ? 200 : 503, {
          'content-type': 'application/json',
          'cache-control': 'no-store',
        })
        .end(JSON.stringify(health));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port: options.port, host: options.host }, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.address.includes(':') ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * `npm run worker`: runs jobs in a process of its own until SIGINT or SIGTERM. On the embedded database it holds
 * the data directory's lock like the server, so it runs only while no server uses that directory.
 */
async function main() {
  tuneGarbageCollection();
  const nice = Number(process.env[JOB_NICE_ENV]);
  if (Number.isInteger(nice) && nice > 0) lowerOwnPriority(nice);
  const config = loadConfigOrExit();
  const lock = await lockEmbeddedDatabase(
    config,
    '\nThe embedded database serves one process: without DATABASE_URL the server runs the jobs itself ' +
      '(RUN_JOBS=true, the default); a worker of its own needs DATABASE_URL (PostgreSQL).',
  );
  const log = Fastify({ logger: loggerOptions(config.logLevel) }).log.child({ component: 'worker' });
  const database = await openDatabase({
    url: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'db'),
    onPoolError: (error) => log.warn({ err: error }, 'database pool: idle connection lost'),
  });
  const worker = await startWorker({ config, database, log });
  const health =
    config.workerHealthPort === undefined
      ? undefined
      : await startHealthServer({ queue: worker.queue, database, host: config.host, port: config.workerHealthPort });
  if (health) log.info({ url: `${health.url}/health` }, 'worker health check listening');
  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'worker shutting down');
    const timer = setTimeout(() => process.exit(1), 30_000);
    timer.unref();
    await health?.close();
    await worker.stop();
    await database.close();
    lock?.release();
    process.exit(0);
  };
  process.on('SIGINT', () => void close('SIGINT'));
  process.on('SIGTERM', () => void close('SIGTERM'));
}

if (import.meta.main) await main().catch(exitOnStartFailure);
