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

export type BuiltProblem = {
  problem: AssignmentProblem;
  /** The edge of pair (p, r), or undefined when the pair is not an edge (an index built on first use). */
  edgeOf: (p: number, r: number) => number | undefined;
};

export const edgeKey = (p: number, r: number) => `${p}:${r}`;

/**
 * The edges, fixed pairs first (in the order given), then each paper's candidates in order. A pair is an edge once:
 * the fixed pairs are told apart by a map of their own (few), and a paper's candidates by the paper they were last
 * seen for (`seenFor`, a number per reviewer), so no key is built per candidate.
 */
export function buildProblem(input: ProblemInput): BuiltProblem {
  const R = input.reviewers;
  const paperIdx: number[] = [];
  const reviewerIdx: number[] = [];
  const scores: number[] = [];
  const push = (p: number, r: number, score: number) => {
    paperIdx.push(p);
    reviewerIdx.push(r);
    scores.push(score);
  };
  const fixedEdge = new Map<number, number>();
  const fixedOf: number[][] = Array.from({ length: input.papers }, () => []);
  for (const [p, r] of input.fixed) {
    if (fixedEdge.has(p * R + r)) continue;
    fixedEdge.set(p * R + r, paperIdx.length);
    fixedOf[p]?.push(r);
    push(p, r, input.score(p, r) ?? 0);
  }
  const seenFor = new Int32Array(R).fill(-1);
  const everyone = Array.from({ length: R }, (_, r) => r);
  for (let p = 0; p < input.papers; p++) {
    for (const r of fixedOf[p] ?? []) seenFor[r] = p;
    for (const r of input.candidates?.(p) ?? everyone) {
      if (seenFor[r] === p || input.isConflicted(p, r)) continue;
      seenFor[r] = p;
      const score = input.score(p, r);
      if (score !== undefined) push(p, r, score);
    }
  }
  const fixedEdges = Int32Array.from(fixedEdge.values());
  let index: Map<number, number> | undefined;
  const edgeOf = (p: number, r: number) => {
    index ??= new Map(paperIdx.map((paper, e) => [paper * R + (reviewerIdx[e] as number), e]));
    return index.get(p * R + r);
  };
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
