import { pruneRateLimits } from '../plugins/rate-limit.ts';
import type { JobHandler } from './queue.ts';

export const PRUNE_RATE_LIMITS_JOB = 'maintenance.prune_rate_limits';
export const PRUNE_RATE_LIMITS_EVERY_MS = 15 * 60 * 1000;

/** Deletes expired rate-limit counters so the table stays small. */
export const pruneRateLimitsJob: JobHandler = async (_payload, ctx) => {
  await pruneRateLimits(ctx.db);
  return { pruned_at: new Date().toISOString() };
};
