/**
 * Submission-deadline load benchmark (targets in bench/load/README.md): the real server in a child process,
 * seeded through the API, then open-loop PDF re-uploads and reads at fixed rates. Prints latencies, errors, CPU,
 * memory and ingress per phase, then checks that the database and the file store hold exactly what was saved.
 *
 *   npx node bench/load/run.ts [--uploads-per-second N] [--reads-per-second N] [--seconds N] [--authors 50]
 *                              [--database postgres://user@host:5432/db] [--phases uploads,reads,mixed]
 *                              [--find-rate] [--step 1.25] [--max-steps 8] [--web-concurrency N] [--papers-dir DIR]
 *                              [--jobs in-process|worker|off] [--settle-seconds 20] [--warm-up 5] [--seed 1] [--port 0]
 *                              [--keep-data]
 *                              [--max-open 1000] [--cpu-prof DIR] [--node-args "--trace-gc …"]
 *
 * See README.md.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PAPER_FIXTURES } from '../../apps/api/test/fixtures/pdf/papers.ts';
import { BROWSER_CONNECTIONS, encodeMultipart, type Multipart, Session } from './client.ts';
import { checkIntegrity, type SubmissionRecord } from './integrity.ts';
import {
  cpuSeconds,
  createPostgresDatabase,
  freePort,
  logProblems,
  machineBusySeconds,
  postgresBackends,
  type RunningProcess,
  type RunningServer,
  repoRoot,
  settle,
  sleep,
  startNode,
  startServer,
  tail,
  treeCpuSeconds,
  treeRss,
  watchTreeRss,
} from './server.ts';
import {
  type EndpointSummary,
  formatErrors,
  formatMs,
  mulberry32,
  openLoop,
  percentile,
  type Sample,
  slices,
  summarize,
} from './workload.ts';

/**
 * Real papers (0.2–3 MB) with their ground-truth header metadata, where the development machines keep them beside the
 * checkout; without them the benchmark uploads the generated papers of the API's tests.
 */
const PAPERS_DIR = path.resolve(repoRoot, '../shared/data/pdf-metadata/dev');

/**
 * The targets on 2 cores (bench/load/README.md#targets): no error and p99 < 1 s at the deadline rush, 50 uploads/s
 * with 500 reads/s on PostgreSQL and 15 + 150 on PGlite (whose one database thread is the limit).
 */
const TARGETS = {
  postgres: { uploadsPerSecond: 50, readsPerSecond: 500, seconds: 120 },
  pglite: { uploadsPerSecond: 15, readsPerSecond: 150, seconds: 30 },
};
const TARGET_P99_MS = 1000;
type Rates = { uploads: number; reads: number };

const JOBS_TEXT = {
  'in-process': 'run by the server (RUN_JOBS default)',
  worker: 'run by a separate `npm run worker` process (server RUN_JOBS=false)',
  off: 'NOT run (RUN_JOBS=false, diagnostic)',
};

const UPLOAD = 'PATCH /api/submissions/{id}/ (new PDF)';
/** How finely a phase's latencies are shown over its course (a slow start, a stall midway). */
const SLICE_SECONDS = 10;
const DETAIL = 'GET /api/submissions/{id}/';
const MINE = 'GET /api/submissions/my_submissions/';

type Paper = {
  fileName: string;
  size: number;
  sha256: string;
  bytes: Buffer;
  /** The body of a re-upload (the file alone), encoded once. */
  upload: Multipart;
  title: string;
  abstract: string;
  keywords: string[];
};

type Author = {
  session: Session;
  publicId: string;
  record: SubmissionRecord;
  uploading: number;
};

type PhaseResult = {
  name: string;
  /** The rates offered in this phase (0 for the kind it does not send). */
  rates: Rates;
  seconds: number;
  elapsedSeconds: number;
  endpoints: EndpointSummary[];
  settledMs: number;
  settledIdle: boolean;
  /** The server and its worker processes (WEB_CONCURRENCY), with how many processes that was at most. */
  serverCpuSeconds: number;
  serverProcesses: number;
  /** The `npm run worker` process, with --jobs worker. */
  workerCpuSeconds: number | undefined;
  /** The PostgreSQL backends of the benchmark's database. */
  postgresCpuSeconds: number | undefined;
  /** Every process on the machine (the other engineers' too). */
  machineBusySeconds: number;
  serverStartMb: number;
  serverPeakMb: number;
  clientCpuSeconds: number;
  clientPeakMb: number;
  ingressMbPerSecond: number;
  responseMismatches: number;
  overlappedUploads: number;
  /** The requests due during the warm-up (not in the figures above): how many, their errors and shed, their p99. */
  warmUp: { requests: number; errors: number; shed: number; p99: number } | undefined;
};

const sha256 = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');
const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(1);
const kb = (bytes: number) => (bytes / 2 ** 10).toFixed(0);

const FALLBACK_KEYWORDS = ['peer review', 'benchmark', 'load'];

/** A PATCH body that replaces a submission's file and nothing else. */
const reupload = (fileName: string, bytes: Buffer): Multipart =>
  encodeMultipart([], { field: 'file', fileName, type: 'application/pdf', bytes });

/**
 * The PDFs of a folder with a manifest.json (file, ground truth, sha256) and their title, abstract and keywords
 * (fallbacks where the ground truth has none).
 */
async function loadPapers(dir: string): Promise<Paper[]> {
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as {
    items: { pdf: string; ground_truth: string; pdf_sha256: string }[];
  };
  const papers: Paper[] = [];
  for (const item of manifest.items) {
    const file = path.join(dir, item.pdf);
    const bytes = fs.readFileSync(file);
    if (sha256(bytes) !== item.pdf_sha256) throw new Error(`${item.pdf} does not match its manifest sha256`);
    const truth = JSON.parse(fs.readFileSync(path.join(dir, item.ground_truth), 'utf8')) as {
      title?: string | null;
      abstract?: string | null;
      keywords?: string[] | null;
    };
    papers.push({
      fileName: item.pdf,
      size: bytes.length,
      sha256: item.pdf_sha256,
      bytes,
      upload: reupload(item.pdf, bytes),
      title: truth.title?.trim() || item.pdf,
      abstract:
        truth.abstract?.trim() ||
        'A paper from the shared extraction data set, submitted by the deadline load benchmark.',
      keywords: truth.keywords && truth.keywords.length >= 3 ? truth.keywords : FALLBACK_KEYWORDS,
    });
  }
  return papers;
}

/** The papers the API's tests typeset with pdf-lib (publishers' layouts, known metadata), held in memory. */
async function generatedPapers(): Promise<Paper[]> {
  return Promise.all(
    PAPER_FIXTURES.map(async (fixture) => {
      const bytes = Buffer.from(await fixture.build());
      return {
        fileName: `${fixture.name}.pdf`,
        size: bytes.length,
        sha256: sha256(bytes),
        bytes,
        upload: reupload(`${fixture.name}.pdf`, bytes),
        title: fixture.truth.title,
        abstract: fixture.truth.abstract,
        keywords: fixture.truth.keywords.length >= 3 ? fixture.truth.keywords : FALLBACK_KEYWORDS,
      };
    }),
  );
}

/** Runs `work` over `items` with at most `limit` at a time. */
async function pool<T, R>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<R>) {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index] as T, index);
      }
    }),
  );
  return results;
}

const strongPassword = () => `Tulip-${crypto.randomBytes(4).toString('hex')}-Orbit-42!`;

/** A calendar date (YYYY-MM-DD) `days` from now. */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Seeds through the API only: the admin signs in, creates and approves an event; each author registers, follows
 * the verification link from the dev mailbox, signs in and submits one real PDF.
 */
async function seed(baseUrl: string, admin: { email: string; password: string }, count: number, papers: Paper[]) {
  const adminSession = new Session(baseUrl);
  await adminSession.expect('POST', '/api/auth/login/', 200, { json: admin });
  const event = await adminSession.expect<{ id: number; public_id: string }>('POST', '/api/events/create/', 201, {
    json: {
      title: `Deadline load benchmark ${new Date().toISOString()}`,
      description: 'A conference whose submission deadline is in a few minutes.',
      type: 'conference',
      submission_deadline: inDays(10),
      review_deadline: inDays(20),
      notification_date: inDays(25),
      start_date: inDays(40),
      end_date: inDays(42),
      primary_research_area: 'computer_science',
      location: { city: 'Lyon', country: 'France' },
    },
  });
  await adminSession.expect('POST', `/api/events/${event.public_id}/approve/`, 200, { json: {} });

  const tag = crypto.randomBytes(3).toString('hex');
  const authors = await pool(Array.from({ length: count }), 4, async (_, index): Promise<Author> => {
    const session = new Session(baseUrl, { connections: BROWSER_CONNECTIONS });
    const email = `author${index + 1}-${tag}@load.example`;
    const password = strongPassword();
    await session.expect('POST', '/api/auth/register/', 201, {
      json: {
        email,
        password,
        password2: password,
        first_name: 'Ada',
        last_name: `Author${index + 1}`,
        country: 'FR',
        affiliation: 'Institut Pasteur',
      },
    });
    const mails = await session.expect<{ text_body: string }[]>(
      'GET',
      `/dev/mailbox/api/messages/?to=${encodeURIComponent(email)}`,
      200,
    );
    const link = mails.flatMap((m) => m.text_body.match(/https?:\/\/\S+\/verify-email\?token=\S+/) ?? [])[0];
    const token = link ? new URL(link).searchParams.get('token') : null;
    if (!token) throw new Error(`no verification link in the dev mailbox for ${email}`);
    await session.expect('POST', '/api/auth/verify-email/', 200, { json: { token } });
    await session.expect('POST', '/api/auth/login/', 200, { json: { email, password } });

    const paper = papers[index % papers.length] as Paper;
    const authorList = [
      {
        first_name: 'Ada',
        last_name: `Author${index + 1}`,
        email,
        affiliation: 'Institut Pasteur',
        country: 'France',
        is_corresponding: true,
        order: 1,
      },
    ];
    const multipart = encodeMultipart(
      [
        ['title', `${paper.title} (load author ${index + 1})`],
        ['abstract', paper.abstract],
        ['keywords', paper.keywords.join(', ')],
        ['event', event.public_id],
        ['track', ''],
        ['metadata', JSON.stringify({ method: 'manual', fileFormat: 'pdf' })],
        ['authors', JSON.stringify(authorList)],
      ],
      { field: 'file', fileName: paper.fileName, type: 'application/pdf', bytes: paper.bytes },
    );
    const created = await session.expect<{ id: number; public_id: string; sha256: string }>(
      'POST',
      '/api/submissions/',
      201,
      { multipart },
    );
    if (created.sha256 !== paper.sha256) throw new Error(`${paper.fileName}: the server stored another sha256`);
    return {
      session,
      publicId: created.public_id,
      record: { id: created.id, createdSha256: paper.sha256, uploads: [], overlapped: false },
      uploading: 0,
    };
  });
  return { eventId: event.id, authors };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      // Defaults: the target of the database (TARGETS).
      'uploads-per-second': { type: 'string' },
      'reads-per-second': { type: 'string' },
      seconds: { type: 'string' },
      authors: { type: 'string', default: '50' },
      database: { type: 'string' },
      phases: { type: 'string', default: 'uploads,reads,mixed' },
      /** Mixed phases from the given rates, up by `step` while held (0 errors, p99 < 1 s), down while not. */
      'find-rate': { type: 'boolean', default: false },
      step: { type: 'string', default: '1.25' },
      'max-steps': { type: 'string', default: '8' },
      /** Passed to the server as WEB_CONCURRENCY (its processes); unset: the server's default. */
      'web-concurrency': { type: 'string' },
      'papers-dir': { type: 'string', default: PAPERS_DIR },
      'settle-seconds': { type: 'string', default: '20' },
      /** Seconds of arrivals at the phase's rates before its measured seconds (0: measure from the first arrival). */
      'warm-up': { type: 'string', default: '5' },
      seed: { type: 'string', default: '1' },
      port: { type: 'string', default: '0' },
      jobs: { type: 'string', default: 'in-process' },
      'keep-data': { type: 'boolean', default: false },
      /** A folder for CPU profiles of every server process and thread (node --cpu-prof), written when they exit. */
      'cpu-prof': { type: 'string' },
      /** More options for the server's node (diagnosis: `--node-args "--trace-gc"`), split on spaces. */
      'node-args': { type: 'string', default: '' },
      /** The client's bound on requests open at once; an arrival past it is not sent and counts as an error. */
      'max-open': { type: 'string', default: '1000' },
    },
  });
  const target = values.database ? TARGETS.postgres : TARGETS.pglite;
  const uploadRate = Number(values['uploads-per-second'] ?? target.uploadsPerSecond);
  const readRate = Number(values['reads-per-second'] ?? target.readsPerSecond);
  const seconds = Number(values.seconds ?? target.seconds);
  const findRate = values['find-rate'] === true;
  const step = Number(values.step);
  const maxSteps = Number(values['max-steps']);
  const webConcurrency = values['web-concurrency'] ?? process.env.WEB_CONCURRENCY;
  const authorCount = Number(values.authors);
  const settleMs = Number(values['settle-seconds']) * 1000;
  const warmUpMs = Number(values['warm-up']) * 1000;
  const seedValue = Number(values.seed);
  const maxOpen = Number(values['max-open']);
  const phases = (values.phases ?? '').split(',').filter(Boolean);
  for (const phase of phases) {
    if (!['uploads', 'reads', 'mixed'].includes(phase)) throw new Error(`unknown phase ${phase}`);
  }
  if (![uploadRate, readRate, seconds, authorCount].every((n) => Number.isFinite(n) && n >= 0) || authorCount < 1) {
    throw new Error('--uploads-per-second, --reads-per-second, --seconds and --authors must be numbers (authors ≥ 1)');
  }
  if (!(step > 1) || !(maxSteps >= 1)) throw new Error('--step must be above 1 and --max-steps at least 1');
  if (!Number.isInteger(maxOpen) || maxOpen < 1) throw new Error('--max-open must be a positive integer');
  if (webConcurrency !== undefined && !/^[1-9]\d*$/.test(webConcurrency)) {
    throw new Error('--web-concurrency must be a whole number of processes');
  }
  // A phase must end before the access tokens renewed at its start expire (15 minutes).
  if (seconds > 600) throw new Error('--seconds is at most 600 (performance.md §C.4 asks for 10 minutes)');
  const jobs = values.jobs as 'in-process' | 'worker' | 'off';
  if (!['in-process', 'worker', 'off'].includes(jobs)) throw new Error('--jobs must be in-process, worker or off');
  if (jobs === 'worker' && !values.database) throw new Error('--jobs worker needs --database (PostgreSQL)');
  if (values.database && !/^postgres(ql)?:\/\//.test(values.database)) {
    throw new Error('--database must be a postgres:// URL');
  }

  const rates: Rates = { uploads: uploadRate, reads: readRate };
  const papersDir = values['papers-dir'] ?? PAPERS_DIR;
  const realPapers = fs.existsSync(papersDir);
  if (!realPapers) console.log(`${papersDir} is absent: uploading the PDFs the API's tests generate (pdf-lib)`);
  const papers = realPapers ? await loadPapers(papersDir) : await generatedPapers();
  const port = Number(values.port) || (await freePort());
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'confero-load-'));
  const logFile = path.join(dataDir, 'server.log');
  const workerLogFile = path.join(dataDir, 'worker.log');
  const admin = { email: 'admin@load.example', password: strongPassword() };
  const [load1, load5] = os.loadavg();
  console.log(
    `Node ${process.version}, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'}), load average ` +
      `${load1?.toFixed(2)} / ${load5?.toFixed(2)}`,
  );
  console.log(
    `database: ${values.database ? 'PostgreSQL (throwaway database)' : 'PGlite'}; ` +
      `jobs ${JOBS_TEXT[jobs]}; port ${port}; data ${dataDir}\n` +
      `${papers.length} ${realPapers ? 'real' : 'generated'} PDFs, ${kb(Math.min(...papers.map((p) => p.size)))}–` +
      `${kb(Math.max(...papers.map((p) => p.size)))} KB (mean ${kb(papers.reduce((s, p) => s + p.size, 0) / papers.length)} KB); ` +
      `${authorCount} authors; ` +
      (findRate
        ? `finding the rate held (mixed phases of ${seconds} s from ${uploadRate} + ${readRate}/s, ×${step} a step)`
        : `phases ${phases.join(', ')} of ${seconds} s; ${uploadRate} uploads/s and ${readRate} reads/s`) +
      ` (Poisson, open loop); WEB_CONCURRENCY ${webConcurrency ?? "unset (the server's default)"}; seed ${seedValue}`,
  );
  if ((load1 ?? 0) > 1.5) console.log('warning: the machine is busy (load > 1.5); figures are not representative');

  let pg: { url: string; drop: () => Promise<void> } | undefined;
  let server: RunningServer | undefined;
  let worker: RunningProcess | undefined;
  const cleanUp = async () => {
    if (worker) await worker.stop().catch(() => undefined);
    if (server) await server.stop().catch(() => undefined);
    if (pg) await pg.drop().catch((error: Error) => console.log(`could not drop the database: ${error.message}`));
    if (!values['keep-data']) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  process.once('SIGINT', () => {
    server?.child.kill('SIGKILL');
    worker?.child.kill('SIGKILL');
    void cleanUp().finally(() => process.exit(130));
  });

  try {
    if (values.database) pg = await createPostgresDatabase(values.database);
    const started = performance.now();
    const env = {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ...(pg ? { DATABASE_URL: pg.url } : {}),
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      // The benchmark measures capacity, not the limiter: every per-route limit × 1000 (README).
      RATE_LIMIT_SCALE: '1000',
      ...(jobs === 'in-process' ? {} : { RUN_JOBS: 'false' }),
      ...(webConcurrency ? { WEB_CONCURRENCY: webConcurrency } : {}),
      LOG_LEVEL: 'warn',
    };
    const cpuProf = values['cpu-prof'];
    const nodeArgs = [
      ...(cpuProf ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(cpuProf)}`] : []),
      ...(values['node-args'] ?? '').split(' ').filter(Boolean),
    ];
    server = await startServer(env, logFile, nodeArgs);
    const pid = server.pid;
    console.log(
      `server ready in ${((performance.now() - started) / 1000).toFixed(1)} s (pid ${pid}, ` +
        `${treeRss(pid).processes} process(es))`,
    );
    if (jobs === 'worker') {
      worker = startNode('apps/api/src/worker.ts', env, workerLogFile, nodeArgs);
      console.log(`job worker started (pid ${worker.pid})`);
    }
    const busyPids = () => [pid, ...(worker ? [worker.pid] : [])];

    const seedStarted = performance.now();
    const seedCpu = treeCpuSeconds(pid);
    const { eventId, authors } = await seed(server.baseUrl, admin, authorCount, papers);
    console.log(
      `seeded 1 event, ${authors.length} authors and ${authors.length} submissions through the API in ` +
        `${((performance.now() - seedStarted) / 1000).toFixed(1)} s (server CPU ${(treeCpuSeconds(pid) - seedCpu).toFixed(1)} s)`,
    );

    const random = mulberry32(seedValue);
    const results: PhaseResult[] = [];
    let signedInAt = performance.now();
    // With --find-rate the list grows: a step up after a rate held, a step down after one that was not.
    const plan: { name: string; rates: Rates }[] = findRate
      ? [{ name: 'mixed', rates }]
      : phases.map((name) => ({
          name,
          rates: { uploads: name === 'reads' ? 0 : uploadRate, reads: name === 'uploads' ? 0 : readRate },
        }));
    for (const { name, rates: offered } of plan) {
      // Access tokens live 15 minutes: long runs renew every session (outside the measurement) between phases.
      if (performance.now() - signedInAt > 60_000) {
        await pool(authors, 4, (a) => a.session.expect('POST', '/api/auth/refresh/', 200, { json: {} }));
        signedInAt = performance.now();
      }
      const pause = await settle(busyPids(), settleMs);
      console.log(
        `\n== ${name} (${offered.uploads} uploads/s, ${offered.reads} reads/s): server ` +
          `${pause.idle ? 'idle' : 'still busy (background jobs)'} after ${(pause.ms / 1000).toFixed(0)} s`,
      );
      const samples: Sample[] = [];
      /** Set when the arrivals start: each sample's due time is reckoned from it (`slices`). */
      let phaseStarted = performance.now();
      let responseMismatches = 0;
      let overlappedUploads = 0;
      // Requests sent and not yet answered, both kinds together, bounded by --max-open: past it an arrival is
      // recorded as not sent (an error) instead of opening one more socket (the client would run out of them).
      let open = 0;
      const notSent = (endpoint: string, dueAt: number): boolean => {
        if (open < maxOpen) return false;
        const lagMs = performance.now() - dueAt;
        const reason = `not sent: the client already had ${maxOpen} requests open`;
        const dueMs = dueAt - phaseStarted;
        samples.push({ endpoint, status: 0, failure: 'not_sent', reason, ms: 0, lagMs, dueMs, bytesOut: 0 });
        return true;
      };

      const fireUpload = async (dueAt: number) => {
        if (notSent(UPLOAD, dueAt)) return;
        const idle = authors.filter((a) => a.uploading === 0);
        const author = (idle.length > 0 ? idle : authors)[
          Math.floor(random() * (idle.length || authors.length))
        ] as Author;
        if (author.uploading > 0) {
          author.record.overlapped = true;
          overlappedUploads += 1;
        }
        const paper = papers[Math.floor(random() * papers.length)] as Paper;
        author.uploading += 1;
        open += 1;
        const lagMs = performance.now() - dueAt;
        const outcome = await author.session.call('PATCH', `/api/submissions/${author.publicId}/`, {
          multipart: paper.upload,
        });
        open -= 1;
        author.uploading -= 1;
        samples.push({
          endpoint: UPLOAD,
          status: outcome.status,
          failure: outcome.failure,
          reason: outcome.failure ? outcome.body : undefined,
          ms: performance.now() - dueAt,
          lagMs,
          dueMs: dueAt - phaseStarted,
          // Counted as ingress only when the server answered (a refused connection carried no bytes).
          bytesOut: outcome.status > 0 ? paper.size : 0,
          shed: isShed(outcome),
        });
        const saved = outcome.status >= 200 && outcome.status < 300;
        // A 5xx or no answer may have been saved before it failed: its outcome is unknown.
        const ok = saved ? true : outcome.status >= 400 && outcome.status < 500 ? false : undefined;
        author.record.uploads.push({ sha256: paper.sha256, ok });
        if (saved && !author.record.overlapped) {
          const body = JSON.parse(outcome.body) as { sha256?: string };
          if (body.sha256 !== paper.sha256) responseMismatches += 1;
        }
      };
      const fireRead = async (dueAt: number) => {
        const author = authors[Math.floor(random() * authors.length)] as Author;
        const detail = random() < 0.5;
        if (notSent(detail ? DETAIL : MINE, dueAt)) return;
        open += 1;
        const lagMs = performance.now() - dueAt;
        const outcome = await author.session.call(
          'GET',
          detail ? `/api/submissions/${author.publicId}/` : '/api/submissions/my_submissions/',
        );
        open -= 1;
        samples.push({
          endpoint: detail ? DETAIL : MINE,
          status: outcome.status,
          failure: outcome.failure,
          reason: outcome.failure ? outcome.body : undefined,
          ms: performance.now() - dueAt,
          lagMs,
          dueMs: dueAt - phaseStarted,
          bytesOut: 0,
          shed: isShed(outcome),
        });
      };

      const serverStartMb = treeRss(pid).rssMb;
      const serverMemory = watchTreeRss(pid, 200);
      let clientPeak = process.memoryUsage().rss / 2 ** 20;
      const sampler = setInterval(() => {
        clientPeak = Math.max(clientPeak, process.memoryUsage().rss / 2 ** 20);
      }, 200);
      // The arrivals start `--warm-up` seconds before the measured seconds: a server process's first seconds at a
      // new mix of requests (its connections opening, its code paths compiled) are the process starting, not the
      // rush (requests due then are reported apart, their errors still fail the phase). The CPU is counted from
      // the end of the warm-up.
      const counters = async () => ({
        postgres: pg ? await postgresBackends(pg.url) : undefined,
        server: treeCpuSeconds(pid),
        worker: worker ? cpuSeconds(worker.pid) : 0,
        machine: machineBusySeconds(),
        client: process.cpuUsage(),
      });
      phaseStarted = performance.now() + warmUpMs;
      const before = (async () => {
        await sleep(warmUpMs);
        return counters();
      })();
      await Promise.all([
        openLoop(offered.uploads, warmUpMs / 1000 + seconds, mulberry32(random() * 2 ** 32), fireUpload),
        openLoop(offered.reads, warmUpMs / 1000 + seconds, mulberry32(random() * 2 ** 32), fireRead),
      ]);
      const elapsedSeconds = (performance.now() - phaseStarted) / 1000;
      clearInterval(sampler);
      const { postgres: postgresBefore, ...cpuBefore } = await before;
      const clientCpu = process.cpuUsage(cpuBefore.client);
      const machineBusy = machineBusySeconds() - cpuBefore.machine;
      const serverCpu = treeCpuSeconds(pid) - cpuBefore.server;
      const workerCpu = worker ? cpuSeconds(worker.pid) - cpuBefore.worker : undefined;
      const serverPeak = serverMemory.stop();
      let postgresCpu: number | undefined;
      if (pg && postgresBefore) {
        // Backends that ended during the phase are lost; a pool keeps its connections while it is busy.
        postgresCpu = 0;
        for (const [backend, now] of await postgresBackends(pg.url))
          postgresCpu += now - (postgresBefore.get(backend) ?? 0);
      }
      const measured = samples.filter((sample) => sample.dueMs >= 0);
      const warm = samples.filter((sample) => sample.dueMs < 0);
      const warmAnswered = warm
        .filter((sample) => !sample.shed && sample.failure !== 'not_sent')
        .map((sample) => sample.ms)
        .sort((a, b) => a - b);
      const result: PhaseResult = {
        name,
        rates: offered,
        seconds,
        elapsedSeconds,
        endpoints: summarize(measured, seconds, elapsedSeconds),
        settledMs: pause.ms,
        settledIdle: pause.idle,
        serverCpuSeconds: serverCpu,
        serverProcesses: serverPeak.processes,
        workerCpuSeconds: workerCpu,
        postgresCpuSeconds: postgresCpu,
        machineBusySeconds: machineBusy,
        serverStartMb,
        serverPeakMb: serverPeak.peakMb,
        clientCpuSeconds: (clientCpu.user + clientCpu.system) / 1e6,
        clientPeakMb: clientPeak,
        ingressMbPerSecond: measured.reduce((sum, s) => sum + s.bytesOut, 0) / 2 ** 20 / elapsedSeconds,
        responseMismatches,
        overlappedUploads,
        warmUp:
          warm.length === 0
            ? undefined
            : {
                requests: warm.length,
                errors: warm.filter((s) => !s.shed && !(s.status >= 200 && s.status < 300)).length,
                shed: warm.filter((s) => s.shed).length,
                p99: percentile(warmAnswered, 0.99),
              },
      };
      results.push(result);
      printPhase(result, target);
      const bySlice = slices(measured, SLICE_SECONDS);
      console.log(
        `p99 of every request by when it was due (${SLICE_SECONDS} s slices): ` +
          bySlice.map((slice) => `${slice.fromS}–${slice.fromS + SLICE_SECONDS} s ${formatMs(slice.p99)}`).join(', '),
      );
      const reasons = new Map<string, number>();
      for (const s of samples) if (s.reason) reasons.set(s.reason, (reasons.get(s.reason) ?? 0) + 1);
      for (const [reason, count] of reasons) console.log(`  no answer ×${count}: ${reason}`);
      if (findRate) {
        const next = nextStep(results, step, maxSteps);
        if (next) plan.push({ name: 'mixed', rates: next });
      }
    }
    if (findRate) console.log(`\n${rateFound(results)}`);

    const drain = await settle(busyPids(), settleMs);
    console.log(
      `\nafter the last phase the server was ${drain.idle ? 'idle' : 'still busy'} after ${(drain.ms / 1000).toFixed(0)} s`,
    );
    if (worker) await worker.stop();
    const exitCode = await server.stop();
    const problems = logProblems(logFile);
    if (worker) {
      const workerProblems = logProblems(workerLogFile);
      problems.warnings += workerProblems.warnings;
      problems.errors += workerProblems.errors;
      problems.samples.push(...workerProblems.samples);
    }
    console.log(
      `server stopped (exit ${exitCode}); the logs have ${problems.warnings} warning(s) and ${problems.errors} error(s)` +
        (problems.samples.length > 0 ? `:\n  ${problems.samples.join('\n  ')}` : ''),
    );

    const integrity = await checkIntegrity({
      database: pg ? { url: pg.url } : { pgliteDir: path.join(dataDir, 'db') },
      storageDir: path.join(dataDir, 'files'),
      eventId,
      created: authors.map((a) => a.record),
    });
    console.log('\n== integrity');
    console.log(
      `submissions: ${integrity.submissions} in the database, ${authors.length} created; paper versions: ` +
        `${integrity.fileRows} rows, expected ${integrity.expectedFileRows.min}` +
        (integrity.expectedFileRows.max > integrity.expectedFileRows.min ? `–${integrity.expectedFileRows.max}` : '') +
        `; ${integrity.objects} stored objects (${mb(integrity.hashedBytes)} MB re-hashed), ` +
        `${integrity.leftoverTmp} partial files, ${integrity.orphans} unreferenced`,
    );
    console.log(`jobs: ${integrity.jobs.map((j) => `${j.type} ${j.status} ${j.count}`).join('; ')}`);
    const mismatches = results.reduce((sum, r) => sum + r.responseMismatches, 0);
    if (mismatches > 0) integrity.problems.push(`${mismatches} upload answer(s) named another file than was sent`);
    console.log(
      integrity.problems.length === 0
        ? 'integrity: OK'
        : `integrity: ${integrity.problems.length} problem(s)\n  ${integrity.problems.slice(0, 30).join('\n  ')}`,
    );

    printTables(results, `${values.database ? 'PostgreSQL' : 'PGlite'}, jobs ${JOBS_TEXT[jobs]}`, target);
    server = undefined;
    if (integrity.problems.length > 0) process.exitCode = 1;
  } catch (error) {
    if (server) console.log(`server log (last lines):\n${tail(server.logFile, 20)}`);
    throw error;
  } finally {
    await cleanUp();
  }
}

/** A 503 with Retry-After: the server shedding load, counted apart from the errors. */
const isShed = (outcome: { status: number; retryAfter?: string }) =>
  outcome.status === 503 && outcome.retryAfter !== undefined;

/**
 * Why a phase did not hold its rates, if it did not: an error (a shed request is not one, but the server did not
 * serve it either, so it counts against keeping up) or p99 ≥ 1 s on an endpoint, or the server not keeping up with
 * what was offered (2xx per second of the phase plus its drain, at least 95 % of the requests offered per second of
 * the phase — the drain alone costs about 1 % at p99 = 0.3 s).
 */
function phaseProblems(result: PhaseResult): string[] {
  const problems: string[] = [];
  if (result.warmUp && result.warmUp.errors > 0) problems.push(`${result.warmUp.errors} errors in the warm-up`);
  for (const e of result.endpoints) {
    const errors = e.requests - e.ok - e.shed;
    if (errors > 0) problems.push(`${errors} errors on ${e.endpoint}`);
    if (!(e.p99 < TARGET_P99_MS)) problems.push(`p99 ${formatMs(e.p99)} on ${e.endpoint}`);
  }
  const check = (label: string, list: EndpointSummary[]) => {
    const achieved = list.reduce((sum, e) => sum + e.achievedPerSecond, 0);
    const offered = list.reduce((sum, e) => sum + e.offeredPerSecond, 0);
    if (list.length > 0 && achieved < 0.95 * offered) {
      problems.push(`${label} fell behind: ${achieved.toFixed(1)}/s achieved of ${offered.toFixed(1)}/s offered`);
    }
  };
  check(
    'uploads',
    result.endpoints.filter((e) => e.endpoint === UPLOAD),
  );
  check(
    'reads',
    result.endpoints.filter((e) => e.endpoint !== UPLOAD),
  );
  return problems;
}

/** Whether a phase met the targets: held (phaseProblems), at rates at least the target's. */
function verdict(result: PhaseResult, target: { uploadsPerSecond: number; readsPerSecond: number }): string {
  const problems = phaseProblems(result);
  if (result.rates.uploads > 0 && result.rates.uploads < target.uploadsPerSecond) {
    problems.push(`uploads offered at ${result.rates.uploads}/s, below the target ${target.uploadsPerSecond}/s`);
  }
  if (result.rates.reads > 0 && result.rates.reads < target.readsPerSecond) {
    problems.push(`reads offered at ${result.rates.reads}/s, below the target ${target.readsPerSecond}/s`);
  }
  return problems.length === 0 ? 'targets met' : `targets NOT met: ${problems.join('; ')}`;
}

/**
 * The next rates of --find-rate: × step after a phase that held while none failed yet, ÷ step after one that did
 * not while none held yet; none once both a held and a failed rate are known (or after `maxSteps` phases).
 */
function nextStep(results: PhaseResult[], step: number, maxSteps: number): Rates | undefined {
  const last = results.at(-1);
  if (!last || results.length >= maxSteps) return undefined;
  const held = results.filter((r) => phaseProblems(r).length === 0);
  if (held.length > 0 && held.length < results.length) return undefined;
  const factor = held.length > 0 ? step : 1 / step;
  const round = (rate: number) => Math.round(rate * factor * 10) / 10;
  const next = { uploads: round(last.rates.uploads), reads: round(last.rates.reads) };
  return next.uploads + next.reads > 0 ? next : undefined;
}

/** The highest rates of --find-rate that held, and the lowest that did not. */
function rateFound(results: PhaseResult[]): string {
  const total = (r: PhaseResult) => r.rates.uploads + r.rates.reads;
  const held = results.filter((r) => phaseProblems(r).length === 0).sort((a, b) => total(b) - total(a))[0];
  const failed = results.filter((r) => phaseProblems(r).length > 0).sort((a, b) => total(a) - total(b))[0];
  const text = (r: PhaseResult) => `${r.rates.uploads} uploads/s + ${r.rates.reads} reads/s`;
  return (
    `rate held (0 errors, p99 < ${formatMs(TARGET_P99_MS)}): ${held ? text(held) : 'none of the rates tried'}` +
    (failed ? `; not held at ${text(failed)} (${phaseProblems(failed).join('; ')})` : '; no rate tried failed')
  );
}

/** CPU seconds with the cores they amount to over the phase: `31.3 s (1.04)`. */
const cpuText = (seconds: number | undefined, elapsed: number) =>
  seconds === undefined ? '—' : `${seconds.toFixed(1)} s (${(seconds / elapsed).toFixed(2)})`;

type Target = (typeof TARGETS)[keyof typeof TARGETS];

function printPhase(result: PhaseResult, target: Target): void {
  for (const e of result.endpoints) {
    console.log(
      `${e.endpoint}: ${e.requests} requests (${e.offeredPerSecond.toFixed(1)}/s offered), ` +
        `${e.achievedPerSecond.toFixed(1)}/s achieved, errors ${formatErrors(e.errors)}, shed (503 + Retry-After) ` +
        `${e.shed}; p50 ${formatMs(e.p50)}, p95 ${formatMs(e.p95)}, p99 ${formatMs(e.p99)}, max ${formatMs(e.max)}; ` +
        `client lag p99 ${formatMs(e.lagP99)}`,
    );
  }
  const elapsed = result.elapsedSeconds;
  console.log(
    `phase took ${elapsed.toFixed(1)} s; CPU seconds (cores): server ${cpuText(result.serverCpuSeconds, elapsed)} ` +
      `in ${result.serverProcesses} process(es)` +
      (result.workerCpuSeconds === undefined ? '' : `, worker ${cpuText(result.workerCpuSeconds, elapsed)}`) +
      (result.postgresCpuSeconds === undefined ? '' : `, PostgreSQL ${cpuText(result.postgresCpuSeconds, elapsed)}`) +
      `, client ${cpuText(result.clientCpuSeconds, elapsed)}, whole machine ${cpuText(result.machineBusySeconds, elapsed)}`,
  );
  console.log(
    `server RSS (all its processes) ${result.serverStartMb.toFixed(0)} MB before, peak ${result.serverPeakMb.toFixed(0)} MB; ` +
      `client peak RSS ${result.clientPeakMb.toFixed(0)} MB; ingress ${result.ingressMbPerSecond.toFixed(1)} MB/s` +
      (result.overlappedUploads > 0 ? `; ${result.overlappedUploads} uploads overlapped one of the same author` : ''),
  );
  if (result.warmUp) {
    const w = result.warmUp;
    console.log(
      `warm-up before it (not in the figures above): ${w.requests} requests, errors ${w.errors}, shed ${w.shed}, ` +
        `p99 ${formatMs(w.p99)}`,
    );
  }
  console.log(verdict(result, target));
}

function printTables(results: PhaseResult[], title: string, target: Target): void {
  console.log(`\n${title}, per phase and endpoint:\n`);
  console.log('| phase | endpoint | requests | offered /s | achieved /s | errors | shed | p50 | p95 | p99 | max |');
  console.log(`|${' --- |'.repeat(11)}`);
  for (const r of results) {
    for (const e of r.endpoints) {
      console.log(
        `| ${r.name} | ${e.endpoint} | ${e.requests} | ${e.offeredPerSecond.toFixed(1)} | ${e.achievedPerSecond.toFixed(1)} | ` +
          `${formatErrors(e.errors)} | ${e.shed} | ${formatMs(e.p50)} | ${formatMs(e.p95)} | ${formatMs(e.p99)} | ` +
          `${formatMs(e.max)} |`,
      );
    }
  }
  console.log(
    '\n| phase | CPU s (cores): server | server processes | worker | PostgreSQL | client | machine | ' +
      'server RSS MB before → peak | ingress MB/s | idle wait before | verdict |',
  );
  console.log(`|${' --- |'.repeat(11)}`);
  for (const r of results) {
    const elapsed = r.elapsedSeconds;
    console.log(
      `| ${r.name} | ${cpuText(r.serverCpuSeconds, elapsed)} | ${r.serverProcesses} | ` +
        `${cpuText(r.workerCpuSeconds, elapsed)} | ${cpuText(r.postgresCpuSeconds, elapsed)} | ` +
        `${cpuText(r.clientCpuSeconds, elapsed)} | ${cpuText(r.machineBusySeconds, elapsed)} | ` +
        `${r.serverStartMb.toFixed(0)} → ${r.serverPeakMb.toFixed(0)} | ${r.ingressMbPerSecond.toFixed(1)} | ` +
        `${(r.settledMs / 1000).toFixed(0)} s${r.settledIdle ? '' : ' (busy)'} | ${verdict(r, target)} |`,
    );
  }
}

/**
 * Node's fetch (undici) can throw, outside any request's promise, when a response stream it already closed (a
 * timed-out or refused call) gets more bytes: `ERR_INVALID_STATE: ReadableStream is already closed`. That call has
 * already been counted as failed; the benchmark counts these strays and goes on instead of dying mid-phase.
 */
let strayStreamErrors = 0;
process.on('uncaughtException', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'ERR_INVALID_STATE') throw error;
  strayStreamErrors += 1;
});
process.on('exit', () => {
  if (strayStreamErrors > 0) console.log(`client: ${strayStreamErrors} stray fetch stream error(s) ignored (undici)`);
});

await main();
