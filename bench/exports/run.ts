/**
 * The chairs' exports at size: the real server on a throwaway PostgreSQL database seeded with one event of 2,000
 * papers, 6,000 reviews with their forms and texts, bids and conflicts; each export kind downloaded as CSV and as XLSX
 * while its bytes are counted (never kept). Prints wall time, time to the first byte, bytes, rows and the server's
 * memory. See README.md.
 */
import { parseArgs } from 'node:util';
import { memory, resetPeak } from '../load/server.ts';
import { formatMs } from '../load/workload.ts';
import * as venue from '../venue/seed-venue.ts';

const { values } = parseArgs({
  options: {
    ...venue.VENUE_OPTIONS,
    kinds: { type: 'string', default: 'submissions,reviews,reviewers,bids,conflicts' },
    formats: { type: 'string', default: 'csv,xlsx' },
    /** Downloads of each file; the figures are of the fastest and the slowest. */
    repeat: { type: 'string', default: '2' },
  },
});

const PAPERS = Number(values.papers);
const PER_PAPER = Number(values['reviews-per-paper']);
const REVIEWERS = 200;
const AUTHORS = 400;
const TARGET_SECONDS = 5;

/** Seeds one event straight in the database (the exports are what is measured, not the seeding): set-based inserts. */
function seed(url: string, adminEmail: string): Promise<string> {
  return venue.seedDatabase(url, async (q) => {
    const eventId = await venue.seedEvent(q, { adminEmail, role: 'chair', acronym: 'BENCH26' });
    const { reviewers, authors } = await venue.seedPeople(q, eventId, {
      reviewers: REVIEWERS,
      authors: AUTHORS,
      firstName: 'سارة',
      lastName: 'Haddad',
      affiliation: 'جامعة ',
    });
    await q(
      `insert into submissions (public_id, event_id, title, abstract, keywords, status, submitted_by)
       select 'pending-' || g, $1, 'تعلم الآلة, "paper" ' || g, 'An abstract.', array['learning', 'تعلم'],
         'under_review', ($2::int[])[1 + g % ${AUTHORS}]
       from generate_series(1, ${PAPERS}) g`,
      [eventId, authors],
    );
    await q(`update submissions set public_id = id || '-benchpap' where event_id = $1`, [eventId]);
    await q(
      `insert into submission_authors (submission_id, position, first_name, last_name, email, affiliation, country,
         is_corresponding, user_id)
       select s.id, p, 'Author' || s.id || '_' || p, 'Nakamura', 'a' || s.id || '_' || p || '@bench.example',
         'Institute', 'EG', p = 1, case when p = 1 then s.submitted_by end
       from submissions s cross join generate_series(1, 3) p where s.event_id = $1`,
      [eventId],
    );
    // Reviewer k of paper n is reviewers[(n * 7 + k * 67) % 200]: distinct for k < 3. 80 % completed.
    await q(
      `insert into reviews (public_id, submission_id, reviewer_id, ordinal, status, overall_score, confidence,
         structured_review, comments_to_author, comments_to_chair, confidential_remarks, completed_at)
       select 'pending-' || s.id || '-' || k, s.id, ($2::int[])[1 + (s.id * 7 + k * 67) % ${REVIEWERS}], k + 1,
         (case when (s.id + k) % 5 < 4 then 'completed' else 'in_progress' end)::review_status,
         ((s.id * 31 + k * 17) % 7) - 3, 3,
         jsonb_build_object(
           'overall_evaluation', jsonb_build_object('score', ((s.id * 31 + k * 17) % 7) - 3,
             'summary', jsonb_build_object('strengths', jsonb_build_array('Clear, well motivated', 'نتائج قوية'),
               'weaknesses', jsonb_build_array('Small evaluation')),
             'justification', repeat('The contribution is solid but the evaluation is small. ', 8)),
           'confidence', jsonb_build_object('score', 3),
           'criteria', (select jsonb_agg(jsonb_build_object('id', c, 'name', c, 'description', '', 'min_score', 1,
             'max_score', 10, 'score', 1 + (s.id + k) % 10))
             from unnest(array['originality', 'relevance', 'quality', 'clarity', 'contribution']) c)),
         repeat('Thank you for this paper; see the details below. ', 12), '=chair only', 'PC only',
         now()
       from submissions s cross join generate_series(0, ${PER_PAPER - 1}) k where s.event_id = $1`,
      [eventId, reviewers],
    );
    await q(`update reviews set public_id = id || '-benchrev' where public_id like 'pending-%'`);
    await q(
      `insert into bids (submission_id, user_id, value)
       select s.id, ($2::int[])[1 + (s.id * 11 + k * 29) % ${REVIEWERS}],
         (array['eager', 'willing', 'in_a_pinch', 'not_willing'])[1 + (s.id + k) % 4]::bid_value
       from submissions s cross join generate_series(0, 4) k where s.event_id = $1 on conflict do nothing`,
      [eventId, reviewers],
    );
    await venue.seedConflicts(q, eventId, reviewers);
    const { rows: counts } = await q(
      `select (select count(*) from submissions where event_id = $1)::int as papers,
        (select count(*) from reviews r join submissions s on s.id = r.submission_id where s.event_id = $1)::int as reviews,
        (select count(*) from bids b join submissions s on s.id = b.submission_id where s.event_id = $1)::int as bids`,
      [eventId],
    );
    const { papers, reviews, bids } = counts[0];
    console.log(`seeded 1 event: ${papers} papers, ${reviews} reviews, ${bids} bids, ${REVIEWERS} reviewers`);
    return `${eventId}-benchevt`;
  });
}

/** Signs in through the API and returns the cookie header of the session. */
async function signIn(baseUrl: string, admin: { email: string; password: string }): Promise<string> {
  const jar = new Map<string, string>();
  const keep = (response: Response) => {
    for (const header of response.headers.getSetCookie()) {
      const [pair = ''] = header.split(';');
      const at = pair.indexOf('=');
      if (at > 0) jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
  };
  const cookie = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  keep(await fetch(`${baseUrl}/api/auth/csrf/`));
  const login = await fetch(`${baseUrl}/api/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrftoken': jar.get('csrftoken') ?? '', cookie: cookie() },
    body: JSON.stringify(admin),
  });
  if (login.status !== 200) throw new Error(`sign-in answered ${login.status}: ${await login.text()}`);
  keep(login);
  return cookie();
}

type Download = { status: number; ms: number; firstByteMs: number; bytes: number; lines: number };

/** Downloads one export, counting its bytes and CSV records as they stream in, keeping none of them. */
async function download(url: string, cookie: string): Promise<Download> {
  const started = performance.now();
  const response = await fetch(url, { headers: { cookie } });
  let firstByteMs = 0;
  let bytes = 0;
  let lines = 0;
  for await (const chunk of response.body ?? []) {
    const part = chunk as Uint8Array;
    if (bytes === 0) firstByteMs = performance.now() - started;
    bytes += part.byteLength;
    for (let i = 1; i < part.length; i += 1) if (part[i] === 10 && part[i - 1] === 13) lines += 1;
  }
  return { status: response.status, ms: performance.now() - started, firstByteMs, bytes, lines };
}

async function main() {
  await venue.withVenueServer('exports', values.database ?? '', async ({ server, databaseUrl, admin }) => {
    const eventId = await seed(databaseUrl, admin.email);
    const cookie = await signIn(server.baseUrl, admin);
    venue.warnIfBusy();
    console.log(`server RSS before the exports: ${memory(server.pid).rssMb.toFixed(0)} MB`);
    const repeat = Math.max(1, Number(values.repeat));
    let reviewsWorst = 0;
    console.log('file                 rows     bytes        first byte  fastest     slowest     server peak RSS');
    for (const kind of (values.kinds ?? '').split(',')) {
      for (const format of (values.formats ?? '').split(',')) {
        const file = `${kind}.${format}`;
        const url = `${server.baseUrl}/api/events/${eventId}/export/${file}`;
        const runs: Download[] = [];
        resetPeak(server.pid);
        for (let i = 0; i < repeat; i += 1) runs.push(await download(url, cookie));
        const failed = runs.find((run) => run.status !== 200);
        if (failed) throw new Error(`${file} answered ${failed.status}`);
        const times = runs.map((run) => run.ms).sort((a, b) => a - b);
        const last = runs.at(-1) as Download;
        const rows = format === 'csv' ? String(last.lines - 1) : '-';
        if (kind === 'reviews') reviewsWorst = Math.max(reviewsWorst, times.at(-1) ?? 0);
        console.log(
          `${file.padEnd(20)} ${rows.padStart(6)} ${(last.bytes / 1024).toFixed(0).padStart(7)} KiB ` +
            `${formatMs(last.firstByteMs).padStart(10)}  ${formatMs(times[0] ?? 0).padStart(10)}  ` +
            `${formatMs(times.at(-1) ?? 0).padStart(10)}  ${memory(server.pid).peakMb.toFixed(0).padStart(6)} MB`,
        );
      }
    }
    if (reviewsWorst > 0) {
      const met = reviewsWorst < TARGET_SECONDS * 1000;
      console.log(
        `target: the full reviews export < ${TARGET_SECONDS} s: ${met ? 'met' : 'NOT met'} (${formatMs(reviewsWorst)})`,
      );
    }
  });
}

await main();
