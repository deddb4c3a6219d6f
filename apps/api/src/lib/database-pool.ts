import type { Db } from '../db/client.ts';

/** Connections of a PostgreSQL pool: open, idle, and queries waiting for one. */
export type PoolStats = { total: number; idle: number; waiting: number };

type PgPoolCounts = { totalCount: number; idleCount: number; waitingCount: number };

/**
 * The connection pool's counts on PostgreSQL (node-postgres's `Pool` behind Drizzle's `$client`); undefined on the
 * embedded database, which has one connection and queues its queries inside PGlite.
 */
export function databasePoolStats(db: Db): PoolStats | undefined {
  const client = (db as unknown as { $client?: Partial<PgPoolCounts> }).$client;
  if (typeof client?.waitingCount !== 'number') return undefined;
  return { total: client.totalCount ?? 0, idle: client.idleCount ?? 0, waiting: client.waitingCount };
}
