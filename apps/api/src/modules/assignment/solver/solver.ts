import { Worker } from 'node:worker_threads';
import { certifyAssignment, type OptimalityCertificate } from './certificate.ts';
import { minimizeCost, PriceOverflowError } from './cost-scaling.ts';
import { maximizeFlow } from './max-flow.ts';
import { type AssignmentProblem, buildNetwork, maxAbsScore, validateProblem } from './network.ts';

export type { OptimalityCertificate } from './certificate.ts';
export { solveWithHighs } from './highs-lp.ts';
export type { AssignmentProblem } from './network.ts';

export type AssignmentSolution = {
  /** Per edge: 1 when assigned (fixed edges always are). */
  assigned: Uint8Array;
  /** Total score of the assigned edges, fixed ones included, in the caller's (unrounded) scores. */
  objective: number;
  /** Number of assigned edges, fixed ones included. */
  filled: number;
  /** Per paper: demand not met. */
  shortfall: Int32Array;
  stats: {
    /** Basic operations of the cost-scaling phase (pushes + relabels). */
    iterations: number;
    /** Solving time, without the optional certificate (it reports its own). */
    ms: number;
    /** ε-scaling refinements, Dinic phases, pushes, relabels, global price updates. */
    phases: number;
    maxFlowPhases: number;
    pushes: number;
    relabels: number;
    priceUpdates: number;
    /** Refinements skipped because the flow was already ε-optimal under shifted prices. */
    priceRefinements: number;
    /** Scores were optimised as integers round(score × scoreScale). */
    scoreScale: number;
  };
  /** Present when solved with `verify: true`. */
  certificate?: OptimalityCertificate;
};

export type SolveOptions = {
  /** Called with the fraction done (0..1), at least at the start, after each phase and at the end. */
  onProgress?(p: number): void;
  /** Also prove optimality (maximum fill, no negative residual cycle) and return the certificate. */
  verify?: boolean;
  /** Scores are rounded to multiples of 1/scoreScale before optimising (default 10^6). */
  scoreScale?: number;
};

/** Scores are optimised as integers: round(score × 10^6). */
export const DEFAULT_SCORE_SCALE = 1e6;

/**
 * Maximises first the number of filled slots (cover as much demand as capacities and candidates allow), then
 * the total score among maximum assignments — exactly, for the scores rounded to 1/scoreScale (10^-6 by
 * default; with m assigned edges the total can differ from the unrounded optimum by at most m / scoreScale).
 *
 * Two phases on one flow network (see network.ts): a maximum flow (greedy + Dinic) fixes the fill, then
 * Goldberg's cost-scaling push–relabel turns it into a minimum-cost flow of the same value, which is the
 * lexicographic optimum without any big-M weight. Fixed edges are kept and count toward demand and capacity,
 * even beyond them. Reports progress (0..1) through onProgress. Synchronous and CPU-bound: in a server, use
 * solveAssignmentInWorker.
 */
export function solveAssignment(problem: AssignmentProblem, options: SolveOptions = {}): AssignmentSolution {
  const started = performance.now();
  validateProblem(problem);
  // Scaled costs are multiplied by n + 1 inside cost scaling; keep them far inside the exact range of a double.
  const nodeCount = problem.papers + problem.reviewers + 2;
  const maxScore = maxAbsScore(problem);
  let scale = options.scoreScale ?? DEFAULT_SCORE_SCALE;
  if (!(scale > 0) || !Number.isFinite(scale)) throw new RangeError('scoreScale must be a positive number');
  if (maxScore > 0) scale = Math.min(scale, 2 ** 46 / (maxScore * (nodeCount + 1)));
  // Progress never goes back, not even when a retry starts over.
  const onProgress = options.onProgress;
  let reported = -1;
  const progress = onProgress
    ? (p: number) => {
        if (p <= reported) return;
        reported = p;
        onProgress(p);
      }
    : undefined;
  for (;;) {
    try {
      return solveScaled(problem, scale, { ...options, onProgress: progress }, started);
    } catch (error) {
      if (!(error instanceof PriceOverflowError)) throw error;
      scale /= 16;
    }
  }
}

function solveScaled(
  problem: AssignmentProblem,
  scale: number,
  options: SolveOptions,
  started: number,
): AssignmentSolution {
  const progress = options.onProgress;
  progress?.(0);
  const net = buildNetwork(problem, scale);
  const maxFlow = maximizeFlow(net);
  progress?.(0.05);
  const scaling = minimizeCost(net, {
    onPhase: progress ? (done, total) => progress(0.05 + (0.9 * done) / total) : undefined,
  });

  const { edgePaper, edgeScore, paperDemand } = problem;
  const edges = edgePaper.length;
  const assigned = new Uint8Array(edges);
  const perPaper = new Int32Array(problem.papers);
  let objective = 0;
  let filled = 0;
  for (let e = 0; e < edges; e++) {
    const arc = net.edgeArc[e] as number;
    if (net.isFixed[e] || (arc >= 0 && net.rcap[arc] === 0)) {
      assigned[e] = 1;
      objective += edgeScore[e] as number;
      filled++;
      const p = edgePaper[e] as number;
      perPaper[p] = (perPaper[p] as number) + 1;
    }
  }
  const shortfall = new Int32Array(problem.papers);
  for (let i = 0; i < problem.papers; i++) {
    shortfall[i] = Math.max(0, (paperDemand[i] as number) - (perPaper[i] as number));
  }
  const ms = performance.now() - started;
  const certificate = options.verify
    ? certifyAssignment(problem, assigned, scale, { prices: scaling.price, multiplier: scaling.multiplier })
    : undefined;
  progress?.(1);
  return {
    assigned,
    objective,
    filled,
    shortfall,
    stats: {
      iterations: scaling.pushes + scaling.relabels,
      ms,
      phases: scaling.phases,
      maxFlowPhases: maxFlow.phases,
      pushes: scaling.pushes,
      relabels: scaling.relabels,
      priceUpdates: scaling.priceUpdates,
      priceRefinements: scaling.priceRefinements,
      scoreScale: scale,
    },
    ...(certificate ? { certificate } : {}),
  };
}

type WorkerMessage = { type: 'progress'; p: number } | { type: 'done'; solution: AssignmentSolution };

/**
 * Runs solveAssignment in a worker_thread so the event loop keeps serving requests. The problem's arrays are
 * copied to the worker (the caller keeps them); the solution's arrays are transferred back.
 */
export function solveAssignmentInWorker(
  problem: AssignmentProblem,
  onProgress?: (p: number) => void,
): Promise<AssignmentSolution> {
  return new Promise((resolve, reject) => {
    // Malformed input fails here, with its RangeError, rather than inside the worker.
    validateProblem(problem);
    const worker = new Worker(new URL('./solver.worker.ts', import.meta.url), {
      workerData: { problem, reportProgress: onProgress !== undefined },
    });
    let settled = false;
    worker.on('message', (message: WorkerMessage) => {
      if (message.type === 'progress') {
        onProgress?.(message.p);
        return;
      }
      settled = true;
      resolve(message.solution);
      void worker.terminate();
    });
    worker.on('error', (error) => {
      settled = true;
      reject(error);
    });
    worker.on('exit', (code) => {
      if (!settled) reject(new Error(`assignment worker stopped with exit code ${code}`));
    });
  });
}
