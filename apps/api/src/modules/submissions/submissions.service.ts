/**
 * The submissions use cases: each command enforces its invariants (deadlines, state, uniqueness, files), writes in one
 * transaction, audits and queues its jobs and mails. Identity checks are the routes' (policy).
 */

export { linkAuthorRecordsForVerifiedEmail } from './authorship.ts';
export {
  createSubmission,
  resolveTargetEvent,
  resolveTrack,
  SUBMISSION_INSIGHTS_JOB,
  type SubmissionDeps,
  submissionLink,
} from './commands/create-submission.ts';
export { deleteSubmission } from './commands/delete-submission.ts';
export { updateSubmission } from './commands/update-submission.ts';
export { transitionSubmission } from './submission-state.ts';
