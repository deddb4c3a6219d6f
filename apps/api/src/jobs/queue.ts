import crypto from 'node:crypto';
import os from 'node:os';
import { and, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { jobs } from '../db/schema/index.ts';
import { safeErrorMessage } from '../lib/logging.ts';
import { currentRequestId, runWithRequestId } from '../lib/request-context.ts';

export type JobContext = {
  db: Db;
  log: FastifyBaseLogger;
  jobId: number;
  attempt: number;
  reportProgress(progress: Record<string, unknown>): Promise<void>;
};

// biome-ignore lint/suspicious/noConfusingVoidType: handlers that return nothing (`async () => {}`) must fit
export type JobHandler = (payload: Record<string, unknown>, ctx: JobContext) => Promise<Record<string, unknown> | void>;

export type EnqueueOptions = { runAt?: Date; maxAttempts?: number };

/**
 * How a job type retries a failed run.
 * - `attempts` (the default): up to the job's `max_attempts`, waiting 2^attempt × the queue's base backoff.
 * - `window`: for as long as `windowMs` after the job was created, whatever the number of attempts, waiting
 *   `baseBackoffMs` doubled per attempt, capped at `maxBackoffMs`, less a random share of up to `jitter` (0–1)
 *   so that jobs that failed together do not all come back together. The last retry falls at the window's end;
 *   a run that fails after it fails the job.
 */
export type RetryPolicy =
  | { kind: 'attempts' }
  | { kind: 'window'; windowMs: number; baseBackoffMs: number; maxBackoffMs: number; jitter: number };

/** A failed run's consequence: the time the job runs again, or null when it failed for good. */
export type FailureOutcome = { retryAt: Date | null; error: string };

export type JobTypeOptions = {
  retry?: RetryPolicy;
  /**
   * Called inside the transaction that records a failed run (or a lease that ran out for good), for job types
   * that keep their schedule in rows of their own as well.
   */
  onFailure?: (db: Db, payload: Record<string, unknown>, outcome: FailureOutcome) => Promise<void>;
};

/**
 * Thrown by a handler when running the job again cannot succeed (a refusal that is final): the job fails at once,
 * under any retry policy.
 */
export class PermanentJobError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PermanentJobError';
  }
}

export type JobQueueOptions = {
  db: Db;
  log: FastifyBaseLogger;
  /** Written to `locked_by`; defaults to host:pid:random. */
  workerId?: string;
  /** How long the loop sleeps when there is nothing to do (woken early by `enqueue`). */
  pollIntervalMs?: number;
  /** A job still `running` after this long is taken to belong to a dead worker and is claimed again. */
  leaseMs?: number;
  /** Retry delay is `2^attempt × baseBackoffMs`, capped at `maxBackoffMs`. */
  baseBackoffMs?: number;
  maxBackoffMs?: number;
};

type JobRow = typeof jobs.$inferSelect;

const DEFAULTS = {
  pollIntervalMs: 1000,
  leaseMs: 10 * 60 * 1000,
  baseBackoffMs: 5000,
  maxBackoffMs: 60 * 60 * 1000,
};

/** Longest `last_error` kept: enough for a stack's first lines, bounded for the table. */
const MAX_ERROR_LENGTH = 4000;

/**
 * Inserts a job. Works inside a transaction (pass the transaction as `db`), so a
 * job is queued exactly when the change that needs it commits. Returns its id.
 * The id of the request this runs for (`currentRequestId`) goes into `request_id`: the job's log lines carry it.
 */
export async function enqueueJob(
  db: Db,
  type: string,
  payload: Record<string, unknown>,
  options: EnqueueOptions = {},
): Promise<number> {
  const [row] = await db
    .insert(jobs)
    .values({
      type,
      payload,
      requestId: currentRequestId() ?? null,
      ...(options.runAt ? { runAt: options.runAt } : {}),
      ...(options.maxAttempts ? { maxAttempts: options.maxAttempts } : {}),
    })
    .returning({ id: jobs.id });
  if (!row) throw new Error(`enqueueJob(${type}) returned no row`);
  return row.id;
}

/** Enqueues one job of `type` per payload, due now, in one statement (nothing for none); request id as `enqueueJob`. */
export async function enqueueJobs(db: Db, type: string, payloads: Record<string, unknown>[]): Promise<void> {
  if (payloads.length === 0) return;
  const requestId = currentRequestId() ?? null;
  await db.insert(jobs).values(payloads.map((payload) => ({ type, payload, requestId })));
}

/**
 * Puts finished or waiting jobs back in the queue as if they were created now: due at once, no attempts, a fresh
 * `created_at` (so a `window` retry policy's window starts again), last error, result and progress cleared. A job
 * running right now is left to its worker. Returns the ids requeued; call `JobQueue.nudge()` afterwards to wake
 * the in-process worker.
 */
export async function requeueJobs(db: Db, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .update(jobs)
    .set({
      status: 'queued',
      attempts: 0,
      runAt: sql`now()`,
      createdAt: sql`now()`,
      lastError: null,
      result: null,
      progress: null,
      lockedAt: null,
      lockedBy: null,
      finishedAt: null,
    })
    .where(and(inArray(jobs.id, ids), ne(jobs.status, 'running')))
    .returning({ id: jobs.id });
  return rows.map((row) => row.id);
}

/** The delay before retry number `attempt + 1`: 2^attempt × base, capped. */
export function backoffDelayMs(attempt: number, baseMs = DEFAULTS.baseBackoffMs, maxMs = DEFAULTS.maxBackoffMs) {
  return Math.min(2 ** Math.min(attempt, 30) * baseMs, maxMs);
}

/**
 * When a job under a `window` policy runs again after its attempt number `attempt` (1 for the first run) failed
 * at `now`: base × 2^(attempt − 1), capped, less up to `jitter` of it (`random` in [0, 1)), but never after the
 * window's end; null once the window is over.
 */
export function windowRetryAt(
  policy: Extract<RetryPolicy, { kind: 'window' }>,
  job: { attempt: number; createdAt: Date },
  now: number,
  random: number = Math.random(),
): Date | null {
  const end = job.createdAt.getTime() + policy.windowMs;
  if (now >= end) return null;
  const step = backoffDelayMs(job.attempt - 1, policy.baseBackoffMs, policy.maxBackoffMs);
  const delay = step * (1 - policy.jitter * random);
  return new Date(Math.min(now + delay, end));
}

/** The error as stored in `last_error` (and shown to operators): a failed query's values are left out. */
function errorText(error: unknown): string {
  const text = error instanceof Error ? safeErrorMessage(error) || error.name : String(error);
  return text.length > MAX_ERROR_LENGTH ? `${text.slice(0, MAX_ERROR_LENGTH - 1)}…` : text;
}

/**
 * The Postgres-backed job queue: one per process, on `app.jobs` in the server and
 * in `npm run worker`. Jobs are claimed with `FOR UPDATE SKIP LOCKED`, so any
 * number of workers share the table without running a job twice; a failed job is
 * retried as its type's retry policy says (by default with exponential backoff
 * until `max_attempts`), then left `failed` with its last error. Handlers must be
 * idempotent: a worker that dies mid-job has its job claimed again after the lease.
 */
export class JobQueue {
  readonly db: Db;
  readonly log: FastifyBaseLogger;
  readonly workerId: string;
  readonly pollIntervalMs: number;
  readonly leaseMs: number;
  readonly baseBackoffMs: number;
  readonly maxBackoffMs: number;

  private readonly handlers = new Map<string, JobHandler>();
  private readonly typeOptions = new Map<string, JobTypeOptions>();
  private readonly periodic = new Map<string, { intervalMs: number; nextAt: number }>();
  private running = false;
  /** When the loop last started a round (looked for due jobs), and when the job it runs now started. */
  private lastRoundAt: number | undefined;
  private jobStartedAt: number | undefined;
  private loop: Promise<void> | undefined;
  private wakeUp: (() => void) | undefined;

  constructor(options: JobQueueOptions) {
    this.db = options.db;
    this.log = options.log;
    this.workerId =
      options.workerId ?? `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString('hex')}`.slice(0, 100);
    this.pollIntervalMs = options.pollIntervalMs ?? DEFAULTS.pollIntervalMs;
    this.leaseMs = options.leaseMs ?? DEFAULTS.leaseMs;
    this.baseBackoffMs = options.baseBackoffMs ?? DEFAULTS.baseBackoffMs;
    this.maxBackoffMs = options.maxBackoffMs ?? DEFAULTS.maxBackoffMs;
  }

  /** Registers the handler of a job type, with its retry policy; a type has exactly one handler. */
  register(type: string, handler: JobHandler, options: JobTypeOptions = {}): void {
    if (this.handlers.has(type)) throw new Error(`A handler for job type "${type}" is already registered`);
    this.handlers.set(type, handler);
    this.typeOptions.set(type, options);
  }

  /** The registered job types (for diagnostics and tests). */
  types(): string[] {
    return [...this.handlers.keys()].sort();
  }

  /**
   * Asks the running loop to enqueue `type` every `intervalMs` (first run one interval
   * after start). A job is only added when none of that type is queued or running,
   * so several workers do not pile copies up.
   */
  every(type: string, intervalMs: number): void {
    this.periodic.set(type, { intervalMs, nextAt: Date.now() + intervalMs });
  }

  /** `enqueueJob` on the queue's database, then wakes the in-process worker. */
  async enqueue(type: string, payload: Record<string, unknown>, options?: EnqueueOptions): Promise<number> {
    const id = await enqueueJob(this.db, type, payload, options);
    this.wake();
    return id;
  }

  /** Wakes the in-process worker after jobs were made due some other way than `enqueue` (see `requeueJobs`). */
  nudge(): void {
    this.wake();
  }

  /** Claims and runs due jobs one after another until none is left (or `max` ran). Returns how many ran. */
  async runPending(options: { max?: number } = {}): Promise<number> {
    const max = options.max ?? Number.POSITIVE_INFINITY;
    let ran = 0;
    while (ran < max) {
      const job = await this.claim();
      if (!job) break;
      await this.run(job);
      ran += 1;
    }
    return ran;
  }

  /** Whether the polling loop is running. */
  isRunning(): boolean {
    return this.running;
  }

  /**
   * What a health check needs to tell a live loop from a stuck one: whether it runs, when it last looked for due
   * jobs, and since when the job it runs now has been running (epoch ms; undefined for never and none).
   */
  liveness(): { running: boolean; lastRoundAt: number | undefined; jobStartedAt: number | undefined } {
    return { running: this.running, lastRoundAt: this.lastRoundAt, jobStartedAt: this.jobStartedAt };
  }

  /** Starts the polling loop (idempotent). */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.log.info({ workerId: this.workerId, types: this.types() }, 'job worker started');
    this.loop = this.poll();
  }

  /** Stops the loop after the job in progress finishes. */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.wake();
    await this.loop;
    this.loop = undefined;
    this.log.info({ workerId: this.workerId }, 'job worker stopped');
  }

  private wake() {
    const wakeUp = this.wakeUp;
    this.wakeUp = undefined;
    wakeUp?.();
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.wakeUp = undefined;
        resolve();
      }, ms);
      this.wakeUp = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  private async poll(): Promise<void> {
    let failures = 0;
    while (this.running) {
      this.lastRoundAt = Date.now();
      try {
        await this.schedulePeriodic();
        const ran = await this.runPending({ max: 20 });
        failures = 0;
        if (ran === 0 && this.running) await this.sleep(this.pollIntervalMs);
      } catch (error) {
        // The database is unreachable or a statement failed: back off, keep the loop alive.
        failures += 1;
        this.log.error({ err: error }, 'job worker loop failed');
        if (this.running) await this.sleep(Math.min(this.pollIntervalMs * 2 ** failures, 30_000));
      }
    }
  }

  private async schedulePeriodic() {
    const now = Date.now();
    for (const [type, entry] of this.periodic) {
      if (now < entry.nextAt) continue;
      entry.nextAt = now + entry.intervalMs;
      const [pending] = await this.db
        .select({ id: jobs.id })
        .from(jobs)
        .where(and(eq(jobs.type, type), inArray(jobs.status, ['queued', 'running'])))
        .limit(1);
      if (!pending) await enqueueJob(this.db, type, {}, { maxAttempts: 1 });
    }
  }

  /**
   * Claims the next due job: a queued job whose run_at has come, or a running job
   * whose lease expired. SKIP LOCKED lets concurrent claimers pass over the row
   * another one is taking. A lease that expired on the last attempt fails the job.
   */
  private async claim(): Promise<JobRow | undefined> {
    const leaseSeconds = this.leaseMs / 1000;
    const leaseExpired = sql`${jobs.lockedAt} < now() - (${leaseSeconds}::double precision * interval '1 second')`;
    await this.failExpiredLeases(leaseExpired, leaseSeconds);

    const next = sql`(
      select ${jobs.id} from ${jobs}
      where (${jobs.status} = 'queued' and ${jobs.runAt} <= now())
         or (${jobs.status} = 'running' and ${leaseExpired})
      order by ${jobs.runAt}, ${jobs.id}
      limit 1
      for update skip locked
    )`;
    const [job] = await this.db
      .update(jobs)
      .set({ status: 'running', attempts: sql`${jobs.attempts} + 1`, lockedAt: sql`now()`, lockedBy: this.workerId })
      .where(eq(jobs.id, next))
      .returning();
    return job;
  }

  /**
   * Fails the running jobs whose lease expired on what was their last try: the last attempt under the `attempts`
   * policy, or after the window under a `window` policy. Their types' `onFailure` hooks run in the same
   * transaction.
   */
  private async failExpiredLeases(leaseExpired: SQL, leaseSeconds: number): Promise<void> {
    const windows = [...this.typeOptions].flatMap(([type, options]) =>
      options.retry?.kind === 'window'
        ? [
            sql`when ${type} then ${jobs.createdAt} <= now() - (${options.retry.windowMs}::double precision * interval '1 millisecond')`,
          ]
        : [],
    );
    const lastTry =
      windows.length === 0
        ? sql`${jobs.attempts} >= ${jobs.maxAttempts}`
        : sql`(case ${jobs.type} ${sql.join(windows, sql` `)} else ${jobs.attempts} >= ${jobs.maxAttempts} end)`;
    const lastError = `The job was still running when its lease of ${Math.round(leaseSeconds)} s expired on its last attempt (the worker stopped or crashed).`;
    await this.db.transaction(async (tx) => {
      const failed = await tx
        .update(jobs)
        .set({ status: 'failed', lastError, lockedAt: null, lockedBy: null, finishedAt: sql`now()` })
        .where(and(eq(jobs.status, 'running'), leaseExpired, lastTry))
        .returning({ type: jobs.type, payload: jobs.payload });
      for (const job of failed) {
        await this.typeOptions.get(job.type)?.onFailure?.(tx, job.payload ?? {}, { retryAt: null, error: lastError });
      }
    });
  }

  /** When a job whose run failed with `error` runs again: a Date or SQL time, or null when it failed for good. */
  private retryTime(job: JobRow, error: unknown): Date | SQL | null {
    if (error instanceof PermanentJobError) return null;
    const policy = this.typeOptions.get(job.type)?.retry ?? { kind: 'attempts' };
    if (policy.kind === 'window')
      return windowRetryAt(policy, { attempt: job.attempts, createdAt: job.createdAt }, Date.now());
    if (job.attempts >= job.maxAttempts) return null;
    const delaySeconds = backoffDelayMs(job.attempts, this.baseBackoffMs, this.maxBackoffMs) / 1000;
    return sql`now() + (${delaySeconds}::double precision * interval '1 second')`;
  }

  /**
   * Runs one claimed job and records the outcome; never throws for a handler's failure. Its log lines carry the id
   * of the request that queued it (`reqId`, as the request's own lines), and the jobs it queues record that id too.
   */
  private async run(job: JobRow): Promise<void> {
    const log = this.log.child({
      jobId: job.id,
      jobType: job.type,
      attempt: job.attempts,
      ...(job.requestId ? { reqId: job.requestId } : {}),
    });
    // Writes are conditioned on the attempt we claimed, so a job reclaimed after an
    // expired lease is not overwritten by the slow worker that lost it.
    const mine = and(eq(jobs.id, job.id), eq(jobs.status, 'running'), eq(jobs.attempts, job.attempts));
    const handler = this.handlers.get(job.type);
    if (!handler) {
      log.error('no handler for job type');
      await this.db
        .update(jobs)
        .set({
          status: 'failed',
          lastError: `Unknown job type "${job.type}": no handler is registered for it.`,
          lockedAt: null,
          lockedBy: null,
          finishedAt: sql`now()`,
        })
        .where(mine);
      return;
    }
    const ctx: JobContext = {
      db: this.db,
      log,
      jobId: job.id,
      attempt: job.attempts,
      reportProgress: async (progress) => {
        await this.db.update(jobs).set({ progress }).where(mine);
      },
    };
    const started = Date.now();
    this.jobStartedAt = started;
    try {
      const result = await runWithRequestId(job.requestId, () => handler(job.payload ?? {}, ctx));
      await this.db
        .update(jobs)
        .set({
          status: 'done',
          result: result ?? null,
          lockedAt: null,
          lockedBy: null,
          finishedAt: sql`now()`,
        })
        .where(mine);
      log.debug({ ms: Date.now() - started }, 'job done');
    } catch (error) {
      const lastError = errorText(error);
      const retryAt = this.retryTime(job, error);
      const onFailure = this.typeOptions.get(job.type)?.onFailure;
      await this.db.transaction(async (tx) => {
        const [recorded] = await tx
          .update(jobs)
          .set(
            retryAt === null
              ? { status: 'failed', lastError, lockedAt: null, lockedBy: null, finishedAt: sql`now()` }
              : { status: 'queued', lastError, lockedAt: null, lockedBy: null, runAt: retryAt },
          )
          .where(mine)
          .returning({ runAt: jobs.runAt });
        if (!recorded) return;
        if (retryAt === null) log.error({ err: error }, 'job failed; no more tries');
        else log.warn({ err: error, retryAt: recorded.runAt }, 'job failed; will retry');
        await onFailure?.(tx, job.payload ?? {}, {
          retryAt: retryAt === null ? null : recorded.runAt,
          error: lastError,
        });
      });
    }
  }
}
