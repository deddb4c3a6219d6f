/**
 * A whole venue at deadline scale against the real server (NODE_ENV=production, jobs on, WEB_CONCURRENCY passed
 * through): 2,000 papers × 1,500 reviewers × 150,000 bids seeded in SQL, with people of a few hundred institutions
 * drawn Zipf-like (so that the conflicts detected number in the hundreds of thousands). Prints the submissions list
 * (all rows and a table page) and the paper page at concurrency 1/8/32, the conflict sync and the automatic assignment
 * end to end with the latency of a light background load meanwhile, and the reviews export. See README.md.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import { parseArgs } from 'node:util';
import zlib from 'node:zlib';
import pg from 'pg';
import { Session } from '../load/client.ts';
import { postgresBackends, sleep, treeCpuSeconds, treeRss, watchTreeRss } from '../load/server.ts';
import { formatMs, mulberry32, openLoop, percentile } from '../load/workload.ts';
import * as venue from './seed-venue.ts';

const { values } = parseArgs({
  options: {
    ...venue.VENUE_OPTIONS,
    reviewers: { type: 'string', default: '1500' },
    bids: { type: 'string', default: '150000' },
    /** People who author papers without reviewing (each writes about two papers). */
    authors: { type: 'string', default: '3000' },
    institutions: { type: 'string', default: '300' },
    concurrency: { type: 'string', default: '1,8,32' },
    /** Seconds measured per route and concurrency. */
    seconds: { type: 'string', default: '10' },
    /** Paper pages per second sent while the conflict sync and the assignment run. */
    'background-rate': { type: 'string', default: '50' },
    /** Seconds of that background load before each measured work starts (warm processes and connections). */
    'warm-up': { type: 'string', default: '2' },
    /** Passed to the server as WEB_CONCURRENCY; unset: the server's default. */
    'web-concurrency': { type: 'string' },
    steps: { type: 'string', default: 'sync,lists,assignment,export' },
    /** Writes CPU profiles of the server's processes and threads (node --cpu-prof) into this folder. */
    'cpu-prof-dir': { type: 'string' },
    seed: { type: 'string', default: '1' },
    /** Seed, print the database's URL and stop (the database is kept: for EXPLAIN). */
    'seed-only': { type: 'boolean', default: false },
  },
});

const PAPERS = Number(values.papers);
const REVIEWERS = Number(values.reviewers);
const AUTHORS = Number(values.authors);
const BIDS = Number(values.bids);
const INSTITUTIONS = Number(values.institutions);
const PER_PAPER = Number(values['reviews-per-paper']);
const CONCURRENCY = (values.concurrency ?? '').split(',').map(Number);
const SECONDS = Number(values.seconds);
const BACKGROUND_RATE = Number(values['background-rate']);
const WARM_UP_MS = Number(values['warm-up']) * 1000;
const STEPS = new Set((values.steps ?? '').split(','));
const WEB_CONCURRENCY = values['web-concurrency'] ?? process.env.WEB_CONCURRENCY;
const PAGE_SIZE = 25;

/**
 * The targets of the deadline-scale issue. HotCRP 3.4 on the same 2-core machine spent 109–152 ms of CPU on its
 * 2,000-row list: at best 2 cores × 2,000 rows / 0.109 s ≈ 36,700 rows/s, ten times that is the target.
 */
const TARGET = {
  assignmentSeconds: 4,
  worstLatencyMs: 100,
  rowsPerSecond: (10 * 2 * 2000) / 0.109,
  exportSeconds: 5,
  paperPageCpuMs: 4,
};

/** Research topics: a paper is about one, a reviewer's expertise names one; their words make the affinity. */
const TOPICS = [
  'graph neural network message passing node embedding',
  'compiler optimisation register allocation loop vectorisation',
  'distributed consensus replication fault tolerance raft',
  'differential privacy federated learning secure aggregation',
  'arabic dialect speech recognition acoustic model',
  'reinforcement learning policy gradient reward shaping',
  'database query planning index join cardinality',
  'computer vision segmentation transformer attention',
  'quantum error correction qubit surface code',
  'software testing fuzzing symbolic execution',
  'wireless sensor network energy routing',
  'protein folding molecular dynamics simulation',
].map((topic) => topic.split(' '));
const COMMON = 'we propose novel method results show evaluation dataset baseline improves approach study'.split(' ');
const CITIES = ['Cairo', 'Lyon', 'Kyoto', 'Austin', 'Porto', 'Leeds', 'Delft', 'Pune', 'Oslo', 'Rabat', 'Quito'];
const KINDS = ['University of ', 'Institute of Technology ', 'Polytechnic of ', 'College of ', 'Laboratory of '];
const FIRST = ['Sara', 'Omar', 'Yuki', 'Lena', 'Ahmed', 'Maria', 'Chen', 'Ravi', 'Nadia', 'Tom', 'Ines', 'Kofi'];
const LAST = ['Haddad', 'Nakamura', 'Silva', 'Mueller', 'Okafor', 'Dubois', 'Kaur', 'Smith', 'Rossi', 'Park'];

/**
 * Seeds one event straight in the database (set-based statements; the API is what is measured): institutions drawn
 * Zipf-like (P(i) ∝ log(1 + 1/i)), their domains, 15 % of people on a public mail provider; each paper has 2–5 authors
 * from a pool where neighbours write together (co-authorship across papers), and three in ten have a reviewer among
 * them; bids mostly on papers of the reviewer's topic. Nothing is detected here: the conflict sync does it.
 */
function seed(url: string, adminEmail: string): Promise<{ eventId: number; paperIds: number[] }> {
  return venue.seedDatabase(url, async (q) => {
    const started = performance.now();
    const eventId = await venue.seedEvent(q, { adminEmail, role: 'chair', acronym: 'VENUE26' });
    await q(
      `update events set review_settings = review_settings || jsonb_build_object('reviewers_per_paper', $2::int)
       where id = $1`,
      [eventId, PER_PAPER],
    );
    await q(`select setseed(${(Number(values.seed) % 1000) / 1000})`);
    await q(
      `create temporary table bench_institutions on commit drop as
       select i, ($1::text[])[1 + ((i - 1) / array_length($2::text[], 1)) % array_length($1::text[], 1)] as kind,
         ($2::text[])[1 + (i - 1) % array_length($2::text[], 1)] as city
       from generate_series(1, $3::int) i`,
      [KINDS, CITIES, INSTITUTIONS],
    );
    // Institution i: a kind and a city (and a number once they repeat), with a domain of its own.
    await q(
      `alter table bench_institutions add column name text, add column domain text;
       update bench_institutions set
         name = kind || city || case when i > ${CITIES.length * KINDS.length} then ' ' || i else '' end,
         domain = lower(city) || i || '.edu'`,
    );
    const people = REVIEWERS + AUTHORS;
    await q(
      `create temporary table bench_people on commit drop as
       select n, ($1::text[])[1 + n % array_length($1::text[], 1)] || n as first_name,
         ($2::text[])[1 + (n / 7) % array_length($2::text[], 1)] as last_name,
         least($4::int, floor(exp(random() * ln($4::int + 1)))::int) as institution, random() < 0.15 as public_mail
       from generate_series(1, $3::int) n`,
      [FIRST, LAST, people, INSTITUTIONS],
    );
    await q(
      `insert into users (public_id, email, password_hash, first_name, last_name, affiliation, country, email_verified,
         expertise)
       select 'pending-' || p.n,
         lower(p.first_name || '.' || p.last_name) || '@' || case when p.public_mail then 'gmail.com' else i.domain end,
         'not-a-hash', p.first_name, p.last_name, 'Department of Computer Science, ' || i.name, 'EG', true,
         case when p.n <= $1 then ($2::text[])[1 + p.n % ${TOPICS.length}] else '' end
       from bench_people p join bench_institutions i on i.i = p.institution order by p.n`,
      [REVIEWERS, TOPICS.map((words) => words.join(' '))],
    );
    await q(`update users set public_id = id || '-benchusr' where public_id like 'pending-%'`);
    await q(`alter table bench_people add column user_id int`);
    await q(
      `update bench_people p set user_id = u.id from users u
       where u.first_name = p.first_name and u.public_id like '%-benchusr'`,
    );
    await q(
      `insert into event_memberships (event_id, user_id, role, expertise)
       select $1, user_id, 'reviewer', '' from bench_people where n <= $2`,
      [eventId, REVIEWERS],
    );
    const topicWords = TOPICS.map((words) => words.join(' '));
    await q(
      `insert into submissions (public_id, event_id, title, abstract, keywords, status, submitted_by, created_at)
       select 'pending-' || g, $1,
         initcap(t[1 + g % array_length(t, 1)]) || ' ' || t[1 + (g + 2) % array_length(t, 1)] || ' for ' ||
           t[1 + (g + 4) % array_length(t, 1)] || ' ' || g,
         (select string_agg(case when random() < 0.5 then t[1 + floor(random() * array_length(t, 1))::int]
             else ($3::text[])[1 + floor(random() * array_length($3::text[], 1))::int] end, ' ' order by w)
          from generate_series(1, 150) w),
         t[1:4], 'under_review', null, now() - (g || ' minutes')::interval
       from generate_series(1, $2::int) g,
         lateral (select string_to_array(($4::text[])[1 + g % ${TOPICS.length}], ' ') as t) topic`,
      [eventId, PAPERS, COMMON, topicWords],
    );
    await q(`update submissions set public_id = id || '-benchpap' where event_id = $1`, [eventId]);
    // Authors: 2–5 from the pool, neighbours of an offset (o, o + 37, o + 74 …: groups that write together again),
    // and in three papers of ten, a reviewer as the last author.
    await q(
      `insert into submission_authors (submission_id, position, first_name, last_name, email, affiliation, country,
         is_corresponding, user_id)
       select a.submission_id, a.position, u.first_name, u.last_name, u.email, u.affiliation, 'EG', a.position = 1, u.id
       from (
         select s.id as submission_id, k as position, $2::int + 1 + (o.offset_ + k * 37) % $3::int as person
         from submissions s
           cross join lateral (select floor(random() * $3::int)::int as offset_, 2 + floor(random() * 4)::int as count_
             from (select s.id) x) o
           cross join lateral generate_series(1, o.count_) k
         where s.event_id = $1
         union all
         select s.id, 6, 1 + floor(random() * $2::int)::int from submissions s
         where s.event_id = $1 and random() < 0.3
       ) a
       join bench_people p on p.n = a.person join users u on u.id = p.user_id`,
      [eventId, REVIEWERS, AUTHORS],
    );
    await q(
      `update submissions s set submitted_by = a.user_id from submission_authors a
       where a.submission_id = s.id and a.position = 1 and s.event_id = $1`,
      [eventId],
    );
    // Bids: seven in ten on papers of the reviewer's topic, the rest anywhere; a few duplicates fall away.
    const perReviewer = Math.max(1, Math.round(BIDS / REVIEWERS));
    await q(
      `insert into bids (submission_id, user_id, value)
       select papers.ids[1 + case
           when k < 0.7 * $3::int then ((r.n - 1) % ${TOPICS.length} + ${TOPICS.length} * ((r.n * 7 + k * 13) %
             greatest(1, array_length(papers.ids, 1) / ${TOPICS.length})))
           else (r.n * 37 + k * 19) end % array_length(papers.ids, 1)],
         r.user_id,
         (case when random() < 0.05 then 'conflict' when random() < 0.2 then 'eager' when random() < 0.5 then 'willing'
           when random() < 0.7 then 'in_a_pinch' else 'not_willing' end)::bid_value
       from bench_people r cross join generate_series(0, $3::int - 1) k,
         (select array_agg(id order by id) as ids from submissions where event_id = $1) papers
       where r.n <= $2
       on conflict do nothing`,
      [eventId, REVIEWERS, perReviewer],
    );
    const { rows } = await q(
      `select (select count(*) from submissions where event_id = $1)::int as papers,
         (select count(*) from submission_authors a join submissions s on s.id = a.submission_id
           where s.event_id = $1)::int as authors,
         (select count(*) from bids b join submissions s on s.id = b.submission_id where s.event_id = $1)::int as bids,
         (select array_agg(id order by id) from submissions where event_id = $1) as ids`,
      [eventId],
    );
    const { papers, authors, bids, ids } = rows[0];
    console.log(
      `seeded 1 event in ${seconds(started)}: ${papers} papers (${authors} author rows), ${REVIEWERS} reviewers, ` +
        `${people - REVIEWERS} other authors, ${INSTITUTIONS} institutions, ${bids} bids`,
    );
    return { eventId, paperIds: (ids as number[]).map(Number) };
  });
}

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

type Answer = { status: number; ms: number; encodedBytes: number; encoding: string; body: Buffer };

/**
 * One request without fetch's 5-minute wait for headers (the apply may take longer on a busy machine), asking for
 * brotli or gzip, its bytes counted as they came (still encoded). A JSON `body` is sent as a POST.
 */
function send(
  agent: http.Agent | undefined,
  url: string,
  headers: Record<string, string>,
  options: { body?: unknown; timeoutMs?: number } = {},
): Promise<Answer> {
  const started = performance.now();
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        agent,
        method: payload === undefined ? 'GET' : 'POST',
        headers: {
          ...headers,
          'accept-encoding': 'br, gzip',
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({
            status: response.statusCode ?? 0,
            ms: performance.now() - started,
            encodedBytes: body.length,
            encoding: String(response.headers['content-encoding'] ?? 'identity'),
            body,
          });
        });
      },
    );
    request.on('error', reject);
    request.setTimeout(options.timeoutMs ?? 120_000, () => request.destroy(new Error('timeout')));
    request.end(payload);
  });
}

const get = (agent: http.Agent, url: string, cookie: string) => send(agent, url, { cookie });

function decode(answer: Answer): Buffer {
  if (answer.encoding === 'br') return zlib.brotliDecompressSync(answer.body);
  if (answer.encoding === 'gzip') return zlib.gunzipSync(answer.body);
  return answer.body;
}

type Measure = { baseUrl: string; cookie: string; pid: number; databaseUrl: string };

/** CPU seconds of the PostgreSQL backends of the database since `before` (postgresBackends). */
async function postgresCpu(databaseUrl: string, before: Map<number, number>): Promise<number> {
  let total = 0;
  for (const [backend, now] of await postgresBackends(databaseUrl)) total += now - (before.get(backend) ?? 0);
  return total;
}

/**
 * `concurrency` clients asking for `path()` again as soon as answered, for SECONDS: throughput, the server's CPU per
 * request (all its processes) and PostgreSQL's, latency, and the bytes of an answer encoded and decoded.
 */
async function closedLoop(m: Measure, label: string, rows: number, path: () => string, concurrency: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  try {
    await get(agent, `${m.baseUrl}${path()}`, m.cookie); // warm: the first answer of a route is the slowest
    const latencies: number[] = [];
    const errors: Record<string, number> = {};
    let encoded = 0;
    let sample: Answer | undefined;
    const cpuBefore = treeCpuSeconds(m.pid);
    const pgBefore = await postgresBackends(m.databaseUrl);
    const started = performance.now();
    const until = started + SECONDS * 1000;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (performance.now() < until) {
          const answer = await get(agent, `${m.baseUrl}${path()}`, m.cookie).catch((error: Error) => ({
            status: 0,
            ms: 0,
            encodedBytes: 0,
            encoding: '',
            body: Buffer.from(error.message),
          }));
          if (answer.status === 200) {
            latencies.push(answer.ms);
            encoded += answer.encodedBytes;
            sample ??= answer;
          } else errors[answer.status || 'network'] = (errors[answer.status || 'network'] ?? 0) + 1;
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    const serverCpu = treeCpuSeconds(m.pid) - cpuBefore;
    const databaseCpu = await postgresCpu(m.databaseUrl, pgBefore);
    latencies.sort((a, b) => a - b);
    const n = latencies.length;
    const perSecond = n / elapsed;
    const errorText = Object.keys(errors).length ? `, errors ${JSON.stringify(errors)}` : '';
    console.log(
      `${label.padEnd(12)} c=${String(concurrency).padEnd(3)} ${perSecond.toFixed(1).padStart(7)} req/s ` +
        `${Math.round(perSecond * rows)
          .toLocaleString('en')
          .padStart(9)} rows/s  ` +
        `CPU/req server ${((serverCpu / Math.max(n, 1)) * 1000).toFixed(1).padStart(6)} ms, ` +
        `PostgreSQL ${((databaseCpu / Math.max(n, 1)) * 1000).toFixed(1).padStart(5)} ms  ` +
        `p50 ${formatMs(percentile(latencies, 0.5)).padStart(7)} p99 ${formatMs(percentile(latencies, 0.99)).padStart(7)}  ` +
        `${sample ? `${kib(encoded / n)} ${sample.encoding} (${kib(decode(sample).length)} decoded)` : 'no answer'}` +
        `  [${n} answers, server ${(serverCpu / elapsed).toFixed(2)} cores]${errorText}`,
    );
    return { perSecond, serverCpuMs: (serverCpu / Math.max(n, 1)) * 1000, rowsPerSecond: perSecond * rows };
  } finally {
    agent.destroy();
  }
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

/**
 * Runs `work` while a steady open-loop load of paper pages (BACKGROUND_RATE a second, Poisson) goes on, and while the
 * server's processes' resident memory is sampled. Returns what `work` returned, with the background's latencies.
 */
async function underLoad<T>(m: Measure, session: Session, paperIds: number[], work: () => Promise<T>) {
  const random = mulberry32(Number(values.seed) + 7);
  /** [seconds since the work started, latency ms] of each page answered during the work. */
  const timed: [number, number][] = [];
  const failed: Record<string, number> = {};
  let shed = 0;
  let done = false;
  const memory = watchTreeRss(m.pid);
  const warmUp: number[] = [];
  let started = performance.now() + WARM_UP_MS;
  const background = openLoop(
    BACKGROUND_RATE,
    Number.POSITIVE_INFINITY,
    random,
    async (dueAt) => {
      const id = paperIds[Math.floor(random() * paperIds.length)];
      const outcome = await session.call('GET', `/api/submissions/${id}-benchpap/`);
      if (dueAt < started) warmUp.push(performance.now() - dueAt);
      else if (outcome.status === 200) timed.push([(dueAt - started) / 1000, performance.now() - dueAt]);
      else if (outcome.status === 503 && outcome.retryAfter) shed += 1;
      else failed[outcome.failure ?? outcome.status] = (failed[outcome.failure ?? outcome.status] ?? 0) + 1;
    },
    () => done,
  );
  try {
    await sleep(WARM_UP_MS);
    started = performance.now();
    const result = await work();
    return { result, wallSeconds: (performance.now() - started) / 1000 };
  } finally {
    done = true;
    await background;
    const peak = memory.stop();
    const latencies = timed.map(([, ms]) => ms).sort((a, b) => a - b);
    const worst = latencies.at(-1) ?? Number.NaN;
    const errors = Object.keys(failed).length > 0 ? `, errors ${JSON.stringify(failed)}` : '';
    const met = worst < TARGET.worstLatencyMs && errors === '' && shed === 0;
    console.log(
      `  meanwhile ${latencies.length} paper pages answered (${BACKGROUND_RATE}/s): p50 ` +
        `${formatMs(percentile(latencies, 0.5))}, p99 ${formatMs(percentile(latencies, 0.99))}, worst ${formatMs(worst)}; ` +
        `shed (503 + Retry-After) ${shed}${errors} — target worst < ${TARGET.worstLatencyMs} ms, none shed: ` +
        `${met ? 'met' : 'NOT met'}`,
    );
    const slowest = timed
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5)
      .map(([at, ms]) => `${formatMs(ms)} at +${at.toFixed(1)} s`);
    if (slowest.length > 0) console.log(`  slowest pages: ${slowest.join(', ')}`);
    if (warmUp.length > 0) {
      console.log(
        `  (before it, ${(WARM_UP_MS / 1000).toFixed(0)} s of the same load to warm the processes: ${warmUp.length} ` +
          `pages, worst ${formatMs(Math.max(...warmUp))}; not counted)`,
      );
    }
    console.log(`  server processes: peak RSS ${peak.peakMb.toFixed(0)} MB together (${peak.processes} process(es))`);
  }
}

/** Queues a `conflicts.sync` job due now (its notification wakes the server's job worker) and waits until it is done. */
async function conflictSync(m: Measure, eventId: number) {
  const client = new pg.Client({ connectionString: m.databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      // The NOTIFY wakes the server's job worker at once, as enqueueJob's does (apps/api/src/jobs/job-signal.ts).
      `with job as (insert into jobs (type, payload) values ('conflicts.sync', '{}') returning id, type)
       select id, pg_notify('confero_jobs', type) from job`,
    );
    const id = Number(rows[0].id);
    let runningAt: number | undefined;
    for (;;) {
      await sleep(50);
      const { rows: jobs } = await client.query(
        `select status, last_error, extract(epoch from finished_at - created_at) as queued_seconds from jobs
         where id = $1`,
        [id],
      );
      const job = jobs[0];
      if (job.status === 'running') runningAt ??= performance.now();
      if (job.status === 'failed' || (job.status === 'queued' && job.last_error)) {
        throw new Error(`the conflict sync failed: ${job.last_error}`);
      }
      if (job.status === 'done') {
        const { rows: counts } = await client.query(
          `select c.type, count(*)::int as n from conflicts c join submissions s on s.id = c.submission_id
           where s.event_id = $1 group by c.type order by n desc`,
          [eventId],
        );
        return {
          // Seen running → seen done, 50 ms polls (a job shorter than a poll is never seen running).
          runSeconds: runningAt === undefined ? 0 : (performance.now() - runningAt) / 1000,
          queuedSeconds: Number(job.queued_seconds),
          byType: counts as { type: string; n: number }[],
        };
      }
    }
  } finally {
    await client.end();
  }
}

async function runSync(m: Measure, session: Session, eventId: number, paperIds: number[], label: string) {
  console.log(`\n== conflict sync (${label})`);
  const { result, wallSeconds } = await underLoad(m, session, paperIds, () => conflictSync(m, eventId));
  const total = result.byType.reduce((sum, row) => sum + row.n, 0);
  console.log(
    `  ${total.toLocaleString('en')} conflicts stored (${result.byType.map((row) => `${row.type} ${row.n}`).join(', ')}); ` +
      `the job ran about ${result.runSeconds.toFixed(2)} s (${result.queuedSeconds.toFixed(2)} s from queued to ` +
      `finished; ${wallSeconds.toFixed(2)} s measured here)`,
  );
}

type Preview = { preview_id: string; status: string; error: string | null; result: { new_count: number } | null };

/** The automatic assignment through the API: preview (202), its GET polled until done, then apply. */
async function assignment(m: Measure, session: Session, eventPublicId: string, paperIds: number[]) {
  console.log('\n== automatic assignment (preview, poll, apply)');
  const base = `/api/events/${eventPublicId}/assignment`;
  const { result, wallSeconds } = await underLoad(m, session, paperIds, async () => {
    const started = performance.now();
    const shedBefore = session.shedRetries;
    // Long waits rather than time-outs: the figure is how long it takes.
    const timeoutMs = 600_000;
    const created = await session.expect<Preview>('POST', `${base}/preview/`, 202, {
      json: { mode: 'keep_existing' },
      timeoutMs,
    });
    let preview: Preview;
    for (;;) {
      await sleep(100);
      preview = await session.expect<Preview>('GET', `${base}/preview/${created.preview_id}/`, 200, { timeoutMs });
      if (preview.status === 'failed') throw new Error(`the assignment preview failed: ${preview.error}`);
      if (preview.status === 'done') break;
    }
    const computed = performance.now() - started;
    const headers = { cookie: session.cookieHeader(), 'x-csrftoken': await session.csrf() };
    let applied: Answer;
    let applyShed = 0;
    for (;;) {
      applied = await send(undefined, `${m.baseUrl}${base}/apply/`, headers, {
        body: { preview_id: created.preview_id, mode: 'keep_existing' },
        timeoutMs: 30 * 60_000,
      });
      if (applied.status !== 503 || applyShed >= 100) break;
      applyShed += 1;
      await sleep(2000);
    }
    if (applied.status !== 200) throw new Error(`the apply answered ${applied.status}: ${decode(applied).toString()}`);
    return {
      computedSeconds: computed / 1000,
      proposed: preview.result?.new_count ?? 0,
      message: (JSON.parse(decode(applied).toString()) as { message: string }).message,
      shed: session.shedRetries - shedBefore + applyShed,
    };
  });
  console.log(
    `  ${result.proposed} pairs proposed; preview ready in ${result.computedSeconds.toFixed(2)} s, applied: ` +
      `${wallSeconds.toFixed(2)} s end to end — target ≤ ${TARGET.assignmentSeconds} s: ` +
      `${wallSeconds <= TARGET.assignmentSeconds ? 'met' : 'NOT met'} (${result.message}` +
      `${result.shed ? `; the chair's requests were shed ${result.shed} time(s) and sent again` : ''})`,
  );
}

/** Completes every review of the event in SQL (scores and texts), so that the reviews export has content. */
async function completeReviews(databaseUrl: string, eventId: number): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query(
      `update reviews r set status = 'completed', overall_score = ((r.id * 31) % 7) - 3, confidence = 1 + r.id % 5,
         comments_to_author = repeat('The contribution is clear; the evaluation could be larger. ', 10),
         comments_to_chair = 'Seeded by the venue bench.', completed_at = now()
       from submissions s where s.id = r.submission_id and s.event_id = $1`,
      [eventId],
    );
    return rowCount ?? 0;
  } finally {
    await client.end();
  }
}

async function exportReviews(m: Measure, eventPublicId: string, eventId: number) {
  console.log('\n== reviews export');
  console.log(`  ${await completeReviews(m.databaseUrl, eventId)} reviews completed in SQL for it`);
  const agent = new http.Agent({ keepAlive: true });
  try {
    for (const file of ['reviews.csv', 'reviews.xlsx']) {
      const answer = await get(agent, `${m.baseUrl}/api/events/${eventPublicId}/export/${file}`, m.cookie);
      if (answer.status !== 200) throw new Error(`${file} answered ${answer.status}: ${answer.body.toString()}`);
      const met = answer.ms < TARGET.exportSeconds * 1000;
      console.log(
        `  ${file.padEnd(13)} ${formatMs(answer.ms).padStart(7)}  ${kib(answer.encodedBytes)} ${answer.encoding} ` +
          `(${kib(decode(answer).length)} decoded) — target < ${TARGET.exportSeconds} s: ${met ? 'met' : 'NOT met'}`,
      );
    }
  } finally {
    agent.destroy();
  }
}

async function main() {
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    SECRET_KEY: crypto.randomBytes(32).toString('hex'),
    RUN_JOBS: 'true',
    ...(WEB_CONCURRENCY ? { WEB_CONCURRENCY } : {}),
  };
  await venue.withVenueServer(
    'venue',
    values.database ?? '',
    async ({ server, databaseUrl, admin, keepDatabase }) => {
      const { eventId, paperIds } = await seed(databaseUrl, admin.email);
      const eventPublicId = `${eventId}-benchevt`;
      if (values['seed-only']) {
        console.log(`kept: ${databaseUrl} (event ${eventPublicId})`);
        keepDatabase();
        return;
      }
      const session = new Session(server.baseUrl);
      await session.expect('POST', '/api/auth/login/', 200, { json: admin });
      const m: Measure = { baseUrl: server.baseUrl, cookie: session.cookieHeader(), pid: server.pid, databaseUrl };
      console.log(
        `server: NODE_ENV=production, jobs on, WEB_CONCURRENCY ${WEB_CONCURRENCY ?? "unset (the server's default)"}, ` +
          `${treeRss(server.pid).processes} process(es)`,
      );
      venue.warnIfBusy();

      if (STEPS.has('sync')) await runSync(m, session, eventId, paperIds, 'first run: every pair is new');

      if (STEPS.has('lists')) {
        const random = mulberry32(Number(values.seed));
        const pages = Math.max(1, Math.min(20, Math.floor(PAPERS / PAGE_SIZE)));
        const routes = [
          {
            label: 'full list',
            rows: PAPERS,
            path: () => `/api/submissions/event_submissions/?event_id=${eventPublicId}`,
          },
          {
            label: 'table page',
            rows: Math.min(PAGE_SIZE, PAPERS),
            path: () =>
              `/api/events/${eventPublicId}/submissions/table/?page=${1 + Math.floor(random() * pages)}&page_size=${PAGE_SIZE}`,
          },
          {
            label: 'paper page',
            rows: 1,
            path: () => `/api/submissions/${paperIds[Math.floor(random() * paperIds.length)]}-benchpap/`,
          },
        ];
        console.log(`\n== reads, closed loop, ${SECONDS} s per line (Accept-Encoding: br, gzip)`);
        for (const route of routes) {
          const figures = [];
          for (const c of CONCURRENCY) figures.push(await closedLoop(m, route.label, route.rows, route.path, c));
          const rowsPerSecond = Math.max(...figures.map((f) => f.rowsPerSecond));
          const cpuMs = Math.min(...figures.map((f) => f.serverCpuMs));
          if (route.label === 'full list') {
            const met = rowsPerSecond >= TARGET.rowsPerSecond;
            console.log(
              `  full list: best ${Math.round(rowsPerSecond).toLocaleString('en')} rows/s — target ≥ 10× HotCRP ` +
                `(${Math.round(TARGET.rowsPerSecond).toLocaleString('en')} rows/s): ${met ? 'met' : 'NOT met'}`,
            );
          } else if (route.label === 'paper page') {
            const met = cpuMs <= TARGET.paperPageCpuMs;
            console.log(
              `  paper page: ${cpuMs.toFixed(1)} ms of server CPU at its least — keep ≤ ${TARGET.paperPageCpuMs} ms ` +
                `(HotCRP 32–36 ms): ${met ? 'met' : 'NOT met'}`,
            );
          }
        }
      }

      if (STEPS.has('assignment')) {
        await assignment(m, session, eventPublicId, paperIds);
        if (STEPS.has('sync')) await runSync(m, session, eventId, paperIds, 'again: nothing changed');
      }

      if (STEPS.has('export')) await exportReviews(m, eventPublicId, eventId);
    },
    env,
    values['cpu-prof-dir'] ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(values['cpu-prof-dir'])}`] : [],
  );
}

await main();
