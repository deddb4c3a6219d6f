import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresTestDatabase } from '../test/build-test-app.ts';
import { type EntryProcess, STARTUP_TIMEOUT, spawnEntryPoint, startServer } from '../test/processes.ts';

const onPostgres = process.env.TEST_DB === 'postgres';
const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe('server entry point', { timeout: STARTUP_TIMEOUT }, () => {
  it('migrates, creates the admin, serves health, and closes cleanly on SIGINT', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'confero-server-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const env: Record<string, string> = { DATA_DIR: dataDir };
    if (onPostgres) {
      const database = await createPostgresTestDatabase();
      cleanups.push(database.drop);
      env.DATABASE_URL = database.url;
    }
    const server = await startServer(env);
    const health = await fetch(`${server.url}/api/health/`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok', database: onPostgres ? 'postgres' : 'pglite' });
    expect(server.output()).toContain('e-mail:   admin@localhost');
    expect(fs.existsSync(path.join(dataDir, 'secret'))).toBe(true);
    expect(fs.existsSync(path.join(dataDir, 'db'))).toBe(!onPostgres);
    server.child.kill('SIGINT');
    expect(await server.exited).toBe(0);
  });

  it('refuses to start with a wrong variable and names it', async () => {
    const server = spawnEntryPoint('server.ts', { PORT: 'eighty', DATA_DIR: os.tmpdir() });
    expect(await server.exited).toBe(1);
    const stderr = server.stderr();
    expect(stderr).toContain('Invalid configuration');
    expect(stderr).toContain('PORT:');
  });
});

/** The JSON log lines a process printed so far. */
function logLines(server: EntryProcess): Array<Record<string, unknown>> {
  return server
    .stdout()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** The pids of the server workers the primary saw listening, in order. */
const listeningWorkers = (server: EntryProcess) =>
  logLines(server)
    .filter((line) => line.msg === 'server worker listening')
    .map((line) => Number(line.pid));

/** The pids of the job processes the primary started, in order. */
const jobProcesses = (server: EntryProcess) =>
  logLines(server)
    .filter((line) => line.msg === 'job process started')
    .map((line) => Number(line.pid));

/** A thread's or process's nice value, from /proc (field 19 of stat, after the command's parenthesis). */
const niceOf = (pid: number) => Number(fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ')[16]);

/** Queues one mail through SQL as the API does (outbox row, its job, the notification) and waits until it is sent. */
async function mailGoesOut(databaseUrl: string, recipient: string): Promise<void> {
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: number }>(
      `insert into mail_outbox (recipient, template, subject, text_body, html_body, next_attempt_at)
       values ($1, 'auth.password_changed', 'Test', 'Test', '<p>Test</p>', now()) returning id`,
      [recipient],
    );
    const id = rows[0]?.id;
    await client.query(`insert into jobs (type, payload) values ('mail.send', $1::jsonb)`, [{ outboxId: id }]);
    await client.query(`select pg_notify('confero_jobs', 'mail.send')`);
    await waitForAsync(async () => {
      const sent = await client.query(`select status from mail_outbox where id = $1`, [id]);
      return sent.rows[0]?.status === 'sent' ? true : undefined;
    }, 30_000);
  } finally {
    await client.end();
  }
}

/** GET /api/health/ on a connection of its own (the cluster hands each new connection to the next worker). */
function healthOnNewConnection(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(`${url}/api/health/`, { agent: false }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      })
      .on('error', reject);
  });
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function waitFor<T>(read: () => T | undefined, timeoutMs: number): Promise<T> {
  return waitForAsync(async () => read(), timeoutMs);
}

async function waitForAsync<T>(read: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('several server processes (WEB_CONCURRENCY)', { timeout: STARTUP_TIMEOUT }, () => {
  it.runIf(onPostgres)(
    'answers from two worker processes, runs jobs in a lower-priority process, replaces either when it dies, and stops them all on SIGTERM',
    async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'confero-cluster-'));
      cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
      const database = await createPostgresTestDatabase();
      cleanups.push(database.drop);
      const server = await startServer({
        DATA_DIR: dataDir,
        DATABASE_URL: database.url,
        WEB_CONCURRENCY: '2',
        LOG_LEVEL: 'info',
      });
      cleanups.push(() => {
        if (server.child.exitCode === null) server.child.kill('SIGKILL');
      });
      expect(server.stdout()).toContain('2 server processes');
      // The first admin is created once, by the primary.
      expect(server.output().split('e-mail:   admin@localhost').length - 1).toBe(1);
      const workers = listeningWorkers(server);
      expect(workers).toHaveLength(2);
      expect(workers).not.toContain(server.child.pid);

      const statuses = await Promise.all(Array.from({ length: 6 }, () => healthOnNewConnection(server.url)));
      expect(statuses).toEqual(Array(6).fill(200));
      const answeredBy = new Set(
        logLines(server)
          .filter((line) => line.msg === 'incoming request' && (line.req as { url?: string })?.url === '/api/health/')
          .map((line) => Number(line.pid)),
      );
      expect([...answeredBy].sort()).toEqual([...workers].sort());
      // Whichever worker answers /metrics, it counts the requests of both.
      const healthCount =
        /confero_http_requests_total\{method="GET",route="\/api\/health\/",status_class="2xx"\} (\d+)/;
      for (let scrape = 0; scrape < 2; scrape += 1) {
        const metrics = await (await fetch(`${server.url}/metrics`)).text();
        expect(healthCount.exec(metrics)?.[1]).toBe('6');
      }

      // The jobs run in a process of their own, 10 nice steps below the primary and the HTTP workers.
      const [jobs] = jobProcesses(server);
      expect(jobs).toBeGreaterThan(0);
      expect([server.child.pid, ...workers]).not.toContain(jobs);
      const serverNice = niceOf(workers[0] as number);
      expect(niceOf(server.child.pid as number)).toBe(serverNice);
      // Every thread of it (V8's own included), not only the main one.
      const jobThreads = fs.readdirSync(`/proc/${jobs}/task`).map(Number);
      expect(jobThreads.length).toBeGreaterThan(1);
      // (Its background pool threads, when any runs, sit lower still.)
      expect(niceOf(jobs as number)).toBe(Math.min(19, serverNice + 10));
      expect(jobThreads.filter((thread) => niceOf(thread) < Math.min(19, serverNice + 10))).toEqual([]);
      await mailGoesOut(database.url, 'first@example.org');
      process.kill(jobs as number, 'SIGKILL');
      const nextJobs = await waitFor(() => jobProcesses(server)[1], 60_000);
      expect(nextJobs).not.toBe(jobs);
      await mailGoesOut(database.url, 'second@example.org');

      const [victim, survivor] = workers as [number, number];
      process.kill(victim, 'SIGKILL');
      const replacement = await waitFor(() => listeningWorkers(server)[2], 60_000);
      expect([victim, survivor]).not.toContain(replacement);
      expect(isAlive(victim)).toBe(false);
      expect(await healthOnNewConnection(server.url)).toBe(200);
      expect(await healthOnNewConnection(server.url)).toBe(200);

      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      expect(isAlive(survivor)).toBe(false);
      expect(isAlive(replacement)).toBe(false);
      expect(isAlive(nextJobs)).toBe(false);
    },
  );

  it('refuses more than one process on the embedded database and names the variable', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'confero-cluster-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const server = spawnEntryPoint('server.ts', { DATA_DIR: dataDir, WEB_CONCURRENCY: '2' });
    expect(await server.exited).toBe(1);
    expect(server.stdout()).toBe('');
    expect(server.stderr()).toContain('WEB_CONCURRENCY: must be 1 on the embedded database');
    expect(fs.existsSync(path.join(dataDir, 'db'))).toBe(false);
  });
});
