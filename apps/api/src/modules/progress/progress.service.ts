import {
  type BulkDecisionChoice,
  type BulkDecisionItemDto,
  type BulkDecisionReason,
  type EventProgressDto,
  isMetaRecommendation,
  PROGRESS_DEADLINES,
  SUBMISSION_DECISIONS,
  SUBMISSION_STATUSES,
  type SubmissionDecision,
} from '@confero/contracts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { parseIdParam } from '../../lib/ids.ts';
import type { Actor } from '../../plugins/auth.ts';
import { loadWordings } from '../communications/event-mail.ts';
import { syncConflicts } from '../conflicts/conflicts.service.ts';
import { detectedConflictIds } from '../conflicts/detect-conflict.ts';
import { endOfDay, isPast } from '../events/event-dates.ts';
import { type EventAccess, isMember } from '../events/events.policy.ts';
import type { EventRow } from '../events/events.queries.ts';
import { canMove, statusOfDecision, transitionSubmission } from '../submissions/submission-state.ts';
import { submissionPolicies } from '../submissions/submissions.policy.ts';
import {
  countBids,
  countReviews,
  countSubmissions,
  type DecisionTarget,
  findDecisionTargets,
  lockedMetaRecommendation,
} from './progress.queries.ts';

const DAY_MS = 86_400_000;

/** Whole days from `now` to a deadline date in the zone: 0 on the day itself, negative once it has passed. */
export function daysLeft(date: string, zone: string, now: Date): number {
  return Math.ceil((endOfDay(date, zone).getTime() - now.getTime()) / DAY_MS) - 1;
}

/** The event's progress at a glance: four grouped queries whatever the number of papers and reviews. */
export async function eventProgress(db: Db, event: EventRow, now: Date = new Date()): Promise<EventProgressDto> {
  const perPaper = event.reviewSettings.reviewers_per_paper;
  const [groups, reviewCounts, bidCounts] = await Promise.all([
    countSubmissions(db, event.id, perPaper),
    countReviews(db, event.id, now),
    countBids(db, event.id),
  ]);
  const byStatus = Object.fromEntries(SUBMISSION_STATUSES.map((status) => [status, 0]));
  const byDecision = Object.fromEntries(SUBMISSION_DECISIONS.map((decision) => [decision, 0]));
  let total = 0;
  let short = 0;
  for (const group of groups) {
    byStatus[group.status] = (byStatus[group.status] ?? 0) + group.n;
    byDecision[group.decision] = (byDecision[group.decision] ?? 0) + group.n;
    total += group.n;
    short += group.short;
  }
  const dates: Record<(typeof PROGRESS_DEADLINES)[number], string> = {
    submission_deadline: event.submissionDeadline,
    review_deadline: event.reviewDeadline,
    notification_date: event.notificationDate,
    start_date: event.startDate,
  };
  return {
    submissions: { total, by_status: byStatus, by_decision: byDecision } as EventProgressDto['submissions'],
    reviews: reviewCounts,
    reviewers_per_paper: perPaper,
    papers_short_of_reviewers: short,
    bids: bidCounts,
    deadlines: PROGRESS_DEADLINES.map((key) => ({
      key,
      date: dates[key],
      days_left: daysLeft(dates[key], event.timezone, now),
      passed: isPast(dates[key], event.timezone, now),
    })),
    timezone: event.timezone,
  };
}

export type DecisionPlanItem = BulkDecisionItemDto & { target?: DecisionTarget };

/**
 * The decision a choice gives a paper: the choice itself, or, following the meta-review, what the paper's completed
 * meta-review recommends (accept, reject, revision; `docs/domain.md#meta-review`); undefined without one.
 */
function decisionFor(choice: BulkDecisionChoice, target: DecisionTarget | undefined): SubmissionDecision | undefined {
  return choice === 'follow_meta_review' ? recommendedDecision(target?.metaRecommendation) : choice;
}

/** The decision a meta-review's recommendation names; undefined without a (valid) one. */
const recommendedDecision = (recommendation: string | null | undefined): SubmissionDecision | undefined =>
  isMetaRecommendation(recommendation) ? recommendation : undefined;

/**
 * What a decision on these papers would do, paper by paper, in the order given: each paper's own rule
 * ('submission.makeDecision': no conflict, no authorship), then (following the meta-review) a paper without a completed
 * one, then unchanged decisions and the state machine's moves.
 * `conflictedIds` are the papers detection finds the actor conflicted with beyond the stored conflicts.
 */
function planDecisions(
  ids: string[],
  choice: BulkDecisionChoice,
  targets: DecisionTarget[],
  access: EventAccess,
  conflictedIds: Set<number>,
): DecisionPlanItem[] {
  const byId = new Map(targets.map((target) => [target.id, target]));
  const seen = new Set<string>();
  const plan: DecisionPlanItem[] = [];
  for (const raw of ids) {
    const parsed = parseIdParam(raw);
    const target = parsed ? byId.get(parsed.id) : undefined;
    const found = target && (!parsed?.publicId || target.publicId === parsed.publicId);
    const key = found ? target.publicId : raw;
    if (seen.has(key)) continue;
    seen.add(key);
    const decision = decisionFor(choice, found ? target : undefined);
    const skip = (reason: BulkDecisionReason): DecisionPlanItem => ({
      id: key,
      title: found ? target.title : null,
      from_decision: found ? target.decision : null,
      to_decision: decision ?? null,
      ok: false,
      reason,
    });
    if (!found) {
      plan.push(skip('not_found'));
      continue;
    }
    const submissionAccess = {
      event: access,
      isAuthor: target.isAuthor,
      isConflicted: target.isConflicted || target.isAuthor || conflictedIds.has(target.id),
    };
    if (!submissionPolicies['submission.makeDecision'](submissionAccess).allowed) {
      // A conflicted viewer learns nothing of the paper's meta-review, not even whether it has one.
      plan.push({ ...skip('conflicted'), to_decision: choice === 'follow_meta_review' ? null : choice });
      continue;
    }
    if (decision === undefined) {
      plan.push(skip('no_meta_review'));
      continue;
    }
    const to = statusOfDecision(decision, target.status);
    if (target.decision === decision) plan.push(skip('unchanged'));
    else if (to !== target.status && !canMove(target.status, to)) plan.push(skip('transition_not_allowed'));
    else plan.push({ ...skip('unchanged'), ok: true, reason: null, target });
  }
  return plan;
}

function numericIds(ids: string[]): number[] {
  return ids.flatMap((raw) => {
    const parsed = parseIdParam(raw);
    return parsed ? [parsed.id] : [];
  });
}

/** `POST events/{id}/decisions/preview/`: the plan, reading only (conflicts detected, not stored). */
export async function previewDecisions(
  db: Db,
  actor: Actor,
  event: EventRow,
  access: EventAccess,
  input: { submission_ids: string[]; decision: BulkDecisionChoice },
): Promise<DecisionPlanItem[]> {
  const [targets, detected] = await Promise.all([
    findDecisionTargets(db, event.id, actor.id, numericIds(input.submission_ids)),
    isMember(access) ? detectedConflictIds(db, event.id, actor) : Promise.resolve(new Set<number>()),
  ]);
  return planDecisions(input.submission_ids, input.decision, targets, access, detected);
}

/**
 * `POST events/{id}/decisions/`: decides on each paper the plan allows, each in its own transaction through
 * `transitionSubmission` (its audit entry, and its mails unless `notify` is false). Conflicts are synced first, as
 * before any decision. A paper someone changed meanwhile is answered `transition_not_allowed`, the others still go.
 * Following the meta-review, each paper's recommendation is read again under its row lock as it is decided.
 */
export async function applyDecisions(
  db: Db,
  actor: Actor,
  event: EventRow,
  access: EventAccess,
  input: { submission_ids: string[]; decision: BulkDecisionChoice; decision_details?: string | null; notify: boolean },
  publicUrl: string,
): Promise<DecisionPlanItem[]> {
  const ids = numericIds(input.submission_ids);
  const synced =
    ids.length > 0 ? await syncConflicts(db, event.id, { submissionIds: ids, userIds: [actor.id] }) : new Map();
  const detected = new Set([...synced.values()].map((conflict) => conflict.submissionId));
  const targets = await findDecisionTargets(db, event.id, actor.id, ids);
  const plan = planDecisions(input.submission_ids, input.decision, targets, access, detected);
  // The wordings of each decision made (following the meta-review, several), read once each.
  const wordingsOf = new Map<SubmissionDecision, Awaited<ReturnType<typeof loadWordings>>>();
  const wordingsFor = async (tx: Db, decision: SubmissionDecision) => {
    if (!input.notify || decision === 'pending') return undefined;
    if (!wordingsOf.has(decision)) wordingsOf.set(decision, await loadWordings(tx, event.id, `decision_${decision}`));
    return wordingsOf.get(decision);
  };
  const decide = async (tx: Db, target: DecisionTarget, decision: SubmissionDecision) =>
    transitionSubmission(tx, {
      actor,
      submission: { ...target.row, event, track: null },
      via: 'make_decision',
      decision,
      details: input.decision_details,
      notify: input.notify,
      wordings: await wordingsFor(tx, decision),
      publicUrl,
    });
  for (const item of plan) {
    const target = item.target;
    if (!item.ok || !target || !item.to_decision) continue;
    const planned = item.to_decision;
    try {
      if (input.decision !== 'follow_meta_review') {
        await decide(db, target, planned);
        continue;
      }
      // Following the meta-review: its recommendation read again under the paper's row lock, which its area chair's
      // save holds shared, so the paper gets what its meta-review recommends as it is decided (and then frozen).
      await db.transaction(async (tx) => {
        const decision = recommendedDecision(await lockedMetaRecommendation(tx, target.id));
        item.to_decision = decision ?? null;
        if (decision === undefined) Object.assign(item, { ok: false, reason: 'no_meta_review' });
        else if (decision === target.decision) Object.assign(item, { ok: false, reason: 'unchanged' });
        else await decide(tx, target, decision);
      });
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'TRANSITION_NOT_ALLOWED')) throw error;
      item.ok = false;
      item.reason = 'transition_not_allowed';
    }
  }
  return plan;
}
