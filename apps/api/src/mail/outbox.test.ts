import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp.ts';
import { jobs, mailOutbox } from '../db/schema/index.ts';
import { enqueueJob } from '../jobs/queue.ts';
import { MAIL_SEND_JOB, type QueuedMail, queueMail, queueMails } from './outbox.ts';

const loadMail = async (app: TestApp, id: number) => {
  const [row] = await app.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  if (!row) throw new Error(`mail ${id} not found`);
  return row;
};
const mailJobs = async (app: TestApp, outboxId: number) =>
  (await app.db.select().from(jobs).where(eq(jobs.type, MAIL_SEND_JOB))).filter(
    (job) => job.payload.outboxId === outboxId,
  );

describe('queueMail', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(async () => app.close());

  it('renders the template in English, stores it and enqueues its mail.send job', async () => {
    const id = await queueMail(app.db, {
      to: ' ada@example.org ',
      template: 'auth.verify_email',
      data: { first_name: 'Ada', link: 'http://localhost:8000/verify-email?token=t1' },
    });
    const row = await loadMail(app, id);
    expect(row).toMatchObject({
      recipient: 'ada@example.org',
      locale: 'en',
      template: 'auth.verify_email',
      subject: 'Confirm your e-mail address for Confero',
      status: 'queued',
      attempts: 0,
      transport: null,
      sentAt: null,
      eventId: null,
      lastAttemptAt: null,
      failedAt: null,
    });
    expect(row.nextAttemptAt).toEqual(row.createdAt);
    expect(row.textBody).toContain('Hello Ada,');
    expect(row.textBody).toContain('http://localhost:8000/verify-email?token=t1');
    expect(row.htmlBody).toContain('href="http://localhost:8000/verify-email?token=t1"');
    const queued = await mailJobs(app, id);
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ status: 'queued', payload: { outboxId: id } });
  });

  it('renders Arabic right to left, and falls back to English for other locales', async () => {
    const ar = await loadMail(
      app,
      await queueMail(app.db, {
        to: 'sara@example.org',
        template: 'auth.password_reset',
        locale: 'ar',
        data: { first_name: 'سارة', link: 'http://localhost:8000/reset-password/a/b' },
      }),
    );
    expect(ar).toMatchObject({ locale: 'ar', subject: 'إعادة تعيين كلمة المرور في Confero' });
    expect(ar.textBody).toContain('مرحبًا سارة،');
    expect(ar.htmlBody).toContain('<html lang="ar" dir="rtl">');

    const fr = await loadMail(
      app,
      await queueMail(app.db, { to: 'luc@example.org', template: 'auth.password_changed', locale: 'fr', data: {} }),
    );
    expect(fr).toMatchObject({ locale: 'en', subject: 'Your Confero password was changed' });
  });

  it('keeps the event a mail is about', async () => {
    const id = await queueMail(app.db, {
      to: 'chair@example.org',
      template: 'events.approved',
      data: { event_title: 'Workshop' },
      eventId: 42,
    });
    expect(await loadMail(app, id)).toMatchObject({ eventId: 42, status: 'queued' });
  });

  it('stores nothing when the surrounding transaction rolls back', async () => {
    await expect(
      app.db.transaction(async (tx) => {
        await queueMail(tx, { to: 'rollback@example.org', template: 'auth.password_changed', data: {} });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const rows = await app.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, 'rollback@example.org'));
    expect(rows).toEqual([]);
  });

  it('refuses a mail missing the data its template needs, or with a bad recipient', async () => {
    const before = await app.db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox);
    await expect(
      queueMail(app.db, { to: 'x@example.org', template: 'events.reviewer_invitation', data: { event_title: 'E' } }),
    ).rejects.toThrow('Mail "events.reviewer_invitation" needs data: accept_url, decline_url');
    await expect(
      queueMail(app.db, { to: 'a@example.org, b@example.org', template: 'auth.password_changed', data: {} }),
    ).rejects.toThrow('is not a single e-mail address');
    const after = await app.db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox);
    expect(after).toEqual(before);
  });
});

describe('queueMails', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(async () => app.close());

  const reminder = (n: number, dedupeKey?: string): QueuedMail => ({
    to: `many${n}@example.org`,
    template: 'events.approved',
    data: { event_title: `Workshop ${n}`, deadline: '2026-12-01' },
    dedupeKey: dedupeKey ?? null,
  });
  const many = (prefix: string) => sql`${mailOutbox.recipient} like ${`${prefix}%@example.org`}`;

  it('writes more mails than one batch holds, in order, each with its job, and leaves out taken keys', async () => {
    const first = await queueMail(app.db, reminder(7, 'many-once-7'));
    const mails = Array.from({ length: 640 }, (_, n) => reminder(n, n % 100 === 7 ? `many-once-${n}` : undefined));
    const ids = await queueMails(app.db, mails);
    // many7 is taken already: the 640 mails write 639 rows, ids in the order given.
    expect(ids).toHaveLength(639);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    const rows = await app.db
      .select({ id: mailOutbox.id, recipient: mailOutbox.recipient, subject: mailOutbox.subject })
      .from(mailOutbox)
      .where(many('many'))
      .orderBy(mailOutbox.id);
    expect(rows.map((row) => row.recipient)).toEqual([
      'many7@example.org',
      ...mails.filter((_, n) => n !== 7).map((mail) => mail.to),
    ]);
    expect(rows[0]?.id).toBe(first);
    expect(rows.at(-1)?.subject).toContain('Workshop 639');
    const queued = await app.db
      .select({ n: sql<number>`count(distinct (${jobs.payload}->>'outboxId'))::int` })
      .from(jobs)
      .where(sql`${jobs.type} = ${MAIL_SEND_JOB} and (${jobs.payload}->>'outboxId')::int = any(${sql.param(ids)})`);
    expect(queued).toEqual([{ n: 639 }]);
  });

  it('refuses the whole list, writing nothing, when a mail past the first batch is wrong', async () => {
    const mails = Array.from({ length: 300 }, (_, n) => ({ ...reminder(n), to: `bad${n}@example.org` }));
    mails[299] = { ...reminder(299), to: 'not an address' };
    await expect(queueMails(app.db, mails)).rejects.toThrow('is not a single e-mail address');
    expect(await app.db.select({ id: mailOutbox.id }).from(mailOutbox).where(many('bad'))).toEqual([]);
  });
});

describe('delivery without SMTP_URL (dev mailbox)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(async () => app.close());

  it('marks the row sent with transport devmailbox, and never sends a sent row again', async () => {
    expect(app.mailer.transport).toBe('devmailbox');
    const id = await queueMail(app.db, { to: 'dev@example.org', template: 'auth.password_changed', data: {} });
    await app.jobs.runPending();
    const sent = await loadMail(app, id);
    expect(sent).toMatchObject({ status: 'sent', transport: 'devmailbox', attempts: 1, lastError: null });
    expect(sent.sentAt).toBeInstanceOf(Date);
    const [job] = await mailJobs(app, id);
    expect(job).toMatchObject({ status: 'done', result: { outboxId: id, status: 'sent', transport: 'devmailbox' } });

    // A duplicate job for the same row does not send it twice.
    const again = await enqueueJob(app.db, MAIL_SEND_JOB, { outboxId: id });
    await app.jobs.runPending();
    const [duplicate] = await app.db.select().from(jobs).where(eq(jobs.id, again));
    expect(duplicate).toMatchObject({ status: 'done', result: { status: 'skipped', reason: 'already_sent' } });
    expect(await loadMail(app, id)).toMatchObject({ attempts: 1, sentAt: sent.sentAt });
  });
});

describe('delivery through SMTP_URL', () => {
  let app: TestApp;
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    app = await buildTestApp({ smtpUrl: smtp.url, mailFrom: 'Confero Test <no-reply@confero.test>' });
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  it('delivers the rendered mail with its UTF-8 subject and both bodies', async () => {
    expect(app.mailer.transport).toBe('smtp');
    const link = 'http://localhost:8000/reset-password/MS1hYmNkZWZnaA/token-1';
    const id = await queueMail(app.db, {
      to: 'sara@example.org',
      template: 'auth.password_reset',
      locale: 'ar',
      data: { first_name: 'سارة', link },
    });
    expect(await app.jobs.runPending()).toBe(1);
    const [message] = await smtp.waitForMessages(1);
    const row = await loadMail(app, id);
    expect(message?.envelope).toEqual({ from: 'no-reply@confero.test', to: ['sara@example.org'] });
    expect(message?.subject).toBe('إعادة تعيين كلمة المرور في Confero');
    expect(message?.subject).toBe(row.subject);
    expect(message?.from).toBe('Confero Test <no-reply@confero.test>');
    expect(message?.headers['auto-submitted']).toBe('auto-generated');
    expect(message?.text.trim()).toBe(row.textBody.trim());
    expect(message?.text).toContain(link);
    expect(message?.html).toContain('<html lang="ar" dir="rtl">');
    expect(message?.html).toContain(`href="${link}"`);
    expect(row).toMatchObject({ status: 'sent', transport: 'smtp', attempts: 1, lastError: null });
    const [job] = await mailJobs(app, id);
    expect(job?.result).toMatchObject({ status: 'sent', transport: 'smtp', messageId: expect.any(String) });
  });

  it('records a refused delivery and retries it through the job queue', async () => {
    const already = smtp.messages.length;
    smtp.failNext(1, { code: 451, message: 'Try again later' });
    const id = await queueMail(app.db, {
      to: 'retry@example.org',
      template: 'events.approved',
      data: { event_title: 'Workshop on Ünïcode' },
    });
    await app.jobs.runPending();
    let row = await loadMail(app, id);
    expect(row).toMatchObject({ status: 'queued', attempts: 1, transport: 'smtp', sentAt: null, failedAt: null });
    expect(row.lastError).toMatch(/451/);
    expect(row.lastError).toMatch(/Try again later/);
    let [job] = await mailJobs(app, id);
    expect(job).toMatchObject({ status: 'queued', attempts: 1 });
    expect(job?.runAt.getTime()).toBeGreaterThan(Date.now() + 5000);
    expect(row.nextAttemptAt).toEqual(job?.runAt);
    expect(smtp.messages.length).toBe(already);

    await app.db
      .update(jobs)
      .set({ runAt: sql`now()` })
      .where(eq(jobs.id, job?.id ?? 0));
    await app.jobs.runPending();
    row = await loadMail(app, id);
    expect(row).toMatchObject({ status: 'sent', attempts: 2, lastError: null, nextAttemptAt: null, failedAt: null });
    [job] = await mailJobs(app, id);
    expect(job).toMatchObject({ status: 'done', attempts: 2 });
    expect(smtp.messages.length).toBe(already + 1);
    expect(smtp.messages.at(-1)?.subject).toBe('Your event “Workshop on Ünïcode” was approved');
  });

  it('fails a mail at once when the server refuses its recipient for good (5xx), and sends the others', async () => {
    const already = smtp.messages.length;
    smtp.rejectRecipient('gone@example.org', { code: 550, message: 'No such user here' });
    const gone = await queueMail(app.db, { to: 'gone@example.org', template: 'auth.password_changed', data: {} });
    const kept = await queueMail(app.db, { to: 'kept@example.org', template: 'auth.password_changed', data: {} });
    expect(await app.jobs.runPending()).toBe(2);
    const row = await loadMail(app, gone);
    expect(row).toMatchObject({ status: 'failed', attempts: 1, sentAt: null, nextAttemptAt: null });
    expect(row.failedAt).toBeInstanceOf(Date);
    expect(row.lastAttemptAt).toBeInstanceOf(Date);
    expect(row.lastError).toMatch(/550 No such user here/);
    const [job] = await mailJobs(app, gone);
    expect(job).toMatchObject({ status: 'failed', attempts: 1 });
    expect(job?.lastError).toMatch(/550/);
    expect(await loadMail(app, kept)).toMatchObject({ status: 'sent', attempts: 1, failedAt: null });
    expect(smtp.messages.slice(already).map((message) => message.envelope.to)).toEqual([['kept@example.org']]);
  });

  it('fails a mail whose content the server refuses for good (5xx after DATA)', async () => {
    smtp.failNext(1, { code: 554, message: 'Message refused' });
    const id = await queueMail(app.db, { to: 'content@example.org', template: 'auth.password_changed', data: {} });
    await app.jobs.runPending();
    const row = await loadMail(app, id);
    expect(row).toMatchObject({ status: 'failed', attempts: 1, nextAttemptAt: null });
    expect(row.lastError).toMatch(/554 Message refused/);
  });

  it('keeps retrying a recipient the server defers (4xx), with the next try on the row', async () => {
    smtp.rejectRecipient('later@example.org', { code: 450, message: 'Mailbox busy' });
    const id = await queueMail(app.db, { to: 'later@example.org', template: 'auth.password_changed', data: {} });
    await app.jobs.runPending();
    const row = await loadMail(app, id);
    expect(row).toMatchObject({ status: 'queued', attempts: 1, failedAt: null });
    expect(row.lastError).toMatch(/450 Mailbox busy/);
    const [job] = await mailJobs(app, id);
    expect(row.nextAttemptAt?.getTime()).toBe(job?.runAt.getTime());
    // The first retry waits the base delay (30 s) less at most a fifth of it.
    expect(row.nextAttemptAt?.getTime()).toBeGreaterThanOrEqual((row.lastAttemptAt?.getTime() ?? 0) + 24_000 - 1000);
  });
});

describe('delivery to an unreachable SMTP server', () => {
  it('records the connection error and keeps the mail queued for a retry', async () => {
    const smtp = await startSmtpServer();
    const url = smtp.url;
    await smtp.close(); // nothing listens on that port any more
    const app = await buildTestApp({ smtpUrl: url });
    try {
      const id = await queueMail(app.db, { to: 'nobody@example.org', template: 'auth.password_changed', data: {} });
      await app.jobs.runPending();
      const row = await loadMail(app, id);
      expect(row).toMatchObject({ status: 'queued', attempts: 1, transport: 'smtp', failedAt: null });
      expect(row.lastError).toMatch(/ECONNREFUSED|connect/i);
      expect(row.nextAttemptAt?.getTime()).toBeGreaterThan(Date.now());
    } finally {
      await app.close();
    }
  });
});
