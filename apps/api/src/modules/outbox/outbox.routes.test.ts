import type { OutboxMailDetailDto, OutboxMailDto, OutboxPageDto } from '@confero/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { NOT_AUTHENTICATED, PERMISSION_DENIED } from '../../../test/error-bodies.ts';
import { buildEvent } from '../../../test/factories/events.ts';
import { type BuiltUser, buildAdmin, buildUser } from '../../../test/factories/index.ts';
import { countQueries } from '../../../test/factories/reviews.ts';
import { buildSubmission } from '../../../test/factories/submissions.ts';
import { createClient, signedInClients } from '../../../test/http.ts';
import { startSmtpServer, type TestSmtpServer } from '../../../test/smtp.ts';
import { auditLog, jobs, mailOutbox } from '../../db/schema/index.ts';
import { MAIL_SEND_JOB, type MailTemplate, queueMail } from '../../mail/outbox.ts';
import { insertAssignment, queueUnassignedMail } from '../assignment/commands/create-assignment.ts';
import { RETRY_BATCH_SIZE } from './outbox.service.ts';

let app: TestApp;
let smtp: TestSmtpServer;
let admin: BuiltUser;
let member: BuiltUser;
const as = signedInClients(() => app);

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await buildTestApp({ smtpUrl: smtp.url });
  admin = await buildAdmin(app);
  member = await buildUser(app);
});
afterAll(async () => {
  await app.close();
  await smtp.close();
});
beforeEach(async () => {
  await app.db.delete(mailOutbox);
  await app.db.delete(jobs);
  await app.db.delete(auditLog);
});

const LIST = '/api/admin/outbox/';

const mailRow = async (id: number) => {
  const [row] = await app.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  if (!row) throw new Error(`mail ${id} not found`);
  return row;
};
const jobsOf = (id: number) =>
  app.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.type, MAIL_SEND_JOB), sql`${jobs.payload} ->> 'outboxId' = ${String(id)}`));
const retryAudits = () => app.db.select().from(auditLog).where(eq(auditLog.action, 'mail.retried'));

const queue = (to: string, options: { template?: MailTemplate; eventId?: number } = {}) =>
  queueMail(app.db, {
    to,
    template: options.template ?? 'auth.password_changed',
    data: { event_title: 'Event', first_name: 'Ada' },
    eventId: options.eventId,
  });

/** A mail the server refused for good at its first try (554 after DATA): `failed`. */
async function failedMail(to: string, options: { template?: MailTemplate; eventId?: number } = {}) {
  const id = await queue(to, options);
  smtp.failNext(1, { code: 554, message: 'Refused for now' });
  await app.jobs.runPending();
  expect((await mailRow(id)).status).toBe('failed');
  return id;
}

async function sentMail(to: string, options: { template?: MailTemplate; eventId?: number } = {}) {
  const id = await queue(to, options);
  await app.jobs.runPending();
  expect((await mailRow(id)).status).toBe('sent');
  return id;
}

describe('GET /api/admin/outbox/', () => {
  it('lists slim rows newest first with their delivery state and event', async () => {
    const event = await buildEvent(app, { status: 'approved', title: 'Outbox Symposium' });
    const sent = await sentMail('sent@example.org', { template: 'events.approved', eventId: event.id });
    const failed = await failedMail('failed@example.org');
    const waiting = await queue('waiting@example.org');

    const response = await (await as(admin)).get(LIST);
    expect(response.statusCode).toBe(200);
    const page = response.json() as OutboxPageDto;
    expect(page).toMatchObject({ count: 3, next: null, previous: null });
    expect(page.results.map((row) => row.id)).toEqual([waiting, failed, sent]);
    const [waitingRow, failedRow, sentRow] = page.results;
    const sentDb = await mailRow(sent);
    expect(sentRow).toEqual({
      id: sent,
      recipient: 'sent@example.org',
      locale: 'en',
      template: 'events.approved',
      status: 'sent',
      attempts: 1,
      last_error: null,
      transport: 'smtp',
      event: { id: event.id, public_id: event.publicId, title: 'Outbox Symposium' },
      created_at: sentDb.createdAt.toISOString(),
      last_attempt_at: sentDb.lastAttemptAt?.toISOString(),
      next_attempt_at: null,
      sent_at: sentDb.sentAt?.toISOString(),
      failed_at: null,
      abilities: { retry: false },
    });
    expect(failedRow).toMatchObject({ status: 'failed', attempts: 1, event: null, abilities: { retry: true } });
    expect(failedRow?.last_error).toMatch(/554 Refused for now/);
    expect(failedRow?.failed_at).toBe((await mailRow(failed)).failedAt?.toISOString());
    expect(waitingRow).toMatchObject({ status: 'queued', attempts: 0, transport: null, last_attempt_at: null });
    expect(waitingRow?.next_attempt_at).toBe(waitingRow?.created_at);
    // No bodies in the list.
    expect(response.body).not.toContain('subject');
    expect(response.body).not.toContain('text_body');
    expect(response.body).not.toContain(sentDb.textBody.slice(0, 20));
  });

  it('filters by status, template and event (public or numeric id), and pages with links', async () => {
    const event = await buildEvent(app, { status: 'approved' });
    const other = await buildEvent(app, { status: 'approved' });
    const inEvent = [
      await failedMail('a@example.org', { template: 'events.approved', eventId: event.id }),
      await sentMail('b@example.org', { template: 'events.approved', eventId: event.id }),
      await sentMail('c@example.org', { template: 'events.rejected', eventId: event.id }),
    ];
    await failedMail('d@example.org', { template: 'events.approved', eventId: other.id });
    await sentMail('e@example.org');
    const client = await as(admin);
    const ids = async (query: Record<string, string>) => {
      const response = await client.get(LIST, { query });
      expect(response.statusCode).toBe(200);
      const page = response.json() as OutboxPageDto;
      return { count: page.count, ids: page.results.map((row) => row.id) };
    };

    expect(await ids({ event: event.publicId })).toEqual({ count: 3, ids: [...inEvent].reverse() });
    expect(await ids({ event: String(event.id) })).toEqual({ count: 3, ids: [...inEvent].reverse() });
    expect((await ids({ status: 'failed' })).count).toBe(2);
    expect(await ids({ status: 'failed', event: event.publicId })).toEqual({ count: 1, ids: [inEvent[0]] });
    expect(await ids({ template: 'events.rejected' })).toEqual({ count: 1, ids: [inEvent[2]] });
    expect(await ids({ template: 'events.approved', status: 'sent' })).toEqual({ count: 1, ids: [inEvent[1]] });
    // A well-formed public id of no event matches nothing.
    expect(await ids({ event: `${event.id}-zzzzzzzz` })).toEqual({ count: 0, ids: [] });

    const first = (await client.get(LIST, { query: { status: 'sent', page_size: '2' } })).json() as OutboxPageDto;
    expect(first.count).toBe(3);
    expect(first.results).toHaveLength(2);
    expect(first.previous).toBeNull();
    expect(first.next).toBe(`${app.config.publicUrl}/api/admin/outbox/?status=sent&page_size=2&page=2`);
    const second = (await client.get(LIST, { query: { status: 'sent', page_size: '2', page: '2' } })).json();
    expect(second.results).toHaveLength(1);
    expect(second.next).toBeNull();
    expect(second.previous).toBe(`${app.config.publicUrl}/api/admin/outbox/?status=sent&page_size=2&page=1`);
  });

  it('shows the event of the mails the event services queue (approval, reviewer invitation)', async () => {
    const event = await buildEvent(app, { status: 'pending', title: 'Mail Conference' });
    const approve = await (await as(admin)).post(`/api/events/${event.publicId}/approve/`);
    expect(approve.statusCode).toBe(200);
    const organizer = await as(event.creator);
    const invite = await organizer.post(`/api/events/${event.publicId}/invite_reviewer/`, {
      email: 'invitee@example.org',
      first_name: 'Rana',
      last_name: 'Aziz',
    });
    expect(invite.statusCode).toBe(201);
    const page = (await (await as(admin)).get(LIST, { query: { event: event.publicId } })).json() as OutboxPageDto;
    expect(page.results.map((row) => [row.template, row.recipient, row.event?.title])).toEqual([
      ['events.reviewer_invitation', 'invitee@example.org', 'Mail Conference'],
      ['events.approved', event.creator.email, 'Mail Conference'],
    ]);
  });

  it('shows the event of the decision and review assignment mails', async () => {
    const paper = await buildSubmission(app, { status: 'under_review' });
    const { event } = paper;
    const decided = await (await as(event.creator)).post(`/api/submissions/${paper.publicId}/make_decision/`, {
      decision: 'accept',
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const reviewer = await buildUser(app);
    const mailed = { userId: reviewer.id, email: reviewer.email, firstName: reviewer.firstName, locale: 'en' };
    await app.db.transaction(async (tx) => {
      await insertAssignment(tx, {
        event,
        submission: paper,
        reviewer: mailed,
        source: 'manual',
        assignedBy: event.creator.id,
        publicUrl: app.config.publicUrl,
      });
      await queueUnassignedMail(tx, {
        reviewer: mailed,
        submission: paper,
        event,
        draftDeleted: false,
        publicUrl: app.config.publicUrl,
      });
    });
    const page = (await (await as(admin)).get(LIST, { query: { event: String(event.id) } })).json() as OutboxPageDto;
    // The decision mail is the event's decision template, sent as the chairs' mail template `events.message`.
    expect(page.results.map((row) => [row.template, row.event?.public_id]).sort()).toEqual([
      ['events.message', event.publicId],
      ['reviews.assigned', event.publicId],
      ['reviews.unassigned', event.publicId],
    ]);
  });

  it.each([
    [{ status: 'bounced' }, 'status'],
    [{ template: 'auth.unknown' }, 'template'],
    [{ event: 'not-an-id' }, 'event'],
    [{ event: '12-ABCDEFGH' }, 'event'],
    [{ page: '0' }, 'page'],
    [{ page_size: '500' }, 'page_size'],
  ])('refuses the filter %j with 400 naming the field', async (query, field) => {
    const response = await (await as(admin)).get(LIST, { query });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: { [field]: [expect.any(String)] } });
  });

  it('answers 401 to anonymous callers and 403 to everyone but site admins', async () => {
    await failedMail('secret@example.org');
    const anonymous = await createClient(app).get(LIST);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual(NOT_AUTHENTICATED);
    const asMember = await (await as(member)).get(LIST, { query: { status: 'bounced' } });
    expect(asMember.statusCode).toBe(403);
    expect(asMember.json()).toEqual(PERMISSION_DENIED);
    expect(asMember.body).not.toContain('secret@example.org');
  });

  it('reads a page with a constant number of queries (1 and 3 mails)', async () => {
    const event = await buildEvent(app, { status: 'approved' });
    const client = await as(admin);
    await queue('one@example.org', { eventId: event.id });
    const one = await countQueries(app, () => client.get(LIST));
    await queue('two@example.org', { eventId: event.id });
    await queue('three@example.org');
    const three = await countQueries(app, () => client.get(LIST));
    expect(three).toBe(one);
  });
});

describe('GET /api/admin/outbox/{id}/', () => {
  it('shows one mail with its rendered subject and text', async () => {
    const id = await failedMail('detail@example.org');
    const response = await (await as(admin)).get(`${LIST}${id}/`);
    expect(response.statusCode).toBe(200);
    const row = await mailRow(id);
    const body = response.json() as OutboxMailDetailDto;
    expect(body).toMatchObject({ id, status: 'failed', subject: row.subject, text_body: row.textBody });
    expect(body).not.toHaveProperty('html_body');
  });

  it('answers 404 for no such mail, 400 for a bad id, 401 and 403 to others', async () => {
    const id = await queue('private@example.org');
    const client = await as(admin);
    expect((await client.get(`${LIST}999999/`)).json()).toMatchObject({ code: 'NOT_FOUND' });
    for (const bad of ['abc', '0', '-1', '1.5', '99999999999']) {
      const response = await client.get(`${LIST}${bad}/`);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: { id: [expect.any(String)] } });
    }
    expect((await createClient(app).get(`${LIST}${id}/`)).statusCode).toBe(401);
    const asMember = await (await as(member)).get(`${LIST}${id}/`);
    expect(asMember.statusCode).toBe(403);
    expect(asMember.body).not.toContain('private@example.org');
  });
});

describe('POST /api/admin/outbox/{id}/retry/', () => {
  it('queues a failed mail again with a fresh window, audits it, and the worker delivers it once', async () => {
    const event = await buildEvent(app, { status: 'approved' });
    const id = await failedMail('again@example.org', { eventId: event.id });
    const [failedJob] = await jobsOf(id);
    expect(failedJob?.status).toBe('failed');
    await app.db
      .update(jobs)
      .set({ createdAt: sql`now() - interval '3 days'` })
      .where(eq(jobs.id, failedJob?.id ?? 0));
    const before = smtp.messages.length;

    const response = await (await as(admin)).post(`${LIST}${id}/retry/`);
    expect(response.statusCode).toBe(200);
    const body = response.json() as OutboxMailDto;
    expect(body).toMatchObject({ id, status: 'queued', failed_at: null, attempts: 1 });
    const row = await mailRow(id);
    expect(row).toMatchObject({ status: 'queued', failedAt: null, attempts: 1 });
    expect(row.nextAttemptAt?.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    expect(body.next_attempt_at).toBe(row.nextAttemptAt?.toISOString());
    // The same job, back in the queue as new: due now, no attempts, its retry window starting now.
    const retriedJobs = await jobsOf(id);
    expect(retriedJobs).toHaveLength(1);
    expect(retriedJobs[0]).toMatchObject({ id: failedJob?.id, status: 'queued', attempts: 0, lastError: null });
    expect(Date.now() - (retriedJobs[0]?.createdAt.getTime() ?? 0)).toBeLessThan(60_000);
    expect(await retryAudits()).toEqual([
      expect.objectContaining({
        actorId: admin.id,
        eventId: event.id,
        entity: 'mail',
        entityId: String(id),
        data: { previous_status: 'failed', scope: 'one' },
      }),
    ]);

    expect(await app.jobs.runPending()).toBe(1);
    expect(await mailRow(id)).toMatchObject({ status: 'sent', attempts: 2, failedAt: null, nextAttemptAt: null });
    expect(smtp.messages.slice(before).map((message) => message.envelope.to)).toEqual([['again@example.org']]);
  });

  it('brings a mail waiting for its next try forward to now', async () => {
    smtp.failNext(1, { code: 451, message: 'Later' });
    const id = await queue('waiting@example.org');
    await app.jobs.runPending();
    const waiting = await mailRow(id);
    expect(waiting.status).toBe('queued');
    expect(waiting.nextAttemptAt?.getTime()).toBeGreaterThan(Date.now() + 10_000);
    expect(await app.jobs.runPending()).toBe(0);

    const response = await (await as(admin)).post(`${LIST}${id}/retry/`);
    expect(response.statusCode).toBe(200);
    expect((await retryAudits())[0]?.data).toEqual({ previous_status: 'queued', scope: 'one' });
    expect(await app.jobs.runPending()).toBe(1);
    expect(await mailRow(id)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('refuses a sent mail, and one being tried this very moment, with 409 and changes nothing', async () => {
    const sent = await sentMail('done@example.org');
    const client = await as(admin);
    const response = await client.post(`${LIST}${sent}/retry/`);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'CONFLICT' });
    expect((await jobsOf(sent)).map((job) => job.status)).toEqual(['done']);

    const busy = await queue('busy@example.org');
    await app.db
      .update(jobs)
      .set({ status: 'running', attempts: 1, lockedBy: 'another-worker', lockedAt: sql`now()` })
      .where(sql`${jobs.payload} ->> 'outboxId' = ${String(busy)}`);
    const running = await client.post(`${LIST}${busy}/retry/`);
    expect(running.statusCode).toBe(409);
    expect((await jobsOf(busy)).map((job) => [job.status, job.lockedBy])).toEqual([['running', 'another-worker']]);
    expect(await retryAudits()).toEqual([]);
  });

  it('gives a failed mail without a job a new one', async () => {
    const id = await failedMail('orphan@example.org');
    await app.db.delete(jobs);
    expect((await (await as(admin)).post(`${LIST}${id}/retry/`)).statusCode).toBe(200);
    expect((await jobsOf(id)).map((job) => job.status)).toEqual(['queued']);
    await app.jobs.runPending();
    expect((await mailRow(id)).status).toBe('sent');
  });

  it('takes two retries of the same mail at once and leaves one queued job', async () => {
    const id = await failedMail('twice@example.org');
    const client = await as(admin);
    const answers = await Promise.all([client.post(`${LIST}${id}/retry/`), client.post(`${LIST}${id}/retry/`)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect((await jobsOf(id)).map((job) => job.status)).toEqual(['queued']);
    expect(await app.jobs.runPending()).toBe(1);
    expect(await mailRow(id)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('answers 404, 400, 401 and 403 without touching the mail', async () => {
    const id = await failedMail('keep@example.org');
    const client = await as(admin);
    expect((await client.post(`${LIST}424242/retry/`)).statusCode).toBe(404);
    const bad = await client.post(`${LIST}x/retry/`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: { id: [expect.any(String)] } });
    expect((await createClient(app).post(`${LIST}${id}/retry/`)).json()).toEqual(NOT_AUTHENTICATED);
    const asMember = await (await as(member)).post(`${LIST}${id}/retry/`);
    expect(asMember.statusCode).toBe(403);
    expect(asMember.json()).toEqual(PERMISSION_DENIED);
    expect(await mailRow(id)).toMatchObject({ status: 'failed', attempts: 1 });
    expect((await jobsOf(id)).map((job) => job.status)).toEqual(['failed']);
    expect(await retryAudits()).toEqual([]);
  });
});

describe('POST /api/admin/outbox/retry-failed/', () => {
  it('retries the failed mails matching the filters only, and the worker sends each once', async () => {
    const event = await buildEvent(app, { status: 'approved' });
    const other = await buildEvent(app, { status: 'approved' });
    const matching = [
      await failedMail('m1@example.org', { template: 'events.approved', eventId: event.id }),
      await failedMail('m2@example.org', { template: 'events.approved', eventId: event.id }),
    ];
    const otherTemplate = await failedMail('t@example.org', { template: 'events.rejected', eventId: event.id });
    const otherEvent = await failedMail('o@example.org', { template: 'events.approved', eventId: other.id });
    const sent = await sentMail('s@example.org', { template: 'events.approved', eventId: event.id });
    const client = await as(admin);

    const response = await client.post(`${LIST}retry-failed/`, {
      event: event.publicId,
      template: 'events.approved',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ retried: 2 });
    for (const id of matching) expect((await mailRow(id)).status).toBe('queued');
    for (const id of [otherTemplate, otherEvent]) expect((await mailRow(id)).status).toBe('failed');
    expect((await mailRow(sent)).status).toBe('sent');
    const audits = await retryAudits();
    expect(audits.map((audit) => [Number(audit.entityId), audit.eventId, audit.data]).sort()).toEqual(
      matching.map((id) => [id, event.id, { previous_status: 'failed', scope: 'all_failed' }]),
    );

    const before = smtp.messages.length;
    expect(await app.jobs.runPending()).toBe(2);
    expect(
      smtp.messages
        .slice(before)
        .map((message) => message.envelope.to[0])
        .sort(),
    ).toEqual(['m1@example.org', 'm2@example.org']);

    // Without filters: every failed mail left.
    expect((await client.post(`${LIST}retry-failed/`, {})).json()).toEqual({ retried: 2 });
    expect((await client.post(`${LIST}retry-failed/`, {})).json()).toEqual({ retried: 0 });
  });

  it('works through more failed mails than one batch holds, in batches', async () => {
    const count = RETRY_BATCH_SIZE + 5;
    const rows = await app.db
      .insert(mailOutbox)
      .values(
        Array.from({ length: count }, (_, n) => ({
          recipient: `bulk${n}@example.org`,
          template: 'auth.password_changed',
          subject: 'S',
          textBody: 'T',
          htmlBody: '<p>T</p>',
          status: 'failed' as const,
          attempts: 3,
          lastError: '421 Service not available',
          failedAt: sql`now()`,
        })),
      )
      .returning({ id: mailOutbox.id });
    const ids = rows.map((row) => row.id);
    await app.db.insert(jobs).values(
      ids.map((id) => ({
        type: MAIL_SEND_JOB,
        payload: { outboxId: id },
        status: 'failed' as const,
        attempts: 3,
        createdAt: sql`now() - interval '3 days'`,
      })),
    );

    const response = await (await as(admin)).post(`${LIST}retry-failed/`, {});
    expect(response.json()).toEqual({ retried: count });
    const after = await app.db.select().from(mailOutbox).where(inArray(mailOutbox.id, ids));
    expect(after.every((row) => row.status === 'queued' && row.failedAt === null)).toBe(true);
    const queuedJobs = await app.db.select().from(jobs).where(eq(jobs.type, MAIL_SEND_JOB));
    expect(queuedJobs).toHaveLength(count);
    expect(queuedJobs.every((job) => job.status === 'queued' && job.attempts === 0)).toBe(true);
    expect(await retryAudits()).toHaveLength(count);
  });

  it('counts each mail once when two "retry all" run at the same time', async () => {
    const ids = [
      await failedMail('r1@example.org'),
      await failedMail('r2@example.org'),
      await failedMail('r3@example.org'),
    ];
    const client = await as(admin);
    const answers = await Promise.all([
      client.post(`${LIST}retry-failed/`, {}),
      client.post(`${LIST}retry-failed/`, {}),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(answers.reduce((sum, answer) => sum + answer.json().retried, 0)).toBe(3);
    expect(await retryAudits()).toHaveLength(3);
    for (const id of ids) expect((await jobsOf(id)).map((job) => job.status)).toEqual(['queued']);
  });

  it.each([
    [{ template: 'nope' }, 'template'],
    [{ event: 'x' }, 'event'],
    [{ event: 12 }, 'event'],
  ])('refuses %j with 400 naming the field', async (body, field) => {
    const id = await failedMail('stay@example.org');
    const response = await (await as(admin)).post(`${LIST}retry-failed/`, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: { [field]: [expect.any(String)] } });
    expect((await mailRow(id)).status).toBe('failed');
  });

  it('answers 401 and 403 without retrying anything', async () => {
    const id = await failedMail('untouched@example.org');
    expect((await createClient(app).post(`${LIST}retry-failed/`, {})).json()).toEqual(NOT_AUTHENTICATED);
    const asMember = await (await as(member)).post(`${LIST}retry-failed/`, { template: 'nope' });
    expect(asMember.statusCode).toBe(403);
    expect(asMember.json()).toEqual(PERMISSION_DENIED);
    expect(await mailRow(id)).toMatchObject({ status: 'failed' });
    expect((await jobsOf(id)).map((job) => job.status)).toEqual(['failed']);
    expect(await retryAudits()).toEqual([]);
  });
});

describe('the API document', () => {
  it('lists the outbox operations under their tag, with their answers', () => {
    type Operation = { tags?: string[]; responses: object };
    const { paths } = app.swagger() as unknown as { paths: Record<string, Record<string, Operation>> };
    const operations = {
      get: ['/api/admin/outbox/', '/api/admin/outbox/{id}/'],
      post: ['/api/admin/outbox/{id}/retry/', '/api/admin/outbox/retry-failed/'],
    };
    for (const [method, urls] of Object.entries(operations)) {
      for (const url of urls) expect(paths[url]?.[method]?.tags, `${method} ${url}`).toEqual(['outbox']);
    }
    expect(Object.keys(paths['/api/admin/outbox/{id}/retry/']?.post?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '404', '409']),
    );
  });
});
