import { stemEnglish } from '../stemmer.ts';
import { ENGLISH_STOP_WORDS } from '../stop-words.ts';
import type { AffinityDocument, ReviewerProfile } from '../types.ts';
import { porterStem } from './porter1980.ts';
import { SKLEARN_STOP_WORDS } from './stop-words-sklearn.ts';

/**
 * The standard lexical affinity configuration, written plainly and independently of the product's pipeline
 * (no shared tokenizer, vocabulary, vectors or scorer): scikit-learn's TfidfVectorizer as usually configured
 * for reviewer matching — word tokens of two or more letters or digits (`\b\w\w+\b`), lower-cased; the
 * English stop words removed; Porter (1980) stemming; unigrams and bigrams of the remaining tokens; sublinear
 * tf 1 + ln tf; smooth IDF ln((1 + N)/(1 + df)) + 1 fitted on the whole corpus (every distinct submission and
 * reviewer paper); L2 normalisation; the cosine of each reviewer paper with the submission; the mean over the
 * reviewer's papers. It exists to check the product against (`standard-parity.test.ts`) and to measure which
 * difference matters (`bench/affinity/ablation.ts`): each option switches one component to the product's choice.
 */
export type StandardOptions = {
  /** `porter`: Porter 1980 (standard); `porter2`: the product's Snowball English stemmer. */
  stemmer?: 'porter' | 'porter2';
  /** `sklearn`: scikit-learn's English list (standard); `snowball`: the product's list. */
  stopWords?: 'sklearn' | 'snowball';
  /** `smooth`: ln((1+N)/(1+df)) + 1 (standard); `rsj`: the product's ln(1 + (N − df + ½)/(df + ½)). */
  idf?: 'smooth' | 'rsj';
  /** Terms in fewer documents are dropped (standard: 1, keep all). */
  minDf?: number;
  /** `mean` over every profile paper (standard) or the mean of the `top` n best similarities. */
  aggregate?: { kind: 'mean' } | { kind: 'top'; n: number };
  /** `words`: `\b\w\w+\b` (standard); `letters`: also drop tokens without a letter (numbers, years). */
  tokens?: 'words' | 'letters';
  /** Which texts make a document: title + abstract (standard) or with the full text appended. */
  fullText?: boolean;
};

const WORD = /[\p{L}\p{N}_]{2,}/gu;
const HAS_LETTER = /\p{L}/u;
const ASCII = /^[a-z]+$/;

function documentText(doc: AffinityDocument, fullText: boolean): string {
  const parts = [doc.title ?? '', doc.abstract ?? ''];
  if (fullText && doc.fullText) parts.push(doc.fullText);
  return parts.join(' ');
}

function analyzer(options: StandardOptions): (text: string) => string[] {
  const stop = options.stopWords === 'snowball' ? ENGLISH_STOP_WORDS : SKLEARN_STOP_WORDS;
  const stem = options.stemmer === 'porter2' ? stemEnglish : porterStem;
  const cache = new Map<string, string>();
  return (text) => {
    const stems: string[] = [];
    for (const [token] of text.toLowerCase().matchAll(WORD)) {
      if (stop.has(token)) continue;
      if (options.tokens === 'letters' && !HAS_LETTER.test(token)) continue;
      let s = cache.get(token);
      if (s === undefined) {
        s = ASCII.test(token) ? stem(token) : token;
        cache.set(token, s);
      }
      stems.push(s);
    }
    const terms = [...stems];
    for (let i = 0; i + 1 < stems.length; i++) terms.push(`${stems[i]} ${stems[i + 1]}`);
    return terms;
  };
}

type Vector = Map<string, number>;

function cosine(a: Vector, b: Vector): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let sum = 0;
  for (const [term, x] of small) {
    const y = large.get(term);
    if (y !== undefined) sum += x * y;
  }
  return sum;
}

/**
 * Scores every reviewer against every submission with the standard configuration (or one component switched):
 * reviewer id → submission id → similarity.
 */
export function scoreStandard(
  reviewers: ReviewerProfile[],
  submissions: AffinityDocument[],
  options: StandardOptions = {},
): Record<string, Record<string, number>> {
  const analyze = analyzer(options);
  const corpus = new Map<string, string[]>();
  for (const doc of [...submissions, ...reviewers.flatMap((r) => r.papers)]) {
    if (!corpus.has(doc.id)) corpus.set(doc.id, analyze(documentText(doc, options.fullText ?? false)));
  }
  const df = new Map<string, number>();
  for (const terms of corpus.values()) for (const term of new Set(terms)) df.set(term, (df.get(term) ?? 0) + 1);
  const n = corpus.size;
  const idf = (d: number) =>
    options.idf === 'rsj' ? Math.log(1 + (n - d + 0.5) / (d + 0.5)) : Math.log((1 + n) / (1 + d)) + 1;
  const minDf = options.minDf ?? 1;
  const vectors = new Map<string, Vector>();
  for (const [id, terms] of corpus) {
    const tf = new Map<string, number>();
    for (const term of terms) if ((df.get(term) ?? 0) >= minDf) tf.set(term, (tf.get(term) ?? 0) + 1);
    const v: Vector = new Map();
    let norm = 0;
    for (const [term, count] of tf) {
      const w = (1 + Math.log(count)) * idf(df.get(term) ?? 0);
      v.set(term, w);
      norm += w * w;
    }
    norm = Math.sqrt(norm);
    for (const [term, w] of v) v.set(term, w / norm);
    vectors.set(id, v);
  }
  const aggregate = options.aggregate ?? { kind: 'mean' };
  const out: Record<string, Record<string, number>> = {};
  for (const reviewer of reviewers) {
    const papers = [...new Set(reviewer.papers.map((p) => p.id))].map((id) => vectors.get(id) as Vector);
    const row: Record<string, number> = {};
    for (const sub of submissions) {
      const target = vectors.get(sub.id) as Vector;
      const sims = papers.map((p) => cosine(p, target)).sort((a, b) => b - a);
      const used = aggregate.kind === 'mean' ? sims : sims.slice(0, aggregate.n);
      const denominator = aggregate.kind === 'mean' ? sims.length : aggregate.n;
      row[sub.id] = denominator === 0 ? 0 : used.reduce((a, b) => a + b, 0) / denominator;
    }
    out[reviewer.id] = row;
  }
  return out;
}
