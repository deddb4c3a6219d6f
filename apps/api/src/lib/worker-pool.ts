import os from 'node:os';
import type { MessagePort } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { AppError, type FieldErrors } from './errors.ts';

/**
 * The process's pools of worker threads for CPU-bound work that must not run on the request thread: PDF parsing,
 * conflict detection, affinity and the assignment's preparation (piscina), each sized to the machine's cores, threads
 * started on demand and stopped when idle. Two priorities:
 *   - 'background' (the default: jobs, the conflict sync, affinity, the assignment): threads run at a lower OS
 *     priority than the HTTP threads (nice + BACKGROUND_NICE, through piscina's niceIncrement and the optional
 *     package @napi-rs/nice), so on a busy machine the kernel gives the cores to requests first and the background
 *     work takes what is left;
 *   - 'request': short work a request waits for (an upload's page count, the metadata extraction, the review
 *     assistant's checks of a long draft), at the HTTP threads' priority, so a busy background pool never holds an
 *     upload up.
 *
 * A task is a named export of a module: `defineWorkerTask(new URL('./x.task.ts', import.meta.url), 'name')`. The
 * function runs in a worker thread with its input copied by structured clone (typed arrays may be transferred), so
 * it must take and return plain data: no database, no app, no closures. Its module is imported once per thread.
 */

export type WorkerTask<Input, Output> = {
  readonly module: string;
  readonly name: string;
  /** Types only: what the task takes and returns. */
  readonly __types?: (input: Input) => Output;
};

export type RunOptions = {
  /**
   * Buffers moved to the worker instead of copied (their typed arrays become unusable here), and ports the task
   * talks back on (progress).
   */
  transferList?: (ArrayBuffer | MessagePort)[];
  signal?: AbortSignal;
  /** 'request' for short work a request waits for; the default 'background' runs at a lower OS priority. */
  priority?: WorkerPriority;
};

export type WorkerPriority = 'request' | 'background';

/**
 * How much lower (in nice steps) background threads run than the process: with CFS weights, a thread at nice 10 gets
 * about a tenth of the CPU a nice-0 thread gets while both want it, and all of it while the HTTP threads are idle.
 */
export const BACKGROUND_NICE = 10;

export function defineWorkerTask<Input, Output>(module: URL, name: string): WorkerTask<Input, Output> {
  return { module: module.href, name };
}

/** Threads of the pool: `WORKER_THREADS` when set (a positive integer), else the cores available. */
export function workerThreads(env: NodeJS.ProcessEnv = process.env): number {
  const asked = Number(env.WORKER_THREADS);
  return Number.isInteger(asked) && asked > 0 ? asked : Math.max(1, os.availableParallelism());
}

const pools: Partial<Record<WorkerPriority, Piscina>> = {};

function sharedPool(priority: WorkerPriority): Piscina {
  pools[priority] ??= new Piscina({
    filename: new URL('./worker-pool.thread.ts', import.meta.url).href,
    minThreads: 0,
    maxThreads: workerThreads(),
    idleTimeout: 30_000,
    niceIncrement: priority === 'background' ? BACKGROUND_NICE : 0,
  });
  return pools[priority];
}

/** How a thread sends an AppError back: its fields as plain data (worker-pool.thread.ts). */
export type ThrownAppError = {
  appError: {
    statusCode: number;
    code: AppError['code'];
    message: string;
    fields: FieldErrors | undefined;
    extra: Record<string, unknown> | undefined;
  };
};

function isThrownAppError(error: unknown): error is ThrownAppError {
  return typeof error === 'object' && error !== null && 'appError' in error;
}

/**
 * Runs `task` on `input` in the pool; rejects with the task's own error: an AppError as the same AppError (status,
 * code, message, fields and extra), anything else as an Error with its message.
 */
export async function runInWorker<Input, Output>(
  task: WorkerTask<Input, Output>,
  input: Input,
  options: RunOptions = {},
): Promise<Output> {
  try {
    return (await sharedPool(options.priority ?? 'background').run(
      { module: task.module, name: task.name, input },
      {
        ...(options.transferList ? { transferList: options.transferList } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
      },
    )) as Output;
  } catch (error) {
    if (!isThrownAppError(error)) throw error;
    const { statusCode, code, message, fields, extra } = error.appError;
    throw new AppError(statusCode, code, message, { fields, extra });
  }
}

/**
 * The pools' threads and tasks waiting for one (both priorities together), and their utilisation (0–1, the busier
 * pool's), for metrics and load shedding.
 */
export function workerPoolLoad(): {
  threads: number;
  /** The threads of each priority's pool. */
  byPriority: Record<WorkerPriority, number>;
  queued: number;
  utilization: number;
} {
  const running = Object.values(pools);
  return {
    threads: running.reduce((sum, pool) => sum + pool.threads.length, 0),
    byPriority: {
      request: pools.request?.threads.length ?? 0,
      background: pools.background?.threads.length ?? 0,
    },
    queued: running.reduce((sum, pool) => sum + pool.queueSize, 0),
    utilization: running.reduce((most, pool) => Math.max(most, pool.utilization), 0),
  };
}

/** Stops the pools' threads (tests, a worker process's end). A later task starts a new pool. */
export async function closeWorkerPool(): Promise<void> {
  const closing = Object.values(pools);
  delete pools.request;
  delete pools.background;
  await Promise.all(closing.map((pool) => pool.destroy()));
}

let holders = 0;

/**
 * Holds the pool for an owner (each app of the process): the threads stop when the last holder releases it, so one
 * app closing (tests build several) does not stop tasks another one started.
 */
export function holdWorkerPool(): () => Promise<void> {
  holders++;
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    holders--;
    if (holders === 0) await closeWorkerPool();
  };
}
