import { describe, expect, it } from 'vitest';
import { buildProblem, edgeKey } from './assignment-problem.ts';
import { solveAssignment } from './solver/solver.ts';

/** A small deterministic pseudo-random generator (mulberry32), so failures can be replayed. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Small = {
  papers: number;
  reviewers: number;
  scores: number[][];
  conflicts: Set<string>;
  demand: number[];
  capacity: number[];
  fixed: [number, number][];
};

/** Every assignment, by brute force: the best (fill, score), lexicographically, respecting everything. */
function bruteForce(problem: Small): { filled: number; score: number } {
  const { papers, reviewers } = problem;
  let best = { filled: -1, score: Number.NEGATIVE_INFINITY };
  const load = new Array<number>(reviewers).fill(0);
  const fixed = new Set(problem.fixed.map(([p, r]) => edgeKey(p, r)));
  for (const [, r] of problem.fixed) load[r] = (load[r] ?? 0) + 1;
  const visit = (p: number, filled: number, score: number) => {
    if (p === papers) {
      if (filled > best.filled || (filled === best.filled && score > best.score + 1e-9)) best = { filled, score };
      return;
    }
    const fixedHere = problem.fixed.filter(([fp]) => fp === p).map(([, r]) => r);
    const baseFilled = filled + fixedHere.length;
    const baseScore = score + fixedHere.reduce((sum, r) => sum + (problem.scores[p]?.[r] ?? 0), 0);
    const room = Math.max(0, (problem.demand[p] ?? 0) - fixedHere.length);
    const options = Array.from({ length: reviewers }, (_, r) => r).filter(
      (r) => !fixed.has(edgeKey(p, r)) && !problem.conflicts.has(edgeKey(p, r)),
    );
    const choose = (start: number, picked: number[]) => {
      const added = picked.reduce((sum, r) => sum + (problem.scores[p]?.[r] ?? 0), 0);
      visit(p + 1, baseFilled + picked.length, baseScore + added);
      if (picked.length === room) return;
      for (let i = start; i < options.length; i++) {
        const r = options[i] as number;
        if ((load[r] ?? 0) >= (problem.capacity[r] ?? 0)) continue;
        load[r] = (load[r] ?? 0) + 1;
        choose(i + 1, [...picked, r]);
        load[r] = (load[r] ?? 0) - 1;
      }
    };
    choose(0, []);
  };
  visit(0, 0, 0);
  return best;
}

function randomProblem(seed: number): Small {
  const next = random(seed);
  const papers = 2 + Math.floor(next() * 3);
  const reviewers = 2 + Math.floor(next() * 3);
  const scores = Array.from({ length: papers }, () =>
    Array.from({ length: reviewers }, () => Math.round((next() * 2.5 - 1) * 1000) / 1000),
  );
  const conflicts = new Set<string>();
  for (let p = 0; p < papers; p++) for (let r = 0; r < reviewers; r++) if (next() < 0.2) conflicts.add(edgeKey(p, r));
  const demand = Array.from({ length: papers }, () => 1 + Math.floor(next() * 2));
  const capacity = Array.from({ length: reviewers }, () => 1 + Math.floor(next() * 2));
  const fixed: [number, number][] = [];
  if (next() < 0.5) {
    const p = Math.floor(next() * papers);
    const r = Math.floor(next() * reviewers);
    if (!conflicts.has(edgeKey(p, r))) fixed.push([p, r]);
  }
  return { papers, reviewers, scores, conflicts, demand, capacity, fixed };
}

describe('buildProblem + solveAssignment', () => {
  it.each(Array.from({ length: 40 }, (_, seed) => seed + 1))(
    'equals the brute-force optimum and never assigns a conflicted pair (seed %i)',
    (seed) => {
      const small = randomProblem(seed);
      const { problem, edgeOf } = buildProblem({
        papers: small.papers,
        reviewers: small.reviewers,
        score: (p, r) => small.scores[p]?.[r],
        isConflicted: (p, r) => small.conflicts.has(edgeKey(p, r)),
        demand: Int32Array.from(small.demand),
        capacity: Int32Array.from(small.capacity),
        fixed: small.fixed,
      });
      for (const key of small.conflicts) {
        const [p, r] = key.split(':').map(Number) as [number, number];
        if (!small.fixed.some(([fp, fr]) => fp === p && fr === r)) expect(edgeOf(p, r)).toBeUndefined();
      }
      const solution = solveAssignment(problem);
      const best = bruteForce(small);
      expect(solution.filled).toBe(best.filled);
      expect(solution.objective).toBeCloseTo(best.score, 4);
      const load = new Array<number>(small.reviewers).fill(0);
      for (let e = 0; e < problem.edgePaper.length; e++) {
        if (!solution.assigned[e]) continue;
        const r = problem.edgeReviewer[e] as number;
        load[r] = (load[r] ?? 0) + 1;
      }
      small.capacity.forEach((cap, r) => {
        const fixedHere = small.fixed.filter(([, fr]) => fr === r).length;
        expect(load[r]).toBeLessThanOrEqual(Math.max(cap, fixedHere));
      });
      for (const [p, r] of small.fixed) expect(solution.assigned[edgeOf(p, r) as number]).toBe(1);
    },
  );

  it('keeps only the candidates given, plus the fixed pairs', () => {
    const { problem } = buildProblem({
      papers: 2,
      reviewers: 3,
      score: () => 1,
      candidates: (p) => (p === 0 ? [0] : [1, 2]),
      isConflicted: (p, r) => p === 1 && r === 2,
      demand: Int32Array.from([1, 1]),
      capacity: Int32Array.from([1, 1, 1]),
      fixed: [[0, 2]],
    });
    const pairs = Array.from(problem.edgePaper, (p, e) => edgeKey(p, problem.edgeReviewer[e] as number)).sort();
    expect(pairs).toEqual(['0:0', '0:2', '1:1']);
    expect(Array.from(problem.fixedEdges ?? [])).toEqual([0]);
  });

  it('makes each pair one edge: a candidate given twice, a fixed pair among the candidates, a fixed pair twice', () => {
    const { problem, edgeOf } = buildProblem({
      papers: 2,
      reviewers: 3,
      score: (p, r) => p * 10 + r,
      candidates: (p) => (p === 0 ? [1, 0, 1, 2] : [2, 0, 2]),
      isConflicted: () => false,
      demand: Int32Array.from([2, 2]),
      capacity: Int32Array.from([2, 2, 2]),
      fixed: [
        [1, 0],
        [0, 2],
        [1, 0],
      ],
    });
    const pairs = Array.from(problem.edgePaper, (p, e) => edgeKey(p, problem.edgeReviewer[e] as number));
    expect(pairs).toEqual(['1:0', '0:2', '0:1', '0:0', '1:2']);
    expect(Array.from(problem.edgeScore)).toEqual([10, 2, 1, 0, 12]);
    expect(Array.from(problem.fixedEdges ?? [])).toEqual([0, 1]);
    expect([edgeOf(0, 0), edgeOf(1, 2), edgeOf(1, 1)]).toEqual([3, 4, undefined]);
  });
});
