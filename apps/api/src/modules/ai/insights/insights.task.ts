/** The insights task of the worker pool (lib/worker-pool.ts): the local analysis of a paper, off the request thread. */
import { analyzeLocally, type InsightsBody, type InsightsInput } from './index.ts';

export function localInsights(input: InsightsInput): InsightsBody {
  return analyzeLocally(input);
}
