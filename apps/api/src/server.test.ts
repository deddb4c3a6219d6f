import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresTestDatabase } from '../test/build-test-app.ts';

const onPostgres = process.env.TEST_DB === 'postgres';
/**
 * A spawned server loads its sources, migrates the database and creates the admin before it listens: on a loaded
 * two-core machine that takes well over the default test time, so start-up tests get this much.
 */
const STARTUP_TIMEOUT = 120_000;
const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** Starts the real entry point as `npm start` does (after the web build) and waits for its address. */
async function startServer(
  env: Record<string, string>,
): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const child = spawn(process.execPath, [path.resolve(import.meta.dirname, 'server.ts')], {
    env: { PATH: process.env.PATH ?? '', PORT: '0', LOG_LEVEL: 'warn', PASSWORD_HASH_LOG2_N: '10', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const url = await new Promise<string>((resolve, reject) => {
    // Shorter than the test's own timeout, so a start that hangs fails with the server's output.
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), STARTUP_TIMEOUT - 10_000);
    const check = () => {
      const match = /listening on (http:\/\/[^,\s]+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', check);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  return { child, url, output: () => output };
}

function exitCode(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.on('exit', (code) => resolve(code)));
}

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
    const exited = exitCode(server.child);
    const health = await fetch(`${server.url}/api/health/`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok', database: onPostgres ? 'postgres' : 'pglite' });
    expect(server.output()).toContain('e-mail:   admin@localhost');
    expect(fs.existsSync(path.join(dataDir, 'secret'))).toBe(true);
    expect(fs.existsSync(path.join(dataDir, 'db'))).toBe(!onPostgres);
    server.child.kill('SIGINT');
    expect(await exited).toBe(0);
  });

  it('refuses to start with a wrong variable and names it', async () => {
    const child = spawn(process.execPath, [path.resolve(import.meta.dirname, 'server.ts')], {
      env: { PATH: process.env.PATH ?? '', PORT: 'eighty', DATA_DIR: os.tmpdir() },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr?.on('data', (chunk) => {
      stderr += chunk;
    });
    expect(await exitCode(child)).toBe(1);
    expect(stderr).toContain('Invalid configuration');
    expect(stderr).toContain('PORT:');
  });
});
