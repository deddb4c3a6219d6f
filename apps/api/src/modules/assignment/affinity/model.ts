import { availableParallelism } from 'node:os';
import { tokensOf } from './analysis.ts';
import { Lexicon, type Tokens } from './lexicon.ts';
import { runWorkers, scoreInWorkers, shareScoring, shareTop, sliceReviewers } from './parallel.ts';
import { ReviewerScorer, type WeightedVector } from './reviewer-scorer.ts';
import {
  buildInvertedIndex,
  combineNormalized,
  dot,
  EMPTY_VECTOR,
  normalizeInPlace,
  type SparseVector,
} from './sparse.ts';
import { TopK } from './top-k.ts';
import type {
  AffinityDocument,
  AffinityModel,
  AffinityOptions,
  AffinityScores,
  ParallelOptions,
  ReviewerProfile,
  ScoreOptions,
  TopReviewers,
  TopReviewersOptions,
} from './types.ts';
import { buildVocabulary, type Vocabulary } from './vocabulary.ts';

/**
 * The few parameters of the method, all chosen from principle (bench/affinity/README.md explains each);
 * none was tuned on the gold-standard data.
 */
export const AFFINITY_PARAMETERS = {
  /** Every term is indexed (the standard's min df of 1), so a cosine is that of the documents as written: the
   * share of a paper that nobody else wrote about is part of what it is, not a length penalty to remove. */
  minDocumentFrequency: 1,
  /** Title + keywords + abstract and the full text are normalised separately, then mixed with these weights. */
  summaryWeight: 1,
  fullTextWeight: 1,
  /** The standard smoothed IDF, ln((1 + N)/(1 + df)) + 1 (`vocabulary.ts`). */
  idf: 'smooth',
  /** A reviewer's score is the mean similarity over all their documents (the standard's mean over the profile)… */
  aggregation: 'mean',
  /** …each reviewer paper with its full text where the system holds it, like a submission. */
  reviewerFullText: true,
  /** Reviewer documents whose shared terms `reasons` shows (the most similar ones). */
  topDocuments: 3,
  /** The expertise + bio text counts as one more document, with its similarity scaled by this weight. */
  profileWeight: 0.5,
  /** Default number of terms `reasons` returns. */
  topTerms: 5,
} as const;

type DocumentVectors = { full: SparseVector; summary: SparseVector };

type Method = Required<AffinityOptions>;

function resolveMethod(options: AffinityOptions): Method {
  return {
    idf: options.idf ?? AFFINITY_PARAMETERS.idf,
    minDocumentFrequency: options.minDocumentFrequency ?? AFFINITY_PARAMETERS.minDocumentFrequency,
    aggregation: options.aggregation ?? AFFINITY_PARAMETERS.aggregation,
    reviewerFullText: options.reviewerFullText ?? AFFINITY_PARAMETERS.reviewerFullText,
  };
}

/**
 * Fits the model (vocabulary, IDF) on the whole corpus the system holds: every submission and every reviewer
 * paper. Documents are deduplicated by id (the first occurrence wins); one carrying its stored `analysis` is not
 * tokenised again (the same model, to the bit, as from its text). Pass the same document objects to
 * `score` afterwards: their vectors are computed once, here, and looked up by object identity; other objects
 * (new texts) are vectorised against the fitted vocabulary, ignoring terms it does not know.
 */
export function buildAffinityModel(corpus: AffinityDocument[], options: AffinityOptions = {}): AffinityModel {
  const method = resolveMethod(options);
  const lexicon = new Lexicon();
  const seen = new Set<string>();
  const docs: AffinityDocument[] = [];
  const tokens: Tokens[] = [];
  for (const doc of corpus) {
    if (seen.has(doc.id)) continue;
    seen.add(doc.id);
    docs.push(doc);
    tokens.push(tokensOf(lexicon, doc));
  }
  const vocabulary = buildVocabulary(tokens, lexicon.stems.length, method.minDocumentFrequency, undefined, method.idf);
  const spelling = lexicon.freeze();
  const model = new TfIdfAffinityModel(lexicon, vocabulary, spelling, docs.length, method);
  docs.forEach((doc, d) => {
    model.remember(doc, tokens[d] as Tokens);
  });
  return model;
}

function checkK(k: number): void {
  if (!Number.isInteger(k) || k < 0) throw new RangeError('k must be a non-negative integer');
}

class TfIdfAffinityModel implements AffinityModel {
  readonly vocabularySize: number;
  readonly documentCount: number;
  private readonly lexicon: Lexicon;
  private readonly vocabulary: Vocabulary;
  private readonly spelling: string[];
  /** Vectors of the corpus documents: full (submission side) and title + keywords + abstract (reviewer side). */
  private readonly vectors = new WeakMap<AffinityDocument, DocumentVectors>();
  /** Scratch for building one vector: term counts (kept at 0 between uses) and the terms touched. */
  private readonly counts: Float32Array;
  private readonly touched: Int32Array;
  private termIds: Map<string, number> | undefined;
  private readonly method: Method;

  constructor(lexicon: Lexicon, vocabulary: Vocabulary, spelling: string[], documentCount: number, method: Method) {
    this.method = method;
    this.lexicon = lexicon;
    this.vocabulary = vocabulary;
    this.spelling = spelling;
    this.documentCount = documentCount;
    this.vocabularySize = vocabulary.idf.length;
    this.counts = new Float32Array(this.vocabularySize);
    this.touched = new Int32Array(this.vocabularySize);
  }

  remember(doc: AffinityDocument, tokens: Tokens): void {
    this.vectors.set(doc, this.documentVectors(tokens));
  }

  /** The unit TF-IDF vectors of a document (cached for the corpus documents). */
  private vectorsOf(doc: AffinityDocument): DocumentVectors {
    return this.vectors.get(doc) ?? this.documentVectors(this.lexicon.tokenize(doc));
  }

  /** A submission's vector: title, keywords and abstract, with the full text when there is one. */
  private vectorOf(doc: AffinityDocument): SparseVector {
    return this.vectorsOf(doc).full;
  }

  /** Weights of a document's terms (stemmed; bigrams as `a b`), heaviest first: for tests and diagnostics. */
  termWeights(doc: AffinityDocument): { term: string; weight: number }[] {
    const v = this.vectorOf(doc);
    return Array.from(v.ids, (id, i) => ({ term: this.termKey(id), weight: v.values[i] as number })).sort(
      (a, b) => b.weight - a.weight || (a.term < b.term ? -1 : 1),
    );
  }

  /** The IDF of a stemmed term (`speech`, `speech recognit`), or undefined when it is not indexed. */
  idf(term: string): number | undefined {
    this.termIds ??= new Map(Array.from({ length: this.vocabularySize }, (_, id) => [this.termKey(id), id]));
    const id = this.termIds.get(term);
    return id === undefined ? undefined : this.vocabulary.idf[id];
  }

  score(reviewers: ReviewerProfile[], submissions: AffinityDocument[], options: ScoreOptions = {}): AffinityScores {
    const S = submissions.length;
    const subVectors = submissions.map((doc) => this.vectorOf(doc));
    const reviewerVectors = reviewers.map((reviewer) => this.reviewerVectors(reviewer));
    const index = buildInvertedIndex(subVectors, this.vocabularySize);
    const scores = new Float32Array(reviewers.length * S);
    const aggregate = new ReviewerScorer(S, this.method.aggregation);
    reviewerVectors.forEach((vectors, r) => {
      aggregate.run(index, vectors);
      for (let i = 0; i < aggregate.count; i++) {
        const s = aggregate.touched[i] as number;
        scores[r * S + s] = aggregate.mean(s);
      }
    });
    const topTerms = options.topTerms ?? AFFINITY_PARAMETERS.topTerms;
    return {
      scores,
      reasons: (r, s) => this.reasons(reviewerVectors[r] ?? [], subVectors[s] ?? EMPTY_VECTOR, topTerms),
    };
  }

  async scoreInParallel(
    reviewers: ReviewerProfile[],
    submissions: AffinityDocument[],
    options: ScoreOptions & ParallelOptions = {},
  ): Promise<AffinityScores> {
    const threads = Math.min(options.threads ?? availableParallelism(), reviewers.length);
    if (threads <= 1) return this.score(reviewers, submissions, options);
    const subVectors = submissions.map((doc) => this.vectorOf(doc));
    const reviewerVectors = reviewers.map((reviewer) => this.reviewerVectors(reviewer));
    const shared = shareScoring(
      buildInvertedIndex(subVectors, this.vocabularySize),
      reviewerVectors,
      submissions.length,
      this.method.aggregation,
    );
    await scoreInWorkers(shared, threads);
    const topTerms = options.topTerms ?? AFFINITY_PARAMETERS.topTerms;
    return {
      scores: shared.scores.slice(),
      reasons: (r, s) => this.reasons(reviewerVectors[r] ?? [], subVectors[s] ?? EMPTY_VECTOR, topTerms),
    };
  }

  topReviewers(
    reviewers: ReviewerProfile[],
    submissions: AffinityDocument[],
    options: TopReviewersOptions,
  ): TopReviewers {
    const { k, exclude } = options;
    checkK(k);
    const subVectors = submissions.map((doc) => this.vectorOf(doc));
    const reviewerVectors = reviewers.map((reviewer) => this.reviewerVectors(reviewer));
    const S = subVectors.length;
    const index = buildInvertedIndex(subVectors, this.vocabularySize);
    const best = new TopK(S, k);
    const aggregate = new ReviewerScorer(S, this.method.aggregation);
    reviewerVectors.forEach((vectors, r) => {
      aggregate.run(index, vectors);
      for (let i = 0; i < aggregate.count; i++) {
        const s = aggregate.touched[i] as number;
        const score = aggregate.mean(s);
        if (best.accepts(s, score, r) && !exclude?.(r, s)) best.offer(s, score, r);
      }
    });
    return this.topResult(best, reviewerVectors, subVectors, options);
  }

  /**
   * `topReviewers` on worker threads, each scoring a slice of the reviewers into heaps of 2k per submission in
   * shared memory, merged here. Exact, and the same bytes as `topReviewers`: a slice's 2k best hold its k best
   * allowed reviewers unless more than k of them are excluded, and for such a submission (or any whose heaps
   * cannot prove it) the column is scored here against every reviewer by the same arithmetic.
   */
  async topReviewersInParallel(
    reviewers: ReviewerProfile[],
    submissions: AffinityDocument[],
    options: TopReviewersOptions & ParallelOptions,
  ): Promise<TopReviewers> {
    const { k, exclude } = options;
    checkK(k);
    const threads = Math.min(options.threads ?? availableParallelism(), reviewers.length);
    if (threads <= 1 || k === 0) return this.topReviewers(reviewers, submissions, options);
    const subVectors = submissions.map((doc) => this.vectorOf(doc));
    const reviewerVectors = reviewers.map((reviewer) => this.reviewerVectors(reviewer));
    const S = subVectors.length;
    const shared = shareScoring(
      buildInvertedIndex(subVectors, this.vocabularySize),
      reviewerVectors,
      S,
      this.method.aggregation,
      false,
    );
    const bounds = sliceReviewers(shared, threads);
    const heapSize = 2 * k;
    const heaps = bounds.slice(1).map(() => shareTop(S, heapSize));
    await runWorkers(shared, bounds, heaps);
    const best = new TopK(S, k);
    const unproven: number[] = [];
    for (let s = 0; s < S; s++) {
      // Allowed entries of each slice's heap; a full heap with fewer than k allowed may have lost some.
      const allowed: number[] = [];
      let proven = true;
      heaps.forEach((heap, w) => {
        const size = heap.sizes[s] as number;
        let count = 0;
        for (let i = s * heapSize; i < s * heapSize + size; i++) {
          if (exclude?.(heap.items[i] as number, s)) continue;
          allowed.push(i, w);
          count++;
        }
        if (size === heapSize && count < k) proven = false;
      });
      if (!proven) {
        unproven.push(s);
        continue;
      }
      for (let a = 0; a < allowed.length; a += 2) {
        const heap = heaps[allowed[a + 1] as number] as (typeof heaps)[number];
        const i = allowed[a] as number;
        best.offer(s, heap.scores[i] as number, heap.items[i] as number);
      }
    }
    for (const s of unproven) {
      const column = this.column(subVectors[s] as SparseVector, reviewerVectors);
      for (let r = 0; r < column.length; r++) {
        const score = column[r] as number;
        if (score > 0 && best.accepts(s, score, r) && !exclude?.(r, s)) best.offer(s, score, r);
      }
    }
    return this.topResult(best, reviewerVectors, subVectors, options);
  }

  /** Every reviewer's score for one submission, with the arithmetic of the full runs (the same bits). */
  scoreColumn(reviewers: ReviewerProfile[], submission: AffinityDocument): Float32Array {
    return this.column(
      this.vectorOf(submission),
      reviewers.map((reviewer) => this.reviewerVectors(reviewer)),
    );
  }

  /**
   * Under `mean`, only the centroid weights of the submission's own terms matter: each is summed over the
   * reviewer's documents in their order, as `CentroidBuilder` does, and the products are added in ascending term
   * order, as the scoring loop does, so the bits are the same without building whole centroids (3× less work).
   */
  private column(sub: SparseVector, reviewerVectors: WeightedVector[][]): Float32Array {
    const out = new Float32Array(reviewerVectors.length);
    if (this.method.aggregation !== 'mean') {
      const index = buildInvertedIndex([sub], this.vocabularySize);
      const scorer = new ReviewerScorer(1, this.method.aggregation);
      reviewerVectors.forEach((vectors, r) => {
        scorer.run(index, vectors);
        if (scorer.count > 0) out[r] = scorer.mean(0);
      });
      return out;
    }
    const n = sub.ids.length;
    const position = new Int32Array(this.vocabularySize).fill(-1);
    for (let i = 0; i < n; i++) position[sub.ids[i] as number] = i;
    const weights = new Float64Array(n);
    reviewerVectors.forEach((vectors, r) => {
      for (const { vector, weight } of vectors) {
        for (let c = 0; c < vector.ids.length; c++) {
          const i = position[vector.ids[c] as number] as number;
          if (i >= 0) weights[i] = (weights[i] as number) + weight * (vector.values[c] as number);
        }
      }
      let sum = 0;
      for (let i = 0; i < n; i++) {
        const w = weights[i] as number;
        if (w === 0) continue;
        sum += w * (sub.values[i] as number);
        weights[i] = 0;
      }
      if (sum > 0) out[r] = Math.fround(Math.min(1, Math.max(0, sum / vectors.length)));
    });
    return out;
  }

  /**
   * Submissions with fewer than k reviewers sharing a term get reviewers of score 0, lowest index first, as the
   * exact order (score, then index) would give them; then the heaps become the sorted result.
   */
  private topResult(
    best: TopK,
    reviewerVectors: WeightedVector[][],
    subVectors: SparseVector[],
    options: TopReviewersOptions,
  ): TopReviewers {
    const { k, exclude } = options;
    for (let s = 0; s < best.rows; s++) {
      if (best.size(s) >= k) continue;
      const present = new Set(best.row(s).items);
      for (let r = 0; r < reviewerVectors.length && best.size(s) < k; r++) {
        if (!present.has(r) && !exclude?.(r, s)) best.offer(s, 0, r);
      }
    }
    const topTerms = options.topTerms ?? AFFINITY_PARAMETERS.topTerms;
    const reasons = (r: number, s: number) =>
      this.reasons(reviewerVectors[r] ?? [], subVectors[s] ?? EMPTY_VECTOR, topTerms);
    const arrays = best.toArrays();
    return { k, reviewers: arrays.items, scores: arrays.scores, reasons };
  }

  /** A reviewer's documents: distinct papers (by id) with weight 1, and the expertise + bio text. */
  private reviewerVectors(reviewer: ReviewerProfile): WeightedVector[] {
    const out: WeightedVector[] = [];
    const ids = new Set<string>();
    for (const paper of reviewer.papers) {
      if (ids.has(paper.id)) continue;
      ids.add(paper.id);
      // Like a submission, the full text joins the summary where the system holds it (each normalised apart, so
      // the summary keeps half the say); `reviewerFullText: false` keeps reviewer papers to their summaries.
      const vectors = this.vectorsOf(paper);
      const vector = this.method.reviewerFullText ? vectors.full : vectors.summary;
      if (vector.ids.length > 0) out.push({ vector, weight: 1 });
    }
    const profile = this.fieldVector(this.lexicon.tokenizeProfile(reviewer));
    if (profile.ids.length > 0) out.push({ vector: profile, weight: AFFINITY_PARAMETERS.profileWeight });
    return out;
  }

  /**
   * The terms behind a score: over the reviewer documents most similar to the submission (three), each shared
   * term's share of the dot product, largest first. A bigram replaces the unigrams it contains.
   */
  private reasons(vectors: WeightedVector[], sub: SparseVector, topTerms: number): string[] {
    const sims = vectors.map(({ vector, weight }, i) => ({ i, sim: weight * dot(vector, sub) }));
    sims.sort((a, b) => b.sim - a.sim || a.i - b.i);
    const contribution = new Map<number, number>();
    for (const { i, sim } of sims.slice(0, AFFINITY_PARAMETERS.topDocuments)) {
      if (sim <= 0) break;
      const { vector, weight } = vectors[i] as WeightedVector;
      let a = 0;
      let b = 0;
      while (a < vector.ids.length && b < sub.ids.length) {
        const x = vector.ids[a] as number;
        const y = sub.ids[b] as number;
        if (x === y) {
          const share = weight * (vector.values[a++] as number) * (sub.values[b++] as number);
          contribution.set(x, (contribution.get(x) ?? 0) + share);
        } else if (x < y) a++;
        else b++;
      }
    }
    const ranked = [...contribution.entries()].sort((p, q) => q[1] - p[1] || p[0] - q[0]);
    const { termA, termB } = this.vocabulary;
    const chosen: number[] = [];
    for (const [term] of ranked) {
      if (chosen.length >= topTerms) break;
      const a = termA[term] as number;
      const b = termB[term] as number;
      if (b < 0) {
        if (chosen.some((c) => termB[c] !== -1 && (termA[c] === a || termB[c] === a))) continue;
        chosen.push(term);
      } else {
        for (let i = chosen.length - 1; i >= 0; i--) {
          const c = chosen[i] as number;
          if (termB[c] === -1 && (termA[c] === a || termA[c] === b)) chosen.splice(i, 1);
        }
        chosen.push(term);
      }
    }
    return chosen.map((term) => this.termText(term));
  }

  private documentVectors(tokens: Tokens): DocumentVectors {
    const summary = this.fieldVector(tokens.summary);
    const body = this.fieldVector(tokens.body);
    if (body.ids.length === 0) return { full: summary, summary };
    if (summary.ids.length === 0) return { full: body, summary: body };
    const full = combineNormalized(
      summary,
      AFFINITY_PARAMETERS.summaryWeight,
      body,
      AFFINITY_PARAMETERS.fullTextWeight,
    );
    return { full, summary };
  }

  /** Unit TF-IDF vector of one field: (1 + ln tf) · idf over indexed unigrams and bigrams. */
  private fieldVector(tokens: Int32Array): SparseVector {
    const { unigramTerm, bigramTerm, idf } = this.vocabulary;
    const counts = this.counts;
    const touched = this.touched;
    let n = 0;
    for (let i = 0; i < tokens.length; i++) {
      const a = tokens[i] as number;
      if (a < 0) continue;
      const unigram = unigramTerm[a] as number;
      if (unigram < 0) continue;
      if (counts[unigram] === 0) touched[n++] = unigram;
      counts[unigram] = (counts[unigram] as number) + 1;
      // (Never read past the end: an out-of-bounds read makes V8 deoptimise the loop, 55 % of fitting.)
      if (i + 1 === tokens.length) continue;
      const b = tokens[i + 1] as number;
      if (b < 0 || unigramTerm[b] === -1) continue;
      const slot = bigramTerm.find(a, b);
      if (slot < 0) continue;
      const bigram = bigramTerm.getFirst(slot);
      if (counts[bigram] === 0) touched[n++] = bigram;
      counts[bigram] = (counts[bigram] as number) + 1;
    }
    if (n === 0) return EMPTY_VECTOR;
    const ids = touched.slice(0, n).sort();
    const values = new Float32Array(n);
    for (let i = 0; i < n; i++) {
      const id = ids[i] as number;
      values[i] = (1 + Math.log(counts[id] as number)) * (idf[id] as number);
      counts[id] = 0;
    }
    return normalizeInPlace({ ids, values });
  }

  private termKey(term: number): string {
    const { termA, termB } = this.vocabulary;
    const a = this.lexicon.stems[termA[term] as number] as string;
    const b = termB[term] as number;
    return b < 0 ? a : `${a} ${this.lexicon.stems[b] as string}`;
  }

  private termText(term: number): string {
    const { termA, termB } = this.vocabulary;
    const a = this.spelling[termA[term] as number] as string;
    const b = termB[term] as number;
    return b < 0 ? a : `${a} ${this.spelling[b] as string}`;
  }
}
