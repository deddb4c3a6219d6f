import { setImmediate as nextTurn } from 'node:timers/promises';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import {
  type AssignmentMode,
  type AssignmentResultDto,
  type AssignmentRole,
  BID_VALUES,
  type ProposedPairDto,
  reviewMessage,
} from '@confero/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { assignmentPreviews, conflicts, reviews, submissions } from '../../../db/schema/index.ts';
import { queryRows } from '../../../lib/sql.ts';
import { defineWorkerTask, runInWorker } from '../../../lib/worker-pool.ts';
import { syncEventConflicts } from '../../conflicts/conflicts.service.ts';
import { findEventById } from '../../events/events.queries.ts';
import { presentReviewerRef } from '../../reviews/reviews.presenter.ts';
import { type EventReviewer, findReviewableSubmissions } from '../../reviews/reviews.queries.ts';
import type { AffinityDocument } from '../affinity/index.ts';
import { loadAffinityInputs } from '../affinity-corpus.ts';
import { findEventBidColumns, findEventConflictColumns } from '../assignment.queries.ts';
import type { PlanPortMessage, PlanTaskInput } from '../assignment-plan.task.ts';
import { type AssignmentColumns, affinityShape, type PlanInput, type PlanResult } from '../assignment-plan.ts';
import { ASSIGNMENT_SIDES, type CurrentAssignment } from '../assignment-roles.ts';

export { FULL_MATRIX_MAX_PAIRS, MIN_CANDIDATES } from '../assignment-plan.ts';

const taskModule = new URL('../assignment-plan.task.ts', import.meta.url);
const planTask = defineWorkerTask<PlanTaskInput, PlanResult & { mainThread: boolean }>(
  taskModule,
  'planAssignmentTask',
);
function assignmentColumns(rows: readonly CurrentAssignment[]): AssignmentColumns {
  return {
    submissionIds: Int32Array.from(rows, (row) => row.submissionId),
    reviewerIds: Int32Array.from(rows, (row) => row.reviewerId),
    untouched: Uint8Array.from(rows, (row) => (row.status === 'assigned' ? 1 : 0)),
    sources: rows.map((row) => row.source),
  };
}

/** Characters of document text per batch sent to the pool: a copy well under a millisecond. */
const BATCH_CHARS = 250_000;

/** Posts the documents in batches, yielding between them so requests are served while a large corpus is sent. */
async function sendDocuments(port: MessagePort, documents: readonly AffinityDocument[]): Promise<void> {
  let batch: AffinityDocument[] = [];
  let chars = 0;
  for (const doc of documents) {
    batch.push(doc);
    chars += (doc.fullText?.length ?? 0) + (doc.abstract?.length ?? 0) + (doc.title?.length ?? 0);
    if (chars < BATCH_CHARS) continue;
    port.postMessage(batch satisfies PlanPortMessage);
    batch = [];
    chars = 0;
    await nextTurn();
  }
  if (batch.length > 0) port.postMessage(batch satisfies PlanPortMessage);
}

/** The buffers of typed arrays moved to the pool's thread rather than copied. */
const buffersOf = (...arrays: { buffer: ArrayBufferLike }[]) => arrays.map((array) => array.buffer as ArrayBuffer);

/**
 * A hash of the event's assignments of one role (reviews with whether each is still untouched, or submissions'
 * area_chair_id with its source) and conflicts of interest: a preview computed from other data than the event holds
 * now is stale and is not applied. Computed by the database in one statement, over the very text `fingerprintOf`
 * (assignment-plan.ts) hashes when the preview is planned: hundreds of thousands of conflicts never reach the
 * request thread of an apply.
 */
export async function assignmentFingerprint(
  db: Db,
  eventId: number,
  role: AssignmentRole = 'reviewer',
): Promise<string> {
  const assignmentsText =
    role === 'reviewer'
      ? sql`select string_agg('a' || r.submission_id || '-' || r.reviewer_id || '-'
              || (case when r.status = 'assigned' then 'u' else 's' end) || '-' || r.source::text || ';', ''
              order by r.submission_id, r.reviewer_id)
            from ${reviews} r join ${submissions} s on s.id = r.submission_id where s.event_id = ${eventId}`
      : sql`select string_agg('a' || s.id || '-' || s.area_chair_id || '-u-' || coalesce(s.area_chair_source, 'manual')
              || ';', '' order by s.id)
            from ${submissions} s where s.event_id = ${eventId} and s.area_chair_id is not null`;
  const [row] = await queryRows<{ fingerprint: string }>(
    db,
    sql`select encode(sha256(convert_to(coalesce((${assignmentsText}), '') || coalesce((
          select string_agg('c' || c.submission_id || '-' || c.user_id || ';', '' order by c.submission_id, c.user_id)
          from ${conflicts} c where c.submission_id in (select id from ${submissions} where event_id = ${eventId})
        ), ''), 'UTF8')), 'hex') as fingerprint`,
  );
  if (!row) throw new Error(`no fingerprint for event ${eventId}`);
  return row.fingerprint;
}

/** Whether an existing assignment must stay whatever the mode: made by hand, or its review already started. */
export const isLocked = (row: Pick<CurrentAssignment, 'source' | 'status'>) =>
  row.source === 'manual' || row.status !== 'assigned';

const round = (value: number) => Math.round(value * 1e4) / 1e4;

/**
 * Computes an automatic assignment for an event (the 'reviews.assignment_preview' job): for every submission that
 * still takes reviews, reviewers_per_paper reviewers (review_settings) — or, for role 'area_chair', one of the
 * event's area chairs (assignment-roles.ts) —, within each person's max_papers, never a
 * conflicted pair, maximising first the number of filled slots and then Σ(affinity + bid value) — exactly, with
 * the assignment library's min-cost-flow solver. The rows are read here; the affinity, the problem and the solve
 * (assignment-plan.ts) run in the worker pool, so the thread serving requests stays free. keep_existing keeps every
 * current assignment; replace keeps only the locked ones (manual, or started). Reports progress (0..1) and returns
 * the result the chairs look at; nothing is assigned until they apply it.
 */
export async function computeAssignment(
  db: Db,
  input: { eventId: number; mode: AssignmentMode; role?: AssignmentRole },
  onProgress: (progress: number) => Promise<void> = async () => undefined,
): Promise<{ result: AssignmentResultDto; fingerprint: string }> {
  const event = await findEventById(db, input.eventId);
  if (!event) throw new Error(`event ${input.eventId} not found`);
  await syncEventConflicts(db, event.id);
  await onProgress(0.05);
  const role = input.role ?? 'reviewer';
  const side = ASSIGNMENT_SIDES[role];
  // The documents are read as soon as the papers and people are known, while the larger reads still run.
  const loadingPapers = findReviewableSubmissions(db, event.id);
  const loadingPeople = side.people(db, event.id);
  const [papers, reviewers, affinity, assignments, conflicts, bids] = await Promise.all([
    loadingPapers,
    loadingPeople,
    Promise.all([loadingPapers, loadingPeople]).then(([papers, reviewers]) =>
      loadAffinityInputs(db, { reviewers, submissionIds: papers.map((paper) => paper.id), fullText: true }),
    ),
    side.current(db, event.id),
    findEventConflictColumns(db, event.id),
    findEventBidColumns(db, event.id),
  ]);
  await onProgress(0.15);

  const plan: Omit<PlanInput, 'affinity'> = {
    paperIds: Int32Array.from(papers, (paper) => paper.id),
    reviewerIds: Int32Array.from(reviewers, (reviewer) => reviewer.userId),
    maxPapers: Int32Array.from(reviewers, (reviewer) => reviewer.maxPapers),
    perPaper: side.perPaper(event),
    keepExisting: input.mode === 'keep_existing',
    assignments: assignmentColumns(assignments),
    conflicts,
    bids,
  };
  const transferList = buffersOf(
    plan.paperIds,
    plan.reviewerIds,
    plan.maxPapers,
    plan.assignments.submissionIds,
    plan.assignments.reviewerIds,
    plan.assignments.untouched,
    plan.conflicts.submissionIds,
    plan.conflicts.userIds,
    plan.bids.submissionIds,
    plan.bids.userIds,
    plan.bids.values,
  );
  // The task's port takes the documents in batches and brings progress back, each report written after the previous
  // one; it is closed once its last message ('end') has arrived, or when the task fails.
  const { port1, port2 } = new MessageChannel();
  let reporting = Promise.resolve();
  const ended = new Promise<void>((resolve) => {
    port1.on('message', (message: PlanPortMessage) => {
      if (message === 'end') resolve();
      else if (typeof message === 'number')
        reporting = reporting.then(() => onProgress(message)).catch(() => undefined);
    });
  });
  let planned: PlanResult;
  try {
    const running = runInWorker(
      planTask,
      { ...plan, affinity: affinityShape(affinity), port: port2 },
      { transferList: [...transferList, port2] },
    );
    // A task failing while documents are still sent is answered below, by the await on `running`.
    running.catch(() => undefined);
    await sendDocuments(port1, affinity.corpus);
    planned = await running;
    await ended;
  } finally {
    port1.close();
  }
  await reporting;
  return { fingerprint: planned.fingerprint, result: presentPlan(planned, { papers, reviewers, side, event }) };
}

/** The result the chairs look at, from the plan's indexes and the rows they stand for. */
function presentPlan(
  planned: PlanResult,
  context: {
    papers: Awaited<ReturnType<typeof findReviewableSubmissions>>;
    reviewers: EventReviewer[];
    side: (typeof ASSIGNMENT_SIDES)[AssignmentRole];
    event: NonNullable<Awaited<ReturnType<typeof findEventById>>>;
  },
): AssignmentResultDto {
  const { papers, reviewers, side } = context;
  const ref = (p: number) => {
    const paper = papers[p] as (typeof papers)[number];
    return { id: paper.id, public_id: paper.publicId, title: paper.title };
  };
  const person = (r: number) => presentReviewerRef(reviewers[r] as EventReviewer);
  const pairs: ProposedPairDto[] = [];
  const chosen = planned.pairs;
  for (let i = 0; i < chosen.paper.length; i++) {
    const bid = chosen.bid[i] as number;
    pairs.push({
      submission: ref(chosen.paper[i] as number),
      reviewer: person(chosen.reviewer[i] as number),
      score: round(chosen.score[i] as number),
      affinity: round(chosen.affinity[i] as number),
      bid: bid < 0 ? null : (BID_VALUES[bid] ?? null),
      reasons: chosen.reasons[i] ?? [],
      existing: chosen.existing[i] === 1,
    });
  }
  pairs.sort((a, b) => a.submission.id - b.submission.id || b.score - a.score);
  const removed = [];
  for (let i = 0; i < planned.removed.length; i += 2) {
    removed.push({ submission: ref(planned.removed[i] as number), reviewer: person(planned.removed[i + 1] as number) });
  }
  let lowest: number | null = null;
  for (let p = 0; p < papers.length; p++) {
    if (lowest === null || (planned.paperScore[p] as number) < (planned.paperScore[lowest] as number)) lowest = p;
  }
  const histogram = new Map<number, number>();
  for (const value of planned.load) histogram.set(value, (histogram.get(value) ?? 0) + 1);
  const short = papers.flatMap((_, p) => {
    if ((planned.shortfall[p] as number) <= 0) return [];
    const eligibleReviewers = planned.eligible[p] as number;
    const wanted = planned.demand[p] as number;
    const code = eligibleReviewers < wanted ? side.shortNoEligible : side.shortCapacity;
    const params = { eligible: eligibleReviewers, wanted };
    return [
      {
        submission: ref(p),
        wanted,
        assigned: planned.assigned[p] as number,
        eligible_reviewers: eligibleReviewers,
        reason: { code, params, message: reviewMessage(code, params) },
      },
    ];
  });
  return {
    pairs,
    new_count: pairs.filter((pair) => !pair.existing).length,
    removed,
    total_score: round(planned.objective),
    lowest_paper_score: lowest === null ? null : round(planned.paperScore[lowest] as number),
    lowest_paper: lowest === null ? null : ref(lowest),
    load_histogram: [...histogram.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([papersCount, reviewersCount]) => ({ papers: papersCount, reviewers: reviewersCount })),
    short,
    reviewers_per_paper: side.perPaper(context.event),
    papers: papers.length,
    reviewers: reviewers.length,
    // Stored as computed; each viewer's copy says how many papers it leaves out for them (assignment-preview.routes).
    hidden_papers: 0,
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
