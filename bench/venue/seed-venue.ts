/**
 * What the venue benches (chair-table, exports) share: the real server on a throwaway PostgreSQL database with a
 * platform admin to sign in as, and the set-based SQL that seeds one event's people and conflicts straight in the
 * database (the API is what is measured, not the seeding).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createPostgresDatabase, freePort, type RunningServer, startServer } from '../load/server.ts';

/** The options every venue bench takes: the PostgreSQL server to make its database on, and the venue's size. */
export const VENUE_OPTIONS = {
  database: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
  papers: { type: 'string', default: '2000' },
  'reviews-per-paper': { type: 'string', default: '3' },
} as const;

export type Query = (text: string, params?: unknown[]) => Promise<pg.QueryResult>;
export type Admin = { email: string; password: string };
export type Venue = { server: RunningServer; databaseUrl: string; admin: Admin; keepDatabase(): void };

/**
 * Creates a throwaway database on the server of `adminUrl`, starts the API on it (no jobs, the rate limits scaled out
 * of the way; `env` adds or overrides variables) and runs `body`; then stops the server and drops the database, unless
 * `body` called `keepDatabase`.
 */
export async function withVenueServer(
  name: string,
  adminUrl: string,
  body: (venue: Venue) => Promise<void>,
  env: Record<string, string> = {},
  /** Node's own options for the server (`--cpu-prof …`). */
  nodeArgs: readonly string[] = [],
): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `confero-${name}-`));
  const admin = { email: 'bench-admin@bench.example', password: `Bench-${crypto.randomBytes(6).toString('hex')}-42` };
  const db = await createPostgresDatabase(adminUrl);
  let server: RunningServer | undefined;
  let keep = false;
  try {
    const port = await freePort();
    server = await startServer(
      {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: db.url,
        ADMIN_EMAIL: admin.email,
        ADMIN_PASSWORD: admin.password,
        RATE_LIMIT_SCALE: '1000',
        RUN_JOBS: 'false',
        LOG_LEVEL: 'warn',
        ...env,
      },
      path.join(dataDir, 'server.log'),
      nodeArgs,
    );
    await body({
      server,
      databaseUrl: db.url,
      admin,
      keepDatabase: () => {
        keep = true;
      },
    });
  } finally {
    await server?.stop().catch(() => undefined);
    if (!keep) await db.drop().catch((error: Error) => console.log(`could not drop the database: ${error.message}`));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Says so when the machine was already busy before the measure (its figures are then pessimistic). */
export function warnIfBusy(): void {
  const [load1] = os.loadavg();
  if ((load1 ?? 0) > 1.5)
    console.log(`warning: the machine is busy (load ${load1?.toFixed(1)}); figures are pessimistic`);
}

/** Runs `fill` in one transaction on a client of its own, then `ANALYZE`s what it wrote. */
export async function seedDatabase<T>(url: string, fill: (q: Query) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const q: Query = (text, params = []) => client.query(text, params);
    await q('begin');
    const result = await fill(q);
    await q('commit');
    await q('analyze');
    return result;
  } finally {
    await client.end();
  }
}

/**
 * One active event (submissions closed 20 days ago, reviews due yesterday) with `adminEmail`'s account in `role`;
 * its public id is `<id>-benchevt`. Returns the numeric id.
 */
export async function seedEvent(
  q: Query,
  options: { adminEmail: string; role: 'chair' | 'event_admin'; acronym?: string },
): Promise<number> {
  const { rows: events } = await q(
    `insert into events (public_id, title, acronym, description, status, start_date, end_date, submission_deadline,
       review_deadline, notification_date, timezone, ends_at, city, country, primary_research_area)
     values ('pending', 'Bench Conference', $1, 'A seeded event.', 'active', current_date + 60,
       current_date + 62, current_date - 20, current_date - 1, current_date + 30, 'UTC', now() + interval '63 days',
       'Cairo', 'EG', 'computer_science') returning id`,
    [options.acronym ?? ''],
  );
  const eventId = Number(events[0].id);
  await q(`update events set public_id = id || '-benchevt' where id = $1`, [eventId]);
  await q(
    `insert into event_memberships (event_id, user_id, role) select $1, id, $3::membership_role from users
     where lower(email) = lower($2)`,
    [eventId, options.adminEmail, options.role],
  );
  return eventId;
}

/**
 * `reviewers + authors` verified accounts person<g>@bench.example named `<first><g> <last><g>` of `<affiliation><g % 50>`;
 * the first `reviewers` of them join the event as reviewers. Returns both lists of numeric ids.
 */
export async function seedPeople(
  q: Query,
  eventId: number,
  options: { reviewers: number; authors: number; firstName: string; lastName: string; affiliation: string },
): Promise<{ reviewers: number[]; authors: number[] }> {
  await q(
    `insert into users (public_id, email, password_hash, first_name, last_name, affiliation, country, email_verified)
     select 'pending-' || g, 'person' || g || '@bench.example', 'not-a-hash', $1 || g, $2 || g, $3 || (g % 50), 'EG',
       true
     from generate_series(1, $4::int) g`,
    [options.firstName, options.lastName, options.affiliation, options.reviewers + options.authors],
  );
  await q(`update users set public_id = id || '-benchusr' where public_id like 'pending-%'`);
  const { rows: people } = await q(`select id from users where email like 'person%@bench.example' order by id`);
  const ids = people.map((row) => Number(row.id));
  const reviewers = ids.slice(0, options.reviewers);
  await q(`insert into event_memberships (event_id, user_id, role) select $1, unnest($2::int[]), 'reviewer'`, [
    eventId,
    reviewers,
  ]);
  return { reviewers, authors: ids.slice(options.reviewers) };
}

/** An institutional conflict on every tenth paper of the event, with one of `reviewers`. */
export async function seedConflicts(q: Query, eventId: number, reviewers: readonly number[]): Promise<void> {
  await q(
    `insert into conflicts (submission_id, user_id, type, source, reason)
     select s.id, ($2::int[])[1 + (s.id * 13) % array_length($2::int[], 1)], 'institutional', 'detected', 'seeded'
     from submissions s where s.event_id = $1 and s.id % 10 = 0 on conflict do nothing`,
    [eventId, reviewers],
  );
}
