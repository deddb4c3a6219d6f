import {
  ASSIGNMENT_MODES,
  ASSIGNMENT_PREVIEW_STATUSES,
  ASSIGNMENT_SOURCES,
  type AssignmentResultDto,
  BID_VALUES,
  RECOMMENDATIONS,
  REVIEW_STATUSES,
  type StructuredReviewDto,
} from '@confero/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { events } from './events.ts';
import { submissions } from './submissions.ts';
import { users } from './users.ts';

export const bidValue = pgEnum('bid_value', BID_VALUES);
export const reviewStatus = pgEnum('review_status', REVIEW_STATUSES);
export const reviewRecommendation = pgEnum('review_recommendation', RECOMMENDATIONS);
export const assignmentSource = pgEnum('assignment_source', ASSIGNMENT_SOURCES);
export const assignmentMode = pgEnum('assignment_mode', ASSIGNMENT_MODES);
export const assignmentPreviewStatus = pgEnum('assignment_preview_status', ASSIGNMENT_PREVIEW_STATUSES);
export const conflictOverrideKind = pgEnum('conflict_override_kind', ['declared', 'lifted']);

/** A reviewer's preference for reviewing a submission (`docs/domain.md#bid`); one per pair, changed in place. */
export const bids = pgTable(
  'bids',
  {
    id: serial().primaryKey(),
    submissionId: integer()
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    value: bidValue().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('bids_submission_user_unique').on(t.submissionId, t.userId), index('bids_user_idx').on(t.userId)],
);

/**
 * One row per assignment: created `assigned` when a reviewer is assigned, then saved as a draft (`in_progress`) and
 * submitted (`completed`) by that reviewer — only through review-state.ts. `recommendation` is derived from the overall
 * score there, never written from a request. `version` grows by one on every save, so a save from a stale copy is
 * refused (two tabs never overwrite each other). `ordinal` numbers the reviews of a submission ("Reviewer 2") for
 * everyone who may not see the reviewer's name. The confidential remarks are kept out of `structured_review` so that no
 * copy of the form can carry them to a viewer outside the committee.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: serial().primaryKey(),
    publicId: varchar({ length: 40 }).notNull().unique(),
    submissionId: integer()
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    reviewerId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ordinal: integer().notNull(),
    status: reviewStatus().notNull().default('assigned'),
    source: assignmentSource().notNull().default('manual'),
    overallScore: integer(),
    confidence: integer(),
    recommendation: reviewRecommendation(),
    structuredReview: jsonb().$type<Omit<StructuredReviewDto, 'confidential_remarks_for_pc'>>(),
    commentsToAuthor: text().notNull().default(''),
    commentsToChair: text().notNull().default(''),
    confidentialRemarks: text().notNull().default(''),
    version: integer().notNull().default(1),
    assignedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    assignedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reviews_submission_reviewer_unique').on(t.submissionId, t.reviewerId),
    uniqueIndex('reviews_submission_ordinal_unique').on(t.submissionId, t.ordinal),
    index('reviews_reviewer_idx').on(t.reviewerId, t.status),
    index('reviews_assigned_by_idx').on(t.assignedBy),
    check('reviews_overall_score_range', sql`${t.overallScore} between -3 and 3`),
    check('reviews_confidence_range', sql`${t.confidence} between 1 and 5`),
  ],
);

/**
 * An automatic assignment computed in the background ('reviews.assignment_preview' job) for chairs to look at
 * before applying. `fingerprint` is a hash of the event's assignments and conflicts when it was computed: applying
 * it after they changed is refused (409 STALE_PREVIEW).
 */
export const assignmentPreviews = pgTable(
  'assignment_previews',
  {
    id: serial().primaryKey(),
    publicId: varchar({ length: 40 }).notNull().unique(),
    eventId: integer()
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    mode: assignmentMode().notNull().default('keep_existing'),
    status: assignmentPreviewStatus().notNull().default('queued'),
    progress: real().notNull().default(0),
    fingerprint: varchar({ length: 64 }),
    result: jsonb().$type<AssignmentResultDto>(),
    error: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
    appliedAt: timestamp({ withTimezone: true }),
    appliedBy: integer().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('assignment_previews_event_idx').on(t.eventId),
    index('assignment_previews_created_by_idx').on(t.createdBy),
    index('assignment_previews_applied_by_idx').on(t.appliedBy),
  ],
);

/**
 * A person's decision about one (submission, user) pair that detection must respect: `lifted` (a chair lifted a
 * detected or declared conflict: detection never adds it back) or `declared` (who declared the conflict row with
 * source 'declared', and why). At most one per pair; every change is also in the audit log.
 */
export const conflictOverrides = pgTable(
  'conflict_overrides',
  {
    id: serial().primaryKey(),
    submissionId: integer()
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: conflictOverrideKind().notNull(),
    decidedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    /** A bid of 'conflict' declared it. */
    viaBid: boolean().notNull().default(false),
    note: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('conflict_overrides_pair_unique').on(t.submissionId, t.userId),
    index('conflict_overrides_user_idx').on(t.userId),
    index('conflict_overrides_decided_by_idx').on(t.decidedBy),
  ],
);
