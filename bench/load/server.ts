/**
 * The server under test: the real API started as a child process (`node apps/api/src/server.ts`), its CPU time and
 * memory read from /proc, and a throwaway PostgreSQL database when one is asked for.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '..', '..');

/** Clock ticks per second of utime/stime in /proc/<pid>/stat (USER_HZ, 100 on every Linux this runs on). */
const CLOCK_TICKS = 100;

/** A port nobody listens on now, chosen by the OS. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export type RunningProcess = {
  child: ChildProcess;
  pid: number;
  logFile: string;
  /** Sends SIGTERM (graceful close: the job in progress finishes) and waits for the exit. */
  stop(): Promise<number | null>;
};

export type RunningServer = RunningProcess & { baseUrl: string };

/**
 * Starts `node_modules/.bin/node <script>` from the repository root with the given environment (on top of this
 * process's, minus the variables that would point it elsewhere), its output appended to `logFile`.
 */
export function startNode(
  script: string,
  env: Record<string, string>,
  logFile: string,
  nodeArgs: readonly string[] = [],
): RunningProcess {
  const inherited = { ...process.env };
  for (const name of ['DATABASE_URL', 'SMTP_URL', 'STORAGE_URL', 'PUBLIC_URL', 'RUN_JOBS', 'SECRET_KEY', 'NODE_ENV']) {
    delete inherited[name];
  }
  const log = fs.openSync(logFile, 'a');
  const child = spawn(path.join(repoRoot, 'node_modules/.bin/node'), [...nodeArgs, script], {
    cwd: repoRoot,
    env: { ...inherited, ...env },
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  const pid = child.pid;
  if (pid === undefined) throw new Error(`${script} did not start`);
  let exitCode: number | null | undefined;
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      exitCode = code;
      resolve(code);
    }),
  );
  return {
    child,
    pid,
    logFile,
    async stop() {
      if (exitCode !== undefined) return exitCode;
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      const code = await exited;
      clearTimeout(killer);
      return code;
    },
  };
}

/**
 * Starts `apps/api/src/server.ts` (startNode) and waits until `/api/health/` answers 200 and the server has said it
 * runs (after making the first admin).
 */
export async function startServer(
  env: Record<string, string>,
  logFile: string,
  nodeArgs: readonly string[] = [],
): Promise<RunningServer> {
  const server = startNode('apps/api/src/server.ts', env, logFile, nodeArgs);
  let exitCode: number | null | undefined;
  server.child.once('exit', (code) => {
    exitCode = code;
  });
  const baseUrl = `http://127.0.0.1:${env.PORT}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (exitCode !== undefined) {
      throw new Error(`the server exited with ${exitCode} before it was ready:\n${tail(logFile, 30)}`);
    }
    try {
      const response = await fetch(`${baseUrl}/api/health/`, { signal: AbortSignal.timeout(2000) });
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      server.child.kill('SIGKILL');
      throw new Error(`the server did not answer /api/health/ within 180 s:\n${tail(logFile, 30)}`);
    }
    await sleep(250);
  }
  // The first admin is made once the server listens, and the line saying it runs comes after: wait for it (a while).
  const readyBy = Date.now() + 30_000;
  while (!tail(logFile, 200).includes('Confero is running') && exitCode === undefined && Date.now() < readyBy) {
    await sleep(100);
  }
  return { ...server, baseUrl };
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The last lines of a file (the server's log, when it fails). */
export function tail(file: string, lines: number): string {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

/** CPU seconds (user + system, all threads) a process has used so far; 0 once it has gone. */
export function cpuSeconds(pid: number): number {
  const fields = statFields(pid);
  // utime and stime are fields 14 and 15 of the line.
  return fields ? (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS : 0;
}

/**
 * The fields of /proc/<pid>/stat after the command name, which may hold spaces (state is [0], ppid [1], utime [11]);
 * null once the process has gone.
 */
function statFields(pid: number): string[] | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** A process and all its descendants (the server's worker processes with WEB_CONCURRENCY), found by parent pid. */
export function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const ppid = Number(statFields(Number(entry))?.[1]);
    if (!Number.isFinite(ppid)) continue;
    children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i += 1) tree.push(...(children.get(tree[i] as number) ?? []));
  return tree;
}

/**
 * CPU seconds a process and its descendants have used so far: each live one's user + system time (all threads), and
 * the root's time of children it has reaped (a worker process that exited still counts).
 */
export function treeCpuSeconds(root: number): number {
  let ticks = 0;
  for (const pid of processTree(root)) {
    const fields = statFields(pid);
    if (!fields) continue;
    ticks += Number(fields[11]) + Number(fields[12]);
    if (pid === root) ticks += Number(fields[13]) + Number(fields[14]);
  }
  return ticks / CLOCK_TICKS;
}

/** The resident memory of a process and its descendants together (MB), and how many processes that is. */
export function treeRss(root: number): { rssMb: number; processes: number } {
  let rssMb = 0;
  let processes = 0;
  for (const pid of processTree(root)) {
    try {
      rssMb += memory(pid).rssMb;
      processes += 1;
    } catch {
      // gone between the listing and the read
    }
  }
  return { rssMb, processes };
}

/** Samples `treeRss(root)` every `intervalMs` until `stop()`, which returns the peak and the most processes seen. */
export function watchTreeRss(root: number, intervalMs = 100): { stop(): { peakMb: number; processes: number } } {
  let peak = treeRss(root);
  const sample = () => {
    const now = treeRss(root);
    peak = { rssMb: Math.max(peak.rssMb, now.rssMb), processes: Math.max(peak.processes, now.processes) };
  };
  const timer = setInterval(sample, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return { peakMb: peak.rssMb, processes: peak.processes };
    },
  };
}

/** CPU seconds the whole machine has been busy (every core, every process: /proc/stat minus idle and iowait). */
export function machineBusySeconds(): number {
  const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
  const ticks = line.trim().split(/\s+/).slice(1, 9).map(Number);
  const total = ticks.reduce((sum, t) => sum + t, 0);
  return (total - (ticks[3] ?? 0) - (ticks[4] ?? 0)) / CLOCK_TICKS;
}

/**
 * The PostgreSQL server processes serving one database (pg_stat_activity, the query's own connection left out) with
 * the CPU seconds each has used so far: the server's pool and the job worker's.
 */
export async function postgresBackends(url: string): Promise<Map<number, number>> {
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    return new Map(result.rows.map((row) => [row.pid, cpuSeconds(row.pid)]));
  } finally {
    await client.end();
  }
}

/** VmRSS and VmHWM (peak resident set since start or since `resetPeak`) of a process, in MB. */
export function memory(pid: number): { rssMb: number; peakMb: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
  return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
}

/** Resets VmHWM to the current RSS (Linux ≥ 4.0: `echo 5 > /proc/<pid>/clear_refs`); false when not allowed. */
export function resetPeak(pid: number): boolean {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/**
 * Waits until the CPU use of the processes over the last second falls below `idleShare` of one core (background
 * jobs such as the insights extraction done), at most `maxMs`. Returns how long it waited and whether it went idle.
 */
export async function settle(pids: number[], maxMs: number, idleShare = 0.1): Promise<{ ms: number; idle: boolean }> {
  const cpu = () => pids.reduce((sum, pid) => sum + treeCpuSeconds(pid), 0);
  const started = performance.now();
  let previous = cpu();
  while (performance.now() - started < maxMs) {
    await sleep(1000);
    const now = cpu();
    if (now - previous < idleShare) return { ms: performance.now() - started, idle: true };
    previous = now;
  }
  return { ms: performance.now() - started, idle: false };
}

/** Warnings and errors in the server's pino log (JSON lines; level 40 = warn, ≥ 50 = error/fatal). */
export function logProblems(logFile: string): { warnings: number; errors: number; samples: string[] } {
  let warnings = 0;
  let errors = 0;
  const samples: string[] = [];
  const text = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : '';
  for (const line of text.split('\n')) {
    if (!line.startsWith('{')) continue;
    let entry: { level?: number; msg?: string; err?: { message?: string } };
    try {
      entry = JSON.parse(line);
    } catch {
      continue;
    }
    if ((entry.level ?? 0) >= 50) errors += 1;
    else if (entry.level === 40) warnings += 1;
    else continue;
    if (samples.length < 5) samples.push(`${entry.level}: ${entry.msg ?? ''} ${entry.err?.message ?? ''}`.trim());
  }
  return { warnings, errors, samples };
}

/**
 * An empty database on the server of `adminUrl` (like apps/api/test/build-test-app.ts createPostgresTestDatabase);
 * `drop()` removes it again.
 */
export async function createPostgresDatabase(adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `confero_load_${crypto.randomBytes(6).toString('hex')}`;
  const pg = (await import('pg')).default;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}
