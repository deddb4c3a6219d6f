import {
  type AiAnalysis,
  CONFLICT_SOURCES,
  CONFLICT_TYPES,
  SUBMISSION_DECISIONS,
  SUBMISSION_FILE_KINDS,
  SUBMISSION_STATUSES,
  type SubmissionAuthorInput,
} from '@confero/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { events, tracks } from './events.ts';
import { users } from './users.ts';

export const submissionStatus = pgEnum('submission_status', SUBMISSION_STATUSES);
export const submissionDecision = pgEnum('submission_decision', SUBMISSION_DECISIONS);
export const submissionFileKind = pgEnum('submission_file_kind', SUBMISSION_FILE_KINDS);
export const conflictType = pgEnum('conflict_type', CONFLICT_TYPES);
export const conflictSource = pgEnum('conflict_source', CONFLICT_SOURCES);

/**
 * Papers submitted to events. The title is unique per event in any letter case. Status and decision
 * change only through submission-state.ts. An event with submissions cannot be deleted (the foreign key restricts
 * it too); the submitter's account may go (`submitted_by` becomes null, the authors stay).
 */
export const submissions = pgTable(
  'submissions',
  {
    id: serial().primaryKey(),
    publicId: varchar({ length: 40 }).notNull().unique(),
    eventId: integer()
      .notNull()
      .references(() => events.id, { onDelete: 'restrict' }),
    trackId: integer().references(() => tracks.id, { onDelete: 'set null' }),
    title: varchar({ length: 500 }).notNull(),
    abstract: text().notNull(),
    keywords: text().array().notNull().default(sql`'{}'::text[]`),
    status: submissionStatus().notNull().default('submitted'),
    decision: submissionDecision().notNull().default('pending'),
    decisionDetails: text().notNull().default(''),
    metadata: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    submittedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    /** The insights of the current paper file; null until the 'submissions.insights' job has run. */
    aiAnalysis: jsonb().$type<AiAnalysis>(),
    decidedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** A chair flagged the paper for the committee's discussion (`docs/domain.md#discussion`). */
    needsDiscussion: boolean().notNull().default(false),
    /**
     * The submission's area chair (`docs/domain.md#area-chair`): at most one, an active area chair of the event, set
     * by hand or by the automatic assignment (`area_chair_source`); null when none.
     */
    areaChairId: integer().references(() => users.id, { onDelete: 'set null' }),
    areaChairSource: varchar({ length: 16 }),
    areaChairAssignedAt: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('submissions_event_title_unique').on(t.eventId, sql`lower(${t.title})`),
    index('submissions_event_idx').on(t.eventId, t.status),
    index('submissions_track_idx').on(t.trackId),
    index('submissions_submitted_by_idx').on(t.submittedBy),
    index('submissions_created_idx').on(t.createdAt),
    index('submissions_area_chair_idx').on(t.areaChairId),
    check('submissions_area_chair_source', sql`${t.areaChairSource} in ('manual', 'automatic')`),
  ],
);

/**
 * The authors of a submission, in order (`position` from 1). Exactly one is corresponding (a partial unique index).
 * `user_id` links the author to the account registered with the same (verified) e-mail address; authors without
 * an account are linked when they register and verify that address.
 */
export const submissionAuthors = pgTable(
  'submission_authors',
  {
    id: serial().primaryKey(),
    submissionId: integer()
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    firstName: varchar({ length: 150 }).notNull(),
    lastName: varchar({ length: 150 }).notNull(),
    email: varchar({ length: 254 }).notNull(),
    affiliation: varchar({ length: 255 }).notNull(),
    /** ISO 3166-1 alpha-2. */
    country: varchar({ length: 2 }).notNull(),
    webpage: varchar({ length: 500 }),
    isCorresponding: boolean().notNull().default(false),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('submission_authors_position_unique').on(t.submissionId, t.position),
    uniqueIndex('submission_authors_corresponding_unique').on(t.submissionId).where(sql`${t.isCorresponding}`),
    index('submission_authors_user_idx').on(t.userId),
    index('submission_authors_email_idx').on(sql`lower(${t.email})`),
  ],
);

/**
 * The files of a submission: each upload of the paper is a new version (the highest is current). Bytes live in the
 * content-addressed store under `storage_key`; identical content is stored once, so an object is deleted only when
 * no row refers to its key any more. `text` is the extracted full text (insights, reviewer affinity).
 */
export const submissionFiles = pgTable(
  'submission_files',
  {
    id: serial().primaryKey(),
    submissionId: integer()
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    kind: submissionFileKind().notNull().default('paper'),
    version: integer().notNull(),
    storageKey: varchar({ length: 200 }).notNull(),
    sha256: varchar({ length: 64 }).notNull(),
    size: bigint({ mode: 'number' }).notNull(),
    pageCount: integer().notNull(),
    originalName: varchar({ length: 255 }).notNull().default(''),
    contentType: varchar({ length: 100 }).notNull().default('application/pdf'),
    text: text(),
    uploadedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('submission_files_version_unique').on(t.submissionId, t.kind, t.version),
    index('submission_files_storage_key_idx').on(t.storageKey),
    index('submission_files_uploaded_by_idx').on(t.uploadedBy),
    check('submission_files_size', sql`${t.size} > 0`),
  ],
);

/**
 * Conflicts of interest between a person and a submission (`docs/domain.md#conflict-of-interest`): authorship
 * (recorded here by the submissions module) and the types conflict detection finds or people declare. A conflicted
 * reviewer or chair cannot be assigned to, see the reviews of, or decide the submission.
 */
export const conflicts = pgTable(
  'conflicts',
  {
    id: serial().primaryKey(),
    submissionId: integer()
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: conflictType().notNull(),
    source: conflictSource().notNull(),
    reason: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('conflicts_submission_user_unique').on(t.submissionId, t.userId),
    index('conflicts_user_idx').on(t.userId),
  ],
);

/**
 * What changed since the conflict sync last looked at an event (`docs/domain.md#conflict-of-interest`): one row per
 * change to data detection reads, written by database triggers in the change's own transaction (migration
 * 0011) and consumed by the sync. A submission mark re-detects that submission against every person of the event,
 * a user mark that person against every submission; a mark with neither re-detects the whole event. No foreign
 * keys: a mark may outlive what it names (the sync then finds nothing to detect, and removes what was stored).
 */
export const conflictSyncMarks = pgTable(
  'conflict_sync_marks',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    eventId: integer().notNull(),
    submissionId: integer(),
    userId: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('conflict_sync_marks_event_idx').on(t.eventId)],
);

/**
 * The events whose detected conflicts were computed in full at least once, with the version of the detection rules
 * that did it: an event without a row (or with an older version) gets a full sync, later syncs follow the marks.
 */
export const conflictSyncState = pgTable('conflict_sync_state', {
  eventId: integer()
    .primaryKey()
    .references(() => events.id, { onDelete: 'cascade' }),
  rulesVersion: integer().notNull(),
  syncedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * The final version (camera-ready) of an accepted submission (`docs/domain.md#final-version`): the title, abstract and
 * authors its authors confirmed for the proceedings (`authors` in order, as a submission's author inputs), one per
 * submission. Its files are the submission's files of kind 'camera_ready' and 'supplementary' (every upload a new
 * version, the history kept). `version` grows on every send, so a send from a stale copy is refused.
 */
export const finalVersions = pgTable(
  'final_versions',
  {
    id: serial().primaryKey(),
    submissionId: integer()
      .notNull()
      .unique()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    title: varchar({ length: 500 }).notNull(),
    abstract: text().notNull(),
    authors: jsonb().$type<SubmissionAuthorInput[]>().notNull(),
    version: integer().notNull().default(1),
    submittedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    submittedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('final_versions_submitted_by_idx').on(t.submittedBy)],
);
