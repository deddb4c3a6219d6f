import type { InvertedIndex, SparseVector } from './sparse.ts';

/** A reviewer document (a paper, or the expertise + bio text) and the factor its similarities are scaled by. */
export type WeightedVector = { vector: SparseVector; weight: number };

/** Documents scored together: their similarity rows (CHUNK × submissions float32) stay small. */
const CHUNK = 32;
/** Sort key of a document's term: (term · CHUNK + document) · POSITION + position in the document's arrays. */
const POSITION = 2 ** 22;
const TERM = CHUNK * POSITION;

/** How a reviewer's per-document similarities become one score: their mean, or the mean of the three best. */
export type Aggregation = 'mean' | 'top3';

/**
 * A reviewer's documents summed into one vector, Σ weight · vector (float64), with the number of documents:
 * under the `mean` aggregation the reviewer's score is its dot product with a submission divided by that
 * number (the mean of the cosines is the cosine with the mean, the dot product being linear), so each
 * posting list is walked once per reviewer rather than once per paper that has the term.
 */
export type Centroid = { ids: Int32Array; values: Float64Array; documents: number };

/** Builds reviewers' centroids over a vocabulary of `dimension` terms (one scratch row, reused). */
export class CentroidBuilder {
  private readonly sums: Float64Array;
  private readonly seen: Uint8Array;
  private touched: Int32Array;

  constructor(dimension: number) {
    this.sums = new Float64Array(dimension);
    this.seen = new Uint8Array(dimension);
    this.touched = new Int32Array(1024);
  }

  /** Terms in ascending order; each term's sum is added in the documents' order, so the bits never vary. */
  build(vectors: readonly WeightedVector[]): Centroid {
    const { sums, seen } = this;
    let n = 0;
    for (const { vector, weight } of vectors) {
      if (n + vector.ids.length > this.touched.length) {
        const grown = new Int32Array(Math.max(this.touched.length * 2, n + vector.ids.length));
        grown.set(this.touched.subarray(0, n));
        this.touched = grown;
      }
      for (let c = 0; c < vector.ids.length; c++) {
        const t = vector.ids[c] as number;
        if (seen[t] === 0) {
          seen[t] = 1;
          this.touched[n++] = t;
        }
        sums[t] = (sums[t] as number) + weight * (vector.values[c] as number);
      }
    }
    const ids = this.touched.slice(0, n).sort();
    const values = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const t = ids[i] as number;
      values[i] = sums[t] as number;
      sums[t] = 0;
      seen[t] = 0;
    }
    return { ids, values, documents: vectors.length };
  }
}

/**
 * Scores one reviewer against every submission of an inverted index: each of the reviewer's documents gets a
 * similarity to each submission, and the reviewer's score is their mean over all the reviewer's documents
 * (`mean`) or the mean of the three best, missing ones 0 (`top3`).
 *
 * `mean` (the product's): one pass over the posting lists of the reviewer's centroid, term by term in
 * ascending order, into one float64 row over the submissions. A pair's score is thus Σ over the shared terms,
 * in ascending term order, of centroid weight × posting weight: the same bits whichever thread or however
 * many submissions the index holds (`scoreColumn` relies on it).
 *
 * `top3` (ablation only) needs each document's own similarity. Term-at-a-time: the documents' terms are sorted
 * together by id, so the posting list of a term several of the reviewer's papers share comes from memory once
 * and is re-read from cache for each. Each document j accumulates into its own float32 row rows[j·S + s], walked
 * in posting order, i.e. in increasing s: sequential writes, about twice as fast as interleaving the documents.
 */
export class ReviewerScorer {
  /** Submissions with a non-zero score for the last reviewer run, in increasing order. */
  readonly touched: Int32Array;
  count = 0;
  private readonly submissions: number;
  private readonly rows: Float32Array;
  private readonly first: Float64Array;
  private readonly second: Float64Array;
  private readonly third: Float64Array;
  private readonly sum: Float64Array;
  private readonly aggregation: Aggregation;
  private documents = 0;
  private keys = new Float64Array(4096);
  private centroids: CentroidBuilder | undefined;

  constructor(submissions: number, aggregation: Aggregation) {
    this.submissions = submissions;
    this.aggregation = aggregation;
    this.sum = new Float64Array(submissions);
    this.rows = new Float32Array(aggregation === 'mean' ? 0 : submissions * CHUNK);
    this.first = new Float64Array(submissions);
    this.second = new Float64Array(submissions);
    this.third = new Float64Array(submissions);
    this.touched = new Int32Array(submissions);
  }

  run(index: InvertedIndex, vectors: readonly WeightedVector[]): void {
    if (this.aggregation === 'mean') {
      this.centroids ??= new CentroidBuilder(index.offsets.length - 1);
      this.runCentroid(index, this.centroids.build(vectors));
      return;
    }
    const { first, second, third, sum, touched } = this;
    for (let i = 0; i < this.count; i++) {
      const s = touched[i] as number;
      first[s] = 0;
      second[s] = 0;
      third[s] = 0;
      sum[s] = 0;
    }
    this.documents = vectors.length;
    for (let from = 0; from < vectors.length; from += CHUNK) this.runChunk(index, vectors.slice(from, from + CHUNK));
    this.count = 0;
    for (let s = 0; s < this.submissions; s++) if ((first[s] as number) > 0) touched[this.count++] = s;
  }

  /** `run` for the `mean` aggregation, from a centroid already built. */
  runCentroid(index: InvertedIndex, centroid: Centroid): void {
    if (this.aggregation !== 'mean') throw new Error('a centroid scores the mean aggregation only');
    const { offsets, docs, values } = index;
    const { sum, touched } = this;
    for (let i = 0; i < this.count; i++) sum[touched[i] as number] = 0;
    this.documents = centroid.documents;
    const ids = centroid.ids;
    const weights = centroid.values;
    for (let c = 0; c < ids.length; c++) {
      const t = ids[c] as number;
      const w = weights[c] as number;
      const end = offsets[t + 1] as number;
      for (let p = offsets[t] as number; p < end; p++) {
        const s = docs[p] as number;
        sum[s] = (sum[s] as number) + w * (values[p] as number);
      }
    }
    this.count = 0;
    for (let s = 0; s < this.submissions; s++) if ((sum[s] as number) > 0) touched[this.count++] = s;
  }

  /** The reviewer's score for submission s (see Aggregation), in [0, 1], rounded to float32. */
  mean(s: number): number {
    const mean =
      this.aggregation === 'mean'
        ? (this.sum[s] as number) / this.documents
        : ((this.first[s] as number) + (this.second[s] as number) + (this.third[s] as number)) / 3;
    return Math.fround(Math.min(1, Math.max(0, mean)));
  }

  private runChunk(index: InvertedIndex, chunk: readonly WeightedVector[]): void {
    const { offsets, docs, values } = index;
    const rows = this.rows;
    const S = this.submissions;
    const m = chunk.length;
    // Every (term, document) of the chunk as one sortable number: sorting groups a term's documents together.
    let n = 0;
    for (const { vector } of chunk) n += vector.ids.length;
    if (n > this.keys.length) this.keys = new Float64Array(n * 2);
    const keys = this.keys;
    n = 0;
    chunk.forEach(({ vector }, j) => {
      if (vector.ids.length > POSITION) throw new RangeError('document vector too long');
      for (let c = 0; c < vector.ids.length; c++) keys[n++] = ((vector.ids[c] as number) * CHUNK + j) * POSITION + c;
    });
    keys.subarray(0, n).sort();
    for (let i = 0; i < n; ) {
      const term = Math.floor((keys[i] as number) / TERM);
      const start = offsets[term] as number;
      const end = offsets[term + 1] as number;
      // Each document having the term adds its contribution to its own row, in posting (= submission) order.
      for (; i < n && Math.floor((keys[i] as number) / TERM) === term; i++) {
        const rest = (keys[i] as number) - term * TERM;
        const j = Math.floor(rest / POSITION);
        const { vector, weight } = chunk[j] as WeightedVector;
        const w = weight * (vector.values[rest - j * POSITION] as number);
        const base = j * S;
        for (let p = start; p < end; p++) {
          const at = base + (docs[p] as number);
          rows[at] = (rows[at] as number) + w * (values[p] as number);
        }
      }
    }
    for (let j = 0; j < m; j++) this.collect(j * S);
  }

  /** Folds one document's row of similarities into each submission's sum and three best, and clears the row. */
  private collect(base: number): void {
    const { rows, first, second, third, sum } = this;
    for (let s = 0; s < this.submissions; s++) {
      const v = rows[base + s] as number;
      if (v === 0) continue;
      rows[base + s] = 0;
      sum[s] = (sum[s] as number) + v;
      if (v <= (third[s] as number)) continue;
      if (v > (first[s] as number)) {
        third[s] = second[s] as number;
        second[s] = first[s] as number;
        first[s] = v;
      } else if (v > (second[s] as number)) {
        third[s] = second[s] as number;
        second[s] = v;
      } else {
        third[s] = v;
      }
    }
  }
}
