import type { Logger } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';

/** Transaction control, which PGlite runs outside the logger and node-postgres through it: never counted. */
const TRANSACTION_CONTROL = /^\s*(begin|commit|rollback|savepoint|release)\b/i;

/**
 * Counts the SQL statements a test database runs: the drizzle logger of every database `openTestDatabase` opens, so
 * statements inside transactions count too. Transaction control is left out, so both drivers count the same.
 */
export class StatementCounter implements Logger {
  private listeners = new Set<(query: string) => void>();

  logQuery(query: string): void {
    if (TRANSACTION_CONTROL.test(query)) return;
    for (const listener of this.listeners) listener(query);
  }

  /** The statements run while `fn` runs, in order. */
  async record(fn: () => Promise<unknown>): Promise<string[]> {
    const seen: string[] = [];
    const listener = (query: string) => {
      seen.push(query);
    };
    this.listeners.add(listener);
    try {
      await fn();
    } finally {
      this.listeners.delete(listener);
    }
    return seen;
  }
}

const counters = new WeakMap<Db, StatementCounter>();

/** Registers the counter of a database (done by `openTestDatabase`). */
export function trackStatements(db: Db, counter: StatementCounter): void {
  counters.set(db, counter);
}

/** The SQL statements the app runs while `fn` runs (a request through `app.inject`, a job). */
export async function recordStatements(target: { db: Db }, fn: () => Promise<unknown>): Promise<string[]> {
  const counter = counters.get(target.db);
  if (!counter) throw new Error('this database was not opened by openTestDatabase: its statements are not counted');
  return counter.record(fn);
}

/** How many SQL statements the app runs while `fn` runs: the N+1 check of lists and the cost of hot routes. */
export async function countQueries(target: { db: Db }, fn: () => Promise<unknown>): Promise<number> {
  return (await recordStatements(target, fn)).length;
}
