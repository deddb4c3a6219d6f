import type { Db } from '../../../db/client.ts';
import { submissionFiles, submissions } from '../../../db/schema/index.ts';
import { enqueueJob } from '../../../jobs/queue.ts';
import { recordAudit } from '../../../lib/audit.ts';
import { authorize } from '../../../lib/authorize.ts';
import { makePublicId, nextId } from '../../../lib/ids.ts';
import type { Storage } from '../../../lib/storage.ts';
import { queueMail } from '../../../mail/outbox.ts';
import type { Actor } from '../../../plugins/auth.ts';
import { accessFor, eventPolicies } from '../../events/events.policy.ts';
import { findEventByIdParam, findTrack, findViewerMemberships } from '../../events/events.queries.ts';
import { insertAuthors, syncAuthorConflicts } from '../authorship.ts';
import { assertAcceptsSubmissions } from '../deadlines.ts';
import { countPdfPages, readUploadedBytes, type StoredUpload, type UploadedFile } from '../files.ts';
import { holdStoredObject } from '../stored-objects.ts';
import { duplicateTitleError, isUniqueViolation, submissionError, submissionFieldError } from '../submission-errors.ts';
import { checkMetadata, checkNewSubmission, type SubmissionFormInput } from '../submission-input.ts';
import { findVerifiedUsersByEmail, isTitleTaken } from '../submissions.queries.ts';

/** The background job computing a submission's AI insights (and storing its full text) for a file version. */
export const SUBMISSION_INSIGHTS_JOB = 'submissions.insights';

export type SubmissionDeps = { db: Db; storage: Storage; publicUrl: string; now?: Date };

/** The page of a submission in the web app (links in mails). */
export const submissionLink = (publicUrl: string, publicId: string) => `${publicUrl}/submissions/${publicId}`;

const eventNotFound = () => submissionError(404, 'NOT_FOUND', 'submissions.eventNotFound');

/** The event a submission goes to, as the submitter may see it: 400 when not named, 404 when unknown or hidden. */
export async function resolveTargetEvent(db: Db, actor: Actor, reference: string | undefined) {
  const value = (reference ?? '').trim();
  if (!value) throw submissionFieldError('event', 'submissions.validations.eventRequired');
  const event = await findEventByIdParam(db, value);
  if (!event) throw eventNotFound();
  const access = accessFor(actor, event, await findViewerMemberships(db, event.id, actor.id));
  authorize(eventPolicies['event.view'](access, { event }), { hidden: eventNotFound });
  return event;
}

/** A track of the event by public id or id; null for none (400 when it names no track of this event). */
export async function resolveTrack(db: Db, eventId: number, reference: string | null | undefined) {
  const value = (reference ?? '').trim();
  if (!value || value === 'null') return null;
  const track = await findTrack(db, eventId, value);
  if (!track) throw submissionFieldError('track', 'submissions.validations.trackInvalid');
  return track;
}

/**
 * Creates a submission from the multipart form, whose PDF is already stored and checked by its first bytes and size
 * (files.ts). Checks, in order: the event (named, visible, approved or active, before its deadline), the fields in
 * their fixed order (`docs/domain.md#validation-order`), the file's presence, the track, the metadata, the title's
 * uniqueness in the event (409 DUPLICATE_TITLE), then parses the PDF once (page count; 400 INVALID_PDF). Only then, in
 * one transaction: the submission, its authors (linked to verified accounts by e-mail), the file row, the authorship
 * conflicts, the audit row, the insights job and the receipt mail to the corresponding author. The stored file is held
 * for the file row (stored-objects.ts); a refused submission leaves it to the sweep, as other uploads may share it.
 * Returns the new submission's id: the caller reads it back as its viewer sees it (`presentSubmissionNow`).
 */
export async function createSubmission(
  deps: SubmissionDeps,
  actor: Actor,
  input: SubmissionFormInput,
  upload: UploadedFile<StoredUpload> | undefined,
): Promise<number> {
  const { db, storage } = deps;
  const now = deps.now ?? new Date();
  try {
    const event = await resolveTargetEvent(db, actor, input.event);
    assertAcceptsSubmissions(event, now);
    const values = checkNewSubmission(input);
    if (!upload) throw submissionFieldError('file', 'submissions.validations.fileRequired');
    const track = await resolveTrack(db, event.id, input.track);
    const metadata = checkMetadata(input.metadata);
    if (await isTitleTaken(db, event.id, values.title)) throw duplicateTitleError();
    const pageCount = await countPdfPages(await readUploadedBytes(storage, upload.result));

    const created = await db.transaction(async (tx) => {
      const id = await nextId(tx, 'submissions');
      const [row] = await tx
        .insert(submissions)
        .values({
          id,
          publicId: makePublicId(id),
          eventId: event.id,
          trackId: track?.id ?? null,
          title: values.title,
          abstract: values.abstract,
          keywords: values.keywords,
          metadata,
          submittedBy: actor.id,
        })
        .returning();
      if (!row) throw new Error('submission insert returned no row');
      const linked = await insertAuthors(tx, row.id, values.authors);
      await holdStoredObject(tx, storage, upload.result);
      const [file] = await tx
        .insert(submissionFiles)
        .values({
          submissionId: row.id,
          kind: 'paper',
          version: 1,
          storageKey: upload.result.key,
          sha256: upload.result.sha256,
          size: upload.result.size,
          pageCount,
          originalName: upload.filename.slice(0, 255),
          uploadedBy: actor.id,
        })
        .returning({ id: submissionFiles.id });
      if (!file) throw new Error('submission file insert returned no row');
      await syncAuthorConflicts(tx, row.id, { linkedUserIds: linked, submittedBy: actor.id });
      await recordAudit(tx, {
        actorId: actor.id,
        eventId: event.id,
        entity: 'submission',
        entityId: row.id,
        action: 'submission.created',
        data: {
          title: row.title,
          public_id: row.publicId,
          sha256: upload.result.sha256,
          size: upload.result.size,
          authors: values.authors.length,
          linked_authors: linked,
        },
      });
      await enqueueJob(
        tx,
        SUBMISSION_INSIGHTS_JOB,
        { submissionId: row.id, fileId: file.id },
        { coalesceKey: String(row.id) },
      );
      const corresponding = values.authors.find((author) => author.isCorresponding) ?? values.authors[0];
      if (corresponding) {
        await queueMail(tx, {
          to: corresponding.email,
          template: 'submissions.receipt',
          locale: await recipientLocale(tx, corresponding.email),
          eventId: event.id,
          data: {
            first_name: corresponding.firstName,
            submission_title: row.title,
            event_title: event.title,
            received_at: row.createdAt.toISOString(),
            sha256: upload.result.sha256,
            link: submissionLink(deps.publicUrl, row.publicId),
          },
        });
      }
      return row;
    });
    return created.id;
  } catch (error) {
    if (isUniqueViolation(error, 'submissions_event_title_unique')) throw duplicateTitleError();
    throw error;
  }
}

/** The locale of the account with this address, else English. */
async function recipientLocale(db: Db, email: string): Promise<string> {
  const accounts = await findVerifiedUsersByEmail(db, [email]);
  return accounts.get(email.toLowerCase())?.locale ?? 'en';
}
