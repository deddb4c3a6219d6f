import type { Config } from '../config.ts';
import type { Storage } from '../lib/storage.ts';
import type { Mailer } from '../mail/mailer.ts';
import { MAIL_SEND_JOB } from '../mail/outbox.ts';
import { ASSIGNMENT_PREVIEW_JOB, assignmentPreviewJob } from '../modules/assignment/assignment.job.ts';
import { BULK_INVITE_JOB, bulkInviteJob } from '../modules/committee/bulk-invite.job.ts';
import {
  MAIL_GROUP_JOB,
  mailGroupJob,
  REVIEW_REMINDERS_EVERY_MS,
  REVIEW_REMINDERS_JOB,
  recordGroupFailure,
  reviewRemindersJob,
} from '../modules/communications/communications.job.ts';
import { CONFLICTS_SYNC_EVERY_MS, CONFLICTS_SYNC_JOB, conflictsSyncJob } from '../modules/conflicts/conflicts.job.ts';
import {
  RESPONSE_PHASE_MAILS_EVERY_MS,
  RESPONSE_PHASE_MAILS_JOB,
  responsePhaseMailsJob,
} from '../modules/responses/responses.job.ts';
import { SUBMISSION_INSIGHTS_JOB, submissionInsightsJob } from '../modules/submissions/insights.job.ts';
import {
  PRUNE_RATE_LIMITS_EVERY_MS,
  PRUNE_RATE_LIMITS_JOB,
  pruneRateLimitsJob,
  SWEEP_STORED_FILES_EVERY_MS,
  SWEEP_STORED_FILES_JOB,
  sweepStoredFilesJob,
} from './maintenance.ts';
import type { JobQueue } from './queue.ts';
import { sendMailJob, sendMailJobOptions } from './send-mail.ts';

export { type EnqueueOptions, enqueueJob, type JobContext, type JobHandler, JobQueue } from './queue.ts';

/** What job handlers may use besides the database their context carries. */
export type JobDeps = { config: Config; mailer: Mailer; storage: Storage };

/**
 * Registers every job handler on a queue; the server (app.jobs) and `npm run
 * worker` both call it, so they run the same jobs. Add new handlers here.
 */
export function registerJobHandlers(queue: JobQueue, deps: JobDeps): void {
  queue.register(
    MAIL_SEND_JOB,
    sendMailJob({ mailer: deps.mailer, publicUrl: deps.config.publicUrl }),
    sendMailJobOptions(deps.config.mailRetry),
  );
  queue.register(PRUNE_RATE_LIMITS_JOB, pruneRateLimitsJob);
  queue.every(PRUNE_RATE_LIMITS_JOB, PRUNE_RATE_LIMITS_EVERY_MS);
  queue.register(SWEEP_STORED_FILES_JOB, sweepStoredFilesJob({ storage: deps.storage }));
  queue.every(SWEEP_STORED_FILES_JOB, SWEEP_STORED_FILES_EVERY_MS);
  queue.register(SUBMISSION_INSIGHTS_JOB, submissionInsightsJob(deps));
  // A chair waits for the preview: it does not queue behind mail.
  queue.register(ASSIGNMENT_PREVIEW_JOB, assignmentPreviewJob, { lane: 'interactive' });
  queue.register(BULK_INVITE_JOB, bulkInviteJob({ publicUrl: deps.config.publicUrl }));
  // A first sync of a large event runs for seconds: mail does not wait behind it, nor it behind mail.
  queue.register(CONFLICTS_SYNC_JOB, conflictsSyncJob, { lane: 'conflicts' });
  queue.every(CONFLICTS_SYNC_JOB, CONFLICTS_SYNC_EVERY_MS);
  queue.register(MAIL_GROUP_JOB, mailGroupJob({ publicUrl: deps.config.publicUrl }), { onFailure: recordGroupFailure });
  queue.register(REVIEW_REMINDERS_JOB, reviewRemindersJob({ publicUrl: deps.config.publicUrl }));
  queue.every(REVIEW_REMINDERS_JOB, REVIEW_REMINDERS_EVERY_MS);
  queue.register(RESPONSE_PHASE_MAILS_JOB, responsePhaseMailsJob({ publicUrl: deps.config.publicUrl }));
  queue.every(RESPONSE_PHASE_MAILS_JOB, RESPONSE_PHASE_MAILS_EVERY_MS);
}
