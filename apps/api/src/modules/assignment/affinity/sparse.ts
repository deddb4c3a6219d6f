/** A sparse vector: term ids in ascending order and their weights. Document vectors have L2 norm 1 (or are empty). */
export type SparseVector = { readonly ids: Int32Array; readonly values: Float32Array };

export const EMPTY_VECTOR: SparseVector = { ids: new Int32Array(0), values: new Float32Array(0) };

/** Dot product of two sparse vectors (merge of the sorted id lists). */
export function dot(a: SparseVector, b: SparseVector): number {
  let i = 0;
  let j = 0;
  let sum = 0;
  const ai = a.ids;
  const bi = b.ids;
  while (i < ai.length && j < bi.length) {
    const x = ai[i] as number;
    const y = bi[j] as number;
    if (x === y) sum += (a.values[i++] as number) * (b.values[j++] as number);
    else if (x < y) i++;
    else j++;
  }
  return sum;
}

/** Weighted sum of two sparse vectors, L2-normalised. */
export function combineNormalized(a: SparseVector, wa: number, b: SparseVector, wb: number): SparseVector {
  const ids = new Int32Array(a.ids.length + b.ids.length);
  const values = new Float32Array(ids.length);
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < a.ids.length || j < b.ids.length) {
    const x = i < a.ids.length ? (a.ids[i] as number) : Number.POSITIVE_INFINITY;
    const y = j < b.ids.length ? (b.ids[j] as number) : Number.POSITIVE_INFINITY;
    if (x === y) {
      ids[n] = x;
      values[n++] = wa * (a.values[i++] as number) + wb * (b.values[j++] as number);
    } else if (x < y) {
      ids[n] = x;
      values[n++] = wa * (a.values[i++] as number);
    } else {
      ids[n] = y;
      values[n++] = wb * (b.values[j++] as number);
    }
  }
  return normalizeInPlace({ ids: ids.slice(0, n), values: values.slice(0, n) });
}

/** Scales a vector to unit L2 norm (an all-zero vector becomes empty). */
export function normalizeInPlace(v: SparseVector): SparseVector {
  let sq = 0;
  for (const x of v.values) sq += x * x;
  if (sq === 0) return EMPTY_VECTOR;
  const inv = 1 / Math.sqrt(sq);
  for (let i = 0; i < v.values.length; i++) v.values[i] = (v.values[i] as number) * inv;
  return v;
}

/** Postings of a set of vectors, by term (CSR): for term t, entries offsets[t] … offsets[t+1]−1. */
export type InvertedIndex = { readonly offsets: Int32Array; readonly docs: Int32Array; readonly values: Float32Array };

export function buildInvertedIndex(vectors: readonly SparseVector[], dimension: number): InvertedIndex {
  const offsets = new Int32Array(dimension + 1);
  for (const v of vectors) for (const id of v.ids) offsets[id + 1] = (offsets[id + 1] as number) + 1;
  for (let t = 0; t < dimension; t++) offsets[t + 1] = (offsets[t + 1] as number) + (offsets[t] as number);
  const fill = offsets.slice(0, dimension);
  const docs = new Int32Array(offsets[dimension] as number);
  const values = new Float32Array(docs.length);
  vectors.forEach((v, doc) => {
    for (let i = 0; i < v.ids.length; i++) {
      const id = v.ids[i] as number;
      const at = fill[id] as number;
      docs[at] = doc;
      values[at] = v.values[i] as number;
      fill[id] = at + 1;
    }
  });
  return { offsets, docs, values };
}
