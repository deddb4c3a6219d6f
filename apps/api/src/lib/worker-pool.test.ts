import { readFileSync } from 'node:fs';
import { isMainThread } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { AppError, fieldErrors } from './errors.ts';
import {
  BACKGROUND_NICE,
  closeWorkerPool,
  defineWorkerTask,
  holdWorkerPool,
  runInWorker,
  workerPoolLoad,
  workerThreads,
} from './worker-pool.ts';

const taskModule = new URL('./worker-pool.test-task.ts', import.meta.url);
const sumSquares = defineWorkerTask<{ values: Float64Array }, { sum: number; mainThread: boolean; threadId: number }>(
  taskModule,
  'sumSquares',
);
const fail = defineWorkerTask<{ message: string }, never>(taskModule, 'fail');
const spin = defineWorkerTask<{ ms: number }, number>(taskModule, 'spin');
const threadNiceness = defineWorkerTask<object, { nice: number; mainThread: boolean }>(taskModule, 'threadNiceness');

/** This thread's OS niceness (field 19 of /proc/thread-self/stat). */
function ownNiceness(): number {
  const stat = readFileSync('/proc/thread-self/stat', 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
}

afterAll(closeWorkerPool);

describe('worker pool', () => {
  it('runs a task in a worker thread and returns its result', async () => {
    const values = Float64Array.from([1, 2, 3]);
    const result = await runInWorker(sumSquares, { values }, { transferList: [values.buffer as ArrayBuffer] });
    expect(result.sum).toBe(14);
    expect(result.mainThread).toBe(false);
    expect(isMainThread).toBe(true);
    expect(values.length).toBe(0); // transferred, not copied
  });

  it("rejects with the task's own error", async () => {
    await expect(runInWorker(fail, { message: 'bad input 42' })).rejects.toThrow('bad input 42');
  });

  it('rejects with an AppError thrown in the worker as the same AppError (status, code, fields, message key)', async () => {
    const refuse = defineWorkerTask<{ field: string }, never>(taskModule, 'refuse');
    const expected = fieldErrors([{ field: 'file', key: 'submissions.invalidPdf' }]);
    const error = await runInWorker(refuse, { field: 'file' }).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(AppError);
    const { statusCode, code, message, fields, extra } = error as AppError;
    expect({ statusCode, code, message, fields, extra }).toEqual({
      statusCode: expected.statusCode,
      code: 'VALIDATION_ERROR',
      message: expected.message,
      fields: expected.fields,
      extra: expected.extra,
    });
    expect(fields).toEqual({ file: [expect.any(String)] });
  });

  it('rejects a name the module does not export', async () => {
    const missing = defineWorkerTask<object, never>(taskModule, 'nothing');
    await expect(runInWorker(missing, {})).rejects.toThrow('worker task nothing is not exported');
  });

  it('keeps the calling thread free while a task is busy', async () => {
    const started = Date.now();
    const busy = runInWorker(spin, { ms: 300 });
    // A timer on this thread fires on time although the task spins for 300 ms.
    const delay = await new Promise<number>((resolve) => {
      const at = Date.now();
      setTimeout(() => resolve(Date.now() - at), 20);
    });
    expect(delay).toBeLessThan(200);
    expect(await busy).toBeGreaterThan(0);
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    expect(workerPoolLoad().threads).toBeGreaterThan(0);
  });

  it.skipIf(process.platform !== 'linux')(
    'runs background tasks at a lower OS priority than this thread, request tasks at the same',
    async () => {
      const own = ownNiceness();
      const background = await runInWorker(threadNiceness, {});
      const request = await runInWorker(threadNiceness, {}, { priority: 'request' });
      expect(background).toEqual({ nice: Math.min(19, own + BACKGROUND_NICE), mainThread: false });
      expect(request).toEqual({ nice: own, mainThread: false });
      // The niceness is the thread's own: this thread keeps its priority.
      expect(ownNiceness()).toBe(own);
    },
  );

  it('sizes itself from WORKER_THREADS, or the cores', () => {
    expect(workerThreads({ WORKER_THREADS: '3' })).toBe(3);
    expect(workerThreads({ WORKER_THREADS: '0' })).toBeGreaterThanOrEqual(1);
    expect(workerThreads({ WORKER_THREADS: 'x' })).toBeGreaterThanOrEqual(1);
  });
});

describe('holdWorkerPool', () => {
  it('stops the threads only when the last holder releases the pool', async () => {
    const first = holdWorkerPool();
    const second = holdWorkerPool();
    await runInWorker(spin, { ms: 1 });
    expect(workerPoolLoad().threads).toBeGreaterThan(0);
    await first();
    await first(); // idempotent
    expect(workerPoolLoad().threads).toBeGreaterThan(0);
    await second();
    expect(workerPoolLoad()).toEqual({
      threads: 0,
      byPriority: { request: 0, background: 0 },
      queued: 0,
      utilization: 0,
    });
  });

  it('counts the threads of both priorities and stops both', async () => {
    const release = holdWorkerPool();
    await runInWorker(spin, { ms: 1 });
    const background = workerPoolLoad().threads;
    expect(workerPoolLoad().byPriority).toEqual({ request: 0, background });
    await runInWorker(spin, { ms: 1 }, { priority: 'request' });
    expect(workerPoolLoad().threads).toBeGreaterThan(background);
    expect(workerPoolLoad().byPriority.request).toBe(workerPoolLoad().threads - background);
    await release();
    expect(workerPoolLoad()).toEqual({
      threads: 0,
      byPriority: { request: 0, background: 0 },
      queued: 0,
      utilization: 0,
    });
  });
});
