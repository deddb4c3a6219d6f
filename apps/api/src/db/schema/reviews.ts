import {
  ASSIGNMENT_MODES,
  ASSIGNMENT_PREVIEW_STATUSES,
  ASSIGNMENT_ROLES,
  ASSIGNMENT_SOURCES,
  type AssignmentResultDto,
  BID_VALUES,
  META_REVIEW_STATUSES,
  RECOMMENDATIONS,
  RESPONSE_STATUSES,
  REVIEW_FORM_KINDS,
  REVIEW_STATUSES,
  type ReviewAnswers,
  type ReviewQuestionDto,
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
export const assignmentRole = pgEnum('assignment_role', ASSIGNMENT_ROLES);
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
    /**
     * The version of the event's review form the review is written against (`review_forms.version`), set on its first
     * save; null while it holds no answer (it takes the form's current version then).
     */
    formVersion: integer(),
    /** The answers to the questions a chair added to the form, `{key: value}`; the built-in ones are above. */
    answers: jsonb().$type<ReviewAnswers>().notNull().default({}),
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
    /** Whom it assigns: reviewers, or the papers' area chairs. */
    role: assignmentRole().notNull().default('reviewer'),
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
    index('assignment_previews_event_idx').on(t.eventId, t.role),
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

export const responseStatus = pgEnum('response_status', RESPONSE_STATUSES);
export const reviewFormKind = pgEnum('review_form_kind', REVIEW_FORM_KINDS);
export const metaReviewStatus = pgEnum('meta_review_status', META_REVIEW_STATUSES);

/**
 * The versions of an event's review form and of its meta-review form (`kind`, `docs/domain.md#review-form`). An event
 * without a row of a kind uses that kind's default form as version 1. A change that would orphan answers written against the current version makes a new row; any other
 * change rewrites the current one. Written only under the event row's lock, so versions never race.
 */
export const reviewForms = pgTable(
  'review_forms',
  {
    id: serial().primaryKey(),
    eventId: integer()
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    kind: reviewFormKind().notNull().default('review'),
    version: integer().notNull(),
    questions: jsonb().$type<ReviewQuestionDto[]>().notNull(),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('review_forms_event_kind_version_unique').on(t.eventId, t.kind, t.version),
    index('review_forms_created_by_idx').on(t.createdBy),
  ],
);

/**
 * A review as it stood after each submit (and each later save of a submitted review): the review's history, read by
 * `GET reviews/{id}/history/`. `after_response` marks a revision saved after the paper's authors submitted their
 * response. The confidential remarks are copied like the rest; the history's presenter filters by the form.
 */
export const reviewRevisions = pgTable(
  'review_revisions',
  {
    id: serial().primaryKey(),
    reviewId: integer()
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    /** The review's version after the save. */
    version: integer().notNull(),
    status: reviewStatus().notNull(),
    formVersion: integer().notNull(),
    overallScore: integer(),
    confidence: integer(),
    structuredReview: jsonb().$type<Omit<StructuredReviewDto, 'confidential_remarks_for_pc'>>(),
    answers: jsonb().$type<ReviewAnswers>().notNull().default({}),
    commentsToAuthor: text().notNull().default(''),
    commentsToChair: text().notNull().default(''),
    confidentialRemarks: text().notNull().default(''),
    afterResponse: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('review_revisions_review_version_unique').on(t.reviewId, t.version)],
);

/**
 * The committee's discussion of a submission (`docs/domain.md#discussion`): comments by chairs, event admins and the
 * paper's reviewers; `mentions` the user ids mentioned (each mailed once). Deleted comments are removed (the audit
 * log keeps who deleted what).
 */
export const discussionComments = pgTable(
  'discussion_comments',
  {
    id: serial().primaryKey(),
    publicId: varchar({ length: 40 }).notNull().unique(),
    submissionId: integer()
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    authorId: integer().references(() => users.id, { onDelete: 'set null' }),
    body: text().notNull(),
    mentions: integer().array().notNull().default(sql`'{}'::integer[]`),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('discussion_comments_submission_idx').on(t.submissionId, t.id),
    index('discussion_comments_author_idx').on(t.authorId),
  ],
);

/**
 * The authors' response to the reviews of a submission (`docs/domain.md#author-response`): one per submission, written
 * by any of its authors, a draft until submitted, editable until the window closes. `version` grows on every save
 * (a save from a stale copy is refused).
 */
export const authorResponses = pgTable(
  'author_responses',
  {
    id: serial().primaryKey(),
    submissionId: integer()
      .notNull()
      .unique()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    body: text().notNull().default(''),
    status: responseStatus().notNull().default('draft'),
    wordCount: integer().notNull().default(0),
    version: integer().notNull().default(1),
    updatedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    submittedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('author_responses_updated_by_idx').on(t.updatedBy)],
);

/**
 * The meta-review of a submission (`docs/domain.md#meta-review`): one per submission, written by its area chair against
 * a version of the event's meta-review form (`review_forms` of kind 'meta_review'), a draft (`in_progress`) until
 * submitted (`completed`). `version` grows on every save, so a save from a stale copy is refused. `author_id` is who
 * wrote it last (the area chair may change; the text stays with the paper).
 */
export const metaReviews = pgTable(
  'meta_reviews',
  {
    id: serial().primaryKey(),
    publicId: varchar({ length: 40 }).notNull().unique(),
    submissionId: integer()
      .notNull()
      .unique()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    authorId: integer().references(() => users.id, { onDelete: 'set null' }),
    formVersion: integer().notNull(),
    answers: jsonb().$type<ReviewAnswers>().notNull().default({}),
    status: metaReviewStatus().notNull().default('in_progress'),
    version: integer().notNull().default(1),
    completedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('meta_reviews_author_idx').on(t.authorId)],
);
