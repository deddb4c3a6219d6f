import { type AssignmentProblem, buildNetwork } from './network.ts';

export type OptimalityCertificate = {
  /** Every fixed edge is kept, no paper or reviewer is over its limit, and only candidate edges are used. */
  feasible: boolean;
  /** No augmenting source→sink path is left in the residual graph: no assignment fills more slots. */
  maximumFill: boolean;
  /** Potentials were found for which every residual arc has a non-negative reduced cost. */
  potentialsFound: boolean;
  /** Residual arcs whose integer reduced cost is negative under those potentials (0 proves optimality). */
  negativeReducedCosts: number;
  /** Residual arcs checked. */
  residualArcs: number;
  /** feasible ∧ maximumFill ∧ potentialsFound ∧ negativeReducedCosts = 0. */
  optimal: boolean;
  ms: number;
};

/**
 * Proves, independently of how the assignment was found, that it is optimal for the scores rounded to
 * 1/scale: it rebuilds the residual graph of the given assignment from the problem, checks that the sink cannot
 * be reached from the source (maximum fill), then looks for integer node potentials π with
 * cost(u→v) + π(u) − π(v) ≥ 0 on every residual arc (label correcting, exact integer arithmetic). Such
 * potentials exist exactly when the residual graph has no negative cycle, i.e. when no assignment with the same
 * fill scores more. `warmPrices` (the solver's scaled prices, divided by `multiplier`) only speed the search up.
 */
export function certifyAssignment(
  problem: AssignmentProblem,
  assigned: Uint8Array,
  scale: number,
  warm?: { prices: Float64Array; multiplier: number },
): OptimalityCertificate {
  const started = performance.now();
  const net = buildNetwork(problem, scale);
  const { nodeCount: n, source, sink, first, head, rev, rcap, cost, edgeArc, sourceArc, sinkArc, isFixed } = net;
  const { edgePaper, edgeReviewer } = problem;
  let feasible = assigned.length === edgePaper.length;
  for (let e = 0; feasible && e < edgePaper.length; e++) {
    if (isFixed[e]) {
      if (!assigned[e]) feasible = false;
      continue;
    }
    if (!assigned[e]) continue;
    const arc = edgeArc[e] as number;
    const sa = sourceArc[edgePaper[e] as number] as number;
    const ta = sinkArc[edgeReviewer[e] as number] as number;
    if (arc < 0 || sa < 0 || ta < 0 || rcap[sa] === 0 || rcap[ta] === 0) {
      feasible = false;
      break;
    }
    for (const a of [sa, arc, ta]) {
      const b = rev[a] as number;
      rcap[a] = (rcap[a] as number) - 1;
      rcap[b] = (rcap[b] as number) + 1;
    }
  }

  // Maximum fill: breadth-first search from the source.
  const seen = new Uint8Array(n);
  const queue = new Int32Array(n);
  seen[source] = 1;
  queue[0] = source;
  let qTail = 1;
  for (let qHead = 0; qHead < qTail; qHead++) {
    const v = queue[qHead] as number;
    for (let a = first[v] as number, end = first[v + 1] as number; a < end; a++) {
      const w = head[a] as number;
      if ((rcap[a] as number) > 0 && !seen[w]) {
        seen[w] = 1;
        queue[qTail++] = w;
      }
    }
  }
  const maximumFill = !seen[sink];

  // Potentials: start from the solver's prices when given, then correct labels until no arc is violated.
  const potential = new Float64Array(n);
  if (warm) for (let v = 0; v < n; v++) potential[v] = Math.floor((warm.prices[v] as number) / warm.multiplier);
  const updates = new Int32Array(n);
  const inQueue = new Uint8Array(n).fill(1);
  const ring = new Int32Array(n);
  for (let v = 0; v < n; v++) ring[v] = v;
  let qHead = 0;
  let qSize = n;
  let potentialsFound = true;
  while (qSize > 0) {
    const u = ring[qHead] as number;
    qHead = qHead + 1 === n ? 0 : qHead + 1;
    qSize--;
    inQueue[u] = 0;
    const pu = potential[u] as number;
    for (let a = first[u] as number, end = first[u + 1] as number; a < end; a++) {
      if ((rcap[a] as number) === 0) continue;
      const v = head[a] as number;
      const bound = pu + (cost[a] as number);
      if ((potential[v] as number) <= bound) continue;
      potential[v] = bound;
      const count = (updates[v] as number) + 1;
      updates[v] = count;
      if (count > n) {
        potentialsFound = false; // a node improved more than n times: there is a negative cycle
        qSize = 0;
        break;
      }
      if (!inQueue[v]) {
        ring[(qHead + qSize++) % n] = v;
        inQueue[v] = 1;
      }
    }
  }

  let negativeReducedCosts = 0;
  let residualArcs = 0;
  for (let u = 0; u < n; u++) {
    for (let a = first[u] as number, end = first[u + 1] as number; a < end; a++) {
      if ((rcap[a] as number) === 0) continue;
      residualArcs++;
      if ((cost[a] as number) + (potential[u] as number) - (potential[head[a] as number] as number) < 0) {
        negativeReducedCosts++;
      }
    }
  }
  return {
    feasible,
    maximumFill,
    potentialsFound,
    negativeReducedCosts,
    residualArcs,
    optimal: feasible && maximumFill && potentialsFound && negativeReducedCosts === 0,
    ms: performance.now() - started,
  };
}
