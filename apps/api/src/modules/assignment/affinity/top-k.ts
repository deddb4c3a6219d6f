/** The arrays a TopK keeps its heaps in (heap order, not sorted). */
export type TopKStorage = { scores: Float32Array; items: Int32Array; sizes: Int32Array };

/**
 * For each of `rows` rows, the k best (score, item) pairs seen so far, as bounded min-heaps in typed arrays
 * (memory rows × k, whatever the number of pairs offered). Better = higher score, then lower item, so the
 * result does not depend on the order pairs are offered in.
 */
export class TopK {
  readonly rows: number;
  readonly k: number;
  private readonly scores: Float32Array;
  private readonly items: Int32Array;
  private readonly sizes: Int32Array;

  /** `storage` (rows · k scores and items, rows sizes, all zero) lets the heaps live in shared memory. */
  constructor(rows: number, k: number, storage?: TopKStorage) {
    this.rows = rows;
    this.k = k;
    this.scores = storage?.scores ?? new Float32Array(rows * k);
    this.items = storage?.items ?? new Int32Array(rows * k);
    this.sizes = storage?.sizes ?? new Int32Array(rows);
  }

  /** Number of items kept for a row. */
  size(row: number): number {
    return this.sizes[row] as number;
  }

  /** Whether (score, item) would enter row's top k; cheap, to skip work for pairs that cannot. */
  accepts(row: number, score: number, item: number): boolean {
    if (this.k === 0) return false;
    if ((this.sizes[row] as number) < this.k) return true;
    const base = row * this.k;
    return isBetter(score, item, this.scores[base] as number, this.items[base] as number);
  }

  offer(row: number, score: number, item: number): void {
    if (!this.accepts(row, score, item)) return;
    const k = this.k;
    const base = row * k;
    const scores = this.scores;
    const items = this.items;
    let size = this.sizes[row] as number;
    let i: number;
    if (size < k) {
      // Sift up from the new last slot.
      i = size++;
      this.sizes[row] = size;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (!isBetter(scores[base + parent] as number, items[base + parent] as number, score, item)) break;
        scores[base + i] = scores[base + parent] as number;
        items[base + i] = items[base + parent] as number;
        i = parent;
      }
    } else {
      // Replace the root (the worst kept) and sift down.
      i = 0;
      for (;;) {
        const left = 2 * i + 1;
        if (left >= size) break;
        const right = left + 1;
        let worst = left;
        if (
          right < size &&
          isBetter(
            scores[base + left] as number,
            items[base + left] as number,
            scores[base + right] as number,
            items[base + right] as number,
          )
        ) {
          worst = right;
        }
        if (!isBetter(score, item, scores[base + worst] as number, items[base + worst] as number)) break;
        scores[base + i] = scores[base + worst] as number;
        items[base + i] = items[base + worst] as number;
        i = worst;
      }
    }
    scores[base + i] = score;
    items[base + i] = item;
  }

  /** Items of one row, best first. */
  row(row: number): { items: number[]; scores: number[] } {
    const base = row * this.k;
    const size = this.sizes[row] as number;
    const order = Array.from({ length: size }, (_, i) => base + i).sort((a, b) =>
      isBetter(this.scores[a] as number, this.items[a] as number, this.scores[b] as number, this.items[b] as number)
        ? -1
        : 1,
    );
    return { items: order.map((i) => this.items[i] as number), scores: order.map((i) => this.scores[i] as number) };
  }

  /** Every row, best first, as row-major rows × k arrays padded with item −1 and score 0. */
  toArrays(): { items: Int32Array; scores: Float32Array; counts: Int32Array } {
    const items = new Int32Array(this.rows * this.k).fill(-1);
    const scores = new Float32Array(this.rows * this.k);
    for (let r = 0; r < this.rows; r++) {
      const sorted = this.row(r);
      items.set(sorted.items, r * this.k);
      scores.set(sorted.scores, r * this.k);
    }
    return { items, scores, counts: this.sizes.slice() };
  }
}

function isBetter(scoreA: number, itemA: number, scoreB: number, itemB: number): boolean {
  return scoreA > scoreB || (scoreA === scoreB && itemA < itemB);
}
