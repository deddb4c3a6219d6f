/** Tasks of worker-pool.test.ts: plain functions a pool thread runs. */
import { readFileSync } from 'node:fs';
import { isMainThread, threadId } from 'node:worker_threads';
import { fieldErrors } from './errors.ts';

export function sumSquares(input: { values: Float64Array }): { sum: number; mainThread: boolean; threadId: number } {
  let sum = 0;
  for (const value of input.values) sum += value * value;
  return { sum, mainThread: isMainThread, threadId };
}

export function fail(input: { message: string }): never {
  throw new Error(input.message);
}

/** An AppError with fields and a message key, as a service would throw it. */
export function refuse(input: { field: string }): never {
  throw fieldErrors([{ field: input.field, key: 'submissions.invalidPdf' }]);
}

/** Busy for `ms` milliseconds: the request thread must stay free meanwhile. */
export function spin(input: { ms: number }): number {
  const end = Date.now() + input.ms;
  let n = 0;
  while (Date.now() < end) n++;
  return n;
}

/** The OS niceness of the calling thread (Linux: field 19 of /proc/thread-self/stat, after the command's name). */
export function threadNiceness(): { nice: number; mainThread: boolean } {
  const stat = readFileSync('/proc/thread-self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { nice: Number(fields[16]), mainThread: isMainThread };
}
