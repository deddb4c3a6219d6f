import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresTestDatabase } from '../test/build-test-app.ts';
import { STARTUP_TIMEOUT, spawnEntryPoint, startServer } from '../test/processes.ts';

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
