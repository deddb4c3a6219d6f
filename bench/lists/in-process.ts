/**
 * The whole list's cost inside one process, step by step, on a database seeded by `run.ts --seed-only`: the presenter
 * path (rows, authors, access, presenter, serializer) against the JSON the database builds, each the median of
 * several runs, with the database's own time for the statement (EXPLAIN ANALYZE).
 *
 *   node bench/lists/in-process.ts --database postgres://…/confero_load_… --event 1-benchevt
 */
import { parseArgs } from 'node:util';
import { EventSubmissionsDto } from '@confero/contracts';
import { eq, sql } from 'drizzle-orm';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { users } from '../../apps/api/src/db/schema/index.ts';
import { loadEvent } from '../../apps/api/src/modules/events/event-loader.ts';
import { listViewerFor, presentSubmissionList } from '../../apps/api/src/modules/submissions/submissions.presenter.ts';
import {
  accessToBundles,
  eventSubmissionsJson,
  listEventSubmissions,
} from '../../apps/api/src/modules/submissions/submissions.queries.ts';
import type { Actor } from '../../apps/api/src/plugins/auth.ts';
import { compileSerializer } from '../../apps/api/src/plugins/serializer.ts';
import { percentile } from '../load/workload.ts';

const { values } = parseArgs({
  options: {
    database: { type: 'string' },
    event: { type: 'string', default: '1-benchevt' },
    email: { type: 'string', default: 'bench-admin@bench.example' },
    runs: { type: 'string', default: '9' },
  },
});
if (!values.database) throw new Error('--database postgres://… (a database seeded by run.ts --seed-only)');

const { db, close } = await openDatabase({ url: values.database, migrate: false });
const [user] = await db.select().from(users).where(eq(users.email, values.email));
if (!user) throw new Error(`no account ${values.email}`);
const actor: Actor = { ...user, sessionsValidFrom: 0 };
const { event, access } = await loadEvent(db, actor, values.event);
const serialize = compileSerializer(EventSubmissionsDto);
const runs = Number(values.runs);

/** Median wall and CPU time of `step` over the runs (after one warm-up). */
async function time(name: string, step: () => Promise<unknown>) {
  await step();
  const walls: number[] = [];
  const cpus: number[] = [];
  for (let run = 0; run < runs; run++) {
    const cpu = process.cpuUsage();
    const started = performance.now();
    await step();
    walls.push(performance.now() - started);
    const used = process.cpuUsage(cpu);
    cpus.push((used.user + used.system) / 1000);
  }
  walls.sort((a, b) => a - b);
  cpus.sort((a, b) => a - b);
  console.log(
    `${name.padEnd(44)} wall ${percentile(walls, 0.5).toFixed(1).padStart(6)} ms, ` +
      `this process's CPU ${percentile(cpus, 0.5).toFixed(1).padStart(6)} ms`,
  );
}

const rows = await listEventSubmissions(db, event.id);
const accesses = await accessToBundles(db, actor, rows);
console.log(`${rows.length} rows`);
await time('presenter path: rows and authors (2 queries)', () => listEventSubmissions(db, event.id));
await time('presenter path: access (2 queries)', () => accessToBundles(db, actor, rows));
await time('presenter path: presenter', async () => presentSubmissionList(rows, accesses));
const presented = presentSubmissionList(rows, accesses);
await time('presenter path: serializer', async () => serialize(presented));
await time('database JSON (1 statement)', () => eventSubmissionsJson(db, event.id, listViewerFor(access, event)));

let captured = '';
const logged = await openDatabase({
  url: values.database,
  migrate: false,
  logger: {
    logQuery: (query, params) => {
      if (query.includes('as "abilities"')) captured = JSON.stringify({ query, params });
    },
  },
});
await eventSubmissionsJson(logged.db, event.id, listViewerFor(access, event));
const { query, params } = JSON.parse(captured) as { query: string; params: unknown[] };
const inlined = query.replace(/\$(\d+)/g, (_, index) => {
  const value = params[Number(index) - 1];
  return typeof value === 'number' || typeof value === 'boolean' ? String(value) : `'${String(value)}'`;
});
const plan = await logged.db.execute(sql.raw(`explain (analyze, buffers) ${inlined}`));
for (const row of (plan as unknown as { rows: Record<string, string>[] }).rows) console.log(Object.values(row)[0]);
await logged.close();
await close();
