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
 * Scores one reviewer against every submission of an inverted index: each of the reviewer's documents gets a
 * similarity to each submission, and the reviewer's score is their mean over all the reviewer's documents
 * (`mean`) or the mean of the three best, missing ones 0 (`top3`).
 *
 * Term-at-a-time: the documents' terms are sorted together by id, so the posting list of a term several of the
 * reviewer's papers share (`speech` in most of a speech researcher's papers) comes from memory once per
 * reviewer and is then re-read from cache for each of those papers. Each document j accumulates into its own
 * row rows[j·S + s] (float32), walked in posting order, i.e. in increasing s: sequential writes, about twice as
 * fast as interleaving the documents. For a fixed (document, submission) the products are added in ascending
 * term order, so the same pair always gets the same bits, in one thread or several.
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

  constructor(submissions: number, aggregation: Aggregation) {
    this.submissions = submissions;
    this.aggregation = aggregation;
    this.sum = new Float64Array(submissions);
    this.rows = new Float32Array(submissions * CHUNK);
    this.first = new Float64Array(submissions);
    this.second = new Float64Array(submissions);
    this.third = new Float64Array(submissions);
    this.touched = new Int32Array(submissions);
  }

  run(index: InvertedIndex, vectors: readonly WeightedVector[]): void {
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
