import Fastify, { type FastifyBaseLogger } from 'fastify';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { type Database, openDatabase } from './db/client.ts';
import { registerJobHandlers } from './jobs/index.ts';
import { JobQueue } from './jobs/queue.ts';
import { createLocalStorage } from './lib/storage.ts';
import { createMailer } from './mail/mailer.ts';

export type Worker = { queue: JobQueue; stop(): Promise<void> };

/**
 * Starts a job worker on an open database: the same handlers as the server's
 * in-process worker (registerJobHandlers). `stop` lets the current job finish
 * and closes the mailer; the caller closes the database.
 */
export function startWorker(options: { config: Config; database: Database; log: FastifyBaseLogger }): Worker {
  const { config, database, log } = options;
  const mailer = createMailer(config);
  const queue = new JobQueue({ db: database.db, log });
  registerJobHandlers(queue, { config, mailer, storage: createLocalStorage(config.storageDir) });
  queue.start();
  return {
    queue,
    async stop() {
      await queue.stop();
      mailer.close();
    },
  };
}

/** `npm run worker`: runs jobs in a process of its own until SIGINT or SIGTERM. */
async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  if (!config.databaseUrl) {
    // PGlite has no lock across processes (STACK.md pitfall 14): a second process would corrupt it.
    console.error(
      'npm run worker needs DATABASE_URL (PostgreSQL): the embedded database cannot be shared between processes.\n' +
        'Without DATABASE_URL the server runs the jobs itself (RUN_JOBS=true, the default).',
    );
    process.exit(1);
  }
  // A bare Fastify instance only to get the same pino logger the server uses.
  const log = Fastify({ logger: { level: config.logLevel } }).log.child({ component: 'worker' });
  const database = await openDatabase({
    url: config.databaseUrl,
    onPoolError: (error) => log.warn({ err: error }, 'database pool: idle connection lost'),
  });
  const worker = startWorker({ config, database, log });
  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'worker shutting down');
    const timer = setTimeout(() => process.exit(1), 30_000);
    timer.unref();
    await worker.stop();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void close('SIGINT'));
  process.on('SIGTERM', () => void close('SIGTERM'));
}

if (import.meta.main) await main();
