import type { Config } from '../../config.ts';
import type { JobHandler } from '../../jobs/queue.ts';
import type { Storage } from '../../lib/storage.ts';
import { createAiProvider } from '../ai/providers/index.ts';
import { runSubmissionInsights } from './insights.service.ts';

export { SUBMISSION_INSIGHTS_JOB } from './commands/create-submission.ts';

/** 'submissions.insights' {submissionId, fileId}: thin — checks the payload and runs the service. */
export function submissionInsightsJob(deps: { config: Pick<Config, 'ai'>; storage: Storage }): JobHandler {
  const provider = createAiProvider(deps.config.ai);
  return async (payload, ctx) => {
    const submissionId = Number(payload.submissionId);
    const fileId = Number(payload.fileId);
    if (!Number.isSafeInteger(submissionId) || !Number.isSafeInteger(fileId)) {
      throw new Error(`submissions.insights needs numeric submissionId and fileId, got ${JSON.stringify(payload)}`);
    }
    return runSubmissionInsights(ctx.db, { storage: deps.storage, provider, log: ctx.log }, { submissionId, fileId });
  };
}
