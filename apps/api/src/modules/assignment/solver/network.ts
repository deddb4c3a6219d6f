/** An assignment to solve: the input of every solver here. */
export type AssignmentProblem = {
  papers: number;
  reviewers: number;
  /** Candidate edges (paper, reviewer, score): only these pairs may be assigned; conflicts are simply absent. Score may be negative. */
  edgePaper: Int32Array;
  edgeReviewer: Int32Array;
  edgeScore: Float64Array;
  /** Reviewers wanted per paper (demand), and each reviewer's capacity. */
  paperDemand: Int32Array;
  reviewerCapacity: Int32Array;
  /** Edges that must be kept (existing manual assignments): they count toward demand and capacity. */
  fixedEdges?: Int32Array;
};

/**
 * The assignment as a flow network in compressed adjacency (CSR) form, typed arrays only:
 * source → paper (capacity: demand left after fixed edges, cost 0) → reviewer (capacity 1 per free candidate
 * edge, cost −score in integer units) → sink (capacity: max papers left after fixed edges, cost 0).
 *
 * Every arc is stored twice, forward and reverse (`rev` pairs them); `rcap` is the residual capacity, so the
 * flow on a forward arc is `rcap` of its reverse. Node 0 is the source, `1..papers` the papers, then the
 * reviewers, and the last node the sink.
 */
export type FlowNetwork = {
  nodeCount: number;
  source: number;
  sink: number;
  papers: number;
  reviewers: number;
  /** Arcs of node v are `first[v] .. first[v + 1] - 1`. */
  first: Int32Array;
  head: Int32Array;
  rev: Int32Array;
  rcap: Int32Array;
  /** Capacity of the arc's pair: rcap[a] + rcap[rev[a]], so the reverse residual is read without a jump. */
  pairCap: Int32Array;
  /** Arc cost in integer units (−round(score × scale) on paper→reviewer arcs); Float64 holds them exactly. */
  cost: Float64Array;
  /** Per problem edge: its forward paper→reviewer arc, or −1 for a fixed or unusable edge. */
  edgeArc: Int32Array;
  /** Per paper: its source→paper arc, or −1. */
  sourceArc: Int32Array;
  /** Per reviewer: its reviewer→sink arc, or −1. */
  sinkArc: Int32Array;
  /** Integer cost of every problem edge (also for fixed and unusable ones). */
  edgeCost: Float64Array;
  isFixed: Uint8Array;
  /** Demand and capacity left for free edges once the fixed edges are counted. */
  demandLeft: Int32Array;
  capacityLeft: Int32Array;
};

/** Checks the shape of a problem and throws a RangeError naming the first defect. */
export function validateProblem(problem: AssignmentProblem): void {
  const { papers, reviewers, edgePaper, edgeReviewer, edgeScore, paperDemand, reviewerCapacity } = problem;
  if (!Number.isInteger(papers) || papers < 0) throw new RangeError('papers must be a non-negative integer');
  if (!Number.isInteger(reviewers) || reviewers < 0) throw new RangeError('reviewers must be a non-negative integer');
  const edges = edgePaper.length;
  if (edgeReviewer.length !== edges || edgeScore.length !== edges) {
    throw new RangeError('edgePaper, edgeReviewer and edgeScore must have the same length');
  }
  if (paperDemand.length !== papers) throw new RangeError('paperDemand must have one entry per paper');
  if (reviewerCapacity.length !== reviewers) throw new RangeError('reviewerCapacity must have one entry per reviewer');
  for (let i = 0; i < papers; i++) {
    if ((paperDemand[i] as number) < 0) throw new RangeError(`paperDemand[${i}] is negative`);
  }
  for (let j = 0; j < reviewers; j++) {
    if ((reviewerCapacity[j] as number) < 0) throw new RangeError(`reviewerCapacity[${j}] is negative`);
  }
  for (let e = 0; e < edges; e++) {
    const p = edgePaper[e] as number;
    const r = edgeReviewer[e] as number;
    if (p < 0 || p >= papers) throw new RangeError(`edgePaper[${e}] is out of range`);
    if (r < 0 || r >= reviewers) throw new RangeError(`edgeReviewer[${e}] is out of range`);
    if (!Number.isFinite(edgeScore[e])) throw new RangeError(`edgeScore[${e}] is not a finite number`);
  }
  // Duplicate (paper, reviewer) pairs: group edges by paper, then mark reviewers paper by paper.
  const start = new Int32Array(papers + 1);
  for (let e = 0; e < edges; e++) {
    const k = (edgePaper[e] as number) + 1;
    start[k] = (start[k] as number) + 1;
  }
  for (let i = 0; i < papers; i++) start[i + 1] = (start[i + 1] as number) + (start[i] as number);
  const fill = start.slice(0, papers);
  const byPaper = new Int32Array(edges);
  for (let e = 0; e < edges; e++) {
    const p = edgePaper[e] as number;
    const k = fill[p] as number;
    fill[p] = k + 1;
    byPaper[k] = e;
  }
  const seenBy = new Int32Array(reviewers).fill(-1);
  for (let i = 0; i < papers; i++) {
    for (let k = start[i] as number; k < (start[i + 1] as number); k++) {
      const e = byPaper[k] as number;
      const r = edgeReviewer[e] as number;
      if (seenBy[r] === i) throw new RangeError(`edge ${e} repeats the pair (paper ${i}, reviewer ${r})`);
      seenBy[r] = i;
    }
  }
  const fixed = problem.fixedEdges;
  if (fixed) {
    const seen = new Uint8Array(edges);
    for (let k = 0; k < fixed.length; k++) {
      const e = fixed[k] as number;
      if (e < 0 || e >= edges) throw new RangeError(`fixedEdges[${k}] is not an edge index`);
      if (seen[e]) throw new RangeError(`fixedEdges lists edge ${e} twice`);
      seen[e] = 1;
    }
  }
}

/** Largest |score| of the problem, used to choose a safe integer scale. */
export function maxAbsScore(problem: AssignmentProblem): number {
  let max = 0;
  for (let e = 0; e < problem.edgeScore.length; e++) {
    const s = Math.abs(problem.edgeScore[e] as number);
    if (s > max) max = s;
  }
  return max;
}

/**
 * Builds the residual network of the free part of the problem (fixed edges are pre-assigned and only reduce
 * demand and capacity). Edges that can never carry flow (their paper needs nobody more, or their reviewer has
 * no room left) get no arc.
 */
export function buildNetwork(problem: AssignmentProblem, scale: number): FlowNetwork {
  const { papers, reviewers, edgePaper, edgeReviewer, edgeScore, paperDemand, reviewerCapacity } = problem;
  const edges = edgePaper.length;
  const isFixed = new Uint8Array(edges);
  const demandLeft = Int32Array.from(paperDemand);
  const capacityLeft = Int32Array.from(reviewerCapacity);
  if (problem.fixedEdges) {
    for (const e of problem.fixedEdges) {
      const p = edgePaper[e] as number;
      const r = edgeReviewer[e] as number;
      isFixed[e] = 1;
      demandLeft[p] = (demandLeft[p] as number) - 1;
      capacityLeft[r] = (capacityLeft[r] as number) - 1;
    }
    for (let i = 0; i < papers; i++) if ((demandLeft[i] as number) < 0) demandLeft[i] = 0;
    for (let j = 0; j < reviewers; j++) if ((capacityLeft[j] as number) < 0) capacityLeft[j] = 0;
  }

  const edgeCost = new Float64Array(edges);
  for (let e = 0; e < edges; e++) {
    // `- 0` turns −0 into 0 so that zero scores cost exactly nothing.
    edgeCost[e] = -Math.round((edgeScore[e] as number) * scale) + 0;
  }

  const nodeCount = papers + reviewers + 2;
  const source = 0;
  const sink = nodeCount - 1;
  const paperNode = (i: number) => 1 + i;
  const reviewerNode = (j: number) => 1 + papers + j;

  const usable = new Uint8Array(edges);
  const paperDegree = new Int32Array(papers);
  const reviewerDegree = new Int32Array(reviewers);
  for (let e = 0; e < edges; e++) {
    const p = edgePaper[e] as number;
    const r = edgeReviewer[e] as number;
    if (isFixed[e] || (demandLeft[p] as number) === 0 || (capacityLeft[r] as number) === 0) continue;
    usable[e] = 1;
    paperDegree[p] = (paperDegree[p] as number) + 1;
    reviewerDegree[r] = (reviewerDegree[r] as number) + 1;
  }

  const degree = new Int32Array(nodeCount);
  let arcCount = 0;
  for (let i = 0; i < papers; i++) {
    const d = paperDegree[i] as number;
    if (d === 0) continue;
    degree[source] = (degree[source] as number) + 1;
    degree[paperNode(i)] = (degree[paperNode(i)] as number) + d + 1;
    arcCount += d + 1;
  }
  for (let j = 0; j < reviewers; j++) {
    const d = reviewerDegree[j] as number;
    if (d === 0) continue;
    degree[sink] = (degree[sink] as number) + 1;
    degree[reviewerNode(j)] = (degree[reviewerNode(j)] as number) + d + 1;
    arcCount += 1;
  }
  arcCount *= 2;

  const first = new Int32Array(nodeCount + 1);
  for (let v = 0; v < nodeCount; v++) first[v + 1] = (first[v] as number) + (degree[v] as number);
  const next = first.slice(0, nodeCount);
  const head = new Int32Array(arcCount);
  const rev = new Int32Array(arcCount);
  const rcap = new Int32Array(arcCount);
  const pairCap = new Int32Array(arcCount);
  const cost = new Float64Array(arcCount);
  const addArc = (u: number, v: number, capacity: number, arcCost: number): number => {
    const a = next[u] as number;
    const b = next[v] as number;
    next[u] = a + 1;
    next[v] = b + 1;
    head[a] = v;
    head[b] = u;
    rev[a] = b;
    rev[b] = a;
    rcap[a] = capacity;
    pairCap[a] = capacity;
    pairCap[b] = capacity;
    cost[a] = arcCost;
    cost[b] = -arcCost + 0;
    return a;
  };

  const sourceArc = new Int32Array(papers).fill(-1);
  const sinkArc = new Int32Array(reviewers).fill(-1);
  const edgeArc = new Int32Array(edges).fill(-1);
  for (let i = 0; i < papers; i++) {
    if ((paperDegree[i] as number) > 0) sourceArc[i] = addArc(source, paperNode(i), demandLeft[i] as number, 0);
  }
  for (let e = 0; e < edges; e++) {
    if (!usable[e]) continue;
    edgeArc[e] = addArc(
      paperNode(edgePaper[e] as number),
      reviewerNode(edgeReviewer[e] as number),
      1,
      edgeCost[e] as number,
    );
  }
  for (let j = 0; j < reviewers; j++) {
    if ((reviewerDegree[j] as number) > 0) sinkArc[j] = addArc(reviewerNode(j), sink, capacityLeft[j] as number, 0);
  }

  return {
    nodeCount,
    source,
    sink,
    papers,
    reviewers,
    first,
    head,
    rev,
    rcap,
    pairCap,
    cost,
    edgeArc,
    sourceArc,
    sinkArc,
    edgeCost,
    isFixed,
    demandLeft,
    capacityLeft,
  };
}
