import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/build-test-app.ts';
import { startSmtpServer, type TestSmtpServer } from '../test/smtp.ts';
import { loadConfig } from './config.ts';
import type { Database } from './db/client.ts';
import { jobs, mailOutbox } from './db/schema/index.ts';
import { queueMail } from './mail/outbox.ts';
import { startWorker } from './worker.ts';

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
