import type { FlowNetwork } from './network.ts';

/** Prices grew past what a double holds exactly; the caller retries with a smaller score scale. */
export class PriceOverflowError extends Error {
  constructor() {
    super('cost-scaling prices left the exact integer range of a double');
    this.name = 'PriceOverflowError';
  }
}

export type CostScalingOptions = {
  /** ε is divided by alpha between refinements. */
  alpha?: number;
  /** A global price update runs after this many relabels per node. */
  updateFrequency?: number;
  /** Relabel a node before pushing to it when it has no admissible arc (default on). */
  lookAhead?: boolean;
  /** Price refinement gives up after this many scans of every arc (0 turns it off). */
  refineBudget?: number;
  /** |price| above this throws PriceOverflowError. */
  priceLimit?: number;
  onPhase?(done: number, total: number): void;
};

export type CostScalingResult = {
  /** Node prices in the scaled units (costs × multiplier) at the end: every residual arc has reduced cost ≥ −1. */
  price: Float64Array;
  multiplier: number;
  phases: number;
  pushes: number;
  relabels: number;
  priceUpdates: number;
  /** Refinements skipped because price refinement proved the flow ε-optimal already. */
  priceRefinements: number;
};

/**
 * Minimum-cost flow of the current flow value, by Goldberg's cost-scaling push–relabel algorithm, in place.
 *
 * The network must hold a feasible flow (the maximum flow). Costs are integers; they are multiplied in place by
 * n + 1 so that a flow that is 1-optimal in scaled units is optimal in integer units: every residual cycle has at
 * most n arcs, so its cost is > −1, hence ≥ 0. Each refinement divides ε by `alpha`, saturates the arcs whose
 * reduced cost is below −ε, and pushes the excesses back to the deficits along admissible arcs (reduced cost
 * < 0), relabelling nodes that have none. Global price updates (Dial buckets over ε-rounded reduced costs, from
 * the deficits outwards), a look-ahead before each push and price refinement before each refinement (both in
 * Goldberg's CS2) keep the work small. Prices stay exact integers in a double; a guard throws PriceOverflowError
 * before they could lose precision.
 */
export function minimizeCost(net: FlowNetwork, options: CostScalingOptions = {}): CostScalingResult {
  const alpha = options.alpha ?? 8;
  const updateFrequency = options.updateFrequency ?? 0.5;
  const priceLimit = options.priceLimit ?? 2 ** 51;
  const refineBudget = options.refineBudget ?? 30;
  const lookAhead = options.lookAhead ?? true;
  const { nodeCount: n, first, head, rev, rcap, pairCap, cost } = net;
  const multiplier = n + 1;
  const arcCount = head.length;
  for (let a = 0; a < arcCount; a++) cost[a] = (cost[a] as number) * multiplier;

  const price = new Float64Array(n);
  const excess = new Int32Array(n);
  const current = new Int32Array(n);
  const queue = new Int32Array(n);
  const inQueue = new Uint8Array(n);
  // Global price update state.
  const maxRank = n;
  const rank = new Int32Array(n);
  const bucketHead = new Int32Array(maxRank + 1).fill(-1);
  const bucketNext = new Int32Array(n);
  const bucketPrev = new Int32Array(n);

  let epsilon = 0;
  for (let a = 0; a < arcCount; a++) {
    if ((rcap[a] as number) > 0 && -(cost[a] as number) > epsilon) epsilon = -(cost[a] as number);
  }
  let totalPhases = 0;
  for (let e = epsilon; e > 1; e = Math.max(1, Math.floor(e / alpha))) totalPhases++;

  let pushes = 0;
  let relabels = 0;
  let priceUpdates = 0;
  let priceRefinements = 0;
  let phases = 0;

  const unlink = (v: number) => {
    const prev = bucketPrev[v] as number;
    const next = bucketNext[v] as number;
    if (prev >= 0) bucketNext[prev] = next;
    else bucketHead[rank[v] as number] = next;
    if (next >= 0) bucketPrev[next] = prev;
  };
  const link = (v: number, r: number) => {
    rank[v] = r;
    const h = bucketHead[r] as number;
    bucketPrev[v] = -1;
    bucketNext[v] = h;
    if (h >= 0) bucketPrev[h] = v;
    bucketHead[r] = v;
  };

  /**
   * Lowers prices by ε × (ε-rounded distance to a deficit), which keeps ε-optimality and makes the arcs of the
   * shortest-path forest admissible. Stops once every node with excess has been reached.
   */
  const globalUpdate = (eps: number) => {
    priceUpdates++;
    const unreached = maxRank + 1;
    let active = 0;
    for (let v = 0; v < n; v++) {
      rank[v] = unreached;
      const x = excess[v] as number;
      if (x > 0) active++;
      else if (x < 0) link(v, 0);
    }
    let level = 0;
    while (active > 0 && level <= maxRank) {
      const w = bucketHead[level] as number;
      if (w < 0) {
        level++;
        continue;
      }
      unlink(w);
      if ((excess[w] as number) > 0) active--;
      const pw = price[w] as number;
      // Arcs v → w are the reverses of w's arcs: residual pairCap − rcap, cost −cost (read in place).
      for (let a = first[w] as number, end = first[w + 1] as number; a < end; a++) {
        if (pairCap[a] === rcap[a]) continue;
        const v = head[a] as number;
        const rv = rank[v] as number;
        if (rv <= level) continue; // already scanned, or no shorter than the node being scanned
        const slack = (price[v] as number) - (cost[a] as number) - pw + eps; // ≥ 0 by ε-optimality
        let length = Math.floor(slack / eps);
        if (length * eps > slack) length--;
        const r = level + length;
        if (r < rv && r <= maxRank) {
          if (rv !== unreached) unlink(v);
          link(v, r);
        }
      }
    }
    const stop = Math.min(level, maxRank + 1);
    for (let v = 0; v < n; v++) {
      const r = rank[v] as number;
      const d = Math.min(r, stop);
      if (d > 0) {
        const p = (price[v] as number) - d * eps;
        if (p < -priceLimit) throw new PriceOverflowError();
        price[v] = p;
      }
      current[v] = first[v] as number;
    }
    // Empty the buckets still holding nodes.
    for (let r = level; r <= maxRank; r++) bucketHead[r] = -1;
  };

  /** Relabel: the highest price that leaves some residual arc admissible by ε. False when v has no residual arc. */
  const relabel = (v: number, eps: number): boolean => {
    let best = Number.NEGATIVE_INFINITY;
    let bestArc = -1;
    for (let b = first[v] as number, end = first[v + 1] as number; b < end; b++) {
      if ((rcap[b] as number) === 0) continue;
      const value = (price[head[b] as number] as number) - (cost[b] as number);
      if (value > best) {
        best = value;
        bestArc = b;
      }
    }
    if (bestArc < 0) return false;
    const p = best - eps;
    if (p < -priceLimit) throw new PriceOverflowError();
    price[v] = p;
    current[v] = bestArc;
    relabels++;
    return true;
  };

  /** Whether w has an admissible arc; moves its current arc to it (the arcs skipped are not admissible). */
  const hasAdmissibleArc = (w: number): boolean => {
    const pw = price[w] as number;
    const end = first[w + 1] as number;
    for (let a = current[w] as number; a < end; a++) {
      if ((rcap[a] as number) > 0 && (cost[a] as number) + pw - (price[head[a] as number] as number) < 0) {
        current[w] = a;
        return true;
      }
    }
    current[w] = end;
    return false;
  };

  const distance = new Float64Array(n);
  const parent = new Int32Array(n);
  const walkMark = new Int32Array(n);
  /** A cycle among the parent pointers of label correcting is a negative cycle (Cherkassky–Goldberg). */
  const parentsHaveCycle = (): boolean => {
    walkMark.fill(0);
    for (let s = 0; s < n; s++) {
      let v = s;
      while (v >= 0 && walkMark[v] === 0) {
        walkMark[v] = s + 1;
        v = parent[v] as number;
      }
      if (v >= 0 && walkMark[v] === s + 1) return true;
    }
    return false;
  };
  /**
   * Price refinement: looks for prices under which the current flow is already ε-optimal, without moving any
   * flow — shortest distances with arc lengths (reduced cost + ε) by label correcting, which exist when no cycle
   * is shorter than zero. On success the prices are shifted by those distances and the refinement is skipped. It
   * gives up, leaving the prices alone, when the parent pointers close a (negative) cycle or after a budget of
   * arc scans. It skips most of the work once the flow is optimal early (scores with many ties), when the
   * remaining refinements would only prove it.
   */
  const refinePrices = (eps: number, budget: number): boolean => {
    distance.fill(0);
    parent.fill(-1);
    for (let v = 0; v < n; v++) {
      queue[v] = v;
      inQueue[v] = 1;
    }
    let qHead = 0;
    let qSize = n;
    let work = 0;
    let improvements = 0;
    const fail = () => {
      inQueue.fill(0);
      return false;
    };
    while (qSize > 0) {
      const u = queue[qHead] as number;
      qHead = qHead + 1 === n ? 0 : qHead + 1;
      qSize--;
      inQueue[u] = 0;
      const start = first[u] as number;
      const end = first[u + 1] as number;
      work += end - start;
      if (work > budget) return fail();
      if (improvements > n) {
        if (parentsHaveCycle()) return fail();
        improvements = 0;
      }
      const base = (distance[u] as number) + (price[u] as number) + eps;
      for (let a = start; a < end; a++) {
        if ((rcap[a] as number) === 0) continue;
        const v = head[a] as number;
        const candidate = base + (cost[a] as number) - (price[v] as number);
        if (candidate < (distance[v] as number)) {
          distance[v] = candidate;
          parent[v] = u;
          improvements++;
          if (inQueue[v] === 0) {
            queue[(qHead + qSize++) % n] = v;
            inQueue[v] = 1;
          }
        }
      }
    }
    for (let v = 0; v < n; v++) {
      const p = (price[v] as number) + (distance[v] as number);
      if (p < -priceLimit) throw new PriceOverflowError();
      price[v] = p;
    }
    return true;
  };

  while (epsilon > 1) {
    epsilon = Math.max(1, Math.floor(epsilon / alpha));
    const eps = epsilon;
    phases++;
    if (phases > 1 && refinePrices(eps, refineBudget * arcCount)) {
      priceRefinements++;
      options.onPhase?.(phases, totalPhases);
      continue;
    }

    // Saturate every residual arc whose reduced cost is below −ε.
    for (let u = 0; u < n; u++) {
      const pu = price[u] as number;
      for (let a = first[u] as number, end = first[u + 1] as number; a < end; a++) {
        const c = rcap[a] as number;
        if (c === 0) continue;
        const w = head[a] as number;
        if ((cost[a] as number) + pu - (price[w] as number) < -eps) {
          const b = rev[a] as number;
          rcap[a] = 0;
          rcap[b] = (rcap[b] as number) + c;
          excess[u] = (excess[u] as number) - c;
          excess[w] = (excess[w] as number) + c;
        }
      }
    }
    let qHead = 0;
    let qSize = 0;
    for (let v = 0; v < n; v++) {
      if ((excess[v] as number) > 0) {
        queue[(qHead + qSize++) % n] = v;
        inQueue[v] = 1;
      }
    }
    if (qSize > 0) globalUpdate(eps);
    const relabelBudget = Math.max(64, Math.floor(n * updateFrequency));
    let relabelsSinceUpdate = 0;

    while (qSize > 0) {
      const v = queue[qHead] as number;
      qHead = qHead + 1 === n ? 0 : qHead + 1;
      qSize--;
      inQueue[v] = 0;
      let x = excess[v] as number;
      while (x > 0) {
        const pv = price[v] as number;
        let a = current[v] as number;
        const end = first[v + 1] as number;
        for (; a < end; a++) {
          const c = rcap[a] as number;
          if (c === 0) continue;
          const w = head[a] as number;
          if ((cost[a] as number) + pv - (price[w] as number) >= 0) continue;
          // Look-ahead: flow pushed to a node with nowhere to send it would come straight back; relabel that
          // node first, and push only if the arc is still admissible.
          if (lookAhead && (excess[w] as number) >= 0 && !hasAdmissibleArc(w) && relabel(w, eps)) {
            if ((cost[a] as number) + pv - (price[w] as number) >= 0) continue;
          }
          const delta = Math.min(c, x);
          const b = rev[a] as number;
          rcap[a] = c - delta;
          rcap[b] = (rcap[b] as number) + delta;
          x -= delta;
          const xw = (excess[w] as number) + delta;
          excess[w] = xw;
          pushes++;
          if (xw > 0 && inQueue[w] === 0) {
            queue[(qHead + qSize++) % n] = w;
            inQueue[w] = 1;
          }
          if (x === 0) break;
        }
        if (x === 0) {
          current[v] = a;
          break;
        }
        // A node with excess always has a residual arc (the one its flow came in by), unless the flow is not feasible.
        if (!relabel(v, eps)) throw new Error('cost scaling needs a feasible flow to start from');
        relabelsSinceUpdate++;
      }
      excess[v] = x;
      if (relabelsSinceUpdate > relabelBudget && qSize > 0) {
        globalUpdate(eps);
        relabelsSinceUpdate = 0;
      }
    }
    options.onPhase?.(phases, totalPhases);
  }
  return { price, multiplier, phases, pushes, relabels, priceUpdates, priceRefinements };
}
