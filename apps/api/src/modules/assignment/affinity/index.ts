/**
 * Reviewer–paper affinity, local provider: TF-IDF over stemmed unigrams and bigrams, cosine similarity per reviewer
 * paper, aggregated per reviewer. A library only — no routes, no database; callers load the documents. Method,
 * parameters and measurements: bench/affinity/README.md.
 */
export { ANALYSIS_VERSION, analyseDocuments, analysisKey, decodeAnalysis } from './analysis.ts';
export {
  type AccuracyResult,
  type ExpertiseRatings,
  expertiseLoss,
  type LossResult,
  type Predictions,
  pairAccuracy,
  parseExpertiseRatings,
} from './evaluation.ts';
export { AFFINITY_PARAMETERS, buildAffinityModel } from './model.ts';
export type {
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
