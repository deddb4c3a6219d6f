/** The insights task of the worker pool (lib/worker-pool.ts): the local analysis of a paper, off the request thread. */
import { isMainThread } from 'node:worker_threads';
import { analyzeLocally, type InsightsBody, type InsightsInput } from './index.ts';

export function localInsights(input: InsightsInput): InsightsBody {
  return analyzeLocally(input);
}

/** Where the task runs (tests): never the main thread. */
export function insightsThread(): { mainThread: boolean } {
  return { mainThread: isMainThread };
}
