import type { AssignmentProblem } from '../../apps/api/src/modules/assignment/solver/solver.ts';

export type InstanceSpec = {
  papers: number;
  reviewers: number;
  /** Candidate reviewers kept per paper (top-K by affinity, before conflicts). */
  candidates: number;
  demand: number;
  capacity: number;
};

/**
 * Venue shapes: the NeurIPS 2025 main track (21,575 papers, 20,518 reviewers), and smaller ones HiGHS can check;
 * the `ac-` ones assign area chairs (one per paper) with the same solver.
 */
export const SIZES: Record<string, InstanceSpec> = {
  small: { papers: 500, reviewers: 400, candidates: 50, demand: 3, capacity: 5 },
  medium: { papers: 2000, reviewers: 1500, candidates: 100, demand: 3, capacity: 6 },
  large: { papers: 5000, reviewers: 4000, candidates: 100, demand: 3, capacity: 6 },
  neurips: { papers: 21575, reviewers: 20518, candidates: 100, demand: 4, capacity: 6 },
  /** Area chairs (`--sizes ac-medium,ac-neurips`): one per paper, a few dozen papers each. */
  'ac-medium': { papers: 2000, reviewers: 120, candidates: 60, demand: 1, capacity: 20 },
  'ac-neurips': { papers: 21575, reviewers: 1200, candidates: 100, demand: 1, capacity: 20 },
};

/**
 * Stress variants of a venue instance: `ties` rounds every score to a multiple of 0.5 (many optimal
 * assignments, the hard case for cost scaling); `tight` lowers every capacity so that the reviewers can take only
 * about 95 % of the demand (capacity binds everywhere and papers fall short).
 */
export const VARIANTS = ['venue', 'ties', 'tight'] as const;
export type Variant = (typeof VARIANTS)[number];

export function applyVariant(problem: AssignmentProblem, variant: Variant): AssignmentProblem {
  if (variant === 'ties') {
    for (let e = 0; e < problem.edgeScore.length; e++) {
      problem.edgeScore[e] = Math.round((problem.edgeScore[e] as number) * 2) / 2;
    }
  }
  if (variant === 'tight') {
    const total = Math.floor(0.95 * problem.paperDemand.reduce((sum, d) => sum + d, 0));
    const base = Math.floor(total / problem.reviewers);
    const extra = total - base * problem.reviewers;
    for (let j = 0; j < problem.reviewers; j++) problem.reviewerCapacity[j] = base + (j < extra ? 1 : 0);
  }
  return problem;
}

/** Small, fast, seeded generator (mulberry32): the same seed gives the same instance on every machine. */
export function makeRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const DIMENSIONS = 16;

/**
 * A random instance shaped like a real venue. Papers and reviewers get latent topic vectors drawn around topic
 * centres; topic popularity is skewed (papers crowd into popular topics more than reviewers do, so capacity binds
 * there); each reviewer has a quality factor. Affinity = quality × max(0, cosine). Each paper's candidates are
 * its top-K reviewers by affinity among the topics nearest its own, so scores are correlated across papers; 1 %
 * of candidate pairs are conflicts (removed), 10 % carry a bid (−1, −0.5, +0.5 or +1 added to the score), and
 * 0.3 % of papers have fewer candidates than their demand.
 */
export function generateInstance(spec: InstanceSpec, seed: number): AssignmentProblem {
  const random = makeRandom(seed);
  const gaussian = () => {
    const u = 1 - random();
    const v = random();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  };
  const unit = (vector: Float64Array) => {
    let norm = 0;
    for (const x of vector) norm += x * x;
    norm = Math.sqrt(norm) || 1;
    for (let k = 0; k < vector.length; k++) vector[k] = (vector[k] as number) / norm;
    return vector;
  };

  const topics = Math.max(8, Math.round(spec.papers / 100));
  const centres = Array.from({ length: topics }, () => unit(Float64Array.from({ length: DIMENSIONS }, gaussian)));
  // Zipf-like popularity; papers follow it more steeply than reviewers.
  const paperWeight = Array.from({ length: topics }, (_, t) => 1 / (t + 1) ** 0.6);
  const reviewerWeight = Array.from({ length: topics }, (_, t) => 1 / (t + 1) ** 0.5);
  const sampler = (weights: number[]) => {
    const cumulative = new Float64Array(weights.length);
    let total = 0;
    weights.forEach((w, t) => {
      total += w;
      cumulative[t] = total;
    });
    return () => {
      const x = random() * total;
      let lo = 0;
      let hi = weights.length - 1;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if ((cumulative[mid] as number) < x) lo = mid + 1;
        else hi = mid;
      }
      return lo;
    };
  };
  const paperTopic = sampler(paperWeight);
  const reviewerTopic = sampler(reviewerWeight);
  const around = (centre: Float64Array, spread: number) =>
    unit(Float64Array.from(centre, (x) => x + spread * gaussian()));

  const reviewerVectors = new Float64Array(spec.reviewers * DIMENSIONS);
  const reviewerQuality = new Float64Array(spec.reviewers);
  const byTopic: number[][] = Array.from({ length: topics }, () => []);
  for (let j = 0; j < spec.reviewers; j++) {
    const t = reviewerTopic();
    byTopic[t]?.push(j);
    reviewerVectors.set(around(centres[t] as Float64Array, 0.35), j * DIMENSIONS);
    reviewerQuality[j] = 0.55 + 0.45 * Math.sqrt(random());
  }
  // Topics ordered by closeness to each topic: the candidate pool of a paper is its topic and its neighbours.
  const neighbours = centres.map((c) =>
    centres
      .map((d, t) => ({ t, similarity: c.reduce((sum, x, k) => sum + x * (d[k] as number), 0) }))
      .sort((a, b) => b.similarity - a.similarity)
      .map((entry) => entry.t),
  );

  const edgePaper: number[] = [];
  const edgeReviewer: number[] = [];
  const edgeScore: number[] = [];
  const bids = [-1, -0.5, 0.5, 1];
  const inPool = new Uint8Array(spec.reviewers);
  for (let i = 0; i < spec.papers; i++) {
    const t = paperTopic();
    const vector = around(centres[t] as Float64Array, 0.35);
    const pool: number[] = [];
    for (const u of neighbours[t] as number[]) {
      for (const j of byTopic[u] as number[]) pool.push(j);
      if (pool.length >= 3 * spec.candidates) break;
    }
    // A few reviewers from anywhere: wide-interest reviewers and noise in real affinity scores.
    for (let k = 0; k < spec.candidates / 10; k++) pool.push(Math.floor(random() * spec.reviewers));
    const scored: { j: number; affinity: number }[] = [];
    for (const j of pool) {
      if (inPool[j]) continue;
      inPool[j] = 1;
      let dot = 0;
      for (let k = 0; k < DIMENSIONS; k++)
        dot += (vector[k] as number) * (reviewerVectors[j * DIMENSIONS + k] as number);
      scored.push({ j, affinity: (reviewerQuality[j] as number) * Math.max(0, dot) });
    }
    for (const j of pool) inPool[j] = 0;
    scored.sort((a, b) => b.affinity - a.affinity || a.j - b.j);
    const keep = random() < 0.003 ? Math.floor(random() * spec.demand) : spec.candidates;
    for (const { j, affinity } of scored.slice(0, keep)) {
      if (random() < 0.01) continue; // conflict of interest: the pair is not a candidate
      const bid = random() < 0.1 ? (bids[Math.floor(random() * bids.length)] as number) : 0;
      edgePaper.push(i);
      edgeReviewer.push(j);
      edgeScore.push(affinity + bid);
    }
  }
  return {
    papers: spec.papers,
    reviewers: spec.reviewers,
    edgePaper: Int32Array.from(edgePaper),
    edgeReviewer: Int32Array.from(edgeReviewer),
    edgeScore: Float64Array.from(edgeScore),
    paperDemand: new Int32Array(spec.papers).fill(spec.demand),
    reviewerCapacity: new Int32Array(spec.reviewers).fill(spec.capacity),
  };
}
