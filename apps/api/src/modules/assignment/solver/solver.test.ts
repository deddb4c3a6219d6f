import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { certifyAssignment } from './certificate.ts';
import { type AssignmentProblem, type AssignmentSolution, solveAssignment, solveWithHighs } from './solver.ts';

type Edge = [paper: number, reviewer: number, score: number];

function problemOf(spec: { demand: number[]; capacity: number[]; edges: Edge[]; fixed?: number[] }): AssignmentProblem {
  return {
    papers: spec.demand.length,
    reviewers: spec.capacity.length,
    edgePaper: Int32Array.from(spec.edges, (e) => e[0]),
    edgeReviewer: Int32Array.from(spec.edges, (e) => e[1]),
    edgeScore: Float64Array.from(spec.edges, (e) => e[2]),
    paperDemand: Int32Array.from(spec.demand),
    reviewerCapacity: Int32Array.from(spec.capacity),
    ...(spec.fixed ? { fixedEdges: Int32Array.from(spec.fixed) } : {}),
  };
}

/** Indices of the assigned edges. */
const chosen = (solution: AssignmentSolution) => [...solution.assigned.keys()].filter((e) => solution.assigned[e]);

/** Every constraint of the problem, and the reported fill, shortfall and objective, checked on the solution. */
function expectFeasible(problem: AssignmentProblem, solution: AssignmentSolution): void {
  const perPaper = new Int32Array(problem.papers);
  const perReviewer = new Int32Array(problem.reviewers);
  const fixedPerPaper = new Int32Array(problem.papers);
  const fixedPerReviewer = new Int32Array(problem.reviewers);
  for (const e of problem.fixedEdges ?? []) {
    expect(solution.assigned[e]).toBe(1);
    const p = problem.edgePaper[e] as number;
    const r = problem.edgeReviewer[e] as number;
    fixedPerPaper[p] = (fixedPerPaper[p] as number) + 1;
    fixedPerReviewer[r] = (fixedPerReviewer[r] as number) + 1;
  }
  let score = 0;
  let filled = 0;
  for (let e = 0; e < solution.assigned.length; e++) {
    if (!solution.assigned[e]) continue;
    const p = problem.edgePaper[e] as number;
    const r = problem.edgeReviewer[e] as number;
    perPaper[p] = (perPaper[p] as number) + 1;
    perReviewer[r] = (perReviewer[r] as number) + 1;
    score += problem.edgeScore[e] as number;
    filled++;
  }
  for (let i = 0; i < problem.papers; i++) {
    expect(perPaper[i]).toBeLessThanOrEqual(Math.max(problem.paperDemand[i] as number, fixedPerPaper[i] as number));
    expect(solution.shortfall[i]).toBe(Math.max(0, (problem.paperDemand[i] as number) - (perPaper[i] as number)));
  }
  for (let j = 0; j < problem.reviewers; j++) {
    expect(perReviewer[j]).toBeLessThanOrEqual(
      Math.max(problem.reviewerCapacity[j] as number, fixedPerReviewer[j] as number),
    );
  }
  expect(solution.filled).toBe(filled);
  expect(solution.objective).toBeCloseTo(score, 9);
}

describe('solveAssignment on hand-made instances', () => {
  it('finds the best total, not the greedy one', () => {
    // Greedy takes paper 0 – reviewer 0 (5) and is left with 1; the optimum swaps: 4 + 4.
    const problem = problemOf({
      demand: [1, 1],
      capacity: [1, 1, 1],
      edges: [
        [0, 0, 5],
        [0, 1, 4],
        [1, 0, 4],
        [1, 1, 1],
        [1, 2, 0],
      ],
    });
    const solution = solveAssignment(problem);
    expect(chosen(solution)).toEqual([1, 2]);
    expect(solution.objective).toBe(8);
    expect(solution.filled).toBe(2);
    expect([...solution.shortfall]).toEqual([0, 0]);
    expectFeasible(problem, solution);
  });

  it('reports the shortfall of a paper with no candidates', () => {
    const problem = problemOf({
      demand: [2, 2, 3],
      capacity: [2, 2],
      edges: [
        [0, 0, 0.5],
        [0, 1, 0.25],
        [2, 0, 1],
      ],
    });
    const solution = solveAssignment(problem);
    expect([...solution.shortfall]).toEqual([0, 2, 2]);
    expect(chosen(solution)).toEqual([0, 1, 2]);
    expect(solution.objective).toBe(1.75);
    expect(solution.filled).toBe(3);
    expectFeasible(problem, solution);
  });

  it('does not go over a reviewer at capacity and gives the paper that gains most the contested reviewer', () => {
    const problem = problemOf({
      demand: [1, 1, 1],
      capacity: [2, 5],
      edges: [
        [0, 0, 3],
        [1, 0, 2],
        [2, 0, 1],
        [0, 1, 0.5],
        [1, 1, 0.5],
        [2, 1, 0.5],
      ],
    });
    const solution = solveAssignment(problem);
    expect(chosen(solution)).toEqual([0, 1, 5]);
    expect(solution.objective).toBe(5.5);
    expectFeasible(problem, solution);
  });

  it('keeps fixed edges, counts them toward demand and capacity, even beyond them', () => {
    const problem = problemOf({
      demand: [2, 1, 1],
      capacity: [3, 1, 3, 1],
      edges: [
        [0, 0, -1], // 0: fixed, kept despite its score
        [0, 1, 2], // 1: reviewer 1 is full with the fixed edge 3
        [0, 2, 1], // 2
        [1, 1, 0], // 3: fixed
        [1, 3, 1], // 4: fixed
        [2, 3, 1], // 5: fixed: reviewer 3 holds two fixed papers with room for one
        [2, 2, 5], // 6: paper 2 is full with its fixed edge
      ],
      fixed: [0, 3, 4, 5],
    });
    const solution = solveAssignment(problem, { verify: true });
    expect(chosen(solution)).toEqual([0, 2, 3, 4, 5]);
    expect(solution.objective).toBe(2);
    expect([...solution.shortfall]).toEqual([0, 0, 0]);
    expect(solution.certificate?.optimal).toBe(true);
    expectFeasible(problem, solution);
  });

  it('fills slots with negatively scored reviewers rather than leaving them empty', () => {
    const problem = problemOf({
      demand: [2],
      capacity: [1, 1, 1],
      edges: [
        [0, 0, -0.5],
        [0, 1, -2],
        [0, 2, -0.75],
      ],
    });
    const solution = solveAssignment(problem);
    expect(chosen(solution)).toEqual([0, 2]);
    expect(solution.objective).toBe(-1.25);
    expect(solution.filled).toBe(2);
  });

  it('prefers one more filled slot to a higher total score', () => {
    // Score alone: A–r1 (10). Filling first: A–r2 (0) and B–r1 (1).
    const problem = problemOf({
      demand: [1, 1],
      capacity: [1, 1],
      edges: [
        [0, 0, 10],
        [0, 1, 0],
        [1, 0, 1],
      ],
    });
    const solution = solveAssignment(problem);
    expect(chosen(solution)).toEqual([1, 2]);
    expect(solution.filled).toBe(2);
    expect(solution.objective).toBe(1);
  });

  it('resolves ties the same way every time', () => {
    const problem = problemOf({
      demand: [1, 1, 2],
      capacity: [2, 2],
      edges: [
        [0, 0, 1],
        [0, 1, 1],
        [1, 0, 1],
        [1, 1, 1],
        [2, 0, 1],
        [2, 1, 1],
      ],
    });
    const first = solveAssignment(problem, { verify: true });
    const second = solveAssignment(problem);
    expect(first.objective).toBe(4);
    expect(first.filled).toBe(4);
    expect(first.certificate?.optimal).toBe(true);
    expect([...second.assigned]).toEqual([...first.assigned]);
    expectFeasible(problem, first);
  });

  it('handles empty problems, zero demand and zero capacity', () => {
    const empty = solveAssignment(problemOf({ demand: [], capacity: [], edges: [] }));
    expect(empty).toMatchObject({ objective: 0, filled: 0 });
    expect(empty.assigned).toHaveLength(0);
    const idle = problemOf({
      demand: [0, 2],
      capacity: [1, 0],
      edges: [
        [0, 0, 3],
        [1, 1, 3],
        [1, 0, 1],
      ],
    });
    const solution = solveAssignment(idle);
    expect(chosen(solution)).toEqual([2]);
    expect([...solution.shortfall]).toEqual([0, 1]);
  });

  it('reports progress from 0 to 1 without going back', () => {
    const problem = problemOf({
      demand: [2, 2, 2],
      capacity: [2, 2, 2],
      edges: [
        [0, 0, 0.3],
        [0, 1, 0.7],
        [0, 2, 0.1],
        [1, 0, 0.9],
        [1, 1, 0.2],
        [2, 2, 0.8],
        [2, 0, 0.4],
      ],
    });
    const seen: number[] = [];
    solveAssignment(problem, { onProgress: (p) => seen.push(p) });
    expect(seen[0]).toBe(0);
    expect(seen.at(-1)).toBe(1);
    expect(seen.length).toBeGreaterThan(3);
    for (let k = 1; k < seen.length; k++) expect(seen[k]).toBeGreaterThanOrEqual(seen[k - 1] as number);
  });

  it('optimises the scores rounded to 10^-6 by default, and lowers a scale too large to stay exact', () => {
    const problem = problemOf({
      demand: [1],
      capacity: [1, 1],
      edges: [
        [0, 0, 0.3000004],
        [0, 1, 0.3000006],
      ],
    });
    expect(chosen(solveAssignment(problem))).toEqual([1]);
    // At 10^-5 both round to 0.30000: a tie, broken either way, with the true scores reported.
    const coarse = solveAssignment(problem, { scoreScale: 1e5 });
    expect(coarse.stats.scoreScale).toBe(1e5);
    expect(coarse.filled).toBe(1);
    const huge = solveAssignment(problem, { scoreScale: 1e20 });
    expect(huge.stats.scoreScale).toBeLessThan(1e20);
    expect(chosen(huge)).toEqual([1]);
  });

  it.each([
    ['an edge to a paper that does not exist', { edges: [[2, 0, 1]] as Edge[] }, /edgePaper\[0\] is out of range/],
    ['an edge to a reviewer that does not exist', { edges: [[0, 5, 1]] as Edge[] }, /edgeReviewer\[0\]/],
    ['a score that is not a number', { edges: [[0, 0, Number.NaN]] as Edge[] }, /edgeScore\[0\] is not a finite/],
    [
      'the same pair twice',
      {
        edges: [
          [0, 0, 1],
          [0, 0, 2],
        ] as Edge[],
      },
      /repeats the pair \(paper 0, reviewer 0\)/,
    ],
    ['a negative demand', { demand: [-1, 1] }, /paperDemand\[0\] is negative/],
    ['a fixed edge that is not an edge', { fixed: [3] }, /fixedEdges\[0\] is not an edge index/],
  ])('rejects %s', (_, change, message) => {
    const problem = problemOf({ demand: [1, 1], capacity: [1], edges: [[0, 0, 1]], ...change });
    expect(() => solveAssignment(problem)).toThrow(message);
    expect(() => solveAssignment(problem)).toThrow(RangeError);
  });

  it('rejects arrays of the wrong length', () => {
    const problem = {
      ...problemOf({ demand: [1], capacity: [1], edges: [[0, 0, 1]] }),
      paperDemand: new Int32Array(2),
    };
    expect(() => solveAssignment(problem)).toThrow('paperDemand must have one entry per paper');
  });
});

describe('the optimality certificate', () => {
  const problem = problemOf({
    demand: [1, 1],
    capacity: [1, 1, 1],
    edges: [
      [0, 0, 5],
      [0, 1, 4],
      [1, 0, 4],
      [1, 1, 1],
      [1, 2, 0],
    ],
  });

  it('proves the solver’s answer optimal', () => {
    const solution = solveAssignment(problem, { verify: true });
    expect(solution.certificate).toMatchObject({
      feasible: true,
      maximumFill: true,
      potentialsFound: true,
      negativeReducedCosts: 0,
      optimal: true,
    });
  });

  it('refuses a worse assignment of the same fill (a negative cycle is left)', () => {
    const greedy = Uint8Array.from([1, 0, 0, 1, 0]);
    const certificate = certifyAssignment(problem, greedy, 1e6);
    expect(certificate).toMatchObject({ feasible: true, maximumFill: true, optimal: false });
    expect(certificate.potentialsFound && certificate.negativeReducedCosts === 0).toBe(false);
  });

  it('refuses an assignment that fills fewer slots, or breaks a limit', () => {
    expect(certifyAssignment(problem, Uint8Array.from([1, 0, 0, 0, 0]), 1e6)).toMatchObject({
      feasible: true,
      maximumFill: false,
      optimal: false,
    });
    expect(certifyAssignment(problem, Uint8Array.from([1, 0, 1, 0, 0]), 1e6)).toMatchObject({
      feasible: false,
      optimal: false,
    });
  });
});

/** A seeded instance with correlated scores, bids-like jumps, ties and a few fixed edges. */
function seededInstance(seed: number, papers: number, reviewers: number, perPaper: number): AssignmentProblem {
  let state = seed >>> 0;
  const random = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 4294967296;
  };
  const quality = Array.from({ length: reviewers }, () => random());
  const edges: Edge[] = [];
  const fixed: number[] = [];
  for (let p = 0; p < papers; p++) {
    const taken = new Set<number>();
    const count = random() < 0.05 ? Math.floor(random() * 3) : perPaper;
    for (let k = 0; k < count && taken.size < reviewers; k++) {
      let r = Math.floor(random() * reviewers);
      while (taken.has(r)) r = (r + 1) % reviewers;
      taken.add(r);
      const jump = random() < 0.1 ? [-1, -0.5, 0.5, 1][Math.floor(random() * 4)] : 0;
      const score =
        random() < 0.2 ? Math.round(4 * random()) / 4 : (quality[r] as number) * random() + (jump as number);
      if (random() < 0.03) fixed.push(edges.length);
      edges.push([p, r, score]);
    }
  }
  return problemOf({
    demand: Array.from({ length: papers }, () => Math.floor(random() * 4) + 1),
    capacity: Array.from({ length: reviewers }, () => Math.floor(random() * 6)),
    edges,
    fixed,
  });
}

async function expectSameAsHighs(problem: AssignmentProblem): Promise<void> {
  const solution = solveAssignment(problem, { verify: true });
  const lp = await solveWithHighs(problem);
  expectFeasible(problem, solution);
  expect(solution.filled).toBe(lp.filled);
  expect(Math.abs(solution.objective - lp.objective)).toBeLessThanOrEqual(1e-6 * Math.max(1, Math.abs(lp.objective)));
  expect(solution.certificate?.optimal).toBe(true);
}

describe('solveAssignment against the HiGHS LP optimum', () => {
  it('agrees on small random instances (fill, objective within 1e-6 relative, every constraint)', async () => {
    const score = fc.oneof(
      fc.integer({ min: -4, max: 8 }).map((k) => k / 4),
      fc.double({ min: -2, max: 3, noNaN: true, noDefaultInfinity: true }),
    );
    const instance = fc
      .record({ papers: fc.integer({ min: 1, max: 12 }), reviewers: fc.integer({ min: 1, max: 12 }) })
      .chain(({ papers, reviewers }) =>
        fc.record({
          demand: fc.array(fc.integer({ min: 0, max: 4 }), { minLength: papers, maxLength: papers }),
          capacity: fc.array(fc.integer({ min: 0, max: 6 }), { minLength: reviewers, maxLength: reviewers }),
          edges: fc.uniqueArray(fc.tuple(fc.nat(papers - 1), fc.nat(reviewers - 1), score), {
            selector: ([p, r]) => p * reviewers + r,
            maxLength: papers * reviewers,
          }),
          fixedShare: fc.double({ min: 0, max: 0.3, noNaN: true }),
        }),
      )
      .map(({ demand, capacity, edges, fixedShare }) =>
        problemOf({
          demand,
          capacity,
          edges,
          fixed: edges.flatMap((_, e) => ((e * 7919) % 100 < fixedShare * 100 ? [e] : [])),
        }),
      );
    await fc.assert(fc.asyncProperty(instance, expectSameAsHighs), { numRuns: 35, seed: 20251121 });
  });

  it('agrees on medium random instances with correlated scores, ties and fixed edges', async () => {
    const instance = fc
      .record({
        seed: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        papers: fc.integer({ min: 20, max: 160 }),
        reviewers: fc.integer({ min: 10, max: 120 }),
        perPaper: fc.integer({ min: 3, max: 25 }),
      })
      .map(({ seed, papers, reviewers, perPaper }) => seededInstance(seed, papers, reviewers, perPaper));
    await fc.assert(fc.asyncProperty(instance, expectSameAsHighs), { numRuns: 15, seed: 7 });
  });
});
