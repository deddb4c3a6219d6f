import type { Storage } from '../lib/storage.ts';
import {
  registerUnlistedObjects,
  type SweepOptions,
  sweepStoredObjects,
  TEMPORARY_FILE_MAX_AGE_MS,
} from '../modules/submissions/stored-objects.ts';
import { pruneRateLimits } from '../plugins/rate-limit.ts';
import type { JobHandler } from './queue.ts';

export const PRUNE_RATE_LIMITS_JOB = 'maintenance.prune_rate_limits';
export const PRUNE_RATE_LIMITS_EVERY_MS = 15 * 60 * 1000;

/** Deletes expired rate-limit counters so the table stays small. */
export const pruneRateLimitsJob: JobHandler = async (_payload, ctx) => {
  await pruneRateLimits(ctx.db);
  return { pruned_at: new Date().toISOString() };
};

export const SWEEP_STORED_FILES_JOB = 'maintenance.sweep_stored_files';
export const SWEEP_STORED_FILES_EVERY_MS = 60 * 60 * 1000;

/**
 * Frees disk space in the file store: temporary upload files of processes that died mid-upload, then the stored
 * files no submission refers to and no upload touched within the grace period (24 h unless `graceMs` says
 * otherwise). Files found without a registry row are registered first, as last touched when they were written.
 */
export function sweepStoredFilesJob(deps: { storage: Storage } & SweepOptions): JobHandler {
  return async (_payload, ctx) => {
    const temporaryRemoved = await deps.storage.sweepTemporary(TEMPORARY_FILE_MAX_AGE_MS);
    const registered = await registerUnlistedObjects(ctx.db, deps.storage, deps);
    const freed = await sweepStoredObjects(ctx.db, deps.storage, deps);
    return { temporary_removed: temporaryRemoved, registered, freed: freed.length };
  };
}
