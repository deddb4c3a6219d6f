import path from 'node:path';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import { type Database, openDatabase } from './db/client.ts';
import { registerJobHandlers } from './jobs/index.ts';
import { JobQueue } from './jobs/queue.ts';
import { loggerOptions } from './lib/logging.ts';
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

/**
 * `npm run worker`: runs jobs in a process of its own until SIGINT or SIGTERM. On the embedded database it holds
 * the data directory's lock like the server, so it runs only while no server uses that directory.
 */
async function main() {
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
  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'worker shutting down');
    const timer = setTimeout(() => process.exit(1), 30_000);
    timer.unref();
    await worker.stop();
    await database.close();
    lock?.release();
    process.exit(0);
  };
  process.on('SIGINT', () => void close('SIGINT'));
  process.on('SIGTERM', () => void close('SIGTERM'));
}

if (import.meta.main) await main().catch(exitOnStartFailure);
