import crypto from 'node:crypto';
import {
  type AssignmentMode,
  type AssignmentResultDto,
  type AssignmentRole,
  type BidValue,
  type ProposedPairDto,
  reviewMessage,
} from '@confero/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { assignmentPreviews } from '../../../db/schema/index.ts';
import { findEventBids } from '../../bidding/bidding.queries.ts';
import { syncConflicts } from '../../conflicts/conflicts.service.ts';
import { findEventById } from '../../events/events.queries.ts';
import { presentReviewerRef } from '../../reviews/reviews.presenter.ts';
import {
  type EventReviewer,
  findEventConflictPairs,
  findReviewableSubmissions,
} from '../../reviews/reviews.queries.ts';
import { loadAffinityInputs, scoreAffinity, topAffinity } from '../affinity-corpus.ts';
import { buildProblem, edgeKey } from '../assignment-problem.ts';
import { ASSIGNMENT_SIDES, type CurrentAssignment } from '../assignment-roles.ts';
import { solveAssignmentInWorker } from '../solver/solver.ts';
import { bidScore } from './list-candidates.ts';

/** Above this many (reviewer, paper) pairs, only the best candidates of each paper (and bids) become edges. */
export const FULL_MATRIX_MAX_PAIRS = 250_000;
/** Candidates per paper in large events: at least this many, and ten times the demand. */
export const MIN_CANDIDATES = 50;

type Assignment = CurrentAssignment;

/**
 * A hash of the event's assignments of one role (reviews with whether each is still untouched, or submissions'
 * area_chair_id with its source) and conflicts of interest: a preview computed from other data than the event holds
 * now is stale and is not applied.
 */
export async function assignmentFingerprint(
  db: Db,
  eventId: number,
  role: AssignmentRole = 'reviewer',
): Promise<string> {
  const [assignments, conflicts] = await Promise.all([
    ASSIGNMENT_SIDES[role].current(db, eventId),
    findEventConflictPairs(db, eventId),
  ]);
  const hash = crypto.createHash('sha256');
  for (const row of assignments) {
    hash.update(`a${row.submissionId}-${row.reviewerId}-${row.status === 'assigned' ? 'u' : 's'}-${row.source};`);
  }
  for (const row of conflicts) hash.update(`c${row.submissionId}-${row.userId};`);
  return hash.digest('hex');
}

/** Whether an existing assignment must stay whatever the mode: made by hand, or its review already started. */
export const isLocked = (row: Pick<Assignment, 'source' | 'status'>) =>
  row.source === 'manual' || row.status !== 'assigned';

const round = (value: number) => Math.round(value * 1e4) / 1e4;

/**
 * Computes an automatic assignment for an event (the 'reviews.assignment_preview' job): for every submission that
 * still takes reviews, reviewers_per_paper reviewers (review_settings) — or, for role 'area_chair', one of the
 * event's area chairs (assignment-roles.ts) —, within each person's max_papers, never a
 * conflicted pair, maximising first the number of filled slots and then Σ(affinity + bid value) — exactly, with
 * the assignment library's min-cost-flow solver in a worker thread. keep_existing keeps every current assignment;
 * replace keeps only the locked ones (manual, or started). Reports progress (0..1) and returns the result the
 * chairs look at; nothing is assigned until they apply it.
 */
export async function computeAssignment(
  db: Db,
  input: { eventId: number; mode: AssignmentMode; role?: AssignmentRole },
  onProgress: (progress: number) => Promise<void> = async () => undefined,
): Promise<{ result: AssignmentResultDto; fingerprint: string }> {
  const event = await findEventById(db, input.eventId);
  if (!event) throw new Error(`event ${input.eventId} not found`);
  await syncConflicts(db, event.id);
  const role = input.role ?? 'reviewer';
  const side = ASSIGNMENT_SIDES[role];
  const [papers, reviewers, assignments, conflictPairs, bids] = await Promise.all([
    findReviewableSubmissions(db, event.id),
    side.people(db, event.id),
    side.current(db, event.id),
    findEventConflictPairs(db, event.id),
    findEventBids(db, event.id),
  ]);
  const fingerprint = await assignmentFingerprint(db, event.id, role);
  await onProgress(0.05);

  const paperIndex = new Map(papers.map((paper, p) => [paper.id, p]));
  const reviewerIndex = new Map(reviewers.map((reviewer, r) => [reviewer.userId, r]));
  const conflicted = new Set(conflictPairs.map((row) => `${row.submissionId}:${row.userId}`));
  const bidOf = new Map(bids.map((row) => [`${row.submissionId}:${row.userId}`, row.value as BidValue]));
  const perPaper = side.perPaper(event);

  // Which existing assignments stay (fixed edges), which count against a reviewer from outside the problem, and
  // which replace mode may drop.
  const demand = new Int32Array(papers.length).fill(perPaper);
  const capacity = Int32Array.from(reviewers.map((reviewer) => reviewer.maxPapers));
  const fixed: [number, number][] = [];
  const free: Assignment[] = [];
  for (const row of assignments) {
    const p = paperIndex.get(row.submissionId);
    const r = reviewerIndex.get(row.reviewerId);
    const stays = input.mode === 'keep_existing' || isLocked(row);
    if (p === undefined) {
      if (r !== undefined) capacity[r] = Math.max(0, (capacity[r] as number) - 1);
    } else if (r === undefined) {
      if (stays) demand[p] = Math.max(0, (demand[p] as number) - 1);
    } else if (stays) {
      fixed.push([p, r]);
    } else {
      free.push(row);
    }
  }

  const inputs = await loadAffinityInputs(db, {
    reviewers,
    submissionIds: papers.map((paper) => paper.id),
    fullText: true,
  });
  await onProgress(0.15);
  const isConflicted = (p: number, r: number) =>
    conflicted.has(`${papers[p]?.id}:${reviewers[r]?.userId}`) ||
    bidOf.get(`${papers[p]?.id}:${reviewers[r]?.userId}`) === 'conflict';
  const bidValue = (p: number, r: number) => bidScore(bidOf.get(`${papers[p]?.id}:${reviewers[r]?.userId}`));
  let affinityOf: (p: number, r: number) => number;
  let reasonsOf: (p: number, r: number) => string[];
  let candidates: ((p: number) => Iterable<number>) | undefined;
  if (papers.length * reviewers.length <= FULL_MATRIX_MAX_PAIRS) {
    const scores = papers.length > 0 && reviewers.length > 0 ? scoreAffinity(inputs) : undefined;
    affinityOf = (p, r) => scores?.scores[r * papers.length + p] ?? 0;
    reasonsOf = (p, r) => scores?.reasons(r, p) ?? [];
  } else {
    const k = Math.min(reviewers.length, Math.max(MIN_CANDIDATES, 10 * perPaper));
    const top = topAffinity(inputs, { k, exclude: (r, s) => isConflicted(s, r) });
    const best = new Map<string, number>();
    const lists: number[][] = papers.map(() => []);
    for (let p = 0; p < papers.length; p++) {
      for (let i = 0; i < k; i++) {
        const r = top.reviewers[p * k + i] as number;
        if (r < 0) continue;
        best.set(edgeKey(p, r), top.scores[p * k + i] as number);
        lists[p]?.push(r);
      }
    }
    for (const row of bids) {
      const p = paperIndex.get(row.submissionId);
      const r = reviewerIndex.get(row.userId);
      if (p !== undefined && r !== undefined && bidScore(row.value) > 0 && !lists[p]?.includes(r)) lists[p]?.push(r);
    }
    for (const row of free) {
      const p = paperIndex.get(row.submissionId) as number;
      const r = reviewerIndex.get(row.reviewerId) as number;
      if (!lists[p]?.includes(r)) lists[p]?.push(r);
    }
    affinityOf = (p, r) => best.get(edgeKey(p, r)) ?? 0;
    reasonsOf = (p, r) => top.reasons(r, p);
    candidates = (p) => lists[p] ?? [];
  }
  const { problem } = buildProblem({
    papers: papers.length,
    reviewers: reviewers.length,
    score: (p, r) => affinityOf(p, r) + bidValue(p, r),
    candidates,
    isConflicted,
    demand,
    capacity,
    fixed,
  });
  await onProgress(0.25);
  let lastReported = 0.25;
  let reporting = Promise.resolve();
  const solution = await solveAssignmentInWorker(problem, (fraction) => {
    const progress = 0.25 + 0.7 * fraction;
    if (progress - lastReported < 0.05 && fraction < 1) return;
    lastReported = progress;
    reporting = reporting.then(() => onProgress(progress)).catch(() => undefined);
  });
  await reporting;

  // The result the chairs look at.
  const fixedKeys = new Set(fixed.map(([p, r]) => edgeKey(p, r)));
  const freeKeys = new Set(
    free.map((row) => edgeKey(paperIndex.get(row.submissionId) as number, reviewerIndex.get(row.reviewerId) as number)),
  );
  const ref = (p: number) => {
    const paper = papers[p] as (typeof papers)[number];
    return { id: paper.id, public_id: paper.publicId, title: paper.title };
  };
  const person = (r: number) => presentReviewerRef(reviewers[r] as EventReviewer);
  const pairs: ProposedPairDto[] = [];
  const paperScore = new Float64Array(papers.length);
  const assignedCount = new Int32Array(papers.length);
  const load = Int32Array.from(reviewers.map((reviewer, r) => reviewer.maxPapers - (capacity[r] as number)));
  const chosen = new Set<string>();
  for (let e = 0; e < problem.edgePaper.length; e++) {
    if (!solution.assigned[e]) continue;
    const p = problem.edgePaper[e] as number;
    const r = problem.edgeReviewer[e] as number;
    const key = edgeKey(p, r);
    chosen.add(key);
    const score = problem.edgeScore[e] as number;
    paperScore[p] = (paperScore[p] as number) + score;
    assignedCount[p] = (assignedCount[p] as number) + 1;
    load[r] = (load[r] as number) + 1;
    const bid = bidOf.get(`${papers[p]?.id}:${reviewers[r]?.userId}`) ?? null;
    pairs.push({
      submission: ref(p),
      reviewer: person(r),
      score: round(score),
      affinity: round(affinityOf(p, r)),
      bid,
      reasons: reasonsOf(p, r),
      existing: fixedKeys.has(key) || freeKeys.has(key),
    });
  }
  pairs.sort((a, b) => a.submission.id - b.submission.id || b.score - a.score);
  const removed = free.flatMap((row) => {
    const p = paperIndex.get(row.submissionId) as number;
    const r = reviewerIndex.get(row.reviewerId) as number;
    return chosen.has(edgeKey(p, r)) ? [] : [{ submission: ref(p), reviewer: person(r) }];
  });
  let lowest: number | null = null;
  for (let p = 0; p < papers.length; p++) {
    if (lowest === null || (paperScore[p] as number) < (paperScore[lowest] as number)) lowest = p;
  }
  const histogram = new Map<number, number>();
  for (const value of load) histogram.set(value, (histogram.get(value) ?? 0) + 1);
  const eligible = (p: number) => reviewers.filter((_, r) => !isConflicted(p, r)).length;
  const short = papers.flatMap((_, p) => {
    const missing = solution.shortfall[p] as number;
    if (missing <= 0) return [];
    const eligibleReviewers = eligible(p);
    const wanted = demand[p] as number;
    const code = eligibleReviewers < wanted ? side.shortNoEligible : side.shortCapacity;
    const params = { eligible: eligibleReviewers, wanted };
    return [
      {
        submission: ref(p),
        wanted,
        assigned: assignedCount[p] as number,
        eligible_reviewers: eligibleReviewers,
        reason: { code, params, message: reviewMessage(code, params) },
      },
    ];
  });
  return {
    fingerprint,
    result: {
      pairs,
      new_count: pairs.filter((pair) => !pair.existing).length,
      removed,
      total_score: round(solution.objective),
      lowest_paper_score: lowest === null ? null : round(paperScore[lowest] as number),
      lowest_paper: lowest === null ? null : ref(lowest),
      load_histogram: [...histogram.entries()]
        .sort((a, b) => a[0] - b[0])
        .map(([papersCount, reviewersCount]) => ({ papers: papersCount, reviewers: reviewersCount })),
      short,
      reviewers_per_paper: perPaper,
      papers: papers.length,
      reviewers: reviewers.length,
      // Stored as computed; each viewer's copy says how many papers it leaves out for them (assignment-preview.routes).
      hidden_papers: 0,
    },
  };
}

/**
 * Runs one preview (the job's body): marks it running, computes, stores the result and its fingerprint (done) or
 * the failure (failed). A preview discarded meanwhile is simply not written. Idempotent: a preview already done,
 * failed or applied is left alone.
 */
export async function runAssignmentPreview(db: Db, previewId: number): Promise<{ status: string }> {
  const [started] = await db
    .update(assignmentPreviews)
    .set({ status: 'running', progress: 0 })
    .where(and(eq(assignmentPreviews.id, previewId), inArray(assignmentPreviews.status, ['queued', 'running'])))
    .returning();
  if (!started) return { status: 'skipped' };
  const mine = and(eq(assignmentPreviews.id, previewId), eq(assignmentPreviews.status, 'running'));
  try {
    const { result, fingerprint } = await computeAssignment(
      db,
      { eventId: started.eventId, mode: started.mode, role: started.role },
      async (progress) => {
        await db.update(assignmentPreviews).set({ progress }).where(mine);
      },
    );
    await db
      .update(assignmentPreviews)
      .set({ status: 'done', progress: 1, result, fingerprint, finishedAt: new Date() })
      .where(mine);
    return { status: 'done' };
  } catch (error) {
    await db
      .update(assignmentPreviews)
      .set({
        status: 'failed',
        error: error instanceof Error ? error.message.slice(0, 2000) : String(error),
        finishedAt: new Date(),
      })
      .where(mine);
    return { status: 'failed' };
  }
}
