import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';

/*
 * The signal that a job became due: `enqueueJob`, `enqueueJobs` and `requeueJobs` send a NOTIFY on JOBS_CHANNEL
 * (payload: the job's type) in the statement that writes the job, so it is delivered when that transaction commits
 * and never for one that rolls back. The job worker LISTENs on it and claims at once instead of waiting for its next
 * poll, whichever process queued the job: with WEB_CONCURRENCY the HTTP workers queue jobs that the primary runs.
 * The poll stays as the fallback (a notification lost while the listening connection was down).
 */

export const JOBS_CHANNEL = 'confero_jobs';

/** How long to wait before listening again after the listening connection to PostgreSQL was lost. */
const RECONNECT_MS = 1000;

type PgliteClient = {
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
};
type PgPool = { options: Record<string, unknown> };

/**
 * Calls `onDue(type)` for every job type notified on JOBS_CHANNEL until the returned function is called. PGlite
 * listens on its one connection; PostgreSQL on a connection of its own (not one of the pool's), opened again after
 * a loss. Resolves once listening.
 */
export async function listenForJobs(
  db: Db,
  onDue: (type: string) => void,
  log: FastifyBaseLogger,
): Promise<() => Promise<void>> {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client && typeof (client as PgliteClient).listen === 'function') {
    return (client as PgliteClient).listen(JOBS_CHANNEL, onDue);
  }
  if (!client || typeof (client as PgPool).options !== 'object') {
    log.warn('job notifications: unknown database client, the worker only polls');
    return async () => undefined;
  }
  const pg = (await import('pg')).default;
  const options = (client as PgPool).options;
  let closed = false;
  let current: InstanceType<typeof pg.Client> | undefined;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const listener = new pg.Client(options);
    current = listener;
    listener.on('notification', (message) => {
      if (message.channel === JOBS_CHANNEL) onDue(message.payload ?? '');
    });
    // A lost connection (an error, or an end nobody asked for: the server restarted, the backend was terminated)
    // is replaced after a second; the poll covers the gap.
    const lost = (error?: unknown) => {
      if (closed || current !== listener) return;
      log.warn({ err: error }, 'job notifications: connection lost, listening again soon');
      current = undefined;
      void listener.end().catch(() => undefined);
      retry = setTimeout(() => void connect().catch(() => undefined), RECONNECT_MS);
      retry.unref();
    };
    listener.on('error', lost);
    listener.on('end', () => lost());
    try {
      await listener.connect();
      await listener.query(`LISTEN ${JOBS_CHANNEL}`);
    } catch (error) {
      listener.emit('error', error);
      throw error;
    }
  };
  await connect().catch((error: unknown) =>
    log.warn({ err: error }, 'job notifications: cannot listen yet, the worker polls meanwhile'),
  );
  return async () => {
    closed = true;
    clearTimeout(retry);
    const listener = current;
    current = undefined;
    await listener?.end().catch(() => undefined);
  };
}
