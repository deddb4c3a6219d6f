import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildUser } from '../../test/factories/users.ts';
import { createClient } from '../../test/http.ts';
import { jobs, mailOutbox } from '../db/schema/index.ts';
import { loggerOptions } from '../lib/logging.ts';
import { registerJobHandlers } from './index.ts';
import { enqueueJob, JobQueue } from './queue.ts';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

/** A job queue with the app's handlers whose log lines (JSON, debug and up) are kept for the test to read. */
function queueWithLog() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) };
  const log = Fastify({ logger: loggerOptions('debug', stream) }).log;
  const queue = new JobQueue({ db: app.db, log });
  registerJobHandlers(queue, { config: app.config, mailer: app.mailer, storage: app.storage });
  return { queue, lines };
}

describe('the request id in jobs', () => {
  it('records the id of the request that queued a mail, and the job logs it', async () => {
    const user = await buildUser(app);
    const response = await createClient(app).post(
      '/api/auth/password-reset/request_reset/',
      { email: user.email },
      { headers: { 'x-request-id': 'reset-request-0042' } },
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-request-id']).toBe('reset-request-0042');
    const [mail] = await app.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, user.email));
    if (!mail) throw new Error('no mail was queued');
    const queued = await app.db.select().from(jobs).where(eq(jobs.type, 'mail.send'));
    const job = queued.find((row) => row.payload.outboxId === mail.id);
    expect(job).toMatchObject({ status: 'queued', requestId: 'reset-request-0042' });

    const { queue, lines } = queueWithLog();
    expect(await queue.runPending()).toBeGreaterThanOrEqual(1);
    const jobLines = lines.filter((line) => line.jobId === job?.id);
    expect(jobLines.map((line) => line.msg)).toContain('job done');
    for (const line of jobLines) expect(line.reqId).toBe('reset-request-0042');
    const [sent] = await app.db.select().from(mailOutbox).where(eq(mailOutbox.id, mail.id));
    expect(sent?.status).toBe('sent');
  });

  it('gives every request its own id: two requests at once never swap them', async () => {
    const [first, second] = await Promise.all([buildUser(app), buildUser(app)]);
    if (!first || !second) throw new Error('no users');
    await Promise.all(
      [first, second].map((user, index) =>
        createClient(app).post(
          '/api/auth/password-reset/request_reset/',
          { email: user.email },
          { headers: { 'x-request-id': `parallel-${index}` } },
        ),
      ),
    );
    for (const [index, user] of [first, second].entries()) {
      const [mail] = await app.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, user.email));
      const [job] = (await app.db.select().from(jobs).where(eq(jobs.type, 'mail.send'))).filter(
        (row) => row.payload.outboxId === mail?.id,
      );
      expect(job?.requestId).toBe(`parallel-${index}`);
    }
  });

  it('records none for a job queued outside a request (the worker loop, a script)', async () => {
    const id = await enqueueJob(app.db, 'test.outside', {});
    const [row] = await app.db.select().from(jobs).where(eq(jobs.id, id));
    expect(row?.requestId).toBeNull();
  });
});
