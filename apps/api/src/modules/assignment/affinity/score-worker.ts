import { parentPort, workerData } from 'node:worker_threads';
import { type SharedScoring, type SharedTop, scoreRange, topRange } from './parallel.ts';

// One slice of reviewers, scored into shared memory (see runWorkers): every score, or per-submission heaps.
const { shared, from, to, top } = workerData as { shared: SharedScoring; from: number; to: number; top?: SharedTop };
if (top) topRange(shared, from, to, top);
else scoreRange(shared, from, to);
parentPort?.postMessage('done');
