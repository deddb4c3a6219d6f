import { z } from 'zod';
import { META_RECOMMENDATIONS } from './meta-reviews.ts';
import { DECISION_DETAILS_MAX_LENGTH, SUBMISSION_DECISIONS, SUBMISSION_STATUSES } from './submissions.ts';
import { PAGE_QUERY_FIELDS, paginated } from './system.ts';

/*
 * Progress at a glance (`docs/domain.md#progress`): the chair's dashboard of an event, its reviewers' progress, the
 * chair's submissions table with review aggregates, bulk decisions, and the author's timeline of a submission.
 */

/**
 * Reviewers disagree on a paper when its completed reviews' overall scores (−3…3) lie this far apart or more
 * (highest minus lowest): such papers stand out in the chair's table.
 */
export const DISAGREEMENT_SPREAD = 3;

/** At most this many papers in one bulk decision. */
export const BULK_DECISION_MAX = 500;

/** The deadlines the dashboard counts days to, in the order of the event's life. */
export const PROGRESS_DEADLINES = [
  'submission_deadline',
  'review_deadline',
  'notification_date',
  'start_date',
] as const;
export type ProgressDeadline = (typeof PROGRESS_DEADLINES)[number];

const count = () => z.number().int();

/** `GET events/{id}/progress/`: the event's progress at a glance (organizers). */
export const EventProgressDto = z.object({
  submissions: z.object({
    total: count(),
    by_status: z.record(z.enum(SUBMISSION_STATUSES), count()),
    by_decision: z.record(z.enum(SUBMISSION_DECISIONS), count()),
  }),
  /** Every assigned review by state; `late` counts reviews not completed after the review deadline (also in the others). */
  reviews: z.object({
    total: count(),
    completed: count(),
    in_progress: count(),
    not_started: count(),
    late: count(),
  }),
  /** How many reviews each paper should get (the event's review settings) and the papers with fewer assigned. */
  reviewers_per_paper: count(),
  papers_short_of_reviewers: count(),
  /** Bids placed, the reviewers who placed at least one, and the event's reviewers. */
  bids: z.object({ total: count(), reviewers_bidding: count(), reviewers: count() }),
  /** Days from today (in the event's time zone) to each deadline; negative once it has passed. */
  deadlines: z.array(
    z.object({ key: z.enum(PROGRESS_DEADLINES), date: z.string(), days_left: z.number().int(), passed: z.boolean() }),
  ),
  timezone: z.string(),
});
export type EventProgressDto = z.infer<typeof EventProgressDto>;

export const REVIEWER_PROGRESS_SORTS = [
  'name',
  'assigned',
  'completed',
  'in_progress',
  'late',
  'average_score',
  'bids',
] as const;
export type ReviewerProgressSort = (typeof REVIEWER_PROGRESS_SORTS)[number];

const sortOf = <T extends readonly [string, ...string[]]>(keys: T) =>
  z.enum([...keys, ...keys.map((key) => `-${key}`)] as [string, ...string[]], { error: 'validation.invalidChoice' });

/** `GET events/{id}/reviewers/progress/`: sorted by `sort` (a leading `-` for descending), paginated. */
export const ReviewerProgressQuery = z.object({
  ...PAGE_QUERY_FIELDS,
  sort: sortOf(REVIEWER_PROGRESS_SORTS).default('-late'),
  /** Only reviewers with a late review. */
  late: z.enum(['true', 'false'], { error: 'validation.invalidChoice' }).optional(),
});
export type ReviewerProgressQuery = z.infer<typeof ReviewerProgressQuery>;

export const ReviewerProgressDto = z.object({
  user: z.object({ id: z.string(), full_name: z.string(), email: z.string() }),
  assigned: count(),
  completed: count(),
  in_progress: count(),
  not_started: count(),
  late: count(),
  /** The mean overall score of their completed reviews; null before the first. */
  average_score: z.number().nullable(),
  bids: count(),
});
export type ReviewerProgressDto = z.infer<typeof ReviewerProgressDto>;

export const ReviewerProgressPageDto = paginated(ReviewerProgressDto);
export type ReviewerProgressPageDto = z.infer<typeof ReviewerProgressPageDto>;

export const SUBMISSION_TABLE_SORTS = [
  'title',
  'created_at',
  'status',
  'decision',
  'reviews_done',
  'reviews_assigned',
  'average_score',
  'score_spread',
] as const;
export type SubmissionTableSort = (typeof SUBMISSION_TABLE_SORTS)[number];

const score = () =>
  z.coerce.number({ error: 'validation.invalid' }).min(-3, 'validation.invalid').max(3, 'validation.invalid');

/** The table's meta-review filter: papers with a completed meta-review, or without one. */
export const TABLE_META_REVIEW_FILTERS = ['completed', 'missing'] as const;
export type TableMetaReviewFilter = (typeof TABLE_META_REVIEW_FILTERS)[number];

/** `GET events/{id}/submissions/table/`: the chair's table, filtered, searched (title or author), sorted, paginated. */
export const SubmissionTableQuery = z.object({
  ...PAGE_QUERY_FIELDS,
  sort: sortOf(SUBMISSION_TABLE_SORTS).default('-created_at'),
  status: z.enum(SUBMISSION_STATUSES, { error: 'validation.invalidChoice' }).optional(),
  decision: z.enum(SUBMISSION_DECISIONS, { error: 'validation.invalidChoice' }).optional(),
  /** A track's public id. */
  track: z.string().trim().max(60, 'validation.tooLong').optional(),
  min_score: score().optional(),
  max_score: score().optional(),
  /** Only papers whose reviewers disagree (`DISAGREEMENT_SPREAD`). */
  disagreement: z.enum(['true', 'false'], { error: 'validation.invalidChoice' }).optional(),
  /** Only papers a chair flagged for discussion (`true`), or only the others (`false`). */
  needs_discussion: z.enum(['true', 'false'], { error: 'validation.invalidChoice' }).optional(),
  /** Only papers without an area chair (`none`), or only those with one (`any`) (`docs/domain.md#area-chair`). */
  area_chair: z.enum(['none', 'any'], { error: 'validation.invalidChoice' }).optional(),
  /**
   * Only papers with a completed meta-review (`completed`), or only those without one (`missing`: none or a draft)
   * (`docs/domain.md#meta-review`); a paper the viewer is conflicted with (or wrote) is in neither, as its meta-review
   * is not theirs to know.
   */
  meta_review: z.enum(TABLE_META_REVIEW_FILTERS, { error: 'validation.invalidChoice' }).optional(),
  search: z.string().trim().max(200, 'validation.tooLong').optional(),
});
export type SubmissionTableQuery = z.infer<typeof SubmissionTableQuery>;

/**
 * A row of the chair's table. The review aggregates count completed reviews' overall scores; they are null on a paper
 * the viewer may not judge (an author of it, or conflicted with it: `conflicted`).
 */
export const SubmissionTableRowDto = z.object({
  id: z.string(),
  title: z.string(),
  authors: z.string(),
  track: z.object({ id: z.string(), name: z.string() }).nullable(),
  status: z.enum(SUBMISSION_STATUSES),
  status_display: z.string(),
  decision: z.enum(SUBMISSION_DECISIONS),
  decision_display: z.string(),
  created_at: z.string(),
  conflicted: z.boolean(),
  reviews_assigned: count().nullable(),
  reviews_done: count().nullable(),
  average_score: z.number().nullable(),
  score_spread: count().nullable(),
  disagreement: z.boolean(),
  /** A chair flagged the paper for the committee's discussion (`docs/domain.md#discussion`). */
  needs_discussion: z.boolean(),
  /**
   * What the paper's completed meta-review recommends (`docs/domain.md#meta-review`); null without one, and on a paper
   * the viewer is conflicted with.
   */
  meta_recommendation: z.enum(META_RECOMMENDATIONS).nullable(),
  /** The paper's area chair (`docs/domain.md#area-chair`); null without one, and on a paper the viewer is conflicted with. */
  area_chair: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type SubmissionTableRowDto = z.infer<typeof SubmissionTableRowDto>;

export const SubmissionTablePageDto = paginated(SubmissionTableRowDto);
export type SubmissionTablePageDto = z.infer<typeof SubmissionTablePageDto>;

const SubmissionIds = z
  .array(z.string({ error: 'validation.invalid' }).trim().max(60, 'validation.invalid'), {
    error: 'validation.required',
  })
  .min(1, 'validation.required')
  .max(BULK_DECISION_MAX, 'validation.invalid');

/**
 * A bulk decision's choice: one decision for every paper, or `follow_meta_review`, each paper the decision its
 * completed meta-review recommends (`docs/domain.md#meta-review`).
 */
export const BULK_DECISION_CHOICES = [...SUBMISSION_DECISIONS, 'follow_meta_review'] as const;
export type BulkDecisionChoice = (typeof BULK_DECISION_CHOICES)[number];

const Decision = z.enum(BULK_DECISION_CHOICES, { error: 'validation.invalidChoice' });

/** `POST events/{id}/decisions/preview/`: which of these papers the decision would change. */
export const BulkDecisionPreviewBody = z.object({ submission_ids: SubmissionIds, decision: Decision });
export type BulkDecisionPreviewBody = z.infer<typeof BulkDecisionPreviewBody>;

/** `POST events/{id}/decisions/`: decide on these papers; `notify: false` leaves the mails to a later send. */
export const BulkDecisionBody = BulkDecisionPreviewBody.extend({
  decision_details: z
    .string({ error: 'validation.invalid' })
    .trim()
    .max(DECISION_DETAILS_MAX_LENGTH, 'validation.tooLong')
    .nullish(),
  notify: z.boolean({ error: 'validation.invalid' }).default(true),
});
export type BulkDecisionBody = z.infer<typeof BulkDecisionBody>;

/**
 * Why a paper of a bulk decision is left alone: not in the event (or unknown), the viewer is conflicted with it (or
 * an author), it already has this decision, its state machine has no such move, or (following the meta-review) it
 * has no completed meta-review.
 */
export const BULK_DECISION_REASONS = [
  'not_found',
  'conflicted',
  'unchanged',
  'transition_not_allowed',
  'no_meta_review',
] as const;
export type BulkDecisionReason = (typeof BULK_DECISION_REASONS)[number];

export const BulkDecisionItemDto = z.object({
  id: z.string(),
  title: z.string().nullable(),
  from_decision: z.enum(SUBMISSION_DECISIONS).nullable(),
  /** The decision it gets; null when following a meta-review it does not have (or it is unknown). */
  to_decision: z.enum(SUBMISSION_DECISIONS).nullable(),
  /** Preview: it would change; decide: it changed. */
  ok: z.boolean(),
  reason: z.enum(BULK_DECISION_REASONS).nullable(),
});
export type BulkDecisionItemDto = z.infer<typeof BulkDecisionItemDto>;

export const BulkDecisionResultDto = z.object({
  changed: count(),
  skipped: count(),
  notified: z.boolean(),
  results: z.array(BulkDecisionItemDto),
});
export type BulkDecisionResultDto = z.infer<typeof BulkDecisionResultDto>;

export const TIMELINE_STEPS = ['submitted', 'under_review', 'reviews', 'decision', 'final_version'] as const;
export type TimelineStep = (typeof TIMELINE_STEPS)[number];
/** done: reached (with its date); current: in progress now; upcoming: not yet; skipped: will not happen. */
export const TIMELINE_STATES = ['done', 'current', 'upcoming', 'skipped'] as const;
export type TimelineState = (typeof TIMELINE_STATES)[number];

/** `GET submissions/{id}/timeline/`: where a submission stands, step by step (counts only, never reviewers). */
export const SubmissionTimelineDto = z.object({
  steps: z.array(
    z.object({
      key: z.enum(TIMELINE_STEPS),
      state: z.enum(TIMELINE_STATES),
      date: z.string().nullable(),
      /** `reviews`: completed and assigned reviews (null when the event shows authors no reviews). */
      completed: count().nullable().optional(),
      assigned: count().nullable().optional(),
      /** `decision`: the decision once taken. */
      decision: z.enum(SUBMISSION_DECISIONS).optional(),
    }),
  ),
});
export type SubmissionTimelineDto = z.infer<typeof SubmissionTimelineDto>;
