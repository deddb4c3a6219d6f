import type { Highs } from 'highs';
import { type AssignmentProblem, validateProblem } from './network.ts';

let runtime: Promise<Highs> | undefined;

/** Loads the HiGHS WebAssembly runtime once (STACK.md pitfall 19: its default export is typed as CommonJS). */
function loadHighs(): Promise<Highs> {
  runtime ??= import('highs').then((module) => {
    const load = module.default as unknown as typeof module.default.default;
    return load();
  });
  return runtime;
}

const MODEL_STATUS_OPTIMAL = 7;

/**
 * Same problem solved as an LP with HiGHS (sparse CSC input), for cross-checks: returns the optimal objective.
 * The constraint matrix of a transportation problem is totally unimodular, so the LP optimum is the integer
 * optimum. Lexicographic like solveAssignment, in two solves of one model: first maximise the number of assigned
 * edges F, then add the row Σx ≥ F and maximise the total score (the second solve starts from the first basis).
 * The optimal face {Σx = F} of an integral polytope is integral, so the second optimum is integral too.
 * Fixed edges are columns fixed at 1; a paper's or reviewer's limit is raised to its fixed count when those
 * exceed it. Blocks the thread while solving: meant for tests and benchmarks.
 */
export async function solveWithHighs(problem: AssignmentProblem): Promise<{ objective: number; filled: number }> {
  validateProblem(problem);
  const { papers, reviewers, edgePaper, edgeReviewer, edgeScore, paperDemand, reviewerCapacity } = problem;
  const edges = edgePaper.length;
  const colLower = new Float64Array(edges);
  const fixedPerPaper = new Int32Array(papers);
  const fixedPerReviewer = new Int32Array(reviewers);
  for (const e of problem.fixedEdges ?? []) {
    colLower[e] = 1;
    const p = edgePaper[e] as number;
    const r = edgeReviewer[e] as number;
    fixedPerPaper[p] = (fixedPerPaper[p] as number) + 1;
    fixedPerReviewer[r] = (fixedPerReviewer[r] as number) + 1;
  }
  if (edges === 0) return { objective: 0, filled: 0 };

  const rows = papers + reviewers;
  const rowUpper = new Float64Array(rows);
  for (let i = 0; i < papers; i++) rowUpper[i] = Math.max(paperDemand[i] as number, fixedPerPaper[i] as number);
  for (let j = 0; j < reviewers; j++) {
    rowUpper[papers + j] = Math.max(reviewerCapacity[j] as number, fixedPerReviewer[j] as number);
  }
  // One column per edge with a 1 in its paper's row and in its reviewer's row.
  const starts = new Int32Array(edges + 1);
  const indices = new Int32Array(2 * edges);
  const values = new Float64Array(2 * edges).fill(1);
  for (let e = 0; e < edges; e++) {
    starts[e + 1] = 2 * (e + 1);
    indices[2 * e] = edgePaper[e] as number;
    indices[2 * e + 1] = papers + (edgeReviewer[e] as number);
  }

  const highs = await loadHighs();
  const model = highs.createModel({
    numCols: edges,
    numRows: rows,
    sense: highs.constants.objectiveSense.maximize,
    colCost: new Float64Array(edges).fill(1),
    colLower,
    colUpper: new Float64Array(edges).fill(1),
    rowLower: new Float64Array(rows),
    rowUpper,
    matrix: { format: 'csc', numRows: rows, numCols: edges, starts, indices, values },
  });
  try {
    // The fill LP is very degenerate for the simplex method (every cost is 1): the interior-point method with
    // crossover reaches its optimal vertex several times faster; the score LP then restarts the simplex method
    // from that basis.
    model.options.set({ output_flag: false, solver: 'ipm' });
    model.run();
    if (model.getModelStatus() !== MODEL_STATUS_OPTIMAL) throw new Error('HiGHS: the fill LP is not optimal');
    const filled = Math.round(model.getObjectiveValue());

    const all = new Int32Array(edges);
    for (let e = 0; e < edges; e++) all[e] = e;
    model.addRow(filled, highs.infinity, { indices: all, values: new Float64Array(edges).fill(1) });
    model.changeColsCost({ kind: 'range', from: 0, to: edges - 1 }, edgeScore);
    model.options.set('solver', 'simplex');
    model.run();
    if (model.getModelStatus() !== MODEL_STATUS_OPTIMAL) throw new Error('HiGHS: the score LP is not optimal');
    return { objective: model.getObjectiveValue(), filled };
  } finally {
    model.dispose();
  }
}
