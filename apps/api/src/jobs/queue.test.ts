import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { openDatabase } from '../db/client.ts';
import { jobs, rateLimits } from '../db/schema/index.ts';
import { runWithRequestId } from '../lib/request-context.ts';
import { queryRows } from '../lib/sql.ts';
import { ASSIGNMENT_PREVIEW_JOB } from '../modules/assignment/assignment.job.ts';
import { CONFLICTS_SYNC_JOB } from '../modules/conflicts/conflicts.job.ts';
import { PRUNE_RATE_LIMITS_JOB } from './maintenance.ts';
import {
  backoffDelayMs,
  enqueueJob,
  enqueueJobs,
  type FailureOutcome,
  JobQueue,
  type JobQueueOptions,
  PermanentJobError,
  type RetryPolicy,
  requeueJobs,
  windowRetryAt,
} from './queue.ts';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => app.close());
beforeEach(async () => {
  await app.db.delete(jobs);
});

const makeQueue = (options: Partial<JobQueueOptions> = {}) => new JobQueue({ db: app.db, log: app.log, ...options });
const loadJob = async (id: number) => {
  const [row] = await app.db.select().from(jobs).where(eq(jobs.id, id));
  if (!row) throw new Error(`job ${id} not found`);
  return row;
};
/** Seconds from the database's now() to the job's run_at. */
const secondsUntilRun = async (id: number) => {
  const [row] = await queryRows<{ seconds: string | number }>(
    app.db,
    sql`select extract(epoch from (run_at - now())) as seconds from jobs where id = ${id}`,
  );
  return Number(row?.seconds);
};
const makeDue = (id: number) =>
  app.db.update(jobs).set({ runAt: sql`now() - interval '1 second'` }).where(eq(jobs.id, id));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('enqueue and run', () => {
  it('runs a queued job with its payload and stores the result', async () => {
    const queue = makeQueue();
    const seen: unknown[] = [];
    queue.register('test.echo', async (payload, ctx) => {
      seen.push({ payload, jobId: ctx.jobId, attempt: ctx.attempt });
      return { echoed: payload.word };
    });
    const id = await enqueueJob(app.db, 'test.echo', { word: 'hello' });
    const queued = await loadJob(id);
    expect(queued).toMatchObject({ status: 'queued', attempts: 0, maxAttempts: 5, payload: { word: 'hello' } });

    expect(await queue.runPending()).toBe(1);
    expect(seen).toEqual([{ payload: { word: 'hello' }, jobId: id, attempt: 1 }]);
    const done = await loadJob(id);
    expect(done).toMatchObject({ status: 'done', attempts: 1, result: { echoed: 'hello' }, lockedAt: null });
    expect(done.finishedAt).toBeInstanceOf(Date);
    expect(await queue.runPending()).toBe(0);
  });

  it('stores progress reported during the run', async () => {
    const queue = makeQueue();
    let progressSeenInside: unknown;
    queue.register('test.progress', async (_payload, ctx) => {
      await ctx.reportProgress({ step: 1, of: 2 });
      progressSeenInside = (await loadJob(ctx.jobId)).progress;
      await ctx.reportProgress({ step: 2, of: 2 });
    });
    const id = await queue.enqueue('test.progress', {});
    await queue.runPending();
    expect(progressSeenInside).toEqual({ step: 1, of: 2 });
    expect(await loadJob(id)).toMatchObject({ status: 'done', progress: { step: 2, of: 2 }, result: null });
  });

  it('leaves jobs whose run_at is in the future, and stops at max', async () => {
    const queue = makeQueue();
    const ran: number[] = [];
    queue.register('test.count', async (payload) => {
      ran.push(Number(payload.n));
    });
    const later = await enqueueJob(app.db, 'test.count', { n: 0 }, { runAt: new Date(Date.now() + 60_000) });
    for (const n of [1, 2, 3]) await enqueueJob(app.db, 'test.count', { n });
    expect(await queue.runPending({ max: 2 })).toBe(2);
    expect(await queue.runPending()).toBe(1);
    expect(ran).toEqual([1, 2, 3]);
    expect((await loadJob(later)).status).toBe('queued');
  });

  it('enqueues many jobs in one statement, with their payloads and the request id, and runs them', async () => {
    const queue = makeQueue();
    const seen: unknown[] = [];
    queue.register('test.many', async (payload) => {
      seen.push(payload);
    });
    const payloads = [{ n: 1, text: 'a "quoted", {braced} text' }, { n: 2, nested: { list: [1, 2] } }, {}];
    await runWithRequestId('req-many', () => enqueueJobs(app.db, 'test.many', payloads));
    await enqueueJobs(app.db, 'test.many', []);
    const rows = await app.db.select().from(jobs).where(eq(jobs.type, 'test.many')).orderBy(jobs.id);
    expect(rows.map((row) => [row.payload, row.requestId, row.status, row.maxAttempts])).toEqual(
      payloads.map((payload) => [payload, 'req-many', 'queued', 5]),
    );
    expect(await queue.runPending()).toBe(3);
    expect(seen).toEqual(payloads);
  });

  it('enqueues inside a transaction: a rolled-back transaction leaves no job', async () => {
    await expect(
      app.db.transaction(async (tx) => {
        await enqueueJob(tx, 'test.rollback', {});
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await app.db.select().from(jobs).where(eq(jobs.type, 'test.rollback'))).toEqual([]);
  });

  it('fails a job of an unknown type at once, with a clear error', async () => {
    const id = await enqueueJob(app.db, 'test.nobody', {}, { maxAttempts: 5 });
    expect(await makeQueue().runPending()).toBe(1);
    const job = await loadJob(id);
    expect(job).toMatchObject({ status: 'failed', attempts: 1 });
    expect(job.lastError).toBe('Unknown job type "test.nobody": no handler is registered for it.');
  });

  it('keeps the values of a failed query out of last_error', async () => {
    const secret = '$scrypt$secret-hash-value';
    const queue = makeQueue();
    queue.register('test.leaky', async (_payload, ctx) => {
      await ctx.db.execute(sql`insert into jobs (id, type) values (${-1}, ${secret}), (${-1}, ${secret})`);
    });
    const id = await enqueueJob(app.db, 'test.leaky', {}, { maxAttempts: 1 });
    expect(await queue.runPending()).toBe(1);
    const job = await loadJob(id);
    expect(job.status).toBe('failed');
    expect(job.lastError).toContain('Failed query: insert into jobs');
    expect(job.lastError).not.toContain(secret);
  });

  it('refuses a second handler for the same type', () => {
    const queue = makeQueue();
    queue.register('test.once', async () => {});
    expect(() => queue.register('test.once', async () => {})).toThrow('already registered');
  });
});

describe('coalescing queued jobs', () => {
  const queuedOf = (type: string) => app.db.select().from(jobs).where(eq(jobs.type, type)).orderBy(jobs.id);

  it('keeps one queued job per key, with the last payload and request id; other keys and types apart', async () => {
    const first = await runWithRequestId('req-1', () =>
      enqueueJob(app.db, 'test.coalesce', { file: 1 }, { coalesceKey: '7' }),
    );
    const second = await runWithRequestId('req-2', () =>
      enqueueJob(app.db, 'test.coalesce', { file: 2 }, { coalesceKey: '7' }),
    );
    expect(second).toBe(first);
    const other = await enqueueJob(app.db, 'test.coalesce', { file: 3 }, { coalesceKey: '8' });
    const otherType = await enqueueJob(app.db, 'test.coalesce_other', { file: 4 }, { coalesceKey: '7' });
    const plain = await enqueueJob(app.db, 'test.coalesce', { file: 5 });
    expect(new Set([first, other, otherType, plain]).size).toBe(4);
    expect(await loadJob(first)).toMatchObject({ status: 'queued', payload: { file: 2 }, requestId: 'req-2' });
    expect((await queuedOf('test.coalesce')).map((row) => row.payload)).toEqual([
      { file: 2 },
      { file: 3 },
      { file: 5 },
    ]);
  });

  it('keeps one job when the same key is queued at once from many transactions', async () => {
    const ids = await Promise.all(
      Array.from({ length: 12 }, (_, n) =>
        app.db.transaction((tx) => enqueueJob(tx, 'test.coalesce_race', { n }, { coalesceKey: 'paper-1' })),
      ),
    );
    const rows = await queuedOf('test.coalesce_race');
    expect(rows).toHaveLength(1);
    expect(new Set(ids)).toEqual(new Set([rows[0]?.id]));
    expect(rows[0]?.payload).toHaveProperty('n');
  });

  it('queues anew once a worker claimed the job, and lets the running job finish with its own payload', async () => {
    const queue = makeQueue();
    const seen: unknown[] = [];
    let second: number | undefined;
    queue.register('test.coalesce_run', async (payload) => {
      seen.push(payload);
      // A change while the job runs: a new job, not the running one's payload.
      if (second === undefined) {
        second = await enqueueJob(app.db, 'test.coalesce_run', { file: 2 }, { coalesceKey: 'k' });
      }
    });
    const first = await enqueueJob(app.db, 'test.coalesce_run', { file: 1 }, { coalesceKey: 'k' });
    expect(await queue.runPending()).toBe(2);
    expect(second).not.toBe(first);
    expect(seen).toEqual([{ file: 1 }, { file: 2 }]);
    expect((await queuedOf('test.coalesce_run')).map((row) => row.status)).toEqual(['done', 'done']);
  });

  it('lets a failed job wait for its retry, or be requeued by an operator, beside a newer queued one', async () => {
    const queue = makeQueue();
    let fail = true;
    queue.register('test.coalesce_retry', async () => {
      if (fail) throw new Error('provider down');
    });
    const failing = await enqueueJob(app.db, 'test.coalesce_retry', { file: 1 }, { coalesceKey: 'k' });
    expect(await queue.runPending()).toBe(1);
    expect(await loadJob(failing)).toMatchObject({ status: 'queued', attempts: 1, coalesceKey: null });
    const newer = await enqueueJob(app.db, 'test.coalesce_retry', { file: 2 }, { coalesceKey: 'k' });
    expect(newer).not.toBe(failing);
    // Failed for good, then put back by an operator while the newer job still waits: no clash.
    await app.db.update(jobs).set({ status: 'failed' }).where(eq(jobs.id, failing));
    expect(await requeueJobs(app.db, [failing])).toEqual([failing]);
    fail = false;
    await makeDue(failing);
    expect(await queue.runPending()).toBe(2);
    expect((await queuedOf('test.coalesce_retry')).map((row) => row.status)).toEqual(['done', 'done']);
  });
});

describe('claiming with FOR UPDATE SKIP LOCKED', () => {
  it('never runs the same job twice when several workers run pending jobs at once', async () => {
    const runs: { id: number; worker: string }[] = [];
    const queues = ['worker-a', 'worker-b'].map((workerId) => {
      const queue = makeQueue({ workerId });
      queue.register('test.concurrent', async (_payload, ctx) => {
        runs.push({ id: ctx.jobId, worker: workerId });
        await sleep(5);
      });
      return queue;
    });
    const ids: number[] = [];
    for (let n = 0; n < 16; n += 1) ids.push(await enqueueJob(app.db, 'test.concurrent', { n }));

    // Two workers, each running two claim loops at the same time.
    const counts = await Promise.all(queues.flatMap((queue) => [queue.runPending(), queue.runPending()]));

    expect(counts).toHaveLength(4);
    expect(counts.reduce((sum, n) => sum + n, 0)).toBe(16);
    expect(runs.map((r) => r.id).sort((x, y) => x - y)).toEqual([...ids].sort((x, y) => x - y));
    const rows = await app.db.select().from(jobs).where(inArray(jobs.id, ids));
    expect(rows.every((row) => row.status === 'done' && row.attempts === 1)).toBe(true);
    expect(new Set(rows.map((row) => row.lockedBy))).toEqual(new Set([null]));
  });
});

describe('retries', () => {
  it('computes 2^attempt × 5 s, capped at one hour', () => {
    expect(backoffDelayMs(1)).toBe(10_000);
    expect(backoffDelayMs(2)).toBe(20_000);
    expect(backoffDelayMs(3)).toBe(40_000);
    expect(backoffDelayMs(12)).toBe(3_600_000);
  });

  it('retries a failing job with exponential backoff, then marks it failed with the last error', async () => {
    const queue = makeQueue();
    let calls = 0;
    queue.register('test.flaky', async () => {
      calls += 1;
      throw new Error(`boom ${calls}`);
    });
    const id = await enqueueJob(app.db, 'test.flaky', {}, { maxAttempts: 3 });

    expect(await queue.runPending()).toBe(1);
    let job = await loadJob(id);
    expect(job).toMatchObject({ status: 'queued', attempts: 1, lastError: 'boom 1', lockedAt: null, finishedAt: null });
    expect(await secondsUntilRun(id)).toBeGreaterThan(8);
    expect(await secondsUntilRun(id)).toBeLessThanOrEqual(10);
    expect(await queue.runPending()).toBe(0); // not due yet

    await makeDue(id);
    expect(await queue.runPending()).toBe(1);
    job = await loadJob(id);
    expect(job).toMatchObject({ status: 'queued', attempts: 2, lastError: 'boom 2' });
    expect(await secondsUntilRun(id)).toBeGreaterThan(18);
    expect(await secondsUntilRun(id)).toBeLessThanOrEqual(20);

    await makeDue(id);
    expect(await queue.runPending()).toBe(1);
    job = await loadJob(id);
    expect(job).toMatchObject({ status: 'failed', attempts: 3, lastError: 'boom 3', lockedAt: null });
    expect(job.finishedAt).toBeInstanceOf(Date);

    await makeDue(id);
    expect(await queue.runPending()).toBe(0);
    expect(calls).toBe(3);
  });

  it('finishes a job that succeeds on a retry', async () => {
    const queue = makeQueue();
    let calls = 0;
    queue.register('test.second_time', async () => {
      calls += 1;
      if (calls === 1) throw new Error('transient');
      return { calls };
    });
    const id = await enqueueJob(app.db, 'test.second_time', {});
    await queue.runPending();
    await makeDue(id);
    await queue.runPending();
    expect(await loadJob(id)).toMatchObject({ status: 'done', attempts: 2, result: { calls: 2 } });
  });
});

describe('retries bounded by a time window', () => {
  const WINDOW: Extract<RetryPolicy, { kind: 'window' }> = {
    kind: 'window',
    windowMs: 48 * 3_600_000,
    baseBackoffMs: 30_000,
    maxBackoffMs: 30 * 60_000,
    jitter: 0.2,
  };
  const created = new Date('2026-01-01T00:00:00Z');

  it('doubles the delay from the base up to the cap, less at most the jitter share', () => {
    const at = (attempt: number, random: number, now = created.getTime()) =>
      (windowRetryAt(WINDOW, { attempt, createdAt: created }, now, random)?.getTime() ?? Number.NaN) - now;
    expect(at(1, 0)).toBe(30_000);
    expect(at(2, 0)).toBe(60_000);
    expect(at(3, 0)).toBe(120_000);
    expect(at(8, 0)).toBe(30 * 60_000);
    expect(at(40, 0)).toBe(30 * 60_000);
    expect(at(1, 0.999_999)).toBeCloseTo(24_000, -1);
    expect(at(8, 0.5)).toBe(27 * 60_000);
  });

  it('puts the last try at the end of the window and gives up once it is over', () => {
    const end = created.getTime() + WINDOW.windowMs;
    expect(windowRetryAt(WINDOW, { attempt: 90, createdAt: created }, end - 60_000, 0)?.getTime()).toBe(end);
    expect(windowRetryAt(WINDOW, { attempt: 90, createdAt: created }, end, 0)).toBeNull();
    expect(windowRetryAt(WINDOW, { attempt: 2, createdAt: created }, end + 1, 0)).toBeNull();
  });

  it('retries past max_attempts while the window lasts, then fails, telling the hook each time', async () => {
    const queue = makeQueue();
    const outcomes: FailureOutcome[] = [];
    queue.register(
      'test.windowed',
      async () => {
        throw new Error('server away');
      },
      {
        retry: { kind: 'window', windowMs: 250, baseBackoffMs: 10, maxBackoffMs: 40, jitter: 0 },
        onFailure: async (db, payload, outcome) => {
          // The hook runs in the transaction that recorded the try: it sees the job as recorded.
          const [job] = await db.select().from(jobs).where(eq(jobs.type, 'test.windowed'));
          expect(job?.status).toBe(outcome.retryAt ? 'queued' : 'failed');
          expect(payload).toEqual({ n: 1 });
          outcomes.push(outcome);
        },
      },
    );
    const id = await enqueueJob(app.db, 'test.windowed', { n: 1 }, { maxAttempts: 2 });
    const deadline = Date.now() + 5000;
    while ((await loadJob(id)).status !== 'failed' && Date.now() < deadline) {
      await queue.runPending();
      await sleep(5);
    }
    const job = await loadJob(id);
    expect(job).toMatchObject({ status: 'failed', lastError: 'server away' });
    expect(job.attempts).toBeGreaterThan(3);
    expect(outcomes).toHaveLength(job.attempts);
    expect(outcomes.at(-1)).toEqual({ retryAt: null, error: 'server away' });
    const retries = outcomes.slice(0, -1).map((outcome) => outcome.retryAt?.getTime() ?? 0);
    expect(retries.every((time) => time <= job.createdAt.getTime() + 250)).toBe(true);
    expect(job.finishedAt?.getTime()).toBeGreaterThanOrEqual(job.createdAt.getTime() + 250);
  });

  it('fails a job at once on a PermanentJobError, whatever its policy', async () => {
    const queue = makeQueue();
    const outcomes: FailureOutcome[] = [];
    queue.register(
      'test.refused',
      async () => {
        throw new PermanentJobError('refused for good');
      },
      { retry: WINDOW, onFailure: async (_db, _payload, outcome) => void outcomes.push(outcome) },
    );
    queue.register('test.refused_default', async () => {
      throw new PermanentJobError('also refused');
    });
    const windowed = await enqueueJob(app.db, 'test.refused', {});
    const counted = await enqueueJob(app.db, 'test.refused_default', {});
    expect(await queue.runPending()).toBe(2);
    expect(await loadJob(windowed)).toMatchObject({ status: 'failed', attempts: 1, lastError: 'refused for good' });
    expect(await loadJob(counted)).toMatchObject({ status: 'failed', attempts: 1, lastError: 'also refused' });
    expect(outcomes).toEqual([{ retryAt: null, error: 'refused for good' }]);
  });

  it('tells the hook the retry time of the default policy too', async () => {
    const queue = makeQueue();
    const outcomes: FailureOutcome[] = [];
    queue.register(
      'test.counted',
      async () => {
        throw new Error('once more');
      },
      { onFailure: async (_db, _payload, outcome) => void outcomes.push(outcome) },
    );
    const id = await enqueueJob(app.db, 'test.counted', {});
    await queue.runPending();
    const job = await loadJob(id);
    expect(outcomes).toEqual([{ retryAt: job.runAt, error: 'once more' }]);
    expect(await secondsUntilRun(id)).toBeGreaterThan(8);
  });

  it('requeues finished and waiting jobs as new, and leaves a running one alone', async () => {
    const failed = await enqueueJob(app.db, 'test.requeue', {});
    const waiting = await enqueueJob(app.db, 'test.requeue', {}, { runAt: new Date(Date.now() + 3_600_000) });
    const running = await enqueueJob(app.db, 'test.requeue', {});
    await app.db
      .update(jobs)
      .set({
        status: 'failed',
        attempts: 5,
        lastError: 'gave up',
        finishedAt: sql`now()`,
        createdAt: sql`now() - interval '3 days'`,
      })
      .where(eq(jobs.id, failed));
    await app.db.update(jobs).set({ status: 'running', attempts: 1, lockedBy: 'busy' }).where(eq(jobs.id, running));
    expect((await requeueJobs(app.db, [failed, waiting, running])).sort((a, b) => a - b)).toEqual([failed, waiting]);
    for (const id of [failed, waiting]) {
      const job = await loadJob(id);
      expect(job).toMatchObject({ status: 'queued', attempts: 0, lastError: null, finishedAt: null, lockedBy: null });
      expect(await secondsUntilRun(id)).toBeLessThanOrEqual(0);
      expect(Date.now() - job.createdAt.getTime()).toBeLessThan(60_000);
    }
    expect(await loadJob(running)).toMatchObject({ status: 'running', attempts: 1, lockedBy: 'busy' });
    expect(await requeueJobs(app.db, [])).toEqual([]);
  });
});

describe('leases', () => {
  const insertRunning = async (lockedMinutesAgo: number, attempts: number, maxAttempts = 5) => {
    const [row] = await app.db
      .insert(jobs)
      .values({
        type: 'test.lease',
        payload: {},
        status: 'running',
        attempts,
        maxAttempts,
        lockedBy: 'dead-worker',
        lockedAt: sql`now() - (${lockedMinutesAgo}::int * interval '1 minute')`,
        runAt: sql`now() - interval '1 hour'`,
      })
      .returning({ id: jobs.id });
    if (!row) throw new Error('insert failed');
    return row.id;
  };

  it('reclaims a job whose lease expired, and leaves a job still within its lease', async () => {
    const queue = makeQueue({ workerId: 'rescuer' });
    const ran: number[] = [];
    queue.register('test.lease', async (_payload, ctx) => {
      ran.push(ctx.jobId);
      expect(ctx.attempt).toBe(2);
    });
    const stale = await insertRunning(11, 1);
    const fresh = await insertRunning(1, 1);

    expect(await queue.runPending()).toBe(1);
    expect(ran).toEqual([stale]);
    expect(await loadJob(stale)).toMatchObject({ status: 'done', attempts: 2 });
    expect(await loadJob(fresh)).toMatchObject({ status: 'running', attempts: 1, lockedBy: 'dead-worker' });
  });

  it('fails a job whose lease expired on its last attempt instead of running it again', async () => {
    const queue = makeQueue();
    let calls = 0;
    queue.register('test.lease', async () => {
      calls += 1;
    });
    const id = await insertRunning(30, 3, 3);
    expect(await queue.runPending()).toBe(0);
    expect(calls).toBe(0);
    const job = await loadJob(id);
    expect(job.status).toBe('failed');
    expect(job.lastError).toMatch(/lease of 600 s expired on its last attempt/);
  });

  it('under a window policy, reclaims an expired lease within the window and fails it after', async () => {
    const queue = makeQueue();
    const outcomes: { payload: Record<string, unknown>; outcome: FailureOutcome }[] = [];
    const ran: number[] = [];
    queue.register(
      'test.lease',
      async (_payload, ctx) => {
        ran.push(ctx.jobId);
      },
      {
        retry: { kind: 'window', windowMs: 60 * 60_000, baseBackoffMs: 1000, maxBackoffMs: 1000, jitter: 0 },
        onFailure: async (_db, payload, outcome) => void outcomes.push({ payload, outcome }),
      },
    );
    // Far past max_attempts but inside the window (created now): claimed again.
    const inside = await insertRunning(30, 9, 3);
    // Created two hours ago: the window of one hour is over.
    const over = await insertRunning(30, 2, 5);
    await app.db
      .update(jobs)
      .set({ createdAt: sql`now() - interval '2 hours'`, payload: { which: 'over' } })
      .where(eq(jobs.id, over));
    expect(await queue.runPending()).toBe(1);
    expect(ran).toEqual([inside]);
    expect(await loadJob(inside)).toMatchObject({ status: 'done', attempts: 10 });
    const failed = await loadJob(over);
    expect(failed.status).toBe('failed');
    expect(failed.lastError).toMatch(/lease of 600 s expired/);
    expect(outcomes).toEqual([{ payload: { which: 'over' }, outcome: { retryAt: null, error: failed.lastError } }]);
  });

  it('ignores the outcome reported by a worker that lost its job to a reclaim', async () => {
    const queue = makeQueue();
    queue.register('test.slow', async (_payload, ctx) => {
      // Meanwhile another worker reclaimed the job: its attempt number moved on.
      await app.db
        .update(jobs)
        .set({ attempts: sql`${jobs.attempts} + 1`, lockedBy: 'other' })
        .where(eq(jobs.id, ctx.jobId));
      return { stale: true };
    });
    const id = await enqueueJob(app.db, 'test.slow', {});
    await queue.runPending();
    expect(await loadJob(id)).toMatchObject({ status: 'running', attempts: 2, lockedBy: 'other', result: null });
  });
});

describe('the worker loop', () => {
  it('is woken at once by an in-process enqueue and stops cleanly', async () => {
    const queue = makeQueue({ pollIntervalMs: 60_000 });
    let resolveRan: (id: number) => void = () => {};
    const ran = new Promise<number>((resolve) => {
      resolveRan = resolve;
    });
    queue.register('test.wake', async (_payload, ctx) => {
      resolveRan(ctx.jobId);
    });
    queue.start();
    await sleep(50); // the loop is now asleep for a minute
    const started = Date.now();
    const id = await queue.enqueue('test.wake', {});
    expect(await ran).toBe(id);
    expect(Date.now() - started).toBeLessThan(5000);
    await queue.stop();
    expect((await loadJob(id)).status).toBe('done');
  });

  /** A promise of the id of the next job `type` runs on `queue`, and the handler registered for it. */
  const awaitRun = (queue: JobQueue, type: string, options: { lane?: string } = {}) => {
    let resolveRan: (id: number) => void = () => {};
    const ran = new Promise<number>((resolve) => {
      resolveRan = resolve;
    });
    queue.register(type, async (_payload, ctx) => resolveRan(ctx.jobId), options);
    return ran;
  };

  it('is woken by a job queued through the database (enqueueJob, requeueJobs, another connection), not by its poll', async () => {
    // The poll is an hour: only the notification of a due job can wake the loop within the test's time.
    const queue = makeQueue({ pollIntervalMs: 3_600_000 });
    const queued = awaitRun(queue, 'test.notified');
    queue.start();
    await queue.listening;
    await sleep(50); // asleep
    // enqueueJob does not wake the in-process loop itself: the NOTIFY its statement sends on commit does.
    const id = await app.db.transaction(async (tx) => enqueueJob(tx, 'test.notified', {}));
    expect(await queued).toBe(id);
    await sleep(50);
    expect((await loadJob(id)).status).toBe('done');

    // An operator's retry in another process (requeueJobs without a nudge).
    const requeued = new Promise<number>((resolve) => {
      queue.register('test.requeued', async (_payload, ctx) => resolve(ctx.jobId));
    });
    const done = await enqueueJob(app.db, 'test.requeued', {}, { runAt: new Date(Date.now() + 3_600_000) });
    await sleep(50);
    expect((await loadJob(done)).status).toBe('queued');
    expect(await requeueJobs(app.db, [done])).toEqual([done]);
    expect(await requeued).toBe(done);

    // A job that took a new payload while queued wakes nobody again: the first enqueue's notification did.
    await sleep(100); // asleep again
    const coalesced: number[] = [];
    queue.register('test.coalesced', async (_payload, ctx) => {
      coalesced.push(ctx.jobId);
    });
    const waiting = await enqueueJob(
      app.db,
      'test.coalesced',
      {},
      { coalesceKey: 'k', runAt: new Date(Date.now() + 3_600_000) },
    );
    await makeDue(waiting);
    expect(await enqueueJob(app.db, 'test.coalesced', { again: true }, { coalesceKey: 'k' })).toBe(waiting);
    await sleep(300);
    expect(coalesced).toEqual([]);
    expect((await loadJob(waiting)).status).toBe('queued');
    const fresh = awaitRun(queue, 'test.coalesced_fresh');
    const freshId = await enqueueJob(app.db, 'test.coalesced_fresh', {}, { coalesceKey: 'k' });
    expect(await fresh).toBe(freshId);
    expect(coalesced).toEqual([waiting]);

    if (process.env.TEST_DB === 'postgres') {
      // Another process: a pool of its own on the same database, as an HTTP worker of the cluster.
      const url = (app.db as unknown as { $client: { options: { connectionString: string } } }).$client.options
        .connectionString;
      const other = await openDatabase({ url, migrate: false });
      try {
        const fromOther = new Promise<number>((resolve) => {
          queue.register('test.other_process', async (_payload, ctx) => resolve(ctx.jobId));
        });
        const otherId = await enqueueJob(other.db, 'test.other_process', {});
        expect(await fromOther).toBe(otherId);
      } finally {
        await other.close();
      }
    }
    await queue.stop();
  });

  it.skipIf(process.env.TEST_DB !== 'postgres')(
    'listens again after its PostgreSQL connection is lost, and is woken as before',
    async () => {
      const queue = makeQueue({ pollIntervalMs: 3_600_000 });
      const ran: number[] = [];
      queue.register('test.after_loss', async (_payload, ctx) => {
        ran.push(ctx.jobId);
      });
      queue.start();
      await queue.listening;
      const listeners = () =>
        queryRows<{ pid: number }>(
          app.db,
          sql`select pid from pg_stat_activity where datname = current_database() and query = 'LISTEN confero_jobs'`,
        );
      const [before] = await listeners();
      expect(before).toBeDefined();
      await app.db.execute(sql`select pg_terminate_backend(${before?.pid})`);
      let after: { pid: number } | undefined;
      for (let i = 0; i < 100 && (after === undefined || after.pid === before?.pid); i += 1) {
        await sleep(50);
        [after] = await listeners();
      }
      expect(after?.pid).not.toBe(before?.pid);
      const id = await enqueueJob(app.db, 'test.after_loss', {});
      for (let i = 0; i < 100 && ran.length === 0; i += 1) await sleep(50);
      await queue.stop();
      expect(ran).toEqual([id]);
      expect(await listeners()).toEqual([]);
    },
  );

  it('is not woken by a job queued for later or in a transaction that rolled back', async () => {
    const queue = makeQueue({ pollIntervalMs: 3_600_000 });
    let runs = 0;
    queue.register('test.quiet', async () => {
      runs += 1;
    });
    const woken = awaitRun(queue, 'test.loud');
    queue.start();
    await queue.listening;
    await sleep(50);
    const later = await enqueueJob(app.db, 'test.quiet', {}, { runAt: new Date(Date.now() + 3_600_000) });
    await expect(
      app.db.transaction(async (tx) => {
        await enqueueJob(tx, 'test.quiet', {});
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    // Due now, but in the table before the loop's sleep began and never notified: only the poll would run it.
    await app.db.insert(jobs).values({ type: 'test.quiet', payload: {} });
    await sleep(200);
    expect(runs).toBe(0);
    // A notified job wakes the lane, which then runs what is due in it, the silent job included.
    const id = await enqueueJob(app.db, 'test.loud', {});
    expect(await woken).toBe(id);
    for (let i = 0; i < 50 && runs === 0; i += 1) await sleep(20);
    await queue.stop();
    expect(runs).toBe(1);
    expect((await loadJob(later)).status).toBe('queued');
  });
});

describe('lanes', () => {
  it('runs a job of its own lane while the default lane is busy with a backlog', async () => {
    const queue = makeQueue({ pollIntervalMs: 3_600_000 });
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const mailed: number[] = [];
    let started: () => void = () => {};
    const busy = new Promise<void>((resolve) => {
      started = resolve;
    });
    queue.register('test.mail', async (payload) => {
      started();
      await held;
      mailed.push(Number(payload.n));
    });
    let previewed = 0;
    const preview = new Promise<number>((resolve) => {
      queue.register(
        'test.preview',
        async (_payload, ctx) => {
          previewed = mailed.length;
          resolve(ctx.jobId);
        },
        { lane: 'interactive' },
      );
    });
    expect(queue.laneNames()).toEqual(['default', 'interactive']);
    expect([queue.laneOf('test.mail'), queue.laneOf('test.preview'), queue.laneOf('test.nobody')]).toEqual([
      'default',
      'interactive',
      'default',
    ]);
    for (let n = 0; n < 5; n += 1) await enqueueJob(app.db, 'test.mail', { n });
    queue.start();
    await busy; // the first mail holds the default lane; four more wait behind it
    const id = await enqueueJob(app.db, 'test.preview', {});
    expect(await preview).toBe(id);
    expect(previewed).toBe(0);
    release();
    for (let i = 0; i < 100 && mailed.length < 5; i += 1) await sleep(20);
    await queue.stop();
    expect(mailed).toEqual([0, 1, 2, 3, 4]);
  });

  it('claims in runPending only the lane asked for; the default lane takes every type not in another lane', async () => {
    const queue = makeQueue();
    const ran: string[] = [];
    queue.register('test.plain', async () => {
      ran.push('plain');
    });
    queue.register(
      'test.fast',
      async () => {
        ran.push('fast');
      },
      { lane: 'interactive' },
    );
    const plain = await enqueueJob(app.db, 'test.plain', {});
    const fast = await enqueueJob(app.db, 'test.fast', {});
    const unknown = await enqueueJob(app.db, 'test.unknown', {}, { maxAttempts: 1 });
    expect(await queue.runPending({ lane: 'interactive' })).toBe(1);
    expect(ran).toEqual(['fast']);
    expect((await loadJob(plain)).status).toBe('queued');
    expect(await queue.runPending({ lane: 'default' })).toBe(2);
    expect(ran).toEqual(['fast', 'plain']);
    expect((await loadJob(unknown)).status).toBe('failed');
    expect((await loadJob(fast)).status).toBe('done');
  });

  it('puts the assignment preview and the conflict sync in lanes of their own on app.jobs', () => {
    expect(app.jobs.laneOf(ASSIGNMENT_PREVIEW_JOB)).toBe('interactive');
    expect(app.jobs.laneOf(CONFLICTS_SYNC_JOB)).toBe('conflicts');
    expect(app.jobs.laneOf('mail.send')).toBe('default');
    expect(app.jobs.laneNames()).toEqual(['default', 'conflicts', 'interactive']);
  });
});

describe('periodic jobs', () => {
  it('enqueues periodic jobs while it runs', async () => {
    const queue = makeQueue({ pollIntervalMs: 20 });
    let calls = 0;
    queue.register('test.periodic', async () => {
      calls += 1;
    });
    queue.every('test.periodic', 30);
    queue.start();
    for (let i = 0; i < 100 && calls < 2; i += 1) await sleep(20);
    await queue.stop();
    expect(calls).toBeGreaterThanOrEqual(2);
    const rows = await app.db.select().from(jobs).where(eq(jobs.type, 'test.periodic'));
    expect(rows.filter((row) => row.status === 'done').length).toBe(calls);
  });
});

describe('the registered handlers', () => {
  it('registers mail delivery and maintenance on app.jobs', () => {
    expect(app.jobs.types()).toEqual(expect.arrayContaining(['mail.send', PRUNE_RATE_LIMITS_JOB]));
  });

  it('prunes expired rate-limit counters', async () => {
    const now = Date.now();
    await app.db.insert(rateLimits).values([
      { key: 'test:expired', count: 3, windowStart: now - 120_000, expiresAt: now - 60_000 },
      { key: 'test:live', count: 1, windowStart: now, expiresAt: now + 60_000 },
    ]);
    const id = await app.jobs.enqueue(PRUNE_RATE_LIMITS_JOB, {});
    await app.jobs.runPending();
    expect((await loadJob(id)).status).toBe('done');
    const keys = (await app.db.select({ key: rateLimits.key }).from(rateLimits)).map((row) => row.key);
    expect(keys).toContain('test:live');
    expect(keys).not.toContain('test:expired');
  });
});
