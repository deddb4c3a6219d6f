import { type ChildProcess, fork as forkProcess } from 'node:child_process';
import cluster, { type Address, type Worker as ClusterWorker } from 'node:cluster';
import os from 'node:os';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import { loggerOptions } from './lib/logging.ts';
import { JOB_NICE_ENV } from './lib/priority.ts';
import { answerClusterMetrics } from './plugins/metrics.ts';
import { StartupError } from './startup.ts';

/*
 * WEB_CONCURRENCY > 1 (PostgreSQL only): this process is the primary. It migrates the database once, forks that many
 * HTTP workers (server.ts again, each its own app and connection pool, all accepting on the one port that
 * node:cluster shares round-robin), and, when RUN_JOBS=true, the job worker as a process of its own (worker.ts, as
 * `npm run worker` runs it) at a lower priority (JOBS_NICE). It creates the first admin once the workers listen,
 * replaces a worker or the job process that dies (waiting longer after each of a series of quick deaths), and on
 * SIGINT/SIGTERM lets every worker finish its requests and the job process its job before it exits. It also sums the
 * workers' metrics for whichever of them answers GET /metrics. Its own thread does nothing heavy: it hands every new
 * connection to a worker, so a job's work here (loading an assignment's inputs, writing a conflict sync's batches)
 * held up the connections of every process for up to 170 ms.
 */

/**
 * A forked worker's environment: HTTP only (the primary runs the jobs and owns start-up writes), and a share of the
 * cores for its CPU-bound task threads (at least 2, so one long task does not hold the others up), unless
 * WORKER_THREADS says otherwise.
 */
function clusterWorkerEnv(processes: number): Record<string, string> {
  const threads = process.env.WORKER_THREADS || String(Math.max(2, Math.ceil(os.availableParallelism() / processes)));
  return { RUN_JOBS: 'false', WORKER_THREADS: threads };
}

/** First wait before replacing a worker that died; doubled per death within RESTART_WINDOW_MS, capped. */
const RESTART_BASE_MS = 500;
const RESTART_MAX_MS = 30_000;
const RESTART_WINDOW_MS = 60_000;
/** How long the workers have to finish their requests on shutdown before they are killed. */
const SHUTDOWN_TIMEOUT_MS = 15_000;
/**
 * How much lower (in nice steps) the job process runs than the HTTP workers: with CFS weights it gets about a tenth
 * of a core that a request wants, and every idle cycle otherwise. Its pool threads start from it (background ones
 * go lower still, to the floor of 19).
 */
const JOBS_NICE = 10;

/** The wait before the next restart after `recentDeaths` deaths within the window (1 for the first). */
export function restartDelayMs(recentDeaths: number): number {
  return Math.min(RESTART_MAX_MS, RESTART_BASE_MS * 2 ** Math.max(0, recentDeaths - 1));
}

/** Records a death in `deaths` (the times of a process's recent deaths, kept to the window) and returns the wait. */
function recordDeath(deaths: number[]): number {
  const now = Date.now();
  deaths.push(now);
  while (deaths.length > 0 && (deaths[0] ?? now) < now - RESTART_WINDOW_MS) deaths.shift();
  return restartDelayMs(deaths.length);
}

export async function runPrimary(config: Config): Promise<void> {
  const log = Fastify({ logger: loggerOptions(config.logLevel) }).log.child({ component: 'primary' });
  const database = await openDatabase({
    url: config.databaseUrl,
    onPoolError: (error) => log.warn({ err: error }, 'database pool: idle connection lost'),
  });
  const { ensureAdmin } = await import('./bootstrap.ts');

  let closing = false;
  const jobs = config.runJobs ? superviseJobProcess(log, () => closing) : undefined;
  let started = false;
  const deaths: number[] = [];
  const workerEnv = clusterWorkerEnv(config.webConcurrency);
  const fork = () => cluster.fork(workerEnv);

  const firstAddresses = new Promise<Address[]>((resolve, reject) => {
    const addresses: Address[] = [];
    cluster.on('listening', (worker, address) => {
      log.info({ pid: worker.process.pid, port: address.port }, 'server worker listening');
      if (started) return;
      addresses.push(address);
      if (addresses.length === config.webConcurrency) resolve(addresses);
    });
    cluster.on('exit', (worker, code, signal) => {
      if (closing) return;
      if (!started) {
        reject(
          new StartupError(`A server worker (pid ${worker.process.pid}) exited with ${code ?? signal} while starting.`),
        );
        return;
      }
      const delay = recordDeath(deaths);
      log.error({ pid: worker.process.pid, code, signal, restartInMs: delay }, 'server worker died; replacing it');
      setTimeout(() => {
        if (!closing) fork();
      }, delay).unref();
    });
  });

  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL');
      jobs?.kill();
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    await Promise.all(Object.values(cluster.workers ?? {}).map((worker) => worker && stopWorker(worker)));
    await jobs?.stop();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void close('SIGINT'));
  process.on('SIGTERM', () => void close('SIGTERM'));

  answerClusterMetrics();
  for (let index = 0; index < config.webConcurrency; index += 1) fork();
  try {
    const [address] = await firstAddresses;
    started = true;
    await ensureAdmin(database.db, config, (lines) => console.log(lines.join('\n')));
    const host = address?.address ?? config.host;
    const url = `http://${host.includes(':') ? `[${host}]` : host}:${address?.port ?? config.port}`;
    console.log(
      `Confero is running on ${config.publicUrl} (listening on ${url}, database: postgres, ` +
        `${config.webConcurrency} server processes)`,
    );
  } catch (error) {
    closing = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL');
    jobs?.kill();
    await database.close();
    throw error;
  }
}

/** Asks a worker to close (it finishes its requests) and waits until it exited. */
function stopWorker(worker: ClusterWorker): Promise<void> {
  return new Promise((resolve) => {
    if (worker.isDead()) return resolve();
    worker.once('exit', () => resolve());
    worker.process.kill('SIGTERM');
  });
}

/**
 * Runs worker.ts as a child process that lowers itself JOBS_NICE below this one (JOB_NICE_ENV: every thread of it,
 * V8's garbage-collection threads included), and replaces it when it dies while the server is
 * not closing (the same delays as a worker's). `stop` asks it to finish its job (SIGTERM) and waits for its exit.
 */
function superviseJobProcess(log: FastifyBaseLogger, closing: () => boolean) {
  let child: ChildProcess;
  const deaths: number[] = [];
  const start = () => {
    child = forkProcess(new URL('./worker.ts', import.meta.url), {
      env: { ...process.env, [JOB_NICE_ENV]: String(JOBS_NICE) },
    });
    const pid = child.pid;
    log.info({ pid }, 'job process started');
    child.once('exit', (code, signal) => {
      if (closing()) return;
      const delay = recordDeath(deaths);
      log.error({ pid, code, signal, restartInMs: delay }, 'job process died; replacing it');
      setTimeout(() => {
        if (!closing()) start();
      }, delay).unref();
    });
  };
  start();
  return {
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
    kill: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}
