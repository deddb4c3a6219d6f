import cluster from 'node:cluster';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import { tuneGarbageCollection } from './lib/runtime.ts';
import { LISTEN_BACKLOG } from './plugins/overload.ts';
import {
  checkListenAddress,
  exitOnStartFailure,
  listenProblem,
  loadConfigOrExit,
  lockEmbeddedDatabase,
  StartupError,
} from './startup.ts';

/**
 * Entry point: configuration, the data directory's lock (embedded database), a free port, the app, listen, the
 * first admin, graceful close on SIGINT/SIGTERM. The admin's credentials are printed only once the server
 * listens, so a start that fails prints none. With WEB_CONCURRENCY above 1 this process is the primary of
 * several server processes instead (cluster.ts), and each of them runs this file as a cluster worker.
 */
async function main() {
  tuneGarbageCollection();
  const config = loadConfigOrExit();
  if (cluster.isWorker) return serveAsClusterWorker(config);
  if (config.webConcurrency > 1) {
    await checkListenAddress(config.port, config.host);
    const { runPrimary } = await import('./cluster.ts');
    return runPrimary(config);
  }
  const lock = await lockEmbeddedDatabase(config);
  await checkListenAddress(config.port, config.host);
  // The application is loaded only now, so a refused start answers at once.
  const [{ buildApp }, { ensureAdmin }] = await Promise.all([import('./app.ts'), import('./bootstrap.ts')]);
  const app = await buildApp({ config });
  closeOnSignals(app, () => lock?.release());
  try {
    const address = await listen(app, config);
    await ensureAdmin(app.db, config, (lines) => console.log(lines.join('\n')));
    console.log(`Confero is running on ${config.publicUrl} (listening on ${address}, database: ${app.dbKind})`);
  } catch (error) {
    await app.close();
    throw error;
  }
}

/**
 * One of the primary's server processes: the app on the shared port, no jobs and no start-up writes (the primary
 * runs them). It closes like a single server on SIGINT/SIGTERM (sent by the primary on shutdown) and when the
 * primary is gone.
 */
async function serveAsClusterWorker(config: Config) {
  const { buildApp } = await import('./app.ts');
  const app = await buildApp({ config });
  const close = closeOnSignals(app);
  cluster.worker?.on('disconnect', () => void close('disconnect'));
  await listen(app, config);
}

/** Closes the app (requests in flight finish) and exits 0 on SIGINT or SIGTERM; 1 if closing takes over 10 s. */
function closeOnSignals(app: FastifyInstance, release: () => void = () => undefined) {
  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    await app.close();
    release();
    process.exit(0);
  };
  process.on('SIGINT', () => void close('SIGINT'));
  process.on('SIGTERM', () => void close('SIGTERM'));
  return close;
}

/** Listens, turning an address that cannot be used (taken between the check and now) into the operator's line. */
async function listen(app: FastifyInstance, config: Config): Promise<string> {
  try {
    return await app.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG });
  } catch (error) {
    const problem = listenProblem(error, config.port, config.host);
    throw problem ? new StartupError(problem) : error;
  }
}

await main().catch(exitOnStartFailure);
