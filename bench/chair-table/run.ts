/**
 * The chair's submissions table under load: the real server on a throwaway PostgreSQL database seeded with one event of
 * 2,000 papers and 6,000 reviews, and 100 clients asking for table pages (every sort, filters, searches, pages) at once,
 * closed loop. Prints latency percentiles, throughput, CPU per request and memory. See README.md.
 */
import { parseArgs } from 'node:util';
import { SUBMISSION_TABLE_SORTS } from '../../packages/contracts/src/progress.ts';
import { Session } from '../load/client.ts';
import { cpuSeconds, memory, postgresBackends, resetPeak } from '../load/server.ts';
import { formatMs, mulberry32, percentile } from '../load/workload.ts';
import * as venue from '../venue/seed-venue.ts';

const { values } = parseArgs({
  options: {
    ...venue.VENUE_OPTIONS,
    concurrency: { type: 'string', default: '100' },
    /** closed: `concurrency` clients each asking again as soon as answered; open: Poisson arrivals at `rate`. */
    mode: { type: 'string', default: 'closed' },
    rate: { type: 'string', default: '100' },
    seconds: { type: 'string', default: '20' },
    'warmup-seconds': { type: 'string', default: '3' },
    seed: { type: 'string', default: '1' },
    /** Seed, print the database's URL and stop (the database is kept: for EXPLAIN). */
    'seed-only': { type: 'boolean', default: false },
  },
});

const PAPERS = Number(values.papers);
const PER_PAPER = Number(values['reviews-per-paper']);
const CONCURRENCY = Number(values.concurrency);
const MODE = values.mode === 'open' ? 'open' : 'closed';
const RATE = Number(values.rate);
const SECONDS = Number(values.seconds);
const WARMUP = Number(values['warmup-seconds']);
const REVIEWERS = 200;
const AUTHORS = 400;
const TRACKS = 4;

const WORDS = ['graph', 'learning', 'secure', 'quantum', 'consensus', 'cache', 'arabic', 'vision'];

/** Seeds one event straight in the database (the API is what is measured, not the seeding): set-based inserts. */
function seed(url: string, adminEmail: string): Promise<{ eventId: string; trackIds: string[] }> {
  return venue.seedDatabase(url, async (q) => {
    const eventId = await venue.seedEvent(q, { adminEmail, role: 'event_admin' });
    await q(
      `insert into tracks (event_id, public_id, name)
       select $1, 'pending-' || g, 'Track ' || g from generate_series(1, ${TRACKS}) g`,
      [eventId],
    );
    await q(`update tracks set public_id = id || '-benchtrk' where event_id = $1`, [eventId]);
    const { reviewers, authors } = await venue.seedPeople(q, eventId, {
      reviewers: REVIEWERS,
      authors: AUTHORS,
      firstName: 'First',
      lastName: 'Last',
      affiliation: 'Institute ',
    });
    await q(
      `insert into submissions (public_id, event_id, track_id, title, abstract, status, submitted_by, created_at)
       select 'pending-' || g, $1,
         (select id from tracks where event_id = $1 order by id offset (g % ${TRACKS}) limit 1),
         'Paper ' || g || ' on ' || ($3::text[])[1 + g % array_length($3::text[], 1)] || ' systems',
         'An abstract.', 'under_review', ($2::int[])[1 + g % ${AUTHORS}], now() - (g || ' minutes')::interval
       from generate_series(1, ${PAPERS}) g`,
      [eventId, authors, WORDS],
    );
    await q(`update submissions set public_id = id || '-benchpap' where event_id = $1`, [eventId]);
    await q(
      `insert into submission_authors (submission_id, position, first_name, last_name, email, affiliation, country,
         is_corresponding, user_id)
       select s.id, p, 'Author' || s.id || '_' || p, case when p = 1 then 'Haddad' else 'Nakamura' end,
         'a' || s.id || '_' || p || '@bench.example', 'Institute', 'EG', p = 1,
         case when p = 1 then s.submitted_by end
       from submissions s cross join generate_series(1, 2) p where s.event_id = $1`,
      [eventId],
    );
    // Reviewer k of paper n is reviewers[(n * 7 + k * 67) % 200]: distinct for k < 3. 60 % completed, 20 % drafts.
    await q(
      `insert into reviews (public_id, submission_id, reviewer_id, ordinal, status, overall_score, confidence)
       select 'pending-' || s.id || '-' || k, s.id, ($2::int[])[1 + (s.id * 7 + k * 67) % ${REVIEWERS}], k + 1,
         (case when (s.id + k) % 5 < 3 then 'completed' when (s.id + k) % 5 = 3 then 'in_progress' else 'assigned' end)::review_status,
         case when (s.id + k) % 5 < 4 then ((s.id * 31 + k * 17) % 7) - 3 end,
         case when (s.id + k) % 5 < 4 then 3 end
       from submissions s cross join generate_series(0, ${PER_PAPER - 1}) k where s.event_id = $1`,
      [eventId, reviewers],
    );
    await q(`update reviews set public_id = id || '-benchrev' where public_id like 'pending-%'`);
    await venue.seedConflicts(q, eventId, reviewers);
    const { rows: tracks } = await q('select public_id from tracks where event_id = $1', [eventId]);
    const { rows: counts } = await q(
      `select (select count(*) from submissions where event_id = $1)::int as papers,
        (select count(*) from reviews r join submissions s on s.id = r.submission_id where s.event_id = $1)::int as reviews`,
      [eventId],
    );
    console.log(`seeded 1 event: ${counts[0].papers} papers, ${counts[0].reviews} reviews, ${REVIEWERS} reviewers`);
    return { eventId: `${eventId}-benchevt`, trackIds: tracks.map((row) => String(row.public_id)) };
  });
}

/** One random table page: a sort (either way), a page among the first 20, and now and then a filter or a search. */
function randomQuery(random: () => number, trackIds: string[]): string {
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;
  const params = new URLSearchParams({
    sort: `${random() < 0.5 ? '-' : ''}${pick(SUBMISSION_TABLE_SORTS)}`,
    page: String(1 + Math.floor(random() * 20)),
    page_size: '25',
  });
  const filter = random();
  if (filter < 0.1) params.set('disagreement', 'true');
  else if (filter < 0.2) params.set('track', pick(trackIds));
  else if (filter < 0.3) params.set('min_score', String(pick([-1, 0, 0.5, 1])));
  else if (filter < 0.4) params.set('search', pick([...WORDS, 'haddad', 'paper 1']));
  else if (filter < 0.45) params.set('decision', 'pending');
  if (params.has('disagreement') || params.has('min_score') || params.has('search')) params.set('page', '1');
  return params.toString();
}

async function main() {
  await venue.withVenueServer(
    'chair-table',
    values.database ?? '',
    async ({ server, databaseUrl, admin, keepDatabase }) => {
      const { eventId, trackIds } = await seed(databaseUrl, admin.email);
      if (values['seed-only']) {
        console.log(`kept: ${databaseUrl} (event ${eventId})`);
        keepDatabase();
        return;
      }
      const session = new Session(server.baseUrl);
      await session.expect('POST', '/api/auth/login/', 200, { json: admin });
      const base = `/api/events/${eventId}/submissions/table/`;
      const first = await session.expect<{ count: number }>('GET', `${base}?sort=-average_score`, 200);
      const load =
        MODE === 'closed' ? `${CONCURRENCY} clients, closed loop` : `open loop, Poisson arrivals at ${RATE} pages/s`;
      console.log(`table: ${first.count} rows; ${load}; ${WARMUP} s warm-up, ${SECONDS} s measured`);
      venue.warnIfBusy();

      const random = mulberry32(Number(values.seed));
      const run = async (seconds: number) => {
        const latencies: number[] = [];
        const errors: Record<string, number> = {};
        const record = (outcome: { status: number; failure?: string }, ms: number) => {
          if (outcome.status === 200) latencies.push(ms);
          else {
            const key = String(outcome.status || outcome.failure);
            errors[key] = (errors[key] ?? 0) + 1;
          }
        };
        const until = performance.now() + seconds * 1000;
        if (MODE === 'closed') {
          const client = async () => {
            while (performance.now() < until) {
              const outcome = await session.call('GET', `${base}?${randomQuery(random, trackIds)}`);
              record(outcome, outcome.ms);
            }
          };
          await Promise.all(Array.from({ length: CONCURRENCY }, client));
        } else {
          // Open loop: a request is sent when due, answered or not; its latency runs from the moment it was due.
          const inFlight: Promise<void>[] = [];
          let due = performance.now();
          while (due < until) {
            const wait = due - performance.now();
            if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
            const dueAt = due;
            inFlight.push(
              session.call('GET', `${base}?${randomQuery(random, trackIds)}`).then((outcome) => {
                record(outcome, performance.now() - dueAt);
              }),
            );
            due += (-Math.log(1 - random()) / RATE) * 1000;
          }
          await Promise.all(inFlight);
        }
        return { latencies: latencies.sort((a, b) => a - b), errors };
      };

      await run(WARMUP);
      const pid = server.pid;
      resetPeak(pid);
      const cpuBefore = cpuSeconds(pid);
      const pgBefore = await postgresBackends(databaseUrl);
      const started = performance.now();
      const { latencies, errors } = await run(SECONDS);
      const elapsed = (performance.now() - started) / 1000;
      const serverCpu = cpuSeconds(pid) - cpuBefore;
      const pgAfter = await postgresBackends(databaseUrl);
      let pgCpu = 0;
      for (const [backend, seconds] of pgAfter) pgCpu += seconds - (pgBefore.get(backend) ?? 0);
      const mem = memory(pid);
      const n = latencies.length;
      console.log(`requests: ${n} answered 200, errors ${JSON.stringify(errors)}`);
      console.log(`throughput: ${(n / elapsed).toFixed(0)} pages/s`);
      console.log(
        `latency: p50 ${formatMs(percentile(latencies, 0.5))}, p95 ${formatMs(percentile(latencies, 0.95))}, ` +
          `p99 ${formatMs(percentile(latencies, 0.99))}, max ${formatMs(latencies[n - 1] ?? 0)}`,
      );
      console.log(
        `CPU per request: server ${((serverCpu / Math.max(n, 1)) * 1000).toFixed(2)} ms, ` +
          `PostgreSQL ${((pgCpu / Math.max(n, 1)) * 1000).toFixed(2)} ms ` +
          `(server ${(serverCpu / elapsed).toFixed(2)} cores, PostgreSQL ${(pgCpu / elapsed).toFixed(2)} cores)`,
      );
      console.log(`server memory: RSS ${mem.rssMb.toFixed(0)} MB, peak ${mem.peakMb.toFixed(0)} MB`);
      const p99 = percentile(latencies, 0.99);
      console.log(`target p99 < 50 ms: ${p99 < 50 && Object.keys(errors).length === 0 ? 'met' : 'NOT met'}`);
    },
  );
}

await main();
