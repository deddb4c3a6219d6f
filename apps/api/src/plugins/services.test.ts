import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-test-app.ts';
import { startSmtpServer } from '../../test/smtp.ts';
import { jobs, mailOutbox } from '../db/schema/index.ts';
import { queueMail } from '../mail/outbox.ts';

describe('servicesPlugin', () => {
  it('decorates the app with the job queue, the mailer and the store under STORAGE dir', async () => {
    const app = await buildTestApp();
    try {
      expect(app.jobs.types()).toContain('mail.send');
      expect(app.mailer.transport).toBe('devmailbox');
      const stored = await app.storage.put(Readable.from(['stored through app.storage']));
      expect(await app.storage.stat(stored.key)).toEqual({ size: 26 });
      expect(app.config.storageDir).toBe(path.join(app.testDataDir, 'files'));
    } finally {
      await app.close();
    }
  });

  it('runs the in-process worker when RUN_JOBS is true, and stops it on close', async () => {
    const smtp = await startSmtpServer();
    const app = await buildTestApp({ runJobs: true, smtpUrl: smtp.url });
    expect(app.jobs.isRunning()).toBe(true);
    try {
      const id = await queueMail(app.db, { to: 'worker@example.org', template: 'auth.password_changed', data: {} });
      const [message] = await smtp.waitForMessages(1);
      expect(message?.subject).toBe('Your Confero password was changed');
      let row = (await app.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0];
      for (let i = 0; i < 50 && row?.status !== 'sent'; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        row = (await app.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0];
      }
      expect(row).toMatchObject({ status: 'sent', transport: 'smtp' });
    } finally {
      await app.close();
      await smtp.close();
    }
    expect(app.jobs.isRunning()).toBe(false);
  });

  it('does not run jobs by itself when RUN_JOBS is false', async () => {
    const app = await buildTestApp({ runJobs: false });
    expect(app.jobs.isRunning()).toBe(false);
    try {
      const id = await queueMail(app.db, { to: 'idle@example.org', template: 'auth.password_changed', data: {} });
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const [job] = await app.db.select().from(jobs).where(eq(jobs.type, 'mail.send'));
      expect(job?.status).toBe('queued');
      expect((await app.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]?.status).toBe('queued');
    } finally {
      await app.close();
    }
  });
});
