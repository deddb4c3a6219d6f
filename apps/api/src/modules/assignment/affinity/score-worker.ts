import { parentPort, workerData } from 'node:worker_threads';
import { type SharedScoring, scoreRange } from './parallel.ts';

// One slice of reviewers, scored into shared memory (see scoreInWorkers).
const { shared, from, to } = workerData as { shared: SharedScoring; from: number; to: number };
scoreRange(shared, from, to);
parentPort?.postMessage('done');
