import {
  type BulkDecisionItemDto,
  type BulkDecisionResultDto,
  DISAGREEMENT_SPREAD,
  finalVersionDeadlineEnd,
  isMetaRecommendation,
  type ReviewerProgressDto,
  type ReviewSettings,
  SUBMISSION_DECISION_LABELS,
  SUBMISSION_STATUS_LABELS,
  type SubmissionDecision,
  type SubmissionStatus,
  type SubmissionTableRowDto,
  type SubmissionTimelineDto,
} from '@confero/contracts';
import type { ReviewerProgressRow, SubmissionTableRow, TimelineFacts } from './progress.queries.ts';
import type { DecisionPlanItem } from './progress.service.ts';

const iso = (value: Date | string) => new Date(value).toISOString();

/** A row of the chair's table (the route is the organizers' only; a conflicted row's aggregates are null already). */
export function presentSubmissionTableRow(row: SubmissionTableRow): SubmissionTableRowDto {
  const hidden = row.conflicted;
  return {
    id: row.public_id,
    title: row.title,
    authors: row.authors ?? '',
    track: row.track_public_id && row.track_name ? { id: row.track_public_id, name: row.track_name } : null,
    status: row.status,
    status_display: SUBMISSION_STATUS_LABELS[row.status].en,
    decision: row.decision,
    decision_display: SUBMISSION_DECISION_LABELS[row.decision].en,
    created_at: iso(row.created_at),
    conflicted: hidden,
    reviews_assigned: hidden ? null : row.reviews_assigned,
    reviews_done: hidden ? null : row.reviews_done,
    average_score: hidden || row.average_score === null ? null : Math.round(row.average_score * 100) / 100,
    score_spread: hidden ? null : row.score_spread,
    disagreement: !hidden && row.score_spread !== null && row.score_spread >= DISAGREEMENT_SPREAD,
    needs_discussion: !hidden && row.needs_discussion,
    meta_recommendation: !hidden && isMetaRecommendation(row.meta_recommendation) ? row.meta_recommendation : null,
    area_chair:
      !hidden && row.area_chair_public_id ? { id: row.area_chair_public_id, name: row.area_chair_name ?? '' } : null,
  };
}

export function presentReviewerProgress(row: ReviewerProgressRow): ReviewerProgressDto {
  return {
    user: { id: row.public_id, full_name: `${row.first_name} ${row.last_name}`.trim(), email: row.email },
    assigned: row.assigned,
    completed: row.completed,
    in_progress: row.in_progress,
    not_started: row.not_started,
    late: row.late,
    average_score: row.average_score === null ? null : Math.round(row.average_score * 100) / 100,
    bids: row.bids,
  };
}

export function presentDecisionResult(plan: DecisionPlanItem[], notified: boolean): BulkDecisionResultDto {
  const results: BulkDecisionItemDto[] = plan.map(({ target: _target, ...item }) => item);
  const changed = results.filter((item) => item.ok).length;
  return { changed, skipped: results.length - changed, notified: notified && changed > 0, results };
}

export type TimelineSubmission = {
  status: SubmissionStatus;
  decision: SubmissionDecision;
  createdAt: Date;
  decidedAt: Date | null;
  /** The event's final version phase, when the caller knows it (`docs/domain.md#final-version`). */
  event?: { finalVersionEnabled: boolean; finalVersionDeadline: string | null; timezone: string };
};

/**
 * Where a submission stands, for one viewer: submitted, under review (from its first assignment), reviews n of m
 * (counts only; hidden from authors when the event shows them no reviews), the decision with its date, and the final
 * version (the next step of an accepted paper).
 */
export function presentTimeline(
  submission: TimelineSubmission,
  facts: TimelineFacts,
  viewer: { isStaff: boolean; settings: Pick<ReviewSettings, 'authors_see_reviews'> },
  now = new Date(),
): SubmissionTimelineDto {
  const decided = submission.decision !== 'pending';
  const reviewed = facts.assigned > 0 || submission.status === 'under_review';
  const showCounts = viewer.isStaff || viewer.settings.authors_see_reviews !== 'never';
  const reviewsState = (): SubmissionTimelineDto['steps'][number]['state'] => {
    if (facts.assigned === 0) return decided ? 'skipped' : 'upcoming';
    if (decided || facts.completed >= facts.assigned) return 'done';
    return 'current';
  };
  // The final version: done once sent, current while the phase is open for an accepted paper without one,
  // skipped for a rejected paper, upcoming otherwise (before the decision, or before the phase opens).
  const finalState = (): SubmissionTimelineDto['steps'][number]['state'] => {
    if (submission.decision === 'reject') return 'skipped';
    if (submission.decision !== 'accept') return 'upcoming';
    if (facts.finalVersionAt) return 'done';
    const event = submission.event;
    const open =
      event?.finalVersionEnabled === true &&
      event.finalVersionDeadline !== null &&
      now < finalVersionDeadlineEnd(event.finalVersionDeadline, event.timezone);
    return open ? 'current' : 'upcoming';
  };
  return {
    steps: [
      { key: 'submitted', state: 'done', date: iso(submission.createdAt) },
      {
        key: 'under_review',
        state: reviewed ? 'done' : decided ? 'skipped' : 'upcoming',
        date: facts.firstAssignedAt ? iso(facts.firstAssignedAt) : null,
      },
      {
        key: 'reviews',
        state: reviewsState(),
        date: null,
        completed: showCounts ? facts.completed : null,
        assigned: showCounts ? facts.assigned : null,
      },
      decided
        ? {
            key: 'decision',
            state: 'done',
            date: submission.decidedAt ? iso(submission.decidedAt) : null,
            decision: submission.decision,
          }
        : { key: 'decision', state: 'upcoming', date: null },
      { key: 'final_version', state: finalState(), date: facts.finalVersionAt ? iso(facts.finalVersionAt) : null },
    ],
  };
}
