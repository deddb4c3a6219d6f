import { STEM_LIMIT, type Tokens } from './lexicon.ts';
import { PairTable } from './pair-table.ts';

/** The index terms: which unigrams and bigrams are indexed, their IDF, and their stems. */
export type Vocabulary = {
  /** stem id → term id of the unigram, or −1. */
  unigramTerm: Int32Array;
  /** (a, b) → slot whose first payload is the term id of the bigram `a b`. */
  bigramTerm: PairTable;
  /** term id → its first and second stem (−1 for a unigram). */
  termA: Int32Array;
  termB: Int32Array;
  idf: Float32Array;
};

/** Bigram occurrences counted per pass; more are split into hash partitions (bounds the table's memory). */
const PARTITION_OCCURRENCES = 8_000_000;

/**
 * Robertson–Spärck Jones IDF in the always-positive form Lucene uses for BM25: ln(1 + (N − df + 0.5) / (df + 0.5)).
 * ≈ ln(N / df) for rare terms and → 0 for a term in every document. Not scikit-learn's ln((1 + N)/(1 + df)) + 1:
 * its floor of 1 lets the hundreds of ubiquitous words of a full text (`model`, `result`, `show`) carry most of
 * a long document's vector.
 */
export function inverseDocumentFrequency(documents: number, df: number): number {
  return Math.log(1 + (documents - df + 0.5) / (df + 0.5));
}

/** scikit-learn's smoothed IDF, ln((1 + N)/(1 + df)) + 1: the standard configuration's, for comparison. */
export function smoothInverseDocumentFrequency(documents: number, df: number): number {
  return Math.log((1 + documents) / (1 + df)) + 1;
}

export type IdfForm = 'probabilistic' | 'smooth';

function countUnigrams(tokens: readonly Tokens[], stemCount: number): Int32Array {
  const df = new Int32Array(stemCount);
  const lastDoc = new Int32Array(stemCount).fill(-1);
  for (let d = 0; d < tokens.length; d++) {
    const doc = tokens[d] as Tokens;
    for (const field of [doc.summary, doc.body]) {
      for (let i = 0; i < field.length; i++) {
        const stem = field[i] as number;
        if (stem >= 0 && lastDoc[stem] !== d) {
          lastDoc[stem] = d;
          df[stem] = (df[stem] as number) + 1;
        }
      }
    }
  }
  return df;
}

function partitionOf(a: number, b: number, partitions: number): number {
  let h = Math.imul(a ^ Math.imul(b, 0x27d4eb2d), 0x165667b1);
  h ^= h >>> 15;
  return (h >>> 0) % partitions;
}

/**
 * Bigrams (both stems indexed) occurring in at least `minDf` documents: a table of their document frequencies
 * (first payload) and their keys a·2^26 + b in ascending order. Exact; when the corpus is large, counted in
 * several passes over hash partitions of the pairs, so that no table ever holds every distinct bigram of
 * thousands of full texts at once.
 */
function countBigrams(
  tokens: readonly Tokens[],
  unigramTerm: Int32Array,
  minDf: number,
  partitionOccurrences: number,
): { frequent: PairTable; keys: Float64Array } {
  let occurrences = 0;
  for (const doc of tokens) {
    for (const field of [doc.summary, doc.body]) {
      for (let i = 0; i + 1 < field.length; i++) {
        const a = field[i] as number;
        const b = field[i + 1] as number;
        if (a >= 0 && b >= 0 && unigramTerm[a] !== -1 && unigramTerm[b] !== -1) occurrences++;
      }
    }
  }
  const partitions = Math.max(1, Math.ceil(occurrences / partitionOccurrences));
  const frequent = new PairTable();
  let keys = new Float64Array(1024);
  for (let p = 0; p < partitions; p++) {
    // Per slot: first payload = document frequency, second = last document counted.
    const table = new PairTable(Math.min(occurrences, partitionOccurrences) / 4);
    for (let d = 0; d < tokens.length; d++) {
      const doc = tokens[d] as Tokens;
      for (const field of [doc.summary, doc.body]) {
        for (let i = 0; i + 1 < field.length; i++) {
          const a = field[i] as number;
          const b = field[i + 1] as number;
          if (a < 0 || b < 0 || unigramTerm[a] === -1 || unigramTerm[b] === -1) continue;
          if (partitions > 1 && partitionOf(a, b, partitions) !== p) continue;
          const slot = table.insert(a, b);
          if (table.getSecond(slot) !== d) {
            table.setSecond(slot, d);
            table.setFirst(slot, table.getFirst(slot) + 1);
          }
        }
      }
    }
    for (let slot = 0; slot < table.capacity; slot++) {
      const a = table.keyA(slot);
      if (a === -1 || table.getFirst(slot) < minDf) continue;
      const b = table.keyB(slot);
      frequent.setFirst(frequent.insert(a, b), table.getFirst(slot));
      if (frequent.size > keys.length) {
        const grown = new Float64Array(keys.length * 2);
        grown.set(keys);
        keys = grown;
      }
      keys[frequent.size - 1] = a * STEM_LIMIT + b;
    }
  }
  return { frequent, keys: keys.slice(0, frequent.size).sort() };
}

/**
 * Indexes the unigrams and the bigrams that occur in at least `minDf` documents. A term of a single document
 * cannot make two documents similar; indexed, it would only lengthen that document's vector (a length
 * penalty unrelated to topic), and the bigrams of thousands of full texts would not fit in memory.
 */
export function buildVocabulary(
  tokens: readonly Tokens[],
  stemCount: number,
  minDf: number,
  partitionOccurrences = PARTITION_OCCURRENCES,
  idfForm: IdfForm = 'probabilistic',
): Vocabulary {
  const inverseFrequency = idfForm === 'smooth' ? smoothInverseDocumentFrequency : inverseDocumentFrequency;
  const stemDf = countUnigrams(tokens, stemCount);
  const unigramTerm = new Int32Array(stemCount).fill(-1);
  const unigrams: number[] = [];
  for (let stem = 0; stem < stemCount; stem++) {
    if ((stemDf[stem] as number) < minDf) continue;
    unigramTerm[stem] = unigrams.length;
    unigrams.push(stem);
  }
  const { frequent: bigramTerm, keys } = countBigrams(tokens, unigramTerm, minDf, partitionOccurrences);
  const size = unigrams.length + keys.length;
  const termA = new Int32Array(size);
  const termB = new Int32Array(size).fill(-1);
  const idf = new Float32Array(size);
  const n = tokens.length;
  unigrams.forEach((stem, term) => {
    termA[term] = stem;
    idf[term] = inverseFrequency(n, stemDf[stem] as number);
  });
  // Bigram term ids in ascending (a, b) order; the table's payload turns from df into the term id.
  keys.forEach((key, i) => {
    const term = unigrams.length + i;
    const a = Math.floor(key / STEM_LIMIT);
    const b = key - a * STEM_LIMIT;
    const slot = bigramTerm.find(a, b);
    termA[term] = a;
    termB[term] = b;
    idf[term] = inverseFrequency(n, bigramTerm.getFirst(slot));
    bigramTerm.setFirst(slot, term);
  });
  return { unigramTerm, bigramTerm, termA, termB, idf };
}
