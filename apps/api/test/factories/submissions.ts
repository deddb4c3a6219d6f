import { Readable } from 'node:stream';
import type { SubmissionDecision, SubmissionStatus } from '@confero/contracts';
import type { Db } from '../../src/db/client.ts';
import { conflicts, submissionAuthors, submissionFiles, submissions } from '../../src/db/schema/index.ts';
import { makePublicId, nextId } from '../../src/lib/ids.ts';
import type { Storage, StoredObject } from '../../src/lib/storage.ts';
import { claimStoredObject } from '../../src/modules/submissions/stored-objects.ts';
import { buildPaperPdf } from '../fixtures/submission-pdf.ts';
import { type BuiltEvent, buildEvent } from './events.ts';
import { type BuiltUser, buildUser } from './users.ts';

type Target = Db | { db: Db; storage?: Storage };
const dbOf = (target: Target): Db => ('db' in target ? target.db : target);
const storageOf = (target: Target): Storage | undefined => ('storage' in target ? target.storage : undefined);

/** Stores a paper's bytes as an upload does when the target has a storage; otherwise names a file that is not there. */
async function storePdf(target: Target, bytes: Uint8Array): Promise<StoredObject> {
  const storage = storageOf(target);
  if (!storage) return { key: `files/00/00/${'0'.repeat(64)}`, sha256: '0'.repeat(64), size: bytes.length };
  return storage.put(Readable.from(Buffer.from(bytes)), { claim: claimStoredObject(dbOf(target)) });
}

let sequence = 0;

export type FactoryAuthor = {
  /** A registered author: linked to this user (names and e-mail taken from it unless given). */
  user?: BuiltUser;
  firstName?: string;
  lastName?: string;
  email?: string;
  affiliation?: string;
  country?: string;
  isCorresponding?: boolean;
};

export type BuildSubmissionOptions = {
  /** An active event accepting submissions is created when absent. */
  event?: BuiltEvent;
  /** The user who submitted it; a new user when absent. The submitter is the first author unless `authors` is given. */
  submitter?: BuiltUser;
  authors?: FactoryAuthor[];
  title?: string;
  abstract?: string;
  keywords?: string[];
  status?: SubmissionStatus;
  decision?: SubmissionDecision;
  track?: { id: number };
  /** The paper; a generated one-page PDF when absent. Stored when the target has a storage (the app). */
  pdf?: Uint8Array;
  /** A file already in the store for the file row, instead of storing `pdf`. */
  stored?: StoredObject;
  /** Write no file row. */
  withoutFile?: boolean;
  createdAt?: Date;
};

export type BuiltSubmission = typeof submissions.$inferSelect & {
  event: BuiltEvent;
  submitter: BuiltUser;
  authors: (typeof submissionAuthors.$inferSelect)[];
  file: typeof submissionFiles.$inferSelect | undefined;
};

/**
 * Writes a real submission as `POST submissions/` would leave it: the row, its authors (the first corresponding
 * unless told otherwise; registered ones linked), the paper's file row (its bytes stored when the target is the
 * app) and the authorship conflicts. Creates the event and the submitter when they are not given.
 */
export async function buildSubmission(target: Target, options: BuildSubmissionOptions = {}): Promise<BuiltSubmission> {
  const db = dbOf(target);
  sequence += 1;
  const event = options.event ?? (await buildEvent(db, { status: 'active' }));
  const submitter = options.submitter ?? (await buildUser(db));
  const authorSpecs: FactoryAuthor[] = options.authors ?? [{ user: submitter }];
  const title = options.title ?? `Factory Paper ${sequence} ${Date.now().toString(36)}`;
  const id = await nextId(db, 'submissions');
  const [row] = await db
    .insert(submissions)
    .values({
      id,
      publicId: makePublicId(id),
      eventId: event.id,
      trackId: options.track?.id ?? null,
      title,
      abstract:
        options.abstract ??
        'We present a factory-made paper. Its abstract has several sentences. The results show that it works.',
      keywords: options.keywords ?? ['testing', 'factories', 'submissions'],
      status: options.status ?? 'submitted',
      decision: options.decision ?? 'pending',
      submittedBy: submitter.id,
      ...(options.createdAt ? { createdAt: options.createdAt, updatedAt: options.createdAt } : {}),
    })
    .returning();
  if (!row) throw new Error('submission insert returned no row');
  const hasCorresponding = authorSpecs.some((spec) => spec.isCorresponding);
  const authorRows = await db
    .insert(submissionAuthors)
    .values(
      authorSpecs.map((spec, index) => ({
        submissionId: row.id,
        position: index + 1,
        firstName: spec.firstName ?? spec.user?.firstName ?? `Author${index + 1}`,
        lastName: spec.lastName ?? spec.user?.lastName ?? `Factory${sequence}`,
        email: spec.email ?? spec.user?.email ?? `author${sequence}-${index + 1}@example.net`,
        affiliation: spec.affiliation ?? spec.user?.affiliation ?? 'University of Testing',
        country: spec.country ?? 'EG',
        isCorresponding: hasCorresponding ? spec.isCorresponding === true : index === 0,
        userId: spec.user?.id ?? null,
      })),
    )
    .returning();
  let file: BuiltSubmission['file'];
  if (!options.withoutFile) {
    const stored = options.stored ?? (await storePdf(target, options.pdf ?? (await buildPaperPdf({ title }))));
    [file] = await db
      .insert(submissionFiles)
      .values({
        submissionId: row.id,
        kind: 'paper',
        version: 1,
        storageKey: stored.key,
        sha256: stored.sha256,
        size: stored.size,
        pageCount: 1,
        originalName: 'paper.pdf',
        uploadedBy: submitter.id,
      })
      .returning();
  }
  const conflicted = new Set([submitter.id, ...authorSpecs.flatMap((spec) => (spec.user ? [spec.user.id] : []))]);
  await db
    .insert(conflicts)
    .values(
      [...conflicted].map((userId) => ({
        submissionId: row.id,
        userId,
        type: 'author' as const,
        source: 'detected' as const,
      })),
    )
    .onConflictDoNothing();
  return { ...row, event, submitter, authors: authorRows, file };
}
