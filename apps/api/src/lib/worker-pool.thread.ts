import { AppError } from './errors.ts';
import type { ThrownAppError } from './worker-pool.ts';

/**
 * The body of every thread of the worker pool (worker-pool.ts): imports the task's module (once per thread, cached
 * by the module loader) and calls the named export with the input. An AppError is thrown on as plain data (a
 * structured clone keeps only an Error's message), which runInWorker turns back into the same AppError.
 */
type Call = { module: string; name: string; input: unknown };

export default async function runTask({ module, name, input }: Call): Promise<unknown> {
  const loaded = (await import(module)) as Record<string, unknown>;
  const task = loaded[name];
  if (typeof task !== 'function') throw new Error(`worker task ${name} is not exported by ${module}`);
  try {
    return await task(input);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const { statusCode, code, message, fields, extra } = error;
    throw { appError: { statusCode, code, message, fields, extra } } satisfies ThrownAppError;
  }
}
