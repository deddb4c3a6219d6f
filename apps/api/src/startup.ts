import net from 'node:net';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { DataDirInUseError, type DataDirLock, lockDataDir } from './lib/data-dir-lock.ts';
import { errorReport } from './lib/logging.ts';

/** A failed start that the operator fixes from its message alone: printed as one line, without a stack trace. */
export class StartupError extends Error {
  override name = 'StartupError';
}

/** The environment, or the list of wrong variables printed and exit 1. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    return exitOnStartFailure(error);
  }
}

/**
 * On the embedded database, the lock that keeps every other process (server or worker) off DATA_DIR until this
 * one ends; nothing on PostgreSQL, where processes share the database safely. `refusal` is added to the message
 * when another process holds the directory.
 */
export async function lockEmbeddedDatabase(config: Config, refusal = ''): Promise<DataDirLock | undefined> {
  if (config.databaseUrl) return undefined;
  try {
    return await lockDataDir(config.dataDir);
  } catch (error) {
    if (error instanceof DataDirInUseError) throw new StartupError(`${error.message}${refusal}`);
    throw error;
  }
}

/** The operator's one line for an address the server cannot listen on; undefined for any other error. */
export function listenProblem(error: unknown, port: number, host: string): string | undefined {
  switch ((error as NodeJS.ErrnoException | undefined)?.code) {
    case 'EADDRINUSE':
      return `Port ${port} on ${host} is already in use: stop the other server or set PORT.`;
    case 'EACCES':
      return `Port ${port} on ${host} may not be opened by this user: set PORT to a port above 1023 (a proxy can listen on ${port}).`;
    case 'EADDRNOTAVAIL':
      return `Address ${host} is not an address of this machine: set HOST (127.0.0.1, or 0.0.0.0 for every address).`;
    default:
      return undefined;
  }
}

/**
 * Fails at once when the server could not listen on PORT and HOST, before the database is opened, migrated or
 * given its first admin: listens on the address once and closes it again. Port 0 (any free port) always works.
 */
export async function checkListenAddress(port: number, host: string): Promise<void> {
  if (port === 0) return;
  try {
    await new Promise<void>((resolve, reject) => {
      const probe = net.createServer();
      probe.once('error', reject);
      probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve()));
    });
  } catch (error) {
    const problem = listenProblem(error, port, host);
    throw problem ? new StartupError(problem) : error;
  }
}

/**
 * Prints why the start failed and exits with 1: the message alone for a cause the operator fixes (configuration,
 * data directory, port), otherwise the error and its causes without a failed query's values or other secrets.
 */
export function exitOnStartFailure(error: unknown): never {
  const operatorMessage = error instanceof StartupError || error instanceof ConfigError;
  console.error(operatorMessage ? error.message : `Confero could not start:\n${errorReport(error)}`);
  process.exit(1);
}
