import { eq } from 'drizzle-orm';
import { submissions } from '../../../db/schema/index.ts';
import { recordAudit } from '../../../lib/audit.ts';
import type { Actor } from '../../../plugins/auth.ts';
import { submissionError, submissionNotFound } from '../submission-errors.ts';
import { isDeletable } from '../submission-state.ts';
import { findFilesOf, type SubmissionRecord } from '../submissions.queries.ts';
import type { SubmissionDeps } from './create-submission.ts';

/**
 * Deletes a submission for one of its authors (the caller checked 'submission.delete'), only while it is submitted
 * with its decision pending (409 SUBMISSION_LOCKED once review or a decision started). The rows go in one
 * transaction (authors, files and conflicts with it), audited. The stored files stay: the periodic sweep frees
 * those no other row refers to.
 */
export async function deleteSubmission(
  deps: SubmissionDeps,
  actor: Actor,
  submission: SubmissionRecord,
): Promise<void> {
  if (!isDeletable(submission)) throw submissionError(409, 'SUBMISSION_LOCKED', 'submissions.deleteLocked');
  const files = await findFilesOf(deps.db, submission.id);
  await deps.db.transaction(async (tx) => {
    const deleted = await tx
      .delete(submissions)
      .where(eq(submissions.id, submission.id))
      .returning({ id: submissions.id, status: submissions.status, decision: submissions.decision });
    const row = deleted[0];
    if (!row) throw submissionNotFound();
    if (!isDeletable(row)) throw submissionError(409, 'SUBMISSION_LOCKED', 'submissions.deleteLocked');
    await recordAudit(tx, {
      actorId: actor.id,
      eventId: submission.eventId,
      entity: 'submission',
      entityId: submission.id,
      action: 'submission.deleted',
      data: {
        title: submission.title,
        public_id: submission.publicId,
        files: files.map((file) => ({ version: file.version, sha256: file.sha256 })),
      },
    });
  });
}
