/**
 * Open-loop arrivals and latency statistics. Requests arrive as a Poisson process at a fixed rate whatever the
 * server does (users at a deadline do not wait for each other), and each latency is measured from the moment the
 * request was due, so a generator that falls behind cannot hide the server's slowness (no coordinated omission).
 */
import { sleep } from './server.ts';

/** A small seeded generator (mulberry32), so every run draws the same arrivals and choices. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * One finished request. `status` is 0 when no response came (`failure` says why): 'not_sent' is a request the client
 * did not send because it already had its bound of open requests (an error, left out of the latencies).
 */
export type Sample = {
  endpoint: string;
  status: number;
  failure?: 'timeout' | 'network' | 'not_sent';
  /** Why no response came (the network error's code and message). */
  reason?: string;
  /** From the moment it was due to the last byte of the answer. */
  ms: number;
  /** How late the generator sent it. */
  lagMs: number;
  /** When it was due, from the phase's start (what `slices` groups by). */
  dueMs: number;
  bytesOut: number;
  /** A 503 with Retry-After: the server shed it at once (counted apart from the errors). */
  shed?: boolean;
};

/**
 * Fires `fire(dueAt)` at Poisson arrivals of `ratePerSecond` for `seconds` (or until `stop()` says so), without
 * waiting for answers, then waits for every request still running. Returns how many were fired.
 */
export async function openLoop(
  ratePerSecond: number,
  seconds: number,
  random: () => number,
  fire: (dueAt: number) => Promise<void>,
  stop: () => boolean = () => false,
): Promise<number> {
  if (ratePerSecond <= 0) return 0;
  const gap = () => (-Math.log(1 - random()) / ratePerSecond) * 1000;
  const start = performance.now();
  const end = start + seconds * 1000;
  const running = new Set<Promise<void>>();
  let fired = 0;
  let next = start + gap();
  while (next < end && !stop()) {
    // Always yield while the next arrival is ahead: spinning through the last millisecond burnt the client's CPU in
    // clock reads (an eighth of it at 550 arrivals/s) and kept it from reading answers meanwhile. A timer fires up to
    // about a millisecond late; the latency counts from the arrival's due time, so the lag is measured, not hidden.
    const wait = next - performance.now();
    if (wait > 0) await sleep(Math.min(wait, 50));
    while (next < end && next <= performance.now()) {
      const request = fire(next).finally(() => running.delete(request));
      running.add(request);
      fired += 1;
      next += gap();
    }
  }
  await Promise.all(running);
  return fired;
}

/** The p99 and the count of the answered (not shed, sent) requests due in each `sliceSeconds` of a phase. */
export function slices(samples: readonly Sample[], sliceSeconds: number): { fromS: number; p99: number; n: number }[] {
  const bySlice = new Map<number, number[]>();
  for (const s of samples) {
    if (s.shed || s.failure === 'not_sent') continue;
    const slice = Math.floor(s.dueMs / 1000 / sliceSeconds);
    bySlice.set(slice, [...(bySlice.get(slice) ?? []), s.ms]);
  }
  return [...bySlice]
    .sort(([a], [b]) => a - b)
    .map(([slice, list]) => ({
      fromS: slice * sliceSeconds,
      p99: percentile(
        list.sort((a, b) => a - b),
        0.99,
      ),
      n: list.length,
    }));
}

/** The nearest-rank percentile of sorted values (p in 0..1). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] as number;
}

export type EndpointSummary = {
  endpoint: string;
  requests: number;
  ok: number;
  /** Answers that were not 2xx, by status ('timeout' / 'network' when none came); shed requests apart. */
  errors: Record<string, number>;
  /** 503 answers with Retry-After (load shedding). */
  shed: number;
  offeredPerSecond: number;
  achievedPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  lagP99: number;
  megabytesOut: number;
};

/**
 * Per endpoint: counts, error statuses, shed requests, rates and latencies. The offered rate is requests over the
 * phase's `seconds`; the achieved rate is 2xx answers over `elapsedSeconds`, the phase plus the time its last answers
 * took. The latencies are of the requests not shed (a shed request is answered at once, and would hide the others)
 * and sent (one the client could not send has none; it counts as an error).
 */
export function summarize(samples: readonly Sample[], seconds: number, elapsedSeconds: number): EndpointSummary[] {
  const byEndpoint = new Map<string, Sample[]>();
  for (const sample of samples) byEndpoint.set(sample.endpoint, [...(byEndpoint.get(sample.endpoint) ?? []), sample]);
  return [...byEndpoint].map(([endpoint, list]) => {
    const latencies = list
      .filter((s) => !s.shed && s.failure !== 'not_sent')
      .map((s) => s.ms)
      .sort((a, b) => a - b);
    const lags = list.map((s) => s.lagMs).sort((a, b) => a - b);
    const errors: Record<string, number> = {};
    let ok = 0;
    let shed = 0;
    for (const s of list) {
      if (s.status >= 200 && s.status < 300) ok += 1;
      else if (s.shed) shed += 1;
      else {
        const key = s.failure ?? String(s.status);
        errors[key] = (errors[key] ?? 0) + 1;
      }
    }
    return {
      endpoint,
      requests: list.length,
      ok,
      errors,
      shed,
      offeredPerSecond: list.length / seconds,
      achievedPerSecond: ok / elapsedSeconds,
      p50: percentile(latencies, 0.5),
      p95: percentile(latencies, 0.95),
      p99: percentile(latencies, 0.99),
      max: latencies.at(-1) ?? Number.NaN,
      lagP99: percentile(lags, 0.99),
      megabytesOut: list.reduce((sum, s) => sum + s.bytesOut, 0) / 2 ** 20,
    };
  });
}

/** Milliseconds as a short text (ms below one second, s above). */
export function formatMs(ms: number): string {
  if (!Number.isFinite(ms)) return '—';
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`;
}

/** Error counts as `429×3, timeout×1`, or `0`. */
export function formatErrors(errors: Record<string, number>): string {
  const entries = Object.entries(errors);
  return entries.length === 0 ? '0' : entries.map(([status, n]) => `${status}×${n}`).join(', ');
}
