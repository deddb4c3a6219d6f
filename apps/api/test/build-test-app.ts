import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { localStoreFiles, type StoreFiles, startS3Server } from './s3-server.ts';
import { StatementCounter, trackStatements } from './statements.ts';

export type TestApp = FastifyInstance & {
  testDataDir: string;
  /** The files behind the app's store (the local folder, or the S3 test server's bucket with TEST_STORAGE=s3). */
  testStore: StoreFiles;
};

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

/**
 * Builds the real app on a test database and a temporary data directory. Its store is the local folder, or with
 * TEST_STORAGE=s3 a bucket of an S3-protocol server of its own (apps/api/test/s3-server.ts), stopped with the app.
 */
export async function buildTestApp(
  overrides: Partial<Config> = {},
  options: { database?: Database; beforeReady?: (app: TestApp) => void | Promise<void> } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'confero-test-'));
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      // A test machine shared by many runs lags at times: load shedding by event-loop lag and by slow reads is
      // tested on its own.
      SHED_MAX_EVENT_LOOP_DELAY_MS: '60000',
      SHED_MAX_QUEUE_DELAY_MS: '60000',
      RUN_JOBS: 'false',
      SECRET_KEY: 'test-secret-key-that-is-long-enough-0123456789',
    },
    overrides,
  );
  const s3 = process.env.TEST_STORAGE === 's3' && !overrides.storage ? await startS3Server() : undefined;
  if (s3) config.storage = s3.settings;
  const ownsDatabase = !options.database;
  const database = options.database ?? (await openTestDatabase());
  const app = (await buildApp({ config, database, logger: false })) as TestApp;
  app.testDataDir = dataDir;
  app.testStore = s3?.files ?? localStoreFiles(config.storageDir);
  app.addHook('onClose', async () => {
    if (ownsDatabase) await database.close();
    await s3?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  await options.beforeReady?.(app);
  await app.ready();
  return app;
}
