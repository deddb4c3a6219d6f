import { Worker } from 'node:worker_threads';
import { type Aggregation, ReviewerScorer, type WeightedVector } from './reviewer-scorer.ts';
import type { InvertedIndex, SparseVector } from './sparse.ts';
import { TopK, type TopKStorage } from './top-k.ts';

/**
 * The scoring inputs in flat typed arrays over SharedArrayBuffers, so worker threads read them (and write the
 * scores) without copying: the submissions' inverted index, and every reviewer's documents.
 */
export type SharedScoring = {
  submissions: number;
  aggregation: Aggregation;
  offsets: Int32Array;
  docs: Int32Array;
  values: Float32Array;
  /** Reviewer r's documents are reviewerStart[r] … reviewerStart[r+1]−1. */
  reviewerStart: Int32Array;
  /** Document d's terms are termIds/termValues[docStart[d] … docStart[d+1]−1]; its weight docWeight[d]. */
  docStart: Int32Array;
  docWeight: Float64Array;
  termIds: Int32Array;
  termValues: Float32Array;
  /** Output of `scoreInWorkers`, row-major reviewers × submissions (empty for top-k runs). */
  scores: Float32Array;
};

/** One worker's heaps: the best `k` (score, reviewer) of its slice of reviewers for each submission. */
export type SharedTop = TopKStorage & { k: number };

type TypedArrayClass<T> = { new (buffer: SharedArrayBuffer): T; BYTES_PER_ELEMENT: number };

function sharedArray<T>(Type: TypedArrayClass<T>, length: number): T {
  return new Type(new SharedArrayBuffer(Math.max(1, length) * Type.BYTES_PER_ELEMENT));
}

export function shareScoring(
  index: InvertedIndex,
  reviewers: readonly WeightedVector[][],
  submissions: number,
  aggregation: Aggregation,
  withScores = true,
): SharedScoring {
  const copy = <T extends Int32Array | Float32Array>(Type: TypedArrayClass<T>, source: T): T => {
    const target = sharedArray(Type, source.length);
    target.set(source as never);
    return target;
  };
  const documents = reviewers.reduce((n, vectors) => n + vectors.length, 0);
  const terms = reviewers.reduce((n, vectors) => n + vectors.reduce((m, { vector }) => m + vector.ids.length, 0), 0);
  const shared: SharedScoring = {
    submissions,
    aggregation,
    offsets: copy(Int32Array, index.offsets),
    docs: copy(Int32Array, index.docs),
    values: copy(Float32Array, index.values),
    reviewerStart: sharedArray(Int32Array, reviewers.length + 1),
    docStart: sharedArray(Int32Array, documents + 1),
    docWeight: sharedArray(Float64Array, documents),
    termIds: sharedArray(Int32Array, terms),
    termValues: sharedArray(Float32Array, terms),
    scores: sharedArray(Float32Array, withScores ? reviewers.length * submissions : 0),
  };
  let d = 0;
  let t = 0;
  reviewers.forEach((vectors, r) => {
    shared.reviewerStart[r] = d;
    for (const { vector, weight } of vectors) {
      shared.docStart[d] = t;
      shared.docWeight[d++] = weight;
      shared.termIds.set(vector.ids, t);
      shared.termValues.set(vector.values, t);
      t += vector.ids.length;
    }
  });
  shared.reviewerStart[reviewers.length] = d;
  shared.docStart[d] = t;
  return shared;
}

function indexOf(shared: SharedScoring): InvertedIndex {
  return { offsets: shared.offsets, docs: shared.docs, values: shared.values };
}

/** Reviewer r's documents, as views on the shared arrays. */
function reviewerVectors(shared: SharedScoring, r: number): WeightedVector[] {
  const vectors: WeightedVector[] = [];
  for (let d = shared.reviewerStart[r] as number; d < (shared.reviewerStart[r + 1] as number); d++) {
    const start = shared.docStart[d] as number;
    const end = shared.docStart[d + 1] as number;
    const vector: SparseVector = {
      ids: shared.termIds.subarray(start, end),
      values: shared.termValues.subarray(start, end),
    };
    vectors.push({ vector, weight: shared.docWeight[d] as number });
  }
  return vectors;
}

/** Scores reviewers from … to−1 into shared.scores (in a worker, or in the calling thread). */
export function scoreRange(shared: SharedScoring, from: number, to: number): void {
  const S = shared.submissions;
  const index = indexOf(shared);
  const scorer = new ReviewerScorer(S, shared.aggregation);
  for (let r = from; r < to; r++) {
    scorer.run(index, reviewerVectors(shared, r));
    for (let i = 0; i < scorer.count; i++) {
      const s = scorer.touched[i] as number;
      shared.scores[r * S + s] = scorer.mean(s);
    }
  }
}

/** Offers every non-zero score of reviewers from … to−1 to per-submission heaps kept in `top`. */
export function topRange(shared: SharedScoring, from: number, to: number, top: SharedTop): void {
  const index = indexOf(shared);
  const scorer = new ReviewerScorer(shared.submissions, shared.aggregation);
  const best = new TopK(shared.submissions, top.k, top);
  for (let r = from; r < to; r++) {
    scorer.run(index, reviewerVectors(shared, r));
    for (let i = 0; i < scorer.count; i++) {
      const s = scorer.touched[i] as number;
      best.offer(s, scorer.mean(s), r);
    }
  }
}

/** Per-worker heaps of `k` entries for each of `submissions`, in shared memory. */
export function shareTop(submissions: number, k: number): SharedTop {
  return {
    k,
    scores: sharedArray(Float32Array, submissions * k),
    items: sharedArray(Int32Array, submissions * k),
    sizes: sharedArray(Int32Array, submissions),
  };
}

/**
 * Contiguous slices of the reviewers, one per thread, with about the same number of document terms each (the
 * work of a reviewer grows with its terms).
 */
export function sliceReviewers(shared: SharedScoring, threads: number): number[] {
  const R = shared.reviewerStart.length - 1;
  const termsBefore = (r: number) => shared.docStart[shared.reviewerStart[r] as number] as number;
  const total = termsBefore(R);
  const bounds = [0];
  for (let w = 1; w < threads; w++) {
    let r = bounds[w - 1] as number;
    while (r < R && termsBefore(r) < (total * w) / threads) r++;
    bounds.push(r);
  }
  bounds.push(R);
  return bounds;
}

/** Runs one worker per slice (`bounds` from sliceReviewers); `top[w]`, when given, makes worker w keep heaps. */
export async function runWorkers(shared: SharedScoring, bounds: number[], top?: SharedTop[]): Promise<void> {
  await Promise.all(
    bounds.slice(0, -1).map(
      (from, w) =>
        new Promise<void>((resolve, reject) => {
          const worker = new Worker(new URL('./score-worker.ts', import.meta.url), {
            workerData: { shared, from, to: bounds[w + 1], top: top?.[w] },
          });
          worker.once('message', () => resolve());
          worker.once('error', reject);
          worker.once('exit', (code) => {
            if (code !== 0) reject(new Error(`affinity worker stopped with exit code ${code}`));
          });
        }),
    ),
  );
}

/**
 * Scores every reviewer on `threads` worker threads, each taking a contiguous slice of reviewers with about
 * the same number of document terms. Each pair is computed by the same code as in one thread, so the scores
 * are bit-identical whatever the number of threads.
 */
export async function scoreInWorkers(shared: SharedScoring, threads: number): Promise<void> {
  await runWorkers(shared, sliceReviewers(shared, threads));
}
