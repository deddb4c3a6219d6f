/**
 * The evaluation of Stelmakh et al., "A Gold Standard Dataset for the Reviewer Assignment Problem"
 * (arXiv:2303.16750; `scripts/scoring.py` of niharshah/goldstandard-reviewer-paper-match), for scoring
 * affinity models against reviewers' self-reported expertise.
 */

/** reviewer → paper → self-reported expertise (1 … 5). */
export type ExpertiseRatings = Map<string, Map<string, number>>;
/** reviewer → paper → predicted similarity, the layout of the dataset's prediction files. */
export type Predictions = Readonly<Record<string, Readonly<Record<string, number>>>>;

/**
 * Reads `data/evaluations.csv` (tab-separated: ParticipantID, Paper1..Paper10, Expertise1..Expertise10;
 * empty cells when a participant rated fewer than ten papers).
 */
export function parseExpertiseRatings(tsv: string): ExpertiseRatings {
  const lines = tsv.split(/\r?\n/).filter((line) => line.trim() !== '');
  const header = (lines.shift() ?? '').split('\t');
  const column = (name: string) => header.indexOf(name);
  const participant = column('ParticipantID');
  if (participant < 0) throw new Error('evaluations: no ParticipantID column');
  const ratings: ExpertiseRatings = new Map();
  for (const line of lines) {
    const cells = line.split('\t');
    const papers = new Map<string, number>();
    for (let i = 1; column(`Paper${i}`) >= 0; i++) {
      const paper = cells[column(`Paper${i}`)]?.trim();
      const expertise = cells[column(`Expertise${i}`)]?.trim();
      if (!paper) continue;
      const value = Number(expertise);
      if (!expertise || !Number.isFinite(value)) throw new Error(`evaluations: no expertise for paper ${paper}`);
      papers.set(paper, value);
    }
    ratings.set((cells[participant] ?? '').trim(), papers);
  }
  return ratings;
}

/** Every unordered pair of one reviewer's rated papers, in the order of the ratings (itertools.combinations). */
function* ratedPairs(ratings: ExpertiseRatings) {
  for (const [reviewer, papers] of ratings) {
    const entries = [...papers];
    for (let i = 0; i < entries.length; i++) {
      for (let j = i + 1; j < entries.length; j++) {
        const [p1, e1] = entries[i] as [string, number];
        const [p2, e2] = entries[j] as [string, number];
        yield { reviewer, p1, p2, e1, e2 };
      }
    }
  }
}

export type LossResult = {
  /** Σ cost / Σ |Δexpertise| ∈ [0, 1]: 0 orders every pair right, 0.5 is a constant predictor. */
  loss: number;
  /** Pairs of rated papers scored (ties in expertise included; they weigh 0). */
  pairs: number;
  /** Pairs skipped because a prediction was missing. */
  missing: number;
};

/**
 * The main metric: for each reviewer and each pair of papers they rated, the pair weighs |Δexpertise|; it costs
 * that weight when the predicted similarities order the pair the other way, and half of it when they tie.
 * Loss = total cost / total weight. Only the order of one reviewer's predictions matters.
 */
export function expertiseLoss(predictions: Predictions, ratings: ExpertiseRatings): LossResult {
  let cost = 0;
  let weight = 0;
  let pairs = 0;
  let missing = 0;
  for (const { reviewer, p1, p2, e1, e2 } of ratedPairs(ratings)) {
    const s1 = predictions[reviewer]?.[p1];
    const s2 = predictions[reviewer]?.[p2];
    if (s1 === undefined || s2 === undefined) {
      missing++;
      continue;
    }
    pairs++;
    const trueDiff = e1 - e2;
    const predDiff = s1 - s2;
    weight += Math.abs(trueDiff);
    if (predDiff * trueDiff === 0) cost += Math.abs(trueDiff) / 2;
    else if (predDiff * trueDiff < 0) cost += Math.abs(trueDiff);
  }
  return { loss: weight === 0 ? Number.NaN : cost / weight, pairs, missing };
}

export type AccuracyResult = { accuracy: number; correct: number; total: number };

/**
 * Share of pairs ordered correctly (a predicted tie is wrong), among pairs with different ratings that are
 * `easy` (one rated ≥ 4, the other ≤ 2) or `hard` (both rated ≥ 4).
 */
export function pairAccuracy(
  predictions: Predictions,
  ratings: ExpertiseRatings,
  regime: 'easy' | 'hard',
): AccuracyResult {
  let correct = 0;
  let total = 0;
  for (const { reviewer, p1, p2, e1, e2 } of ratedPairs(ratings)) {
    if (e1 === e2) continue;
    if (regime === 'hard' && Math.min(e1, e2) < 4) continue;
    if (regime === 'easy' && (Math.max(e1, e2) < 4 || Math.min(e1, e2) > 2)) continue;
    const s1 = predictions[reviewer]?.[p1];
    const s2 = predictions[reviewer]?.[p2];
    if (s1 === undefined || s2 === undefined) continue;
    total++;
    if ((s1 - s2) * (e1 - e2) > 0) correct++;
  }
  return { accuracy: total === 0 ? Number.NaN : correct / total, correct, total };
}
