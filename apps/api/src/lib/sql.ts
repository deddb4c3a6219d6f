import type { SQL } from 'drizzle-orm';
import { PgDialect, type PgPreparedQuery, type PreparedQueryConfig } from 'drizzle-orm/pg-core';
import { DB_CASING, type Db } from '../db/client.ts';

/** Runs raw SQL on either driver and returns its rows (both drivers answer `{ rows }`). */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/*
 * Prepared statements for the queries every request runs (signing in, reading a submission, listing one's own).
 * Building a statement's SQL with drizzle costs more CPU than the driver's round trip, and PostgreSQL parses and plans
 * an unnamed statement at every execution; a prepared statement is built once per database handle (a transaction
 * builds its own, once) and runs by name, its values given as placeholders (`sql.placeholder('id')`). On PostgreSQL
 * each pooled connection parses and plans it once (node-postgres names it), then only binds and executes; PGlite has
 * no named statements and runs the same text each time, which saves the building. A name is one statement's text:
 * the names are registered here so that two statements can never share one (node-postgres refuses that).
 */

const names = new Set<string>();

function register(name: string): void {
  if (names.has(name)) throw new Error(`prepared statement ${name} is defined twice`);
  names.add(name);
}

/** Once per database handle: `build(db)` the first time `db` asks, the same result after. */
function oncePerDb<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let value = built.get(db);
    if (value === undefined) {
      value = build(db);
      built.set(db, value);
    }
    return value;
  };
}

/**
 * A query builder's statement prepared under `name`: `build` ends with `.prepare(name)`, its values are placeholders;
 * `statement(db).execute({ … })` runs it.
 */
export function preparedQuery<Q>(name: string, build: (db: Db, name: string) => Q): (db: Db) => Q {
  register(name);
  return oncePerDb((db) => build(db, name));
}

const dialect = new PgDialect({ casing: DB_CASING });

/** Raw SQL prepared under `name` (values as placeholders): `statement(db)({ … })` runs it and returns its rows. */
export function preparedRows<T>(
  name: string,
  query: SQL,
): (db: Db) => (values: Record<string, unknown>) => Promise<T[]> {
  register(name);
  const built = dialect.sqlToQuery(query);
  return oncePerDb((db) => {
    const prepared = db._.session.prepareQuery<PreparedQueryConfig>(built, undefined, name, false) as PgPreparedQuery<
      PreparedQueryConfig & { execute: { rows: T[] } }
    >;
    return async (values) => (await prepared.execute(values)).rows;
  });
}
