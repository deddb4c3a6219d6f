import fs from 'node:fs';
import path from 'node:path';
import { type Logger, sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema/index.ts';

/** The common supertype of the PGlite and node-postgres Drizzle databases. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DatabaseKind = 'pglite' | 'postgres';
export type Database = { db: Db; kind: DatabaseKind; close: () => Promise<void> };

/** How the schema's property names become column names (both drivers; prepared raw SQL renders with it too). */
export const DB_CASING = 'snake_case';

/** The advisory lock that processes starting together take turns on: migrations, then the first admin. */
const STARTUP_LOCK = 7_391_205_118;

export const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');

export type OpenDatabaseOptions = {
  /** postgres://… selects PostgreSQL; otherwise PGlite. */
  url?: string;
  /** PGlite directory, or 'memory://'. */
  pgliteDir?: string;
  /** A PGlite data dump (tar) to start from, skipping initdb. */
  pgliteLoadDataDir?: Blob;
  migrate?: boolean;
  /** Told when the pool loses an idle connection (PostgreSQL); the pool connects again by itself. */
  onPoolError?: (error: Error) => void;
  /** Told every SQL statement the database runs, transactions included (tests count statements per request). */
  logger?: Logger;
};

/**
 * Opens the database on either driver and applies the migrations. The driver
 * modules are imported lazily so a PostgreSQL deployment never loads the WASM.
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  const migrate = options.migrate ?? true;
  if (options.url) {
    const pg = (await import('pg')).default;
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    // An idle client can lose its connection (a server restart, a test database dropped while the pool closes):
    // the pool discards it and connects again when needed. Unlistened, that 'error' event would crash the process;
    // it is reported to the caller's logger instead.
    pool.on('error', (error) => options.onPoolError?.(error));
    const db = drizzle(pool, { schema, casing: DB_CASING, logger: options.logger });
    if (migrate) {
      const { migrate: run } = await import('drizzle-orm/node-postgres/migrator');
      // Several processes may start together: an advisory lock makes them migrate one after another.
      const lock = await pool.connect();
      try {
        await lock.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
        await run(db, { migrationsFolder });
      } finally {
        await lock.query('select pg_advisory_unlock($1)', [STARTUP_LOCK]).catch(() => undefined);
        lock.release();
      }
    }
    return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const dir = options.pgliteDir ?? 'memory://';
  if (dir !== 'memory://') fs.mkdirSync(dir, { recursive: true }); // PGlite's own mkdir is not recursive
  const client = new PGlite({ dataDir: dir, loadDataDir: options.pgliteLoadDataDir });
  await client.waitReady;
  const db = drizzle(client, { schema, casing: DB_CASING, logger: options.logger });
  if (migrate) {
    const { migrate: run } = await import('drizzle-orm/pglite/migrator');
    await run(db, { migrationsFolder });
  }
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() };
}

/**
 * Runs `work` in a transaction holding the advisory lock the migrations take, so the start-up writes of processes
 * started together (the first admin) happen one after another: the later process sees what the earlier wrote.
 */
export async function withStartupLock<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${STARTUP_LOCK})`);
    return work(tx);
  });
}
