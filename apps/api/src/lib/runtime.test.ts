import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/**
 * A process that allocates 320 buffers of 1 MB, one every millisecond, each dropped at once, with a heap of a few MB:
 * how many full (mark-compact) collections that cost it, with or without `tuneGarbageCollection`.
 */
function fullCollections(tuned: boolean): number {
  const script = `
    import { PerformanceObserver, constants } from 'node:perf_hooks';
    import { tuneGarbageCollection } from ${JSON.stringify(new URL('./runtime.ts', import.meta.url).href)};
    if (${tuned}) tuneGarbageCollection();
    let major = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (entry.detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) major += 1;
    }).observe({ entryTypes: ['gc'] });
    let sink = 0;
    for (let i = 0; i < 320; i += 1) {
      const bytes = Buffer.allocUnsafe(1 << 20);
      bytes[0] = i;
      sink += bytes[0];
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    console.log(JSON.stringify({ major, sink }));
  `;
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  if (child.status !== 0) throw new Error(child.stderr);
  return (JSON.parse(child.stdout) as { major: number }).major;
}

describe('tuneGarbageCollection', () => {
  it('stops external memory (buffers) from starting a full collection every 64 MB', () => {
    const untuned = fullCollections(false);
    const tuned = fullCollections(true);
    // 320 MB of buffers: about five full collections by default, at most one once external memory counts in the
    // heap's global limit.
    expect(untuned).toBeGreaterThanOrEqual(3);
    expect(tuned).toBeLessThanOrEqual(1);
  });
});
