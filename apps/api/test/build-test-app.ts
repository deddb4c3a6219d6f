import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { type Database, openDatabase } from '../src/db/client.ts';

export type TestApp = FastifyInstance & { testDataDir: string };

/**
 * A database of its own for one test file: PGlite from the migrated template,
 * or, with TEST_DB=postgres, a fresh database on TEST_DATABASE_URL's server,
 * dropped when it is closed.
 */
export async function openTestDatabase(): Promise<Database> {
  if (process.env.TEST_DB === 'postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    const name = `confero_test_${crypto.randomBytes(6).toString('hex')}`;
    const pg = (await import('pg')).default;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ url: url.toString() });
    return {
      ...database,
      close: async () => {
        await database.close();
        const dropper = new pg.Client({ connectionString: adminUrl });
        await dropper.connect();
        await dropper.query(`drop database if exists ${name} with (force)`);
        await dropper.end();
      },
    };
  }
  const template = inject('pgliteTemplate');
  const dump = new Blob([fs.readFileSync(template)]);
  return openDatabase({ pgliteDir: 'memory://', pgliteLoadDataDir: dump, migrate: false });
}

/** Builds the real app on a test database and a temporary data directory. */
export async function buildTestApp(
  overrides: Partial<Config> = {},
  options: { database?: Database } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'confero-test-'));
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      RUN_JOBS: 'false',
      SECRET_KEY: 'test-secret-key-that-is-long-enough-0123456789',
    },
    overrides,
  );
  const ownsDatabase = !options.database;
  const database = options.database ?? (await openTestDatabase());
  const app = (await buildApp({ config, database, logger: false })) as TestApp;
  app.testDataDir = dataDir;
  app.addHook('onClose', async () => {
    if (ownsDatabase) await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  await app.ready();
  return app;
}
