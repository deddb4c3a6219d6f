import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What the code running for one request (or one job) may know without being handed it: the request's id. Set by
 * `runWithRequestId` (the app's hooks for a request, the job queue for a job), read by `currentRequestId`
 * wherever a job is queued, so the job records which request queued it and its log lines carry that id.
 */
type RequestContext = { requestId: string };

const storage = new AsyncLocalStorage<RequestContext>();

/** Runs `work` (and everything it starts) with `requestId` as the current request's id; none when null. */
export function runWithRequestId<T>(requestId: string | null | undefined, work: () => T): T {
  return requestId ? storage.run({ requestId }, work) : storage.exit(work);
}

/** The id of the request (or of the request behind the job) this code runs for, if any. */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}
