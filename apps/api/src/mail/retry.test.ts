import { eq, inArray } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp.ts';
import type { Config } from '../config.ts';
import { jobs, mailOutbox } from '../db/schema/index.ts';
import { MAIL_SEND_JOB, queueMail } from './outbox.ts';

/*
 * Delivery through an SMTP outage, on a clock a hundred times faster: the retry window of 48 hours becomes 28.8
 * minutes, the first retry after 30 s comes after 300 ms, the cap of 30 minutes becomes 18 s, and an outage of ten
 * minutes lasts 6 s. The worker is this test's loop, running one due job at a time.
 */
const SCALE = 100;
const SCALED: Config['mailRetry'] = {
  windowMs: (48 * 3_600_000) / SCALE,
  baseBackoffMs: 30_000 / SCALE,
  maxBackoffMs: 1_800_000 / SCALE,
};
const OUTAGE_MS = 600_000 / SCALE;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A port nothing listens on (a server was there a moment ago). */
async function freePort(): Promise<number> {
  const probe = await startSmtpServer();
  await probe.close();
  return probe.port;
}

const outboxRows = (app: TestApp, ids: number[]) => app.db.select().from(mailOutbox).where(inArray(mailOutbox.id, ids));

/** Runs due jobs one at a time until `done` says so (or the time runs out); `watch` sees the rows after each. */
async function runJobsUntil(
  app: TestApp,
  ids: number[],
  done: (rows: (typeof mailOutbox.$inferSelect)[]) => boolean,
  watch: (rows: (typeof mailOutbox.$inferSelect)[]) => void = () => {},
  timeoutMs = 25_000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await app.jobs.runPending({ max: 1 });
    const rows = await outboxRows(app, ids);
    watch(rows);
    if (done(rows)) return rows;
    if (Date.now() > deadline) throw new Error(`gave up waiting: ${JSON.stringify(rows.map((row) => row.status))}`);
    await sleep(5);
  }
}

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of cleanup.splice(0).reverse()) await close();
});

describe('an SMTP outage', () => {
  it('of ten minutes (scaled) loses no mail: each is delivered exactly once when the server is back', async () => {
    const port = await freePort();
    const app = await buildTestApp({ smtpUrl: `smtp://127.0.0.1:${port}?ignoreTLS=true`, mailRetry: SCALED });
    cleanup.push(() => app.close());
    const recipients = ['a', 'b', 'c', 'd', 'e'].map((name) => `${name}@outage.example.org`);
    const ids: number[] = [];
    for (const to of recipients) {
      ids.push(await queueMail(app.db, { to, template: 'auth.password_changed', data: { first_name: to } }));
    }

    // Nothing listens for the first third of the outage; then the server answers 421 and hangs up.
    let smtp: TestSmtpServer | undefined;
    const outage = (async () => {
      await sleep(OUTAGE_MS / 3);
      smtp = await startSmtpServer({ port });
      smtp.down({ code: 421, message: 'Service not available, try again later' });
      await sleep((OUTAGE_MS * 2) / 3);
      smtp.up();
    })();
    cleanup.push(async () => {
      await outage;
      await smtp?.close();
    });

    const errorsSeen = new Set<string>();
    const rows = await runJobsUntil(
      app,
      ids,
      (current) => current.every((row) => row.status === 'sent'),
      (current) => {
        for (const row of current) {
          expect(row.status).not.toBe('failed');
          if (row.status !== 'queued' || !row.lastError) continue;
          // While it waits, a mail shows its last error and its next try, after its last one.
          expect(row.nextAttemptAt?.getTime()).toBeGreaterThanOrEqual(row.lastAttemptAt?.getTime() ?? 0);
          if (/ECONNREFUSED/.test(row.lastError)) errorsSeen.add('refused');
          if (/421/.test(row.lastError)) errorsSeen.add('421');
        }
      },
    );
    await outage;
    expect(errorsSeen).toEqual(new Set(['refused', '421']));

    // Nothing more is due: running the queue again sends nothing twice.
    expect(await app.jobs.runPending()).toBe(0);
    const server = smtp as TestSmtpServer | undefined;
    expect(server?.messages.map((message) => message.envelope.to[0]).sort()).toEqual(recipients);
    for (const row of rows) {
      expect(row).toMatchObject({ status: 'sent', lastError: null, nextAttemptAt: null, failedAt: null });
      // More tries than the server was down for one: the outage spent several.
      expect(row.attempts).toBeGreaterThanOrEqual(3);
    }
    const mailJobs = await app.db.select().from(jobs).where(eq(jobs.type, MAIL_SEND_JOB));
    expect(mailJobs.map((job) => job.status)).toEqual(recipients.map(() => 'done'));
  }, 60_000);

  it('that outlasts the retry window (scaled) fails the mail with failed_at', async () => {
    const smtp = await startSmtpServer();
    cleanup.push(() => smtp.close());
    smtp.down();
    const windowMs = 1500;
    const app = await buildTestApp({
      smtpUrl: smtp.url,
      mailRetry: { windowMs, baseBackoffMs: 100, maxBackoffMs: 400 },
    });
    cleanup.push(() => app.close());
    const id = await queueMail(app.db, { to: 'late@example.org', template: 'auth.password_changed', data: {} });

    let queuedAfterWindowStart = false;
    const [row] = await runJobsUntil(
      app,
      [id],
      (current) => current.every((mail) => mail.status === 'failed'),
      (current) => {
        if (current[0]?.status === 'queued' && (current[0]?.attempts ?? 0) > 1) queuedAfterWindowStart = true;
      },
    );
    expect(queuedAfterWindowStart).toBe(true);
    expect(row).toMatchObject({ status: 'failed', nextAttemptAt: null, sentAt: null });
    expect(row?.attempts).toBeGreaterThanOrEqual(3);
    expect(row?.lastError).toMatch(/421/);
    // Tried until the window's end, not before.
    expect(row?.failedAt?.getTime()).toBeGreaterThanOrEqual((row?.createdAt.getTime() ?? 0) + windowMs);
    // The last try may start before the end and outlast it (a slow connection): it is its end that counts.
    expect(row?.lastAttemptAt?.getTime()).toBeLessThanOrEqual(row?.failedAt?.getTime() ?? 0);
    const [job] = await app.db.select().from(jobs).where(eq(jobs.type, MAIL_SEND_JOB));
    expect(job).toMatchObject({ status: 'failed', attempts: row?.attempts });
    expect(smtp.messages).toEqual([]);
  }, 60_000);
});
