import {
  type ExpertiseRatings,
  expertiseLoss,
  type Predictions,
} from '../../apps/api/src/modules/assignment/affinity/index.ts';

/** Resamples drawn, and the generator's fixed seed: the same data always prints the same interval. */
export const BOOTSTRAP_RESAMPLES = 1000;
const SEED = 20_230_316;

/** mulberry32: a small seeded generator of uniform numbers in [0, 1), so every run draws the same. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Σ|Δexpertise| over one reviewer's rated pairs: the weight of that reviewer in the loss. */
function pairWeight(papers: Map<string, number>): number {
  const values = [...papers.values()];
  let weight = 0;
  for (let i = 0; i < values.length; i++) {
    for (let j = i + 1; j < values.length; j++) weight += Math.abs((values[i] as number) - (values[j] as number));
  }
  return weight;
}

/**
 * The 95 % percentile bootstrap interval of the loss, resampling reviewers with replacement (the unit the
 * ratings come from: one reviewer's pairs are not independent of each other), 1,000 resamples with a fixed seed.
 * Each reviewer's cost and weight are summed over the data set's versions, so a resample's loss is the
 * weighted loss of the reviewers drawn, as the evaluator computes it.
 */
export function bootstrapLoss(predictions: Predictions[], ratings: ExpertiseRatings): [number, number] {
  const reviewers = [...ratings.keys()];
  const cost: number[] = [];
  const weight: number[] = [];
  for (const reviewer of reviewers) {
    const own: ExpertiseRatings = new Map([[reviewer, ratings.get(reviewer) as Map<string, number>]]);
    const w = pairWeight(ratings.get(reviewer) as Map<string, number>);
    let c = 0;
    for (const p of predictions) {
      const { loss, missing } = expertiseLoss(p, own);
      if (missing === 0 && w > 0) c += loss * w;
    }
    cost.push(c);
    weight.push(w * predictions.length);
  }
  const random = seededRandom(SEED);
  const losses: number[] = [];
  for (let b = 0; b < BOOTSTRAP_RESAMPLES; b++) {
    let c = 0;
    let w = 0;
    for (let i = 0; i < reviewers.length; i++) {
      const r = Math.floor(random() * reviewers.length);
      c += cost[r] as number;
      w += weight[r] as number;
    }
    losses.push(w === 0 ? Number.NaN : c / w);
  }
  losses.sort((a, b) => a - b);
  return [
    losses[Math.floor(0.025 * BOOTSTRAP_RESAMPLES)] as number,
    losses[Math.ceil(0.975 * BOOTSTRAP_RESAMPLES) - 1] as number,
  ];
}
