import { describe, expect, it } from 'vitest';
import { type CostScalingOptions, minimizeCost, PriceOverflowError } from './cost-scaling.ts';
import { maximizeFlow } from './max-flow.ts';
import { buildNetwork } from './network.ts';
import type { AssignmentProblem } from './solver.ts';

/** Seeded instance; `ties` rounds every score to a quarter so that many assignments are optimal. */
function instance(seed: number, ties: boolean): AssignmentProblem {
  const papers = 120;
  const reviewers = 90;
  let state = seed;
  const random = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 4294967296;
  };
  const edgePaper: number[] = [];
  const edgeReviewer: number[] = [];
  const edgeScore: number[] = [];
  for (let p = 0; p < papers; p++) {
    const offset = Math.floor(random() * reviewers);
    for (let k = 0; k < 12; k++) {
      edgePaper.push(p);
      edgeReviewer.push((offset + k * 5) % reviewers);
      const score = 2 * random() - 0.5;
      edgeScore.push(ties ? Math.round(score * 4) / 4 : score);
    }
  }
  return {
    papers,
    reviewers,
    edgePaper: Int32Array.from(edgePaper),
    edgeReviewer: Int32Array.from(edgeReviewer),
    edgeScore: Float64Array.from(edgeScore),
    paperDemand: new Int32Array(papers).fill(3),
    reviewerCapacity: Int32Array.from({ length: reviewers }, () => 2 + Math.floor(random() * 4)),
  };
}

/** Total integer cost of the flow on paper→reviewer arcs after a maximum flow and cost scaling. */
function solve(problem: AssignmentProblem, options: CostScalingOptions) {
  const net = buildNetwork(problem, 1e6);
  const { flow } = maximizeFlow(net);
  const result = minimizeCost(net, options);
  let cost = 0;
  for (let e = 0; e < problem.edgePaper.length; e++) {
    const arc = net.edgeArc[e] as number;
    if (arc >= 0 && net.rcap[arc] === 0) cost += net.edgeCost[e] as number;
  }
  return { flow, cost, result };
}

describe('minimizeCost', () => {
  it.each([false, true])('reaches the same optimum with or without its heuristics (ties: %s)', (ties) => {
    for (const seed of [1, 2, 3]) {
      const problem = instance(seed, ties);
      const full = solve(problem, {});
      const plain = solve(problem, { lookAhead: false, refineBudget: 0, updateFrequency: 1e9 });
      const coarse = solve(problem, { alpha: 32 });
      expect(plain.flow).toBe(full.flow);
      expect(plain.cost).toBe(full.cost);
      expect(coarse.cost).toBe(full.cost);
      expect(full.result.phases).toBeGreaterThan(5);
      expect(plain.result.priceRefinements).toBe(0);
    }
  });

  it('skips refinements by price refinement once the flow is optimal, on scores with ties', () => {
    const { result } = solve(instance(4, true), {});
    expect(result.priceRefinements).toBeGreaterThan(0);
    expect(result.priceRefinements).toBeLessThan(result.phases);
  });

  it('throws PriceOverflowError before prices leave the exact range', () => {
    const net = buildNetwork(instance(5, false), 1e6);
    maximizeFlow(net);
    expect(() => minimizeCost(net, { priceLimit: 1000 })).toThrow(PriceOverflowError);
  });
});

describe('maximizeFlow', () => {
  it('augments past what the greedy pass fills', () => {
    // Greedy gives reviewer 0 to paper 0; only the path paper 1 → reviewer 0 → paper 0 → reviewer 1 fills both.
    const problem: AssignmentProblem = {
      papers: 2,
      reviewers: 2,
      edgePaper: Int32Array.from([0, 0, 1]),
      edgeReviewer: Int32Array.from([0, 1, 0]),
      edgeScore: new Float64Array(3),
      paperDemand: Int32Array.from([1, 1]),
      reviewerCapacity: Int32Array.from([1, 1]),
    };
    const net = buildNetwork(problem, 1e6);
    expect(maximizeFlow(net)).toEqual({ flow: 2, phases: 1 });
    expect([0, 1, 2].map((e) => net.rcap[net.edgeArc[e] as number])).toEqual([1, 0, 0]);
  });

  it('leaves no augmenting path on a larger instance', () => {
    const problem = instance(6, false);
    const net = buildNetwork({ ...problem, reviewerCapacity: new Int32Array(problem.reviewers).fill(1) }, 1e6);
    const { flow } = maximizeFlow(net);
    expect(flow).toBeGreaterThan(0);
    expect(flow).toBeLessThanOrEqual(problem.reviewers);
    const seen = new Uint8Array(net.nodeCount);
    const stack = [net.source];
    seen[net.source] = 1;
    while (stack.length > 0) {
      const v = stack.pop() as number;
      for (let a = net.first[v] as number; a < (net.first[v + 1] as number); a++) {
        const w = net.head[a] as number;
        if ((net.rcap[a] as number) > 0 && !seen[w]) {
          seen[w] = 1;
          stack.push(w);
        }
      }
    }
    expect(seen[net.sink]).toBe(0);
  });
});
