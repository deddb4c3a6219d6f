import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { StatementCounter, trackStatements } from './statements.ts';

export type TestApp = FastifyInstance & { testDataDir: string };

/**
 * A database of its own for one test file: PGlite from the migrated template,
 * or, with TEST_DB=postgres, a fresh database on TEST_DATABASE_URL's server,
 * dropped when it is closed.
 */
export async function openTestDatabase(): Promise<Database> {
  if (process.env.TEST_DB === 'postgres') {
    const { url, drop } = await createPostgresTestDatabase();
    const counter = new StatementCounter();
    const database = await openDatabase({ url, logger: counter });
    trackStatements(database.db, counter);
    return {
      ...database,
      close: async () => {
        await database.close();
        await drop();
      },
    };
  }
  const template = inject('pgliteTemplate');
  const dump = new Blob([fs.readFileSync(template)]);
  const counter = new StatementCounter();
  const database = await openDatabase({
    pgliteDir: 'memory://',
    pgliteLoadDataDir: dump,
    migrate: false,
    logger: counter,
  });
  trackStatements(database.db, counter);
  return database;
}

/** Creates an empty database on TEST_DATABASE_URL's server; `drop()` removes it. */
export async function createPostgresTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `confero_test_${crypto.randomBytes(6).toString('hex')}`;
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

/** Builds the real app on a test database and a temporary data directory. */
export async function buildTestApp(
  overrides: Partial<Config> = {},
  options: { database?: Database; beforeReady?: (app: FastifyInstance) => void | Promise<void> } = {},
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
  await options.beforeReady?.(app);
  await app.ready();
  return app;
}
