/**
 * The event's submissions list at venue scale: the real server on a throwaway PostgreSQL database seeded with one event
 * of 2,000 papers (a long abstract, metadata and four authors each, as real rows are), and the organiser asking for
 * `GET submissions/event_submissions/` whole (every row: the kept answer, its 304 revalidation, and built afresh after
 * a change) and by pages, at 1, 8 and 32 clients in a closed loop. Prints per case: requests and rows per second, the
 * server's and the database's CPU per request and per 1,000 rows, latency and bytes sent.
 * See README.md.
 */
import crypto from 'node:crypto';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { type Outcome, Session } from '../load/client.ts';
import { cpuSeconds, treeCpuSeconds } from '../load/server.ts';
import { formatMs, percentile } from '../load/workload.ts';
import * as venue from '../venue/seed-venue.ts';
import { printCompressionTable } from './compression.ts';

const { values } = parseArgs({
  options: {
    ...venue.VENUE_OPTIONS,
    concurrency: { type: 'string', default: '1,8,32' },
    seconds: { type: 'string', default: '8' },
    'page-size': { type: 'string', default: '25' },
    /** Server processes (WEB_CONCURRENCY); the CPU figures sum all of them. */
    'web-concurrency': { type: 'string', default: '1' },
    /** Seed, print the database's address and keep it (to study the queries), measure nothing. */
    'seed-only': { type: 'boolean', default: false },
  },
});

const PAPERS = Number(values.papers);
const SECONDS = Number(values.seconds);
const PAGE_SIZE = Number(values['page-size']);
const LEVELS = values.concurrency.split(',').map(Number);
/** HotCRP 3.4's list of the same 2,000 papers (one HTML page), CPU per request, measured on this machine. */
const HOTCRP_MS_PER_2000 = 109;

function seed(url: string, adminEmail: string): Promise<string> {
  return venue.seedDatabase(url, async (q) => {
    const eventId = await venue.seedEvent(q, { adminEmail, role: 'event_admin' });
    const { reviewers, authors } = await venue.seedPeople(q, eventId, {
      reviewers: 200,
      authors: 600,
      firstName: 'First',
      lastName: 'Last',
      affiliation: 'Institute ',
    });
    await q(
      `insert into submissions (public_id, event_id, title, abstract, keywords, metadata, status, submitted_by, created_at)
       select 'pending-' || g, $1, 'Paper ' || g || ' on calibrated bidding for reviewer assignment',
         repeat('An abstract sentence about methods, data and findings. ', 30),
         array['assignment', 'bidding', 'peer review', 'keyword ' || (g % 40)],
         jsonb_build_object('method', 'manual', 'fileSize', 812345, 'extractedTitle', 'Paper ' || g),
         'under_review', ($2::int[])[1 + g % array_length($2::int[], 1)], now() - (g || ' minutes')::interval
       from generate_series(1, ${PAPERS}) g`,
      [eventId, authors],
    );
    await q(`update submissions set public_id = id || '-benchpap' where event_id = $1`, [eventId]);
    await q(
      `insert into submission_authors (submission_id, position, first_name, last_name, email, affiliation, country,
         is_corresponding, user_id)
       select s.id, p, 'Author' || s.id || '_' || p, 'Nakamura', 'a' || s.id || '_' || p || '@bench.example',
         'Institute of Advanced Studies', 'EG', p = 1, case when p = 1 then s.submitted_by end
       from submissions s cross join generate_series(1, 4) p where s.event_id = $1`,
      [eventId],
    );
    await venue.seedConflicts(q, eventId, reviewers);
    console.log(`seeded 1 event: ${PAPERS} papers with 4 authors each`);
    return `${eventId}-benchevt`;
  });
}

/**
 * One kind of request: `call` makes the i-th one (through the signed-in session), `ok` the status that counts as
 * answered.
 */
type Case = { name: string; call: (i: number) => Promise<Outcome>; ok: number; rows: number };

/**
 * The CPU the database's backends serving the bench database have used so far, by process: the list's rows are built
 * there, so the server's CPU alone would not tell its whole cost. (Other databases' backends are not counted.)
 */
async function databaseCpu(client: pg.Client): Promise<Map<number, number>> {
  const { rows } = await client.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  );
  return new Map(rows.map(({ pid }) => [pid, cpuSeconds(pid)]));
}

async function databaseCpuSince(client: pg.Client, before: Map<number, number>): Promise<number> {
  let seconds = 0;
  for (const [pid, now] of await databaseCpu(client)) seconds += now - (before.get(pid) ?? 0);
  return seconds;
}

async function measure(pid: number, item: Case, clients: number, database: pg.Client) {
  const latencies: number[] = [];
  let bytes = 0;
  let errors = 0;
  let lastBody = '';
  let i = 0;
  const until = performance.now() + SECONDS * 1000;
  const cpuBefore = treeCpuSeconds(pid);
  const databaseBefore = await databaseCpu(database);
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < until) {
        const outcome = await item.call(i++);
        if (outcome.status !== item.ok) errors += 1;
        else {
          latencies.push(outcome.ms);
          bytes = Buffer.byteLength(outcome.body);
          lastBody = outcome.body;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const cpu = treeCpuSeconds(pid) - cpuBefore;
  const databaseMs = ((await databaseCpuSince(database, databaseBefore)) / Math.max(latencies.length, 1)) * 1000;
  latencies.sort((a, b) => a - b);
  const n = latencies.length;
  const cpuMs = (cpu / Math.max(n, 1)) * 1000;
  console.log(
    `${item.name.padEnd(13)} c=${String(clients).padStart(2)}: ${(n / elapsed).toFixed(1).padStart(6)} req/s, ` +
      `${((n * item.rows) / elapsed).toFixed(0).padStart(7)} rows/s, CPU ${cpuMs.toFixed(2)} ms/request ` +
      `(${((cpuMs / item.rows) * 1000).toFixed(2)} ms per 1,000 rows) + database ${databaseMs.toFixed(2)} ms, p50 ${formatMs(percentile(latencies, 0.5))}, ` +
      `p99 ${formatMs(percentile(latencies, 0.99))}, ${(bytes / 1024).toFixed(0)} KB, errors ${errors}`,
  );
  return { cpuMs: cpuMs + databaseMs, body: lastBody };
}

const env = {
  NODE_ENV: 'production',
  SECRET_KEY: crypto.randomBytes(32).toString('hex'),
  WEB_CONCURRENCY: values['web-concurrency'],
};

await venue.withVenueServer(
  'lists',
  values.database ?? '',
  async ({ server, databaseUrl, admin, keepDatabase }) => {
    const eventId = await seed(databaseUrl, admin.email);
    if (values['seed-only']) {
      console.log(`kept: ${databaseUrl} (event ${eventId})`);
      keepDatabase();
      return;
    }
    const session = new Session(server.baseUrl);
    await session.expect('POST', '/api/auth/login/', 200, { json: admin });
    const base = `/api/submissions/event_submissions/?event_id=${eventId}`;
    const pages = Math.ceil(PAPERS / PAGE_SIZE);
    const get = (path: string) => session.call('GET', path);
    const kept = await session.expect('GET', base, 200).then(() =>
      fetch(`${server.baseUrl}${base}`, {
        headers: { cookie: session.cookieHeader() },
      }),
    );
    const etag = kept.headers.get('etag') ?? '';
    await kept.arrayBuffer();
    // A change before each request (a paper's `updated` moved): every answer is built afresh, the worst case.
    const writers = new pg.Pool({ connectionString: databaseUrl, max: Math.max(...LEVELS) });
    const paperIds = (
      await writers.query<{ id: number }>('select id from submissions where event_id = $1 order by id', [
        Number.parseInt(eventId, 10),
      ])
    ).rows.map((row) => row.id);
    await Promise.all(Array.from({ length: Math.max(...LEVELS) }, () => writers.query('select 1')));
    const cases: Case[] = [
      { name: 'all rows', call: () => get(base), ok: 200, rows: PAPERS },
      {
        name: 'all, 304',
        call: async () => {
          const started = performance.now();
          const response = await fetch(`${server.baseUrl}${base}`, {
            headers: { cookie: session.cookieHeader(), 'if-none-match': etag },
          });
          const body = await response.text();
          return { status: response.status, body, ms: performance.now() - started };
        },
        ok: 304,
        rows: PAPERS,
      },
      {
        name: 'all, changed',
        call: async (i) => {
          await writers.query('update submissions set updated_at = clock_timestamp() where id = $1', [
            paperIds[i % paperIds.length],
          ]);
          return get(base);
        },
        ok: 200,
        rows: PAPERS,
      },
      {
        name: 'one page',
        call: (i) => get(`${base}&page_size=${PAGE_SIZE}&page=${1 + (i % pages)}`),
        ok: 200,
        rows: PAGE_SIZE,
      },
    ];
    venue.warnIfBusy();
    const fullCpu = new Map<string, number>();
    let fullBody = '';
    const database = new pg.Client({ connectionString: databaseUrl });
    await database.connect();
    try {
      for (const item of cases) {
        for (const clients of LEVELS) {
          const { cpuMs, body } = await measure(server.pid, item, clients, database);
          if (item.rows === PAPERS) {
            fullCpu.set(item.name, Math.min(fullCpu.get(item.name) ?? Number.POSITIVE_INFINITY, cpuMs));
            if (item.name === 'all rows') fullBody = body || fullBody;
          }
        }
      }
    } finally {
      await database.end();
      await writers.end();
    }
    console.log(
      `server: NODE_ENV=production, WEB_CONCURRENCY ${env.WEB_CONCURRENCY}, answers gzip-compressed (fetch asks for ` +
        'gzip or deflate; the bytes are the decompressed text)',
    );
    for (const [name, cpuMs] of fullCpu) {
      const perTwoThousand = (cpuMs / PAPERS) * 2000;
      const times = HOTCRP_MS_PER_2000 / perTwoThousand;
      console.log(
        `${name}: ${perTwoThousand.toFixed(2)} ms CPU (server + database) per 2,000 rows, ${times.toFixed(1)}× ` +
          `HotCRP's rows per CPU second (${HOTCRP_MS_PER_2000} ms per 2,000 rows); target ≥ 10×: ` +
          `${times >= 10 ? 'met' : 'NOT met'}`,
      );
    }
    if (fullBody) printCompressionTable(fullBody);
  },
  env,
);
