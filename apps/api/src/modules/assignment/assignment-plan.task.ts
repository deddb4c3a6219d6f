/** The automatic assignment's tasks of the worker pool (lib/worker-pool.ts): its CPU work, off the request thread. */
import { isMainThread, type MessagePort } from 'node:worker_threads';
import type { AffinityDocument } from './affinity/index.ts';
import {
  type AffinityShape,
  affinityFrom,
  type PlanInput,
  type PlanResult,
  planAssignment,
} from './assignment-plan.ts';

/** What the plan task takes: the plan without its affinity documents, which arrive on `port` in batches. */
export type PlanTaskInput = Omit<PlanInput, 'affinity'> & { affinity: AffinityShape; port: MessagePort };

/** A message of the plan task's port: to the task, a batch of documents; from it, progress, then 'end'. */
export type PlanPortMessage = AffinityDocument[] | number | 'end';

function receiveDocuments(port: MessagePort, count: number): Promise<AffinityDocument[]> {
  const documents: AffinityDocument[] = [];
  return new Promise((resolve) => {
    const take = (batch: AffinityDocument[]) => {
      documents.push(...batch);
      if (documents.length < count) return;
      port.off('message', take);
      resolve(documents);
    };
    if (count === 0) resolve(documents);
    else port.on('message', take);
  });
}

/**
 * planAssignment once its documents have arrived on `port`, posting its progress there (a number, 0.2–0.95), then
 * 'end' after the last one (the result comes back on another channel, so the caller waits for it before closing).
 */
export async function planAssignmentTask(input: PlanTaskInput): Promise<PlanResult & { mainThread: boolean }> {
  const { port, affinity, ...plan } = input;
  const documents = await receiveDocuments(port, affinity.documentCount);
  const result = planAssignment({ ...plan, affinity: affinityFrom(affinity, documents) }, (value) =>
    port.postMessage(value satisfies PlanPortMessage),
  );
  port.postMessage('end' satisfies PlanPortMessage);
  return { ...result, mainThread: isMainThread };
}
