import { finalVersionDeadlineEnd } from '@confero/contracts';
import { and, eq, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { events, finalVersions, submissionFiles } from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { Storage, StoredObject } from '../../lib/storage.ts';
import { queueMails } from '../../mail/outbox.ts';
import type { Actor } from '../../plugins/auth.ts';
import { submissionLink } from '../submissions/commands/create-submission.ts';
import { countPdfPages, readUploadedBytes } from '../submissions/files.ts';
import { holdStoredObject } from '../submissions/stored-objects.ts';
import { checkSubmissionEdit, formInputFromFields } from '../submissions/submission-input.ts';
import { lockEventAndSubmission } from '../submissions/submission-locks.ts';
import { findAuthorRecipients, type SubmissionBundle } from '../submissions/submissions.queries.ts';
import {
  formFieldError,
  notAccepted,
  onField,
  phaseClosed,
  phaseDisabled,
  staleFinalVersion,
} from './final-version-errors.ts';
import type { FinalUpload, FinalVersionForm } from './final-version-uploads.ts';
import { assertZipOpens } from './final-version-uploads.ts';
import { authorInputOf, type FinalVersionRow, findFinalVersion } from './final-versions.queries.ts';

export type FinalVersionDeps = { db: Db; storage: Storage; publicUrl: string; now?: Date };

/** What the phase's rules read: the paper's decision and its event's phase. */
export type FinalVersionState = {
  decision: string;
  finalVersionEnabled: boolean;
  finalVersionDeadline: string | null;
  timezone: string;
};

/**
 * The state rules of a send, in this order (the first failing answers): the event's phase is on (409
 * FINAL_VERSION_DISABLED), the paper is accepted (409 NOT_ACCEPTED), and now is before the end of the deadline's day
 * in the event's zone (409 FINAL_VERSION_CLOSED, naming the date and the zone).
 */
export function checkFinalVersionOpen(state: FinalVersionState, now: Date): void {
  if (!state.finalVersionEnabled || !state.finalVersionDeadline) throw phaseDisabled();
  if (state.decision !== 'accept') throw notAccepted();
  if (now >= finalVersionDeadlineEnd(state.finalVersionDeadline, state.timezone))
    throw phaseClosed(state.finalVersionDeadline, state.timezone);
}

/** `version` as sent: absent, or a whole number of at least 1 (400 on `version`). */
function sentVersion(fields: Map<string, string[]>): number | undefined {
  const raw = fields.get('version')?.[0]?.trim();
  if (raw === undefined || raw === '') return undefined;
  const version = Number(raw);
  if (!/^\d{1,9}$/.test(raw) || version < 1) throw formFieldError('version', 'finalVersions.versionInvalid');
  return version;
}

/**
 * The form's checks after its files were stored, in this order: `version`; the final PDF on a first send (400 on
 * `file`); title, abstract and authors by a submission's edit rules (`checkSubmissionEdit`: fields not sent keep the
 * last final version's, else the submission's); the PDF parsed once (400 INVALID_PDF on `file`); a ZIP's central
 * directory read (400 on `supplementary`).
 */
async function checkForm(
  deps: FinalVersionDeps,
  submission: SubmissionBundle,
  form: FinalVersionForm,
  current: FinalVersionRow | undefined,
) {
  const version = sentVersion(form.fields);
  if (!form.file && !current) throw formFieldError('file', 'finalVersions.fileRequired');
  const input = formInputFromFields(form.fields);
  const base = current ?? { title: submission.title, abstract: submission.abstract };
  const values = checkSubmissionEdit(
    { title: base.title, abstract: base.abstract, keywords: submission.keywords },
    { title: input.title, abstract: input.abstract, authors: input.authors },
  );
  const authors = values.authors?.map(authorInputOf) ?? current?.authors ?? submission.authors.map(authorInputOf);
  let pageCount: number | undefined;
  if (form.file) {
    try {
      pageCount = await countPdfPages(await readUploadedBytes(deps.storage, form.file.object));
    } catch (error) {
      throw onField(error, 'file');
    }
  }
  if (form.supplementary?.type === 'zip') await assertZipOpens(deps.storage, form.supplementary.object);
  return { version, title: values.title, abstract: values.abstract, authors, pageCount };
}

/** The next version of a submission's files of one kind (under the submission's row lock). */
async function insertFileVersion(
  tx: Db,
  storage: Storage,
  input: {
    submissionId: number;
    kind: 'camera_ready' | 'supplementary';
    upload: FinalUpload;
    pageCount: number;
    contentType: string;
    actorId: number;
  },
) {
  const [latest] = await tx
    .select({ value: max(submissionFiles.version) })
    .from(submissionFiles)
    .where(and(eq(submissionFiles.submissionId, input.submissionId), eq(submissionFiles.kind, input.kind)));
  const version = (latest?.value ?? 0) + 1;
  const object: StoredObject = input.upload.object;
  await holdStoredObject(tx, storage, object);
  await tx.insert(submissionFiles).values({
    submissionId: input.submissionId,
    kind: input.kind,
    version,
    storageKey: object.key,
    sha256: object.sha256,
    size: object.size,
    pageCount: input.pageCount,
    originalName: input.upload.filename.slice(0, 255),
    contentType: input.contentType,
    uploadedBy: input.actorId,
  });
  return version;
}

/**
 * Sends the final version of an accepted paper for one of its authors (the route checked 'finalVersion.submit').
 * The form's checks run first (`checkForm`); then, in one transaction holding the event row (shared: a chair's change
 * of the phase waits) and the submission row (for update: sends of one paper, and a decision, go one at a time), the
 * state rules again (`checkFinalVersionOpen`), the version sent against the stored one (409 STALE_FINAL_VERSION), the
 * row written (`on conflict (submission_id)`: two first sends make one row, its version counting both), each file a
 * new version of its kind with its stored object held (stored-objects.ts), the audit entry and the receipt mail to
 * the paper's authors. The submission's own title, abstract and authors stay what was reviewed. A refused send
 * changes nothing and leaves its stored files to the sweep.
 */
export async function submitFinalVersion(
  deps: FinalVersionDeps,
  actor: Actor,
  submission: SubmissionBundle,
  form: FinalVersionForm,
): Promise<void> {
  const now = deps.now ?? new Date();
  const current = await findFinalVersion(deps.db, submission.id);
  const checked = await checkForm(deps, submission, form, current);
  await deps.db.transaction(async (tx) => {
    const { event: phase, decision } = await lockEventAndSubmission(
      tx,
      submission,
      {
        finalVersionEnabled: events.finalVersionEnabled,
        finalVersionDeadline: events.finalVersionDeadline,
        timezone: events.timezone,
      },
      'update',
    );
    checkFinalVersionOpen({ ...phase, decision }, now);
    const stored = await findFinalVersion(tx, submission.id);
    if (checked.version !== undefined && stored?.version !== checked.version) throw staleFinalVersion();
    if (!form.file && !stored) throw formFieldError('file', 'finalVersions.fileRequired');
    const values = {
      title: checked.title,
      abstract: checked.abstract,
      authors: checked.authors,
      submittedBy: actor.id,
      submittedAt: now,
      updatedAt: now,
    };
    const [row] = await tx
      .insert(finalVersions)
      .values({ ...values, submissionId: submission.id, version: 1, createdAt: now })
      .onConflictDoUpdate({
        target: finalVersions.submissionId,
        set: { ...values, version: sql`${finalVersions.version} + 1` },
      })
      .returning({ version: finalVersions.version });
    if (!row) throw new Error('final version upsert returned no row');
    const fileVersion = form.file
      ? await insertFileVersion(tx, deps.storage, {
          submissionId: submission.id,
          kind: 'camera_ready',
          upload: form.file,
          pageCount: checked.pageCount ?? 0,
          contentType: 'application/pdf',
          actorId: actor.id,
        })
      : undefined;
    const supplementaryVersion = form.supplementary
      ? await insertFileVersion(tx, deps.storage, {
          submissionId: submission.id,
          kind: 'supplementary',
          upload: form.supplementary,
          pageCount: 0,
          contentType: form.supplementary.type === 'zip' ? 'application/zip' : 'application/pdf',
          actorId: actor.id,
        })
      : undefined;
    await recordAudit(tx, {
      actorId: actor.id,
      eventId: submission.eventId,
      entity: 'submission',
      entityId: submission.id,
      action: 'final_version.submitted',
      data: {
        submission_id: submission.id,
        version: row.version,
        ...(fileVersion ? { file_version: fileVersion, sha256: form.file?.object.sha256 } : {}),
        ...(supplementaryVersion ? { supplementary_version: supplementaryVersion } : {}),
      },
    });
    const authors = await findAuthorRecipients(tx, submission.id);
    await queueMails(
      tx,
      authors.map((author) => ({
        to: author.email,
        template: 'final_versions.received' as const,
        locale: author.locale,
        eventId: submission.eventId,
        dedupeKey: `final_version.received:${submission.id}:${row.version}:${author.email.toLowerCase()}`,
        data: {
          first_name: author.firstName,
          submission_title: checked.title,
          event_title: submission.event.title,
          version: String(row.version),
          link: `${submissionLink(deps.publicUrl, submission.publicId)}/final-version`,
        },
      })),
    );
  });
}
