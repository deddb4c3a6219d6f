import { FINAL_DECISIONS, isFinalDecision } from '@confero/contracts';
import { and, eq, notInArray, sql } from 'drizzle-orm';
import { submissionAuthors, submissionFiles, submissions } from '../../../db/schema/index.ts';
import { enqueueJob } from '../../../jobs/queue.ts';
import { recordAudit } from '../../../lib/audit.ts';
import type { Actor } from '../../../plugins/auth.ts';
import { insertAuthors, linkedAuthorIds, syncAuthorConflicts } from '../authorship.ts';
import { assertBeforeDeadline } from '../deadlines.ts';
import { countPdfPages, readUploadedBytes, type StoredUpload, type UploadedFile } from '../files.ts';
import { holdStoredObject } from '../stored-objects.ts';
import {
  decidedLockedError,
  duplicateTitleError,
  isUniqueViolation,
  submissionNotFound,
} from '../submission-errors.ts';
import { checkMetadata, checkSubmissionEdit, type SubmissionFormInput } from '../submission-input.ts';
import { isTitleTaken, type SubmissionRecord } from '../submissions.queries.ts';
import { resolveTrack, SUBMISSION_INSIGHTS_JOB, type SubmissionDeps } from './create-submission.ts';

/**
 * Changes a submission for one of its authors (the caller checked 'submission.update'): only while no final decision
 * (accepted, rejected) was made on it (409 SUBMISSION_LOCKED, also when the decision lands while the edit is under way)
 * and before the event's submission deadline (400 DEADLINE_PASSED). The fields sent are checked with the edit rules
 * (`docs/domain.md#validation-order`) on the submission as it would be after the change; a new title must stay unique
 * in the event. Sent authors replace the list (relinked to accounts, conflicts resynchronised). A new file becomes the
 * paper's next version, the insights are recomputed for it (the previous analysis cleared; the job queued, or, while
 * one for this submission still waits, that one takes the new file: a burst of re-uploads is analysed once). One
 * transaction, audited; the stored file is held for the new file row (stored-objects.ts), and a refused edit leaves it
 * to the sweep. The caller reads the submission back as its viewer sees it (`presentSubmissionNow`).
 */
export async function updateSubmission(
  deps: SubmissionDeps,
  actor: Actor,
  submission: SubmissionRecord,
  input: SubmissionFormInput,
  upload: UploadedFile<StoredUpload> | undefined,
): Promise<void> {
  const { db, storage } = deps;
  const now = deps.now ?? new Date();
  try {
    if (isFinalDecision(submission.decision)) throw decidedLockedError();
    assertBeforeDeadline(submission.event, now);
    const values = checkSubmissionEdit(submission, input);
    const track = input.track === undefined ? undefined : await resolveTrack(db, submission.eventId, input.track);
    const metadata = input.metadata === undefined ? undefined : checkMetadata(input.metadata);
    const titleChanged = values.title !== submission.title;
    if (titleChanged && (await isTitleTaken(db, submission.eventId, values.title, submission.id))) {
      throw duplicateTitleError();
    }
    const pageCount = upload ? await countPdfPages(await readUploadedBytes(storage, upload.result)) : undefined;

    const changed = [
      ...(titleChanged ? ['title'] : []),
      ...(values.abstract !== submission.abstract ? ['abstract'] : []),
      ...(values.keywords.join('\u0000') !== submission.keywords.join('\u0000') ? ['keywords'] : []),
      ...(track !== undefined && (track?.id ?? null) !== submission.trackId ? ['track'] : []),
      ...(metadata !== undefined ? ['metadata'] : []),
      ...(values.authors !== undefined ? ['authors'] : []),
      ...(upload ? ['file'] : []),
    ];
    if (changed.length === 0) return;

    await db.transaction(async (tx) => {
      const [row] = await tx
        .update(submissions)
        .set({
          title: values.title,
          abstract: values.abstract,
          keywords: values.keywords,
          ...(track !== undefined ? { trackId: track?.id ?? null } : {}),
          ...(metadata !== undefined ? { metadata } : {}),
          ...(upload ? { aiAnalysis: null } : {}),
          updatedAt: now,
        })
        .where(and(eq(submissions.id, submission.id), notInArray(submissions.decision, [...FINAL_DECISIONS])))
        .returning({ id: submissions.id });
      if (!row) {
        // Still there, so a final decision landed since the submission was read.
        const [current] = await tx
          .select({ id: submissions.id })
          .from(submissions)
          .where(eq(submissions.id, submission.id));
        throw current ? decidedLockedError() : submissionNotFound();
      }
      if (values.authors !== undefined) {
        await tx.delete(submissionAuthors).where(eq(submissionAuthors.submissionId, submission.id));
        await insertAuthors(tx, submission.id, values.authors);
        await syncAuthorConflicts(tx, submission.id, {
          linkedUserIds: await linkedAuthorIds(tx, submission.id),
          submittedBy: submission.submittedBy,
        });
      }
      let version: number | undefined;
      if (upload && pageCount !== undefined) {
        await holdStoredObject(tx, storage, upload.result);
        // The next version, read in the insert: the submission's row is locked by the update above, so no other
        // edit of it computes the same number before this transaction ends.
        const [file] = await tx
          .insert(submissionFiles)
          .values({
            submissionId: submission.id,
            kind: 'paper',
            version: sql`(select coalesce(max(f.version), 0) + 1 from ${submissionFiles} f
              where f.submission_id = ${submission.id} and f.kind = 'paper')`,
            storageKey: upload.result.key,
            sha256: upload.result.sha256,
            size: upload.result.size,
            pageCount,
            originalName: upload.filename.slice(0, 255),
            uploadedBy: actor.id,
          })
          .returning({ id: submissionFiles.id, version: submissionFiles.version });
        if (!file) throw new Error('submission file insert returned no row');
        version = file.version;
        await enqueueJob(
          tx,
          SUBMISSION_INSIGHTS_JOB,
          { submissionId: submission.id, fileId: file.id },
          { coalesceKey: String(submission.id) },
        );
      }
      await recordAudit(tx, {
        actorId: actor.id,
        eventId: submission.eventId,
        entity: 'submission',
        entityId: submission.id,
        action: 'submission.updated',
        data: {
          fields: changed,
          ...(upload ? { file_version: version, sha256: upload.result.sha256, size: upload.result.size } : {}),
        },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error, 'submissions_event_title_unique')) throw duplicateTitleError();
    throw error;
  }
}
