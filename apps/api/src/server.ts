import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
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
 * listens, so a start that fails prints none.
 */
async function main() {
  const config = loadConfigOrExit();
  const lock = await lockEmbeddedDatabase(config);
  await checkListenAddress(config.port, config.host);
  // The application is loaded only now, so a refused start answers at once.
  const [{ buildApp }, { ensureAdmin }] = await Promise.all([import('./app.ts'), import('./bootstrap.ts')]);
  const app = await buildApp({ config });
  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    await app.close();
    lock?.release();
    process.exit(0);
  };
  process.on('SIGINT', () => void close('SIGINT'));
  process.on('SIGTERM', () => void close('SIGTERM'));
  try {
    const address = await listen(app, config);
    await ensureAdmin(app.db, config, (lines) => console.log(lines.join('\n')));
    console.log(`Confero is running on ${config.publicUrl} (listening on ${address}, database: ${app.dbKind})`);
  } catch (error) {
    await app.close();
    throw error;
  }
}

/** Listens, turning an address that cannot be used (taken between the check and now) into the operator's line. */
async function listen(app: FastifyInstance, config: Config): Promise<string> {
  try {
    return await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    const problem = listenProblem(error, config.port, config.host);
    throw problem ? new StartupError(problem) : error;
  }
}

await main().catch(exitOnStartFailure);
