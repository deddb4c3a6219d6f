/** A paper as the affinity model sees it: any of its texts may be missing. */
export type AffinityDocument = {
  id: string;
  title?: string;
  abstract?: string;
  fullText?: string;
  keywords?: string[];
  /**
   * The stored analysis of these texts (`analyseDocuments`, keyed by `analysisKey`): fitting then reads it
   * instead of tokenising the texts again. It must be the analysis of exactly these texts.
   */
  analysis?: Uint8Array;
};

/** A reviewer: self-described expertise and bio, and the papers known to the system (own submissions, listed papers). */
export type ReviewerProfile = { id: string; expertise?: string; bio?: string; papers: AffinityDocument[] };

/**
 * The model's method where it may differ from the defaults of `AFFINITY_PARAMETERS`: for measuring the
 * standard configuration and its components (`bench/affinity/ablation.ts`), not for tuning per event.
 */
export type AffinityOptions = {
  /** `probabilistic` ln(1 + (N − df + ½)/(df + ½)) or scikit-learn's `smooth` ln((1 + N)/(1 + df)) + 1. */
  idf?: 'probabilistic' | 'smooth';
  /** A term must occur in this many corpus documents to be indexed. */
  minDocumentFrequency?: number;
  /** A reviewer's score: the `mean` similarity over their documents, or the mean of the `top3`. */
  aggregation?: 'mean' | 'top3';
  /** Reviewer papers by their full text where the system holds it (true), or by title, keywords, abstract. */
  reviewerFullText?: boolean;
};

export type ScoreOptions = {
  /** How many matched terms `reasons` returns (default 5). */
  topTerms?: number;
};

export type ParallelOptions = {
  /** Worker threads (default: one per CPU). */
  threads?: number;
};

export type AffinityScores = {
  /** scores[r · submissions + s] ∈ [0, 1], row-major reviewers × submissions. */
  scores: Float32Array;
  /** The terms that contributed most to the score of (reviewer r, submission s), as readable words, best first. */
  reasons(r: number, s: number): string[];
};

export type TopReviewersOptions = ScoreOptions & {
  /** Reviewers kept per submission. */
  k: number;
  /** Pairs that must not be proposed (conflicts): asked only for pairs that would otherwise enter the top k. */
  exclude?: (r: number, s: number) => boolean;
};

export type TopReviewers = {
  k: number;
  /** reviewers[s · k + i]: index of the i-th best reviewer of submission s, or −1 when fewer than k exist. */
  reviewers: Int32Array;
  /** The matching exact affinities (0 where reviewers is −1). */
  scores: Float32Array;
  reasons(r: number, s: number): string[];
};

export interface AffinityModel {
  /** Number of index terms (unigrams and bigrams occurring in at least two corpus documents). */
  readonly vocabularySize: number;
  /** Number of distinct documents (by id) the IDF was fitted on. */
  readonly documentCount: number;
  /**
   * Scores every reviewer against every submission: scores[r][s] in [0, 1], plus for each pair the terms that
   * matched most (for the assignment preview's "reason").
   */
  score(reviewers: ReviewerProfile[], submissions: AffinityDocument[], options?: ScoreOptions): AffinityScores;
  /**
   * `score` on worker threads (default: one per CPU), each taking a slice of the reviewers; bit-identical to
   * `score`. For a job that may use the whole machine; a request handler should not.
   */
  scoreInParallel(
    reviewers: ReviewerProfile[],
    submissions: AffinityDocument[],
    options?: ScoreOptions & ParallelOptions,
  ): Promise<AffinityScores>;
  /** The k best reviewers of each submission, without materialising the reviewers × submissions matrix. */
  topReviewers(
    reviewers: ReviewerProfile[],
    submissions: AffinityDocument[],
    options: TopReviewersOptions,
  ): TopReviewers;
  /**
   * `topReviewers` on worker threads (default: one per CPU), each scoring a slice of the reviewers; the same
   * result, byte for byte. `exclude` is asked for every pair a thread kept (2k per submission and thread), in
   * this thread. For a job that may use the whole machine; a request handler should not.
   */
  topReviewersInParallel(
    reviewers: ReviewerProfile[],
    submissions: AffinityDocument[],
    options: TopReviewersOptions & ParallelOptions,
  ): Promise<TopReviewers>;
  /**
   * One submission against every reviewer (one that just arrived): the same scores, to the bit, as its column of
   * `score`, without indexing the other submissions.
   */
  scoreColumn(reviewers: ReviewerProfile[], submission: AffinityDocument): Float32Array;
  /** A document's terms (stemmed; a bigram is `a b`) and unit-vector weights, heaviest first: diagnostics, tests. */
  termWeights(document: AffinityDocument): { term: string; weight: number }[];
  /** The IDF of a stemmed term (`speech`, `speech recognit`), or undefined when it is not indexed. */
  idf(term: string): number | undefined;
}
