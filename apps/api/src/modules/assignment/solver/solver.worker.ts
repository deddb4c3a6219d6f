import { parentPort, workerData } from 'node:worker_threads';
import { type AssignmentProblem, solveAssignment } from './solver.ts';

/** Worker entry of solveAssignmentInWorker: solves, posts progress, transfers the solution's arrays back. */
const port = parentPort;
if (!port) throw new Error('solver.worker.ts must run in a worker_thread');
const { problem, reportProgress } = workerData as { problem: AssignmentProblem; reportProgress: boolean };
let lastReported = -1;
const solution = solveAssignment(problem, {
  onProgress: reportProgress
    ? (p) => {
        // Phases can be short: report at most every percent.
        if (p < 1 && p - lastReported < 0.01) return;
        lastReported = p;
        port.postMessage({ type: 'progress', p });
      }
    : undefined,
});
port.postMessage({ type: 'done', solution }, [
  solution.assigned.buffer as ArrayBuffer,
  solution.shortfall.buffer as ArrayBuffer,
]);
