/**
 * The body of every thread of the worker pool (worker-pool.ts): imports the task's module (once per thread, cached
 * by the module loader) and calls the named export with the input.
 */
type Call = { module: string; name: string; input: unknown };

export default async function runTask({ module, name, input }: Call): Promise<unknown> {
  const loaded = (await import(module)) as Record<string, unknown>;
  const task = loaded[name];
  if (typeof task !== 'function') throw new Error(`worker task ${name} is not exported by ${module}`);
  return task(input);
}
