import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/build-test-app.ts';
import { STARTUP_TIMEOUT, spawnEntryPoint } from '../test/processes.ts';
import { startSmtpServer, type TestSmtpServer } from '../test/smtp.ts';
import { loadConfig } from './config.ts';
import type { Database } from './db/client.ts';
import { jobs, mailOutbox } from './db/schema/index.ts';
import { JobQueue } from './jobs/queue.ts';
import { queueMail } from './mail/outbox.ts';
import { startHealthServer, startWorker } from './worker.ts';

let database: Database;
let smtp: TestSmtpServer;
let dataDir: string;
beforeAll(async () => {
  database = await openTestDatabase();
  smtp = await startSmtpServer();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'confero-worker-'));
});
afterAll(async () => {
  await database.close();
  await smtp.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('startWorker', () => {
  it('runs queued jobs with the shared handlers until stopped', async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      SECRET_KEY: 'test-secret-key-that-is-long-enough-0123456789',
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Worker <worker@confero.test>',
    });
    const log = Fastify({ logger: false }).log;
    const worker = await startWorker({ config, database, log });
    try {
      expect(worker.queue.types()).toEqual(expect.arrayContaining(['mail.send', 'maintenance.prune_rate_limits']));
      const id = await queueMail(database.db, {
        to: 'from-worker@example.org',
        template: 'reviews.assigned',
        data: {
          submission_title: 'A Paper',
          event_title: 'An Event',
          link: 'http://localhost:8000/reviews/1-abcdefgh',
        },
      });
      const [message] = await smtp.waitForMessages(1);
      expect(message?.subject).toBe('New review assignment: A Paper');
      expect(message?.envelope.from).toBe('worker@confero.test');
      await worker.stop();
      const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      expect(row).toMatchObject({ status: 'sent', transport: 'smtp' });
    } finally {
      await worker.stop();
    }
    // Stopped: a new job stays queued.
    const later = await queueMail(database.db, {
      to: 'later@example.org',
      template: 'auth.password_changed',
      data: {},
    });
    await new Promise((resolve) => setTimeout(resolve, 1200));
    const pending = await database.db.select().from(jobs).where(eq(jobs.status, 'queued'));
    expect(pending.map((job) => job.payload.outboxId)).toContain(later);
  });
});

describe('the worker health check (WORKER_HEALTH_PORT)', () => {
  const get = async (url: string) => {
    const response = await fetch(`${url}/health`);
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  it('answers 200 while the loop goes round and the database answers, 503 when it is stuck, stopped or cut off', async () => {
    const queue = new JobQueue({
      db: database.db,
      log: Fastify({ logger: false }).log,
      pollIntervalMs: 20,
      leaseMs: 300,
    });
    let releaseJob: () => void = () => undefined;
    queue.register('test.stuck', () => new Promise<void>((resolve) => (releaseJob = resolve)));
    const health = await startHealthServer({ queue, database, host: '127.0.0.1', port: 0, staleMs: 100 });
    try {
      queue.start();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await get(health.url)).toEqual({
        status: 200,
        body: { status: 'ok', loop: 'ok', database: 'ok', last_round_age_s: 0 },
      });

      // A job that hangs past its lease: the loop goes no more rounds.
      await queue.enqueue('test.stuck', {});
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect((await get(health.url)).status).toBe(200); // running a job within its lease
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(await get(health.url)).toMatchObject({ status: 503, body: { status: 'unhealthy', loop: 'stalled' } });
      releaseJob();
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await get(health.url)).toMatchObject({ status: 200, body: { status: 'ok', loop: 'ok' } });

      await queue.stop();
      expect(await get(health.url)).toMatchObject({ status: 503, body: { loop: 'stopped', database: 'ok' } });
    } finally {
      await queue.stop();
      await health.close();
    }

    const gone = await openTestDatabase();
    await gone.close();
    const running = new JobQueue({ db: database.db, log: Fastify({ logger: false }).log, pollIntervalMs: 20 });
    running.start();
    const cutOff = await startHealthServer({ queue: running, database: gone, host: '127.0.0.1', port: 0 });
    try {
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await get(cutOff.url)).toMatchObject({
        status: 503,
        body: { status: 'unhealthy', loop: 'ok', database: 'unreachable' },
      });
      expect((await fetch(`${cutOff.url}/other`)).status).toBe(404);
    } finally {
      await running.stop();
      await cutOff.close();
    }
  });

  it.skipIf(process.env.TEST_DB === 'postgres')(
    'is served by `npm run worker` when the port is set, until SIGTERM',
    { timeout: STARTUP_TIMEOUT },
    async () => {
      const workerDir = fs.mkdtempSync(path.join(os.tmpdir(), 'confero-worker-health-'));
      const worker = spawnEntryPoint('worker.ts', { DATA_DIR: workerDir, WORKER_HEALTH_PORT: '0', LOG_LEVEL: 'info' });
      try {
        const url = await new Promise<string>((resolve, reject) => {
          const timer = setTimeout(
            () => reject(new Error(`no health line:\n${worker.output()}`)),
            STARTUP_TIMEOUT - 10_000,
          );
          const check = () => {
            const match = /"url":"(http:[^"]+)\/health"/.exec(worker.stdout());
            if (!match?.[1]) return;
            clearTimeout(timer);
            resolve(match[1]);
          };
          worker.child.stdout?.on('data', check);
          void worker.exited.then((code) => reject(new Error(`worker exited with ${code}:\n${worker.output()}`)));
        });
        expect(await get(url)).toMatchObject({ status: 200, body: { status: 'ok', loop: 'ok', database: 'ok' } });
        worker.child.kill('SIGTERM');
        expect(await worker.exited).toBe(0);
      } finally {
        if (worker.child.exitCode === null) worker.child.kill('SIGKILL');
        fs.rmSync(workerDir, { recursive: true, force: true });
      }
    },
  );
});
