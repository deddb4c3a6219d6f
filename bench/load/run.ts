/**
 * Submission-deadline load benchmark (targets in bench/load/README.md): the real server in a child process,
 * seeded through the API, then open-loop PDF re-uploads and reads at fixed rates. Prints latencies, errors, CPU,
 * memory and ingress per phase, then checks that the database and the file store hold exactly what was saved.
 *
 *   npx node bench/load/run.ts [--uploads-per-second 15] [--reads-per-second 150] [--seconds 30] [--authors 50]
 *                              [--database postgres://user@host:5432/db] [--phases uploads,reads,mixed]
 *                              [--jobs in-process|worker|off] [--settle-seconds 20] [--seed 1] [--port 0] [--keep-data]
 *
 * See README.md.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Session } from './client.ts';
import { checkIntegrity, type SubmissionRecord } from './integrity.ts';
import {
  cpuSeconds,
  createPostgresDatabase,
  freePort,
  logProblems,
  machineBusySeconds,
  memory,
  postgresBackends,
  type RunningProcess,
  type RunningServer,
  repoRoot,
  resetPeak,
  settle,
  startNode,
  startServer,
  tail,
} from './server.ts';
import {
  type EndpointSummary,
  formatErrors,
  formatMs,
  mulberry32,
  openLoop,
  type Sample,
  summarize,
} from './workload.ts';

/** The real papers (0.2–3 MB) with their ground-truth header metadata. */
const PAPERS_DIR = path.resolve(repoRoot, '../shared/data/pdf-metadata/dev');

/** The targets ("close to the limit" on 2 cores; bench/load/README.md#targets). */
const TARGET = { uploadsPerSecond: 15, readsPerSecond: 150, p99Ms: 2000 };

const JOBS_TEXT = {
  'in-process': 'run by the server (RUN_JOBS default)',
  worker: 'run by a separate `npm run worker` process (server RUN_JOBS=false)',
  off: 'NOT run (RUN_JOBS=false, diagnostic)',
};

const UPLOAD = 'PATCH /api/submissions/{id}/ (new PDF)';
const DETAIL = 'GET /api/submissions/{id}/';
const MINE = 'GET /api/submissions/my_submissions/';

type Paper = {
  fileName: string;
  size: number;
  sha256: string;
  blob: Blob;
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
  seconds: number;
  elapsedSeconds: number;
  endpoints: EndpointSummary[];
  settledMs: number;
  settledIdle: boolean;
  serverCpuSeconds: number;
  /** The `npm run worker` process, with --jobs worker. */
  workerCpuSeconds: number | undefined;
  /** The PostgreSQL backends of the benchmark's database. */
  postgresCpuSeconds: number | undefined;
  /** Every process on the machine (the other engineers' too). */
  machineBusySeconds: number;
  serverStartMb: number;
  serverPeakMb: number;
  serverPeakIsHwm: boolean;
  clientCpuSeconds: number;
  clientPeakMb: number;
  ingressMbPerSecond: number;
  responseMismatches: number;
  overlappedUploads: number;
};

const sha256 = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');
const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(1);

/** The PDFs of the dev split with their title, abstract and keywords (fallbacks where the ground truth has none). */
async function loadPapers(): Promise<Paper[]> {
  const manifest = JSON.parse(fs.readFileSync(path.join(PAPERS_DIR, 'manifest.json'), 'utf8')) as {
    items: { pdf: string; ground_truth: string; pdf_sha256: string }[];
  };
  const papers: Paper[] = [];
  for (const item of manifest.items) {
    const file = path.join(PAPERS_DIR, item.pdf);
    const bytes = fs.readFileSync(file);
    if (sha256(bytes) !== item.pdf_sha256) throw new Error(`${item.pdf} does not match its manifest sha256`);
    const truth = JSON.parse(fs.readFileSync(path.join(PAPERS_DIR, item.ground_truth), 'utf8')) as {
      title?: string | null;
      abstract?: string | null;
      keywords?: string[] | null;
    };
    papers.push({
      fileName: item.pdf,
      size: bytes.length,
      sha256: item.pdf_sha256,
      // A file-backed Blob: fetch streams it from disk for every upload.
      blob: await fs.openAsBlob(file, { type: 'application/pdf' }),
      title: truth.title?.trim() || item.pdf,
      abstract:
        truth.abstract?.trim() ||
        'A paper from the shared extraction data set, submitted by the deadline load benchmark.',
      keywords: truth.keywords && truth.keywords.length >= 3 ? truth.keywords : ['peer review', 'benchmark', 'load'],
    });
  }
  return papers;
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
    const session = new Session(baseUrl);
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
    const form = new FormData();
    form.append('title', `${paper.title} (load author ${index + 1})`);
    form.append('abstract', paper.abstract);
    form.append('keywords', paper.keywords.join(', '));
    form.append('event', event.public_id);
    form.append('track', '');
    form.append('metadata', JSON.stringify({ method: 'manual', fileFormat: 'pdf' }));
    form.append(
      'authors',
      JSON.stringify([
        {
          first_name: 'Ada',
          last_name: `Author${index + 1}`,
          email,
          affiliation: 'Institut Pasteur',
          country: 'France',
          is_corresponding: true,
          order: 1,
        },
      ]),
    );
    form.append('file', paper.blob, paper.fileName);
    const created = await session.expect<{ id: number; public_id: string; sha256: string }>(
      'POST',
      '/api/submissions/',
      201,
      { form },
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
      'uploads-per-second': { type: 'string', default: String(TARGET.uploadsPerSecond) },
      'reads-per-second': { type: 'string', default: String(TARGET.readsPerSecond) },
      seconds: { type: 'string', default: '30' },
      authors: { type: 'string', default: '50' },
      database: { type: 'string' },
      phases: { type: 'string', default: 'uploads,reads,mixed' },
      'settle-seconds': { type: 'string', default: '20' },
      seed: { type: 'string', default: '1' },
      port: { type: 'string', default: '0' },
      jobs: { type: 'string', default: 'in-process' },
      'keep-data': { type: 'boolean', default: false },
    },
  });
  const uploadRate = Number(values['uploads-per-second']);
  const readRate = Number(values['reads-per-second']);
  const seconds = Number(values.seconds);
  const authorCount = Number(values.authors);
  const settleMs = Number(values['settle-seconds']) * 1000;
  const seedValue = Number(values.seed);
  const phases = (values.phases ?? '').split(',').filter(Boolean);
  for (const phase of phases) {
    if (!['uploads', 'reads', 'mixed'].includes(phase)) throw new Error(`unknown phase ${phase}`);
  }
  if (![uploadRate, readRate, seconds, authorCount].every((n) => Number.isFinite(n) && n >= 0) || authorCount < 1) {
    throw new Error('--uploads-per-second, --reads-per-second, --seconds and --authors must be numbers (authors ≥ 1)');
  }
  // A phase must end before the access tokens renewed at its start expire (15 minutes).
  if (seconds > 600) throw new Error('--seconds is at most 600 (performance.md §C.4 asks for 10 minutes)');
  const jobs = values.jobs as 'in-process' | 'worker' | 'off';
  if (!['in-process', 'worker', 'off'].includes(jobs)) throw new Error('--jobs must be in-process, worker or off');
  if (jobs === 'worker' && !values.database) throw new Error('--jobs worker needs --database (PostgreSQL)');
  if (values.database && !/^postgres(ql)?:\/\//.test(values.database)) {
    throw new Error('--database must be a postgres:// URL');
  }

  const rates = { uploads: uploadRate, reads: readRate };
  const papers = await loadPapers();
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
      `${papers.length} real PDFs, ${mb(Math.min(...papers.map((p) => p.size)))}–` +
      `${mb(Math.max(...papers.map((p) => p.size)))} MB (mean ${mb(papers.reduce((s, p) => s + p.size, 0) / papers.length)} MB); ` +
      `${authorCount} authors; phases ${phases.join(', ')} of ${seconds} s; ` +
      `${uploadRate} uploads/s and ${readRate} reads/s (Poisson, open loop); seed ${seedValue}`,
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
      LOG_LEVEL: 'warn',
    };
    server = await startServer(env, logFile);
    const pid = server.pid;
    console.log(`server ready in ${((performance.now() - started) / 1000).toFixed(1)} s (pid ${pid})`);
    if (jobs === 'worker') {
      worker = startNode('apps/api/src/worker.ts', env, workerLogFile);
      console.log(`job worker started (pid ${worker.pid})`);
    }
    const busyPids = () => [pid, ...(worker ? [worker.pid] : [])];

    const seedStarted = performance.now();
    const seedCpu = cpuSeconds(pid);
    const { eventId, authors } = await seed(server.baseUrl, admin, authorCount, papers);
    console.log(
      `seeded 1 event, ${authors.length} authors and ${authors.length} submissions through the API in ` +
        `${((performance.now() - seedStarted) / 1000).toFixed(1)} s (server CPU ${(cpuSeconds(pid) - seedCpu).toFixed(1)} s)`,
    );

    const random = mulberry32(seedValue);
    const results: PhaseResult[] = [];
    let signedInAt = performance.now();
    for (const name of phases) {
      // Access tokens live 15 minutes: long runs renew every session (outside the measurement) between phases.
      if (performance.now() - signedInAt > 60_000) {
        await pool(authors, 4, (a) => a.session.expect('POST', '/api/auth/refresh/', 200, { json: {} }));
        signedInAt = performance.now();
      }
      const pause = await settle(busyPids(), settleMs);
      console.log(
        `\n== ${name}: server ${pause.idle ? 'idle' : 'still busy (background jobs)'} after ${(pause.ms / 1000).toFixed(0)} s`,
      );
      const samples: Sample[] = [];
      let responseMismatches = 0;
      let overlappedUploads = 0;

      const fireUpload = async (dueAt: number) => {
        const idle = authors.filter((a) => a.uploading === 0);
        const author = (idle.length > 0 ? idle : authors)[
          Math.floor(random() * (idle.length || authors.length))
        ] as Author;
        if (author.uploading > 0) {
          author.record.overlapped = true;
          overlappedUploads += 1;
        }
        const paper = papers[Math.floor(random() * papers.length)] as Paper;
        const form = new FormData();
        form.append('file', paper.blob, paper.fileName);
        author.uploading += 1;
        const lagMs = performance.now() - dueAt;
        const outcome = await author.session.call('PATCH', `/api/submissions/${author.publicId}/`, { form });
        author.uploading -= 1;
        samples.push({
          endpoint: UPLOAD,
          status: outcome.status,
          failure: outcome.failure,
          reason: outcome.failure ? outcome.body : undefined,
          ms: performance.now() - dueAt,
          lagMs,
          // Counted as ingress only when the server answered (a refused connection carried no bytes).
          bytesOut: outcome.status > 0 ? paper.size : 0,
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
        const lagMs = performance.now() - dueAt;
        const outcome = await author.session.call(
          'GET',
          detail ? `/api/submissions/${author.publicId}/` : '/api/submissions/my_submissions/',
        );
        samples.push({
          endpoint: detail ? DETAIL : MINE,
          status: outcome.status,
          failure: outcome.failure,
          reason: outcome.failure ? outcome.body : undefined,
          ms: performance.now() - dueAt,
          lagMs,
          bytesOut: 0,
        });
      };

      const serverStartMb = memory(pid).rssMb;
      const hwm = resetPeak(pid);
      let serverPeak = serverStartMb;
      let clientPeak = process.memoryUsage().rss / 2 ** 20;
      const sampler = setInterval(() => {
        serverPeak = Math.max(serverPeak, memory(pid).rssMb);
        clientPeak = Math.max(clientPeak, process.memoryUsage().rss / 2 ** 20);
      }, 200);
      const postgresBefore = pg ? await postgresBackends(pg.url) : undefined;
      const cpuBefore = cpuSeconds(pid);
      const workerBefore = worker ? cpuSeconds(worker.pid) : 0;
      const machineBefore = machineBusySeconds();
      const clientBefore = process.cpuUsage();
      const phaseStarted = performance.now();
      await Promise.all([
        openLoop(name === 'reads' ? 0 : uploadRate, seconds, mulberry32(random() * 2 ** 32), fireUpload),
        openLoop(name === 'uploads' ? 0 : readRate, seconds, mulberry32(random() * 2 ** 32), fireRead),
      ]);
      const elapsedSeconds = (performance.now() - phaseStarted) / 1000;
      clearInterval(sampler);
      const clientCpu = process.cpuUsage(clientBefore);
      const machineBusy = machineBusySeconds() - machineBefore;
      const serverCpu = cpuSeconds(pid) - cpuBefore;
      const workerCpu = worker ? cpuSeconds(worker.pid) - workerBefore : undefined;
      const serverMemory = memory(pid);
      let postgresCpu: number | undefined;
      if (pg && postgresBefore) {
        // Backends that ended during the phase are lost; a pool keeps its connections while it is busy.
        postgresCpu = 0;
        for (const [backend, now] of await postgresBackends(pg.url))
          postgresCpu += now - (postgresBefore.get(backend) ?? 0);
      }
      const result: PhaseResult = {
        name,
        seconds,
        elapsedSeconds,
        endpoints: summarize(samples, seconds, elapsedSeconds),
        settledMs: pause.ms,
        settledIdle: pause.idle,
        serverCpuSeconds: serverCpu,
        workerCpuSeconds: workerCpu,
        postgresCpuSeconds: postgresCpu,
        machineBusySeconds: machineBusy,
        serverStartMb,
        serverPeakMb: hwm ? Math.max(serverMemory.peakMb, serverPeak) : serverPeak,
        serverPeakIsHwm: hwm,
        clientCpuSeconds: (clientCpu.user + clientCpu.system) / 1e6,
        clientPeakMb: clientPeak,
        ingressMbPerSecond: samples.reduce((sum, s) => sum + s.bytesOut, 0) / 2 ** 20 / elapsedSeconds,
        responseMismatches,
        overlappedUploads,
      };
      results.push(result);
      printPhase(result, rates);
      const reasons = new Map<string, number>();
      for (const s of samples) if (s.reason) reasons.set(s.reason, (reasons.get(s.reason) ?? 0) + 1);
      for (const [reason, count] of reasons) console.log(`  no answer ×${count}: ${reason}`);
    }

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

    printTables(results, `${values.database ? 'PostgreSQL' : 'PGlite'}, jobs ${JOBS_TEXT[jobs]}`, rates);
    server = undefined;
    if (integrity.problems.length > 0) process.exitCode = 1;
  } catch (error) {
    if (server) console.log(`server log (last lines):\n${tail(server.logFile, 20)}`);
    throw error;
  } finally {
    await cleanUp();
  }
}

/**
 * Whether a phase met the targets: no error and p99 < 2 s on every endpoint, the configured rates at least
 * the target ones, and the server keeping up with what was offered (2xx per second of the phase plus its drain, at
 * least 95 % of the requests offered per second of the phase — the drain alone costs about 1 % at p99 = 0.3 s).
 */
function verdict(result: PhaseResult, rates: { uploads: number; reads: number }): string {
  const problems: string[] = [];
  for (const e of result.endpoints) {
    const errors = e.requests - e.ok;
    if (errors > 0) problems.push(`${errors} errors on ${e.endpoint}`);
    if (!(e.p99 < TARGET.p99Ms)) problems.push(`p99 ${formatMs(e.p99)} on ${e.endpoint}`);
  }
  const uploads = result.endpoints.filter((e) => e.endpoint === UPLOAD);
  const reads = result.endpoints.filter((e) => e.endpoint !== UPLOAD);
  const check = (label: string, list: EndpointSummary[], rate: number, target: number) => {
    if (list.length === 0) return;
    if (rate < target) problems.push(`${label} offered at ${rate}/s, below the target ${target}/s`);
    const achieved = list.reduce((sum, e) => sum + e.achievedPerSecond, 0);
    const offered = list.reduce((sum, e) => sum + e.offeredPerSecond, 0);
    if (achieved < 0.95 * offered) {
      problems.push(`${label} fell behind: ${achieved.toFixed(1)}/s achieved of ${offered.toFixed(1)}/s offered`);
    }
  };
  check('uploads', uploads, rates.uploads, TARGET.uploadsPerSecond);
  check('reads', reads, rates.reads, TARGET.readsPerSecond);
  return problems.length === 0 ? 'targets met' : `targets NOT met: ${problems.join('; ')}`;
}

/** CPU seconds with the cores they amount to over the phase: `31.3 s (1.04)`. */
const cpuText = (seconds: number | undefined, elapsed: number) =>
  seconds === undefined ? '—' : `${seconds.toFixed(1)} s (${(seconds / elapsed).toFixed(2)})`;

function printPhase(result: PhaseResult, rates: { uploads: number; reads: number }): void {
  for (const e of result.endpoints) {
    console.log(
      `${e.endpoint}: ${e.requests} requests (${e.offeredPerSecond.toFixed(1)}/s offered), ` +
        `${e.achievedPerSecond.toFixed(1)}/s achieved, errors ${formatErrors(e.errors)}; ` +
        `p50 ${formatMs(e.p50)}, p95 ${formatMs(e.p95)}, p99 ${formatMs(e.p99)}, max ${formatMs(e.max)}; ` +
        `client lag p99 ${formatMs(e.lagP99)}`,
    );
  }
  const elapsed = result.elapsedSeconds;
  console.log(
    `phase took ${elapsed.toFixed(1)} s; CPU seconds (cores): server ${cpuText(result.serverCpuSeconds, elapsed)}` +
      (result.workerCpuSeconds === undefined ? '' : `, worker ${cpuText(result.workerCpuSeconds, elapsed)}`) +
      (result.postgresCpuSeconds === undefined ? '' : `, PostgreSQL ${cpuText(result.postgresCpuSeconds, elapsed)}`) +
      `, client ${cpuText(result.clientCpuSeconds, elapsed)}, whole machine ${cpuText(result.machineBusySeconds, elapsed)}`,
  );
  console.log(
    `server RSS ${result.serverStartMb.toFixed(0)} MB before, peak ${result.serverPeakMb.toFixed(0)} MB` +
      `${result.serverPeakIsHwm ? ' (VmHWM)' : ' (sampled)'}; client peak RSS ${result.clientPeakMb.toFixed(0)} MB; ` +
      `ingress ${result.ingressMbPerSecond.toFixed(1)} MB/s` +
      (result.overlappedUploads > 0 ? `; ${result.overlappedUploads} uploads overlapped one of the same author` : ''),
  );
  console.log(verdict(result, rates));
}

function printTables(results: PhaseResult[], title: string, rates: { uploads: number; reads: number }): void {
  console.log(`\n${title}, per phase and endpoint:\n`);
  console.log('| phase | endpoint | requests | offered /s | achieved /s | errors | p50 | p95 | p99 | max |');
  console.log(`|${' --- |'.repeat(10)}`);
  for (const r of results) {
    for (const e of r.endpoints) {
      console.log(
        `| ${r.name} | ${e.endpoint} | ${e.requests} | ${e.offeredPerSecond.toFixed(1)} | ${e.achievedPerSecond.toFixed(1)} | ` +
          `${formatErrors(e.errors)} | ${formatMs(e.p50)} | ${formatMs(e.p95)} | ${formatMs(e.p99)} | ${formatMs(e.max)} |`,
      );
    }
  }
  console.log(
    '\n| phase | CPU s (cores): server | worker | PostgreSQL | client | machine | server RSS MB before → peak | ' +
      'ingress MB/s | idle wait before | verdict |',
  );
  console.log(`|${' --- |'.repeat(10)}`);
  for (const r of results) {
    const elapsed = r.elapsedSeconds;
    console.log(
      `| ${r.name} | ${cpuText(r.serverCpuSeconds, elapsed)} | ${cpuText(r.workerCpuSeconds, elapsed)} | ` +
        `${cpuText(r.postgresCpuSeconds, elapsed)} | ${cpuText(r.clientCpuSeconds, elapsed)} | ` +
        `${cpuText(r.machineBusySeconds, elapsed)} | ${r.serverStartMb.toFixed(0)} → ${r.serverPeakMb.toFixed(0)} | ` +
        `${r.ingressMbPerSecond.toFixed(1)} | ${(r.settledMs / 1000).toFixed(0)} s${r.settledIdle ? '' : ' (busy)'} | ` +
        `${verdict(r, rates)} |`,
    );
  }
}

await main();
