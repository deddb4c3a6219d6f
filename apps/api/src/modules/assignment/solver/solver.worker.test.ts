import { describe, expect, it } from 'vitest';
import { type AssignmentProblem, solveAssignment, solveAssignmentInWorker } from './solver.ts';

/** 400 papers × 300 reviewers, 30 candidates each: enough work for several progress reports. */
function instance(): AssignmentProblem {
  const papers = 400;
  const reviewers = 300;
  const perPaper = 30;
  let state = 12345;
  const random = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 4294967296;
  };
  const edgePaper: number[] = [];
  const edgeReviewer: number[] = [];
  const edgeScore: number[] = [];
  for (let p = 0; p < papers; p++) {
    const offset = Math.floor(random() * reviewers);
    for (let k = 0; k < perPaper; k++) {
      edgePaper.push(p);
      edgeReviewer.push((offset + k * 7) % reviewers);
      edgeScore.push(random() + (random() < 0.1 ? 1 : 0));
    }
  }
  return {
    papers,
    reviewers,
    edgePaper: Int32Array.from(edgePaper),
    edgeReviewer: Int32Array.from(edgeReviewer),
    edgeScore: Float64Array.from(edgeScore),
    paperDemand: new Int32Array(papers).fill(3),
    reviewerCapacity: new Int32Array(reviewers).fill(4),
    fixedEdges: Int32Array.from([0, 31, 62]),
  };
}

describe('solveAssignmentInWorker', () => {
  it('gives the same answer as the in-thread solver, with progress up to 1', async () => {
    const problem = instance();
    const progress: number[] = [];
    const inWorker = await solveAssignmentInWorker(problem, (p) => progress.push(p));
    const inThread = solveAssignment(problem);
    expect(inWorker.objective).toBe(inThread.objective);
    expect(inWorker.filled).toBe(inThread.filled);
    expect(inWorker.assigned).toBeInstanceOf(Uint8Array);
    expect([...inWorker.assigned]).toEqual([...inThread.assigned]);
    expect([...inWorker.shortfall]).toEqual([...inThread.shortfall]);
    expect(inWorker.filled).toBe(1200);
    expect(progress.length).toBeGreaterThan(2);
    expect(progress.at(-1)).toBe(1);
    for (let k = 1; k < progress.length; k++) expect(progress[k]).toBeGreaterThan(progress[k - 1] as number);
    // The caller's arrays were copied, not transferred away.
    expect(problem.edgeScore).toHaveLength(12000);
  });

  it('keeps the event loop free while it solves', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    const started = performance.now();
    await solveAssignmentInWorker(instance());
    clearInterval(timer);
    const elapsed = performance.now() - started;
    // A blocked loop would tick once at the end; a free one ticks throughout.
    expect(ticks).toBeGreaterThan(Math.min(10, elapsed / 20));
  });

  it('rejects a malformed problem before starting a worker', async () => {
    const problem = { ...instance(), paperDemand: new Int32Array(3) };
    await expect(solveAssignmentInWorker(problem)).rejects.toThrow('paperDemand must have one entry per paper');
  });
});
