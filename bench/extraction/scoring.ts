/**
 * Field scores for PDF metadata extraction, as suggested by the data set's README: text compared after
 * lower-casing, accent, punctuation and whitespace normalisation; authors as lists of normalised full names;
 * keywords as fuzzy sets. Every score is in [0, 1].
 */

const LIGATURES: Record<string, string> = { ﬀ: 'ff', ﬁ: 'fi', ﬂ: 'fl', ﬃ: 'ffi', ﬄ: 'ffl', ﬅ: 'st', ﬆ: 'st' };

/** Lower case, ligatures expanded, accents and punctuation removed, single spaces. */
export function normalise(text: string): string {
  return text
    .replace(/[ﬀ-ﬆ]/g, (ch) => LIGATURES[ch] ?? ch)
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Levenshtein distance (two rows). */
export function levenshtein(a: string, b: string): number {
  if (a === b) return 0;
  if (!a.length) return b.length;
  if (!b.length) return a.length;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  let current = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i += 1) {
    current[0] = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
    }
    [previous, current] = [current, previous];
  }
  return previous[b.length] ?? 0;
}

/** 1 − distance / longer length, on normalised text. */
export function similarity(a: string, b: string): number {
  const x = normalise(a);
  const y = normalise(b);
  if (!x && !y) return 1;
  return 1 - levenshtein(x, y) / Math.max(x.length, y.length);
}

/** Equal once normalised, spaces removed too (PDF text glues or splits words). */
export function exactMatch(a: string, b: string): boolean {
  return normalise(a).replace(/ /g, '') === normalise(b).replace(/ /g, '');
}

function f1(matched: number, predicted: number, expected: number): number {
  if (predicted === 0 && expected === 0) return 1;
  if (predicted === 0 || expected === 0 || matched === 0) return 0;
  const precision = matched / predicted;
  const recall = matched / expected;
  return (2 * precision * recall) / (precision + recall);
}

/** F1 of two lists compared as multisets of normalised strings. */
export function listF1(predicted: readonly string[], expected: readonly string[]): number {
  const pool = new Map<string, number>();
  for (const value of expected) pool.set(normalise(value), (pool.get(normalise(value)) ?? 0) + 1);
  let matched = 0;
  for (const value of predicted) {
    const key = normalise(value);
    const left = pool.get(key) ?? 0;
    if (left > 0) {
      matched += 1;
      pool.set(key, left - 1);
    }
  }
  return f1(matched, predicted.length, expected.length);
}

/** Token-level F1 of two texts: bags of normalised words, the usual SQuAD-style overlap score. */
export function tokenF1(predicted: string, expected: string): number {
  const a = normalise(predicted).split(' ').filter(Boolean);
  const b = normalise(expected).split(' ').filter(Boolean);
  return listF1(a, b);
}

/** Fuzzy set F1: a predicted item matches an unmatched expected one when their similarity is at least `threshold`. */
export function fuzzySetF1(predicted: readonly string[], expected: readonly string[], threshold = 0.8): number {
  const pairs: { i: number; j: number; score: number }[] = [];
  predicted.forEach((p, i) => {
    expected.forEach((e, j) => {
      const score = similarity(p, e);
      if (score >= threshold) pairs.push({ i, j, score });
    });
  });
  pairs.sort((a, b) => b.score - a.score);
  const usedP = new Set<number>();
  const usedE = new Set<number>();
  for (const pair of pairs) {
    if (usedP.has(pair.i) || usedE.has(pair.j)) continue;
    usedP.add(pair.i);
    usedE.add(pair.j);
  }
  return f1(usedP.size, predicted.length, expected.length);
}

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? 0;
}

export function mean(values: readonly number[]): number {
  return values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length;
}
