import type { AssignmentProblem } from './solver/solver.ts';

/*
 * Turns an event's reviewing data into the assignment library's problem (modules/assignment/solver): papers and
 * reviewers by index, one candidate edge per pair that may be assigned — never a conflicted pair — with the score
 * affinity + bid value, each paper's demand (reviewers per paper) and each reviewer's capacity (max_papers less
 * what they review outside the problem). Existing assignments that must stay are fixed edges: they count toward
 * demand and capacity. Pure, so it is tested against brute force.
 */

export type ProblemInput = {
  papers: number;
  reviewers: number;
  /** Score of pair (paper p, reviewer r) when it is a candidate, else undefined. */
  score(p: number, r: number): number | undefined;
  /** The candidate reviewers of each paper (all reviewers when absent). */
  candidates?: (p: number) => Iterable<number>;
  isConflicted(p: number, r: number): boolean;
  demand: Int32Array;
  capacity: Int32Array;
  /** Pairs that must stay assigned ([p, r]); they are edges even when not candidates. */
  fixed: [number, number][];
};

export type BuiltProblem = { problem: AssignmentProblem; edgeOf: Map<string, number> };

export const edgeKey = (p: number, r: number) => `${p}:${r}`;

export function buildProblem(input: ProblemInput): BuiltProblem {
  const paperIdx: number[] = [];
  const reviewerIdx: number[] = [];
  const scores: number[] = [];
  const edgeOf = new Map<string, number>();
  const add = (p: number, r: number, score: number) => {
    const key = edgeKey(p, r);
    if (edgeOf.has(key)) return;
    edgeOf.set(key, paperIdx.length);
    paperIdx.push(p);
    reviewerIdx.push(r);
    scores.push(score);
  };
  for (const [p, r] of input.fixed) add(p, r, input.score(p, r) ?? 0);
  for (let p = 0; p < input.papers; p++) {
    const candidates = input.candidates?.(p) ?? Array.from({ length: input.reviewers }, (_, r) => r);
    for (const r of candidates) {
      if (input.isConflicted(p, r)) continue;
      const score = input.score(p, r);
      if (score !== undefined) add(p, r, score);
    }
  }
  const fixedEdges = Int32Array.from(new Set(input.fixed.map(([p, r]) => edgeOf.get(edgeKey(p, r)) as number)));
  return {
    problem: {
      papers: input.papers,
      reviewers: input.reviewers,
      edgePaper: Int32Array.from(paperIdx),
      edgeReviewer: Int32Array.from(reviewerIdx),
      edgeScore: Float64Array.from(scores),
      paperDemand: input.demand,
      reviewerCapacity: input.capacity,
      ...(fixedEdges.length > 0 ? { fixedEdges } : {}),
    },
    edgeOf,
  };
}
