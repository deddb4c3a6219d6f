import crypto from 'node:crypto';
import os from 'node:os';
import { and, eq, inArray, ne, notInArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { jobs } from '../db/schema/index.ts';
import { safeErrorMessage } from '../lib/logging.ts';
import { currentRequestId, runWithRequestId } from '../lib/request-context.ts';
import { queryRows } from '../lib/sql.ts';
import { JOBS_CHANNEL, listenForJobs } from './job-signal.ts';

export type JobContext = {
  db: Db;
  log: FastifyBaseLogger;
  jobId: number;
  attempt: number;
  reportProgress(progress: Record<string, unknown>): Promise<void>;
};

// biome-ignore lint/suspicious/noConfusingVoidType: handlers that return nothing (`async () => {}`) must fit
export type JobHandler = (payload: Record<string, unknown>, ctx: JobContext) => Promise<Record<string, unknown> | void>;

export type EnqueueOptions = {
  runAt?: Date;
  maxAttempts?: number;
  /**
   * Coalesce with a job of the same type and key still queued (not yet claimed): that job takes this payload (and
   * this request's id) instead of a second job being queued, and no worker is woken again for it. A burst of
   * changes to one thing (an author re-uploading a paper ten times before the deadline) then runs its job once, for
   * the last change. A job a worker has claimed is left alone: the next one queues anew. A job that failed and waits
   * for its retry, or that an operator put back, no longer coalesces.
   */
  coalesceKey?: string;
};

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

/** The lane of the job types registered without one. */
export const DEFAULT_LANE = 'default';

export type JobTypeOptions = {
  retry?: RetryPolicy;
  /**
   * The lane that runs the type's jobs (DEFAULT_LANE when absent). Each lane runs its jobs one after another, beside
   * the other lanes: a job someone waits for (an assignment preview) in a lane of its own does not wait behind a
   * backlog of mail.
   */
  lane?: string;
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

/** One lane's loop: which jobs it claims, its wake-up, and what the health check reads. */
type Lane = {
  name: string;
  filter: SQL;
  loop?: Promise<void>;
  wakeUp?: () => void;
  /** Woken while not asleep (claiming or running): the next sleep returns at once. */
  woken?: boolean;
  lastRoundAt?: number;
  jobStartedAt?: number;
};

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
  const values = {
    type,
    payload,
    requestId: currentRequestId() ?? null,
    ...(options.runAt ? { runAt: options.runAt } : {}),
    ...(options.maxAttempts ? { maxAttempts: options.maxAttempts } : {}),
    ...(options.coalesceKey ? { coalesceKey: options.coalesceKey } : {}),
  };
  // `fresh`: the row was inserted (xmax = 0), not a queued job that took the payload, whose worker was told already.
  const returning = { id: jobs.id, type: jobs.type, runAt: jobs.runAt, fresh: sql<boolean>`xmax = 0`.as('fresh') };
  const insert = options.coalesceKey
    ? db
        .insert(jobs)
        .values(values)
        .onConflictDoUpdate({
          target: [jobs.type, jobs.coalesceKey],
          targetWhere: sql`${jobs.status} = 'queued' and ${jobs.coalesceKey} is not null`,
          set: { payload: sql`excluded.payload`, requestId: sql`excluded.request_id` },
        })
        .returning(returning)
    : db.insert(jobs).values(values).returning(returning);
  const [row] = await notifyingDue<{ id: number }>(db, insert);
  if (!row) throw new Error(`enqueueJob(${type}) returned no row`);
  return Number(row.id);
}

/**
 * Runs a statement that writes jobs and returns (id, type, run_at, fresh), with a NOTIFY on JOBS_CHANNEL for each
 * type it made due, in the same statement (job-signal.ts): the worker is told when the transaction commits; a row
 * not `fresh` (a queued job that took a new payload) was told of already. Returns the ids.
 */
async function notifyingDue<T extends { id: number }>(db: Db, write: SQLWrapper): Promise<T[]> {
  return queryRows<T>(
    db,
    sql`with written as ${write}
        select id, case when run_at <= now() and fresh then pg_notify(${JOBS_CHANNEL}, type) end as notified
        from written`,
  );
}

/**
 * Enqueues one job of `type` per payload, due now, in one statement (nothing for none); request id as `enqueueJob`.
 * The payloads go as one array parameter, not a parameter per value: hundreds of jobs (an apply's mails) cost the
 * query builder nothing.
 */
export async function enqueueJobs(db: Db, type: string, payloads: Record<string, unknown>[]): Promise<void> {
  if (payloads.length === 0) return;
  const requestId = currentRequestId() ?? null;
  const texts = payloads.map((payload) => JSON.stringify(payload));
  await queryRows(
    db,
    sql`with written as (
          insert into ${jobs} (type, payload, request_id)
          select ${type}, payload::jsonb, ${requestId}::text from unnest(${sql.param(texts)}::text[]) as p(payload)
          returning type)
        select pg_notify(${JOBS_CHANNEL}, type) from (select distinct type from written) as due`,
  );
}

/**
 * Puts finished or waiting jobs back in the queue as if they were created now: due at once, no attempts, a fresh
 * `created_at` (so a `window` retry policy's window starts again), last error, result and progress cleared. A job
 * running right now is left to its worker. Returns the ids requeued; call `JobQueue.nudge()` afterwards to wake
 * the in-process worker.
 */
export async function requeueJobs(db: Db, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const update = db
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
      coalesceKey: null,
    })
    .where(and(inArray(jobs.id, ids), ne(jobs.status, 'running')))
    .returning({ id: jobs.id, type: jobs.type, runAt: jobs.runAt, fresh: sql<boolean>`true`.as('fresh') });
  return (await notifyingDue(db, update)).map((row) => Number(row.id));
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
  /** The lanes' loops while running (one per lane a registered type names, and the default lane). */
  private lanes: Lane[] = [];
  private unlisten: (() => Promise<void>) | undefined;
  /** Resolves once the worker listens for job notifications (or gave up on them); tests wait for it. */
  listening: Promise<void> = Promise.resolve();

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
    this.wake(type);
    return id;
  }

  /** Wakes the in-process worker after jobs were made due some other way than `enqueue` (see `requeueJobs`). */
  nudge(): void {
    this.wake();
  }

  /**
   * Claims and runs due jobs one after another until none is left (or `max` ran), of every lane, or of `lane` only.
   * Returns how many ran.
   */
  async runPending(options: { max?: number; lane?: string } = {}): Promise<number> {
    const max = options.max ?? Number.POSITIVE_INFINITY;
    const only = options.lane === undefined ? undefined : this.laneFilter(options.lane);
    let ran = 0;
    while (ran < max) {
      const job = await this.claim(only);
      if (!job) break;
      await this.run(job);
      ran += 1;
    }
    return ran;
  }

  /** The lane of a job type: its registered lane, else DEFAULT_LANE (unknown types too). */
  laneOf(type: string): string {
    return this.typeOptions.get(type)?.lane ?? DEFAULT_LANE;
  }

  /** The lanes, default first: DEFAULT_LANE and every lane a registered type names. */
  laneNames(): string[] {
    const named = new Set([...this.typeOptions.values()].flatMap((options) => options.lane ?? []));
    named.delete(DEFAULT_LANE);
    return [DEFAULT_LANE, ...[...named].sort()];
  }

  /** The types a lane claims: those registered in it; the default lane claims every type not in another lane. */
  private laneFilter(lane: string): SQL {
    const elsewhere = [...this.typeOptions]
      .filter(([, options]) => (options.lane ?? DEFAULT_LANE) !== DEFAULT_LANE)
      .map(([type]) => type);
    if (lane === DEFAULT_LANE) return elsewhere.length === 0 ? sql`true` : notInArray(jobs.type, elsewhere);
    const mine = [...this.typeOptions].filter(([, options]) => options.lane === lane).map(([type]) => type);
    return mine.length === 0 ? sql`false` : inArray(jobs.type, mine);
  }

  /** Whether the polling loop is running. */
  isRunning(): boolean {
    return this.running;
  }

  /**
   * What a health check needs to tell a live loop from a stuck one: whether it runs, when its stalest lane last
   * looked for due jobs, and since when that lane's job has been running (epoch ms; undefined for never and none).
   */
  liveness(): { running: boolean; lastRoundAt: number | undefined; jobStartedAt: number | undefined } {
    let stalest: Lane | undefined;
    for (const lane of this.lanes) {
      if (stalest === undefined || (lane.lastRoundAt ?? 0) < (stalest.lastRoundAt ?? 0)) stalest = lane;
    }
    return { running: this.running, lastRoundAt: stalest?.lastRoundAt, jobStartedAt: stalest?.jobStartedAt };
  }

  /**
   * Starts the polling loops, one per lane (idempotent), and listens for jobs made due in any process
   * (job-signal.ts): a notified lane claims at once; the poll stays as the fallback.
   */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.lanes = this.laneNames().map((name) => ({ name, filter: this.laneFilter(name) }));
    this.log.info({ workerId: this.workerId, types: this.types(), lanes: this.laneNames() }, 'job worker started');
    for (const lane of this.lanes) lane.loop = this.poll(lane);
    this.listening = listenForJobs(this.db, (type) => this.wake(type), this.log).then(
      (unlisten) => {
        this.unlisten = unlisten;
        // Stopped while the listener was being set up; else one more round for what was notified before it was.
        if (!this.running) void this.stopListening();
        else this.wake();
      },
      (error: unknown) => this.log.warn({ err: error }, 'job notifications: not listening, the worker polls'),
    );
  }

  /** Stops the loops after the jobs in progress finish. */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.wake();
    await this.listening;
    await this.stopListening();
    await Promise.all(this.lanes.map((lane) => lane.loop));
    this.lanes = [];
    this.log.info({ workerId: this.workerId }, 'job worker stopped');
  }

  private async stopListening() {
    const unlisten = this.unlisten;
    this.unlisten = undefined;
    await unlisten?.();
  }

  /** Wakes the lane of `type`, or every lane. A lane running a job looks again as soon as it is done anyway. */
  private wake(type?: string) {
    const lane = type === undefined ? undefined : this.laneOf(type);
    for (const each of this.lanes) {
      if (lane !== undefined && each.name !== lane) continue;
      const wakeUp = each.wakeUp;
      each.wakeUp = undefined;
      each.woken = wakeUp === undefined;
      wakeUp?.();
    }
  }

  private sleep(lane: Lane, ms: number): Promise<void> {
    // Woken while it was claiming or running: look again at once.
    if (lane.woken) {
      lane.woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        lane.wakeUp = undefined;
        resolve();
      }, ms);
      lane.wakeUp = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  private async poll(lane: Lane): Promise<void> {
    let failures = 0;
    while (this.running) {
      lane.lastRoundAt = Date.now();
      lane.woken = false;
      try {
        if (lane.name === DEFAULT_LANE) await this.schedulePeriodic();
        let ran = 0;
        while (ran < 20) {
          const job = await this.claim(lane.filter);
          if (!job) break;
          lane.jobStartedAt = Date.now();
          await this.run(job);
          ran += 1;
        }
        failures = 0;
        if (ran === 0 && this.running) await this.sleep(lane, this.pollIntervalMs);
      } catch (error) {
        // The database is unreachable or a statement failed: back off, keep the loop alive.
        failures += 1;
        this.log.error({ err: error, lane: lane.name }, 'job worker loop failed');
        if (this.running) await this.sleep(lane, Math.min(this.pollIntervalMs * 2 ** failures, 30_000));
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
  private async claim(only?: SQL): Promise<JobRow | undefined> {
    const leaseSeconds = this.leaseMs / 1000;
    const leaseExpired = sql`${jobs.lockedAt} < now() - (${leaseSeconds}::double precision * interval '1 second')`;
    await this.failExpiredLeases(leaseExpired, leaseSeconds);

    const next = sql`(
      select ${jobs.id} from ${jobs}
      where ((${jobs.status} = 'queued' and ${jobs.runAt} <= now())
         or (${jobs.status} = 'running' and ${leaseExpired}))
        and ${only ?? sql`true`}
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
              : { status: 'queued', lastError, lockedAt: null, lockedBy: null, runAt: retryAt, coalesceKey: null },
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
