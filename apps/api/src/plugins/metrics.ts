import cluster from 'node:cluster';
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AggregatorRegistry, Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../db/client.ts';
import { databasePoolStats } from '../lib/database-pool.ts';
import { messageError } from '../lib/errors.ts';
import { queryRows } from '../lib/sql.ts';
import { workerPoolLoad } from '../lib/worker-pool.ts';

/*
 * GET /metrics in Prometheus's text format, for operators (docs/operations.md). Two kinds of figures:
 *   - per process (requests, latency, event loop, memory, connection pool, worker threads, load shedding): each
 *     process keeps its own; with several server processes the one that answers asks the primary, which gathers
 *     every worker's over cluster IPC (prom-client's AggregatorRegistry) and sums them;
 *   - of the database (jobs waiting and the age of the oldest due one, mails waiting or failed): read once per
 *     scrape by the process that answers.
 * Node's own figures are collected once per process (module state), each app's in a registry of its own.
 * Access: with METRICS_TOKEN, `Authorization: Bearer <token>`; without it, in production only from this machine
 * (loopback), elsewhere anyone.
 */

const IPC_REQUEST = 'confero:metrics-request';
const IPC_ANSWER = 'confero:metrics-answer';
const IPC_TIMEOUT_MS = 5_000;
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

type Answer = { type: typeof IPC_ANSWER; id: number; text?: string; error?: string };

/**
 * In the primary of several server processes: answers a worker's request for every worker's figures, summed.
 * Call once, before the workers are forked.
 */
export function answerClusterMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: { type?: unknown; id?: unknown }) => {
    if (message?.type !== IPC_REQUEST) return;
    const reply = (answer: Omit<Answer, 'type' | 'id'>) => {
      if (worker.isConnected()) worker.send({ type: IPC_ANSWER, id: message.id, ...answer });
    };
    aggregator.clusterMetrics().then(
      (text) => reply({ text }),
      (error: Error) => reply({ error: error.message }),
    );
  });
}

let nextRequest = 0;

/** In a cluster worker: every worker's figures, summed by the primary. */
function clusterMetricsFromPrimary(): Promise<string> {
  const id = nextRequest++;
  return new Promise((resolve, reject) => {
    const onMessage = (message: Answer) => {
      if (message?.type !== IPC_ANSWER || message.id !== id) return;
      finish();
      if (message.error !== undefined) reject(new Error(message.error));
      else resolve(message.text ?? '');
    };
    const timer = setTimeout(() => {
      finish();
      reject(new Error('the primary process did not answer the metrics request'));
    }, IPC_TIMEOUT_MS);
    const finish = () => {
      clearTimeout(timer);
      process.off('message', onMessage);
    };
    process.on('message', onMessage);
    process.send?.({ type: IPC_REQUEST, id });
  });
}

let nodeRegistry: Registry | undefined;

/** Node's own figures (event loop lag, memory, GC, CPU): one collector per process, whatever the number of apps. */
function nodeMetrics(): Registry {
  if (!nodeRegistry) {
    nodeRegistry = new Registry();
    collectDefaultMetrics({ register: nodeRegistry });
  }
  return nodeRegistry;
}

/** This app's figures: HTTP, the connection pool, worker threads, shedding. */
function processRegistry(app: FastifyInstance, db: Db): Registry {
  const registry = new Registry();
  const labelNames = ['method', 'route', 'status_class'] as const;
  const requests = new Counter({
    name: 'confero_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status class',
    labelNames,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'confero_http_request_duration_seconds',
    help: 'Time from receiving a request to its answer, by method, route pattern and status class',
    labelNames,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern, never the raw URL (its ids and tokens); requests no route matched share one label.
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? '(unmatched)',
      status_class: `${Math.floor(reply.statusCode / 100)}xx`,
    };
    requests.inc(labels);
    latency.observe(labels, reply.elapsedTime / 1000);
  });

  const pool = databasePoolStats(db);
  if (pool) {
    new Gauge({
      name: 'confero_db_pool_connections',
      help: 'PostgreSQL connections of the pool, by state (total open, idle)',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const stats = databasePoolStats(db);
        this.set({ state: 'total' }, stats?.total ?? 0);
        this.set({ state: 'idle' }, stats?.idle ?? 0);
      },
    });
    new Gauge({
      name: 'confero_db_pool_waiting',
      help: 'Queries waiting for a PostgreSQL connection of the pool',
      registers: [registry],
      collect() {
        this.set(databasePoolStats(db)?.waiting ?? 0);
      },
    });
  }
  new Gauge({
    name: 'confero_worker_threads',
    help: 'Worker threads of the CPU-bound task pool, by what they count (threads, queued tasks)',
    labelNames: ['kind'],
    registers: [registry],
    collect() {
      const load = workerPoolLoad();
      this.set({ kind: 'threads' }, load.threads);
      this.set({ kind: 'queued' }, load.queued);
    },
  });
  new Gauge({
    name: 'confero_worker_threads_utilization',
    help: 'Share of time the CPU-bound task pool was busy (0-1)',
    registers: [registry],
    aggregator: 'average',
    collect() {
      this.set(workerPoolLoad().utilization);
    },
  });
  new Gauge({
    name: 'confero_http_in_flight',
    help: 'Requests received and not yet answered',
    registers: [registry],
    collect() {
      this.set(app.load.state().inFlight);
    },
  });
  new Counter({
    name: 'confero_http_shed_total',
    help: 'Requests answered 503 SERVER_BUSY by load shedding, by the bound that was passed',
    labelNames: ['reason'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [reason, count] of Object.entries(app.load.shed)) this.inc({ reason }, count);
    },
  });
  return registry;
}

/** The database's figures, read at each scrape: the job queue and the mail outbox. */
function databaseRegistry(db: Db): { registry: Registry; refresh(): Promise<void> } {
  const registry = new Registry();
  const jobCount = new Gauge({
    name: 'confero_jobs',
    help: 'Jobs queued (due or later), running or failed, by type and status',
    labelNames: ['type', 'status'],
    registers: [registry],
  });
  const oldestDue = new Gauge({
    name: 'confero_jobs_oldest_due_age_seconds',
    help: 'How long the oldest queued job that is due has waited, by type',
    labelNames: ['type'],
    registers: [registry],
  });
  const outbox = new Gauge({
    name: 'confero_mail_outbox',
    help: 'Mails waiting to be sent (queued) or given up (failed)',
    labelNames: ['status'],
    registers: [registry],
  });
  return {
    registry,
    async refresh() {
      const [jobRows, dueRows, mailRows] = await Promise.all([
        queryRows<{ type: string; status: string; count: number }>(
          db,
          sql`select type, status, count(*)::int as count from jobs
              where status in ('queued', 'running', 'failed') group by type, status`,
        ),
        queryRows<{ type: string; age: number }>(
          db,
          sql`select type, extract(epoch from now() - min(run_at))::float8 as age from jobs
              where status = 'queued' and run_at <= now() group by type`,
        ),
        queryRows<{ status: string; count: number }>(
          db,
          sql`select status, count(*)::int as count from mail_outbox where status in ('queued', 'failed') group by status`,
        ),
      ]);
      jobCount.reset();
      for (const row of jobRows) jobCount.set({ type: row.type, status: row.status }, Number(row.count));
      oldestDue.reset();
      for (const row of dueRows) oldestDue.set({ type: row.type }, Math.max(0, Number(row.age)));
      outbox.reset();
      for (const status of ['queued', 'failed']) {
        outbox.set({ status }, Number(mailRows.find((row) => row.status === status)?.count ?? 0));
      }
    },
  };
}

/** Prometheus texts one after the other. */
const joinTexts = (texts: string[]) => `${texts.map((text) => text.trimEnd()).join('\n')}\n`;

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

const sameSecret = (given: string, expected: string) => {
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(expected).digest();
  return crypto.timingSafeEqual(a, b);
};

/** Refuses a scrape the configuration does not allow (401 without the right token, 403 off loopback). */
function checkAccess(request: FastifyRequest, token: string | undefined, isProduction: boolean) {
  if (token) {
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
    if (!given || !sameSecret(given, token)) {
      throw messageError(401, 'NOT_AUTHENTICATED', 'http.notAuthenticated');
    }
    return;
  }
  if (isProduction && !LOOPBACK.test(request.ip)) throw messageError(403, 'PERMISSION_DENIED', 'http.permissionDenied');
}

export const metricsPlugin = fp(
  async (app: FastifyInstance, options: { db: Db; token: string | undefined; isProduction: boolean }) => {
    const local = processRegistry(app, options.db);
    const node = nodeMetrics();
    const database = databaseRegistry(options.db);
    const inCluster = cluster.isWorker;
    if (inCluster) {
      new AggregatorRegistry(); // listens for the primary's requests for this process's figures
      AggregatorRegistry.setRegistries([node, local]);
    }
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      checkAccess(request, options.token, options.isProduction);
      const [processes] = await Promise.all([
        inCluster ? clusterMetricsFromPrimary() : Promise.all([node.metrics(), local.metrics()]).then(joinTexts),
        database.refresh(),
      ]);
      const text = joinTexts([processes, await database.registry.metrics()]);
      return reply.type(local.contentType).send(text);
    });
  },
  { name: 'metrics', dependencies: ['overload'] },
);
