/** The affinity library's task of the worker pool (lib/worker-pool.ts): tokenising texts, off the request thread. */
import { analyseDocuments } from './analysis.ts';
import type { AffinityDocument } from './types.ts';

/** The analyses of documents to store (see analysis.ts), in the documents' order. */
export function analyseDocumentsTask(docs: AffinityDocument[]): Uint8Array[] {
  return analyseDocuments(docs);
}
