import { defineWorkerTask, runInWorker } from '../../../lib/worker-pool.ts';
import type { InsightsBody, InsightsInput } from './index.ts';

const localInsights = defineWorkerTask<InsightsInput, InsightsBody>(
  new URL('./insights.task.ts', import.meta.url),
  'localInsights',
);

/**
 * analyzeLocally in the worker pool: topic scoring and highlight picking read the paper's whole text (up to
 * 400,000 characters), tens of milliseconds that must not hold the thread serving requests and jobs.
 */
export function analyzeLocallyInWorker(input: InsightsInput): Promise<InsightsBody> {
  return runInWorker(localInsights, input);
}
