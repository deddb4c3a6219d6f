/** The review assistant's task of the worker pool (lib/worker-pool.ts): the local analysis of a long draft. */
import { isMainThread } from 'node:worker_threads';
import { type AssistantPaper, analyzeDraft, type DraftToAnalyze, type Finding } from './review-assistant/index.ts';

export function analyzeDraftTask(input: { draft: DraftToAnalyze; paper: AssistantPaper }): {
  findings: Finding[];
  mainThread: boolean;
} {
  return { findings: analyzeDraft(input.draft, input.paper), mainThread: isMainThread };
}
