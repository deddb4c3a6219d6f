import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresTestDatabase } from '../test/build-test-app.ts';
import { type EntryProcess, STARTUP_TIMEOUT, spawnEntryPoint, startServer } from '../test/processes.ts';
import { LOCK_FILE_NAME } from './lib/data-dir-lock.ts';

const onPostgres = process.env.TEST_DB === 'postgres';
const CREDENTIALS_BANNER = 'A platform admin account was created';

const cleanups: Array<() => Promise<unknown> | unknown> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

function tempDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'confero-startup-'));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Ends a process at the end of the file if the test did not (a failed assertion). */
function track<T extends EntryProcess>(process: T): T {
  cleanups.push(() => process.child.exitCode === null && process.child.kill('SIGKILL'));
  return process;
}

async function freshPostgres(): Promise<string> {
  const database = await createPostgresTestDatabase();
  cleanups.push(database.drop);
  return database.url;
}

async function queryPostgres<T>(url: string, text: string): Promise<T[]> {
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
}

describe.skipIf(onPostgres)('one process per data directory on the embedded database', () => {
  it(
    'refuses a second server and a worker with one line naming the first pid, and starts again after kill -9',
    async () => {
      const dataDir = tempDataDir();
      const first = track(await startServer({ DATA_DIR: dataDir }));
      expect(first.output()).toContain(CREDENTIALS_BANNER);
      const pid = first.child.pid;
      expect(fs.readFileSync(path.join(dataDir, LOCK_FILE_NAME), 'utf8').trim()).toBe(String(pid));

      const second = track(spawnEntryPoint('server.ts', { DATA_DIR: dataDir }));
      const worker = track(spawnEntryPoint('worker.ts', { DATA_DIR: dataDir }));
      expect(await second.exited).toBe(1);
      expect(second.stdout()).toBe('');
      expect(second.stderr().trim().split('\n')).toEqual([
        `The data directory ${dataDir} is in use by another Confero process (pid ${pid}): ` +
          'stop that one first, or give this one another DATA_DIR.',
      ]);
      expect(await worker.exited).toBe(1);
      expect(worker.stderr()).toContain(`in use by another Confero process (pid ${pid})`);
      expect(worker.stderr()).toContain('without DATABASE_URL the server runs the jobs itself');
      // The first server was not disturbed.
      expect((await fetch(`${first.url}/api/health/`)).status).toBe(200);

      first.child.kill('SIGKILL');
      expect(await first.exited).toBe(null);
      const restarted = track(await startServer({ DATA_DIR: dataDir }));
      const health = await fetch(`${restarted.url}/api/health/`);
      expect(await health.json()).toMatchObject({ status: 'ok', database: 'pglite' });
      expect(restarted.output()).not.toContain(CREDENTIALS_BANNER);
      expect(fs.readFileSync(path.join(dataDir, LOCK_FILE_NAME), 'utf8').trim()).toBe(String(restarted.child.pid));
      restarted.child.kill('SIGINT');
      expect(await restarted.exited).toBe(0);
    },
    STARTUP_TIMEOUT * 3,
  );
});

describe('a port that is taken', () => {
  it(
    'says so in one line and exits 1 before touching the database or printing credentials',
    async () => {
      const holder = net.createServer();
      await new Promise<void>((resolve) => holder.listen({ port: 0, host: '127.0.0.1' }, resolve));
      cleanups.push(() => new Promise((resolve) => holder.close(resolve)));
      const port = (holder.address() as net.AddressInfo).port;
      const dataDir = tempDataDir();
      const env: Record<string, string> = { DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' };
      if (onPostgres) env.DATABASE_URL = await freshPostgres();

      const server = track(spawnEntryPoint('server.ts', env));
      expect(await server.exited).toBe(1);
      expect(server.stdout()).toBe('');
      expect(server.stderr()).toBe(`Port ${port} on 127.0.0.1 is already in use: stop the other server or set PORT.\n`);
      if (env.DATABASE_URL) {
        const [row] = await queryPostgres<{ users: string | null }>(
          env.DATABASE_URL,
          "select to_regclass('users') as users",
        );
        expect(row?.users).toBe(null);
      } else {
        expect(fs.existsSync(path.join(dataDir, 'db'))).toBe(false);
      }
    },
    STARTUP_TIMEOUT,
  );
});

describe.skipIf(!onPostgres)('two servers started together on a fresh PostgreSQL database', () => {
  it(
    'both start; one admin is created and its credentials are printed by exactly one of them',
    async () => {
      const url = await freshPostgres();
      const servers = await Promise.all(
        [tempDataDir(), tempDataDir()].map(async (dataDir) =>
          track(await startServer({ DATA_DIR: dataDir, DATABASE_URL: url })),
        ),
      );
      const outputs = servers.map((server) => server.output());
      expect(outputs.filter((output) => output.includes(CREDENTIALS_BANNER))).toHaveLength(1);
      for (const output of outputs) expect(output).not.toMatch(/scrypt\$|Failed query|params:/);
      const admins = await queryPostgres<{ email: string }>(url, 'select email from users where is_admin');
      expect(admins).toEqual([{ email: 'admin@localhost' }]);
      for (const server of servers) server.child.kill('SIGINT');
      expect(await Promise.all(servers.map((server) => server.exited))).toEqual([0, 0]);
    },
    STARTUP_TIMEOUT * 2,
  );
});
