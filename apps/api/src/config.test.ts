import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

function tempDir() {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'confero-config-'));
}

function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('loadConfig', () => {
  it('works with nothing set and generates a persistent secret in DATA_DIR', () => {
    const dir = tempDir();
    const first = loadConfig({ DATA_DIR: dir });
    expect(first).toMatchObject({
      port: 8000,
      host: '127.0.0.1',
      publicUrl: 'http://localhost:8000',
      databaseUrl: undefined,
    });
    expect(first.maxUploadBytes).toBe(20 * 1024 * 1024);
    expect(first.storageDir).toBe(path.join(dir, 'files'));
    expect(first.secretKey.length).toBeGreaterThanOrEqual(32);
    expect(fs.readFileSync(path.join(dir, 'secret'), 'utf8').trim()).toBe(first.secretKey);
    expect(loadConfig({ DATA_DIR: dir }).secretKey).toBe(first.secretKey);
  });

  it('names every wrong variable in one message', () => {
    const problems = problemsOf({
      DATA_DIR: tempDir(),
      PORT: 'eighty',
      DATABASE_URL: 'mysql://x',
      SMTP_URL: 'http://mail',
      ADMIN_EMAIL: 'not-an-email',
      MAX_UPLOAD_MB: '0',
    });
    expect(problems.map((p) => p.split(':')[0]).sort()).toEqual(
      ['ADMIN_EMAIL', 'DATABASE_URL', 'MAX_UPLOAD_MB', 'PORT', 'SMTP_URL'].sort(),
    );
    expect(problems.find((p) => p.startsWith('DATABASE_URL'))).toContain('postgres://');
  });

  it('requires SECRET_KEY in production and AI_BASE_URL for the openai provider', () => {
    expect(problemsOf({ DATA_DIR: tempDir(), NODE_ENV: 'production', AI_PROVIDER: 'openai' })).toEqual([
      'SECRET_KEY: required when NODE_ENV=production',
      'AI_BASE_URL: required when AI_PROVIDER=openai',
    ]);
  });

  it('treats empty variables as unset and strips a trailing slash from PUBLIC_URL', () => {
    const config = loadConfig({ DATA_DIR: tempDir(), DATABASE_URL: '', PUBLIC_URL: 'https://confero.example.org/' });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl).toBe('https://confero.example.org');
  });
});

describe('server processes, load shedding, metrics and worker health', () => {
  const secret = 'production-secret-key-0123456789abcdef';
  const pg = 'postgres://confero@127.0.0.1:5432/confero';

  it('runs one server process unless production on PostgreSQL, which defaults to one per core', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).webConcurrency).toBe(1);
    expect(loadConfig({ DATA_DIR: tempDir(), DATABASE_URL: pg }).webConcurrency).toBe(1);
    expect(loadConfig({ DATA_DIR: tempDir(), NODE_ENV: 'production', SECRET_KEY: secret }).webConcurrency).toBe(1);
    expect(
      loadConfig({ DATA_DIR: tempDir(), NODE_ENV: 'production', SECRET_KEY: secret, DATABASE_URL: pg }).webConcurrency,
    ).toBe(os.availableParallelism());
    expect(loadConfig({ DATA_DIR: tempDir(), DATABASE_URL: pg, WEB_CONCURRENCY: '3' }).webConcurrency).toBe(3);
  });

  it('refuses more than one process on the embedded database, and a count that is not a positive integer', () => {
    expect(problemsOf({ DATA_DIR: tempDir(), WEB_CONCURRENCY: '2' })).toEqual([
      'WEB_CONCURRENCY: must be 1 on the embedded database (one process owns DATA_DIR); set DATABASE_URL (PostgreSQL) to run several server processes',
    ]);
    expect(problemsOf({ DATA_DIR: tempDir(), WEB_CONCURRENCY: '1' })).toEqual([]);
    for (const wrong of ['0', 'two', '1.5']) {
      expect(problemsOf({ DATA_DIR: tempDir(), DATABASE_URL: pg, WEB_CONCURRENCY: wrong })[0]).toMatch(
        /^WEB_CONCURRENCY: /,
      );
    }
  });

  it('refuses a worker thread count that is not a positive integer', () => {
    expect(problemsOf({ DATA_DIR: tempDir(), WORKER_THREADS: '4' })).toEqual([]);
    for (const wrong of ['0', 'many', '2.5']) {
      expect(problemsOf({ DATA_DIR: tempDir(), WORKER_THREADS: wrong })[0]).toMatch(/^WORKER_THREADS: /);
    }
  });

  it('reads the shedding bounds, the metrics token and the worker health port', () => {
    const defaults = loadConfig({ DATA_DIR: tempDir() });
    expect(defaults.overload).toEqual({
      maxInFlight: 500,
      maxEventLoopDelayMs: 500,
      maxDbWaiting: 50,
      maxQueueDelayMs: 300,
    });
    expect(defaults.metricsToken).toBeUndefined();
    expect(defaults.workerHealthPort).toBeUndefined();
    const set = loadConfig({
      DATA_DIR: tempDir(),
      SHED_MAX_IN_FLIGHT: '64',
      SHED_MAX_EVENT_LOOP_DELAY_MS: '250',
      SHED_MAX_DB_WAITING: '8',
      SHED_MAX_QUEUE_DELAY_MS: '150',
      METRICS_TOKEN: 'a-long-enough-metrics-token',
      WORKER_HEALTH_PORT: '9100',
    });
    expect(set).toMatchObject({
      overload: { maxInFlight: 64, maxEventLoopDelayMs: 250, maxDbWaiting: 8, maxQueueDelayMs: 150 },
      metricsToken: 'a-long-enough-metrics-token',
      workerHealthPort: 9100,
    });
    expect(problemsOf({ DATA_DIR: tempDir(), METRICS_TOKEN: 'short' })).toEqual([
      'METRICS_TOKEN: must be at least 16 characters',
    ]);
    expect(problemsOf({ DATA_DIR: tempDir(), SHED_MAX_IN_FLIGHT: '0' })[0]).toMatch(/^SHED_MAX_IN_FLIGHT: /);
  });

  it('sizes the submissions list cache from LIST_CACHE_MB (64 MB unless set, 0 keeps none)', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).listCacheBytes).toBe(64 * 1024 * 1024);
    expect(loadConfig({ DATA_DIR: tempDir(), LIST_CACHE_MB: '256' }).listCacheBytes).toBe(256 * 1024 * 1024);
    expect(loadConfig({ DATA_DIR: tempDir(), LIST_CACHE_MB: '0' }).listCacheBytes).toBe(0);
    for (const wrong of ['-1', 'lots', '1.5']) {
      expect(problemsOf({ DATA_DIR: tempDir(), LIST_CACHE_MB: wrong })[0]).toMatch(/^LIST_CACHE_MB: /);
    }
  });
});
