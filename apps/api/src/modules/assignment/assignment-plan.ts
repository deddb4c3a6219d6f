import crypto from 'node:crypto';
import { BID_SCORES, BID_VALUES } from '@confero/contracts';
import type { AffinityDocument } from './affinity/index.ts';
import { type AffinityInputs, scoreAffinity, topAffinity } from './affinity-corpus.ts';
import { buildProblem } from './assignment-problem.ts';
import { solveAssignment } from './solver/solver.ts';

/*
 * The CPU part of the automatic assignment (commands/compute-assignment.ts), pure and on plain data so that it runs
 * in the worker pool (assignment-plan.task.ts) while the request thread keeps serving: the fingerprint of what it
 * was computed from, the affinity of reviewers and papers, the problem (candidates, conflicts, bids, what stays),
 * the exact solve, and the result by paper and reviewer index. The caller loads the rows (SQL stays on the request
 * thread: it is I/O) and passes them as typed arrays; it presents the result with the rows it holds.
 */

/** Above this many (reviewer, paper) pairs, only the best candidates of each paper (and bids) become edges. */
export const FULL_MATRIX_MAX_PAIRS = 250_000;
/** Candidates per paper in large events: at least this many, and ten times the demand. */
export const MIN_CANDIDATES = 50;

/** What a bid adds to the affinity (a 'conflict' bid is a conflict, so it adds nothing). */
export function bidScore(value: string | null | undefined): number {
  return value && value in BID_SCORES ? BID_SCORES[value as keyof typeof BID_SCORES] : 0;
}

/** An event's current assignments of one role, column by column. */
export type AssignmentColumns = {
  submissionIds: Int32Array;
  reviewerIds: Int32Array;
  /** 1 while the assignment is untouched ('assigned'), 0 once its review started. */
  untouched: Uint8Array;
  sources: string[];
};

/** Pairs of (submission id, user id), column by column: the event's stored conflicts. */
export type PairColumns = { submissionIds: Int32Array; userIds: Int32Array };

/** Pairs (submission id, user id) in ascending order, as keys submission × 2³² + user. */
function sortedPairKeys(pairs: PairColumns): Float64Array {
  const keys = new Float64Array(pairs.submissionIds.length);
  for (let i = 0; i < keys.length; i++) {
    keys[i] = (pairs.submissionIds[i] as number) * 2 ** 32 + (pairs.userIds[i] as number);
  }
  return keys.sort();
}

/** Characters hashed per update: one call per chunk instead of one per row. */
const HASH_CHUNK = 64 * 1024;

/**
 * A hash of the event's assignments of one role and conflicts of interest: a preview computed from other data than
 * the event holds now is stale and is not applied. Hashes the assignments in the order given (the query orders
 * them) and the conflicts ordered by submission and user, whatever order they come in.
 */
export function fingerprintOf(input: { assignments: AssignmentColumns; conflicts: PairColumns }): string {
  const { assignments, conflicts } = input;
  const hash = crypto.createHash('sha256');
  let chunk = '';
  const write = (text: string) => {
    chunk += text;
    if (chunk.length < HASH_CHUNK) return;
    hash.update(chunk);
    chunk = '';
  };
  for (let i = 0; i < assignments.submissionIds.length; i++) {
    const state = assignments.untouched[i] ? 'u' : 's';
    write(`a${assignments.submissionIds[i]}-${assignments.reviewerIds[i]}-${state}-${assignments.sources[i]};`);
  }
  for (const key of sortedPairKeys(conflicts)) write(`c${Math.floor(key / 2 ** 32)}-${key % 2 ** 32};`);
  hash.update(chunk);
  return hash.digest('hex');
}

export type PlanInput = {
  /** The papers that take reviews, and the people assigned (reviewers or area chairs), in the caller's order. */
  paperIds: Int32Array;
  reviewerIds: Int32Array;
  maxPapers: Int32Array;
  perPaper: number;
  keepExisting: boolean;
  assignments: AssignmentColumns;
  conflicts: PairColumns;
  /** Bids: values are indexes into BID_VALUES. */
  bids: PairColumns & { values: Uint8Array };
  affinity: AffinityInputs;
};

/**
 * The affinity inputs as sent to the pool: the documents (the texts, most of the bytes) go in batches of their own,
 * so that no single copy holds the sending thread for long; reviewers and submissions name them by id.
 */
export type AffinityShape = {
  reviewers: { id: string; expertise?: string; bio?: string; paperIds: string[] }[];
  submissionIds: string[];
  documentCount: number;
};

/** Splits affinity inputs into their shape and their documents (affinityFrom puts them together again). */
export function affinityShape(inputs: AffinityInputs): AffinityShape {
  return {
    reviewers: inputs.reviewers.map(({ papers, ...reviewer }) => ({
      ...reviewer,
      paperIds: papers.map((doc) => doc.id),
    })),
    submissionIds: inputs.submissions.map((doc) => doc.id),
    documentCount: inputs.corpus.length,
  };
}

/** The affinity inputs from their shape and the documents (every document a reviewer or submission names). */
export function affinityFrom(shape: AffinityShape, documents: readonly AffinityDocument[]): AffinityInputs {
  const byId = new Map(documents.map((doc) => [doc.id, doc]));
  const named = (ids: string[]) => ids.flatMap((id) => byId.get(id) ?? []);
  return {
    reviewers: shape.reviewers.map(({ paperIds, ...reviewer }) => ({ ...reviewer, papers: named(paperIds) })),
    submissions: named(shape.submissionIds),
    corpus: [...documents],
  };
}

export type PlanResult = {
  fingerprint: string;
  /** The assigned pairs (existing ones kept included), by paper and reviewer index. */
  pairs: {
    paper: Int32Array;
    reviewer: Int32Array;
    score: Float64Array;
    affinity: Float64Array;
    /** Index into BID_VALUES, or −1 without a bid. */
    bid: Int8Array;
    existing: Uint8Array;
    reasons: string[][];
  };
  /** Existing assignments replace mode drops: [paper, reviewer] indexes, flattened. */
  removed: Int32Array;
  objective: number;
  /** Per reviewer, papers held after the assignment (outside the problem included). */
  load: Int32Array;
  /** Per paper: reviewers wanted, assigned, missing, and those without a conflict with it. */
  demand: Int32Array;
  assigned: Int32Array;
  shortfall: Int32Array;
  eligible: Int32Array;
  /** Per paper: the total score of its reviewers. */
  paperScore: Float64Array;
};

/** Up to this many (paper, reviewer) pairs, conflicts and bids are kept in flat arrays, a byte per pair. */
export const FLAT_PAIRS_MAX = 16_000_000;

/**
 * A small non-negative value per (paper, reviewer) pair key, −1 when unset: a flat array up to FLAT_PAIRS_MAX pairs
 * (3 MB at 2,000 × 1,500, looked up without hashing), a map above.
 */
export function pairValues(pairs: number): { get: (key: number) => number; set: (key: number, value: number) => void } {
  if (pairs <= FLAT_PAIRS_MAX) {
    const values = new Int8Array(pairs).fill(-1);
    return {
      get: (key) => values[key] as number,
      set: (key, value) => {
        values[key] = value;
      },
    };
  }
  const values = new Map<number, number>();
  return {
    get: (key) => values.get(key) ?? -1,
    set: (key, value) => {
      values.set(key, value);
    },
  };
}

function indexOf(ids: Int32Array): Map<number, number> {
  const index = new Map<number, number>();
  for (let i = 0; i < ids.length; i++) index.set(ids[i] as number, i);
  return index;
}

/**
 * Plans an automatic assignment (`docs/domain.md#automatic-assignment`): every paper gets `perPaper` people within
 * each one's max_papers, never a conflicted pair (stored conflict or 'conflict' bid), maximising first the filled
 * slots and then Σ(affinity + bid value), exactly. keepExisting keeps every current assignment; otherwise only the
 * locked ones stay. Reports progress from 0.15 to 0.95 through `onProgress`.
 */
export function planAssignment(input: PlanInput, onProgress: (progress: number) => void = () => undefined): PlanResult {
  const fingerprint = fingerprintOf(input);
  const P = input.paperIds.length;
  const R = input.reviewerIds.length;
  const paperIndex = indexOf(input.paperIds);
  const reviewerIndex = indexOf(input.reviewerIds);
  const pairOf = (p: number, r: number) => p * R + r;

  const conflicted = pairValues(P * R);
  const conflictedPerPaper = new Int32Array(P);
  const addConflict = (p: number | undefined, r: number | undefined) => {
    if (p === undefined || r === undefined || conflicted.get(pairOf(p, r)) === 1) return;
    conflicted.set(pairOf(p, r), 1);
    conflictedPerPaper[p] = (conflictedPerPaper[p] as number) + 1;
  };
  for (let i = 0; i < input.conflicts.submissionIds.length; i++) {
    addConflict(
      paperIndex.get(input.conflicts.submissionIds[i] as number),
      reviewerIndex.get(input.conflicts.userIds[i] as number),
    );
  }
  const bidOf = pairValues(P * R);
  /** The bids on pairs of the problem, in the order given: pair keys. */
  const bidPairs: number[] = [];
  for (let i = 0; i < input.bids.submissionIds.length; i++) {
    const p = paperIndex.get(input.bids.submissionIds[i] as number);
    const r = reviewerIndex.get(input.bids.userIds[i] as number);
    if (p === undefined || r === undefined) continue;
    const value = input.bids.values[i] as number;
    bidOf.set(pairOf(p, r), value);
    bidPairs.push(pairOf(p, r));
    if (BID_VALUES[value] === 'conflict') addConflict(p, r);
  }
  const isConflicted = (p: number, r: number) => conflicted.get(pairOf(p, r)) === 1;
  const bidValue = (p: number, r: number) => {
    const value = bidOf.get(pairOf(p, r));
    return value < 0 ? 0 : bidScore(BID_VALUES[value]);
  };

  // Which existing assignments stay (fixed edges), which count against a person from outside the problem, and
  // which replace mode may drop.
  const demand = new Int32Array(P).fill(input.perPaper);
  const capacity = Int32Array.from(input.maxPapers);
  const fixed: [number, number][] = [];
  const free: [number, number][] = [];
  const { assignments } = input;
  for (let i = 0; i < assignments.submissionIds.length; i++) {
    const p = paperIndex.get(assignments.submissionIds[i] as number);
    const r = reviewerIndex.get(assignments.reviewerIds[i] as number);
    // Locked (made by hand, or its review started): it stays whatever the mode (isLocked).
    const locked = assignments.sources[i] === 'manual' || !assignments.untouched[i];
    const stays = input.keepExisting || locked;
    if (p === undefined) {
      if (r !== undefined) capacity[r] = Math.max(0, (capacity[r] as number) - 1);
    } else if (r === undefined) {
      if (stays) demand[p] = Math.max(0, (demand[p] as number) - 1);
    } else if (stays) {
      fixed.push([p, r]);
    } else {
      free.push([p, r]);
    }
  }

  let affinityOf: (p: number, r: number) => number;
  let reasonsOf: (p: number, r: number) => string[];
  let candidates: ((p: number) => Iterable<number>) | undefined;
  if (P * R <= FULL_MATRIX_MAX_PAIRS) {
    const scores = P > 0 && R > 0 ? scoreAffinity(input.affinity) : undefined;
    affinityOf = (p, r) => scores?.scores[r * P + p] ?? 0;
    reasonsOf = (p, r) => scores?.reasons(r, p) ?? [];
  } else {
    const k = Math.min(R, Math.max(MIN_CANDIDATES, 10 * input.perPaper));
    const top = topAffinity(input.affinity, { k, exclude: (r, s) => isConflicted(s, r) });
    const best = new Map<number, number>();
    const lists: Set<number>[] = Array.from({ length: P }, () => new Set());
    for (let p = 0; p < P; p++) {
      for (let i = 0; i < k; i++) {
        const r = top.reviewers[p * k + i] as number;
        if (r < 0) continue;
        best.set(pairOf(p, r), top.scores[p * k + i] as number);
        lists[p]?.add(r);
      }
    }
    for (const pair of bidPairs) {
      if (bidScore(BID_VALUES[bidOf.get(pair)]) > 0) lists[Math.floor(pair / R)]?.add(pair % R);
    }
    for (const [p, r] of free) lists[p]?.add(r);
    affinityOf = (p, r) => best.get(pairOf(p, r)) ?? 0;
    reasonsOf = (p, r) => top.reasons(r, p);
    candidates = (p) => lists[p] ?? [];
  }
  onProgress(0.2);
  const { problem } = buildProblem({
    papers: P,
    reviewers: R,
    score: (p, r) => affinityOf(p, r) + bidValue(p, r),
    candidates,
    isConflicted,
    demand,
    capacity,
    fixed,
  });
  onProgress(0.25);
  let lastReported = 0.25;
  const solution = solveAssignment(problem, {
    onProgress: (fraction) => {
      const progress = 0.25 + 0.7 * fraction;
      if (progress - lastReported < 0.05 && fraction < 1) return;
      lastReported = progress;
      onProgress(progress);
    },
  });

  const existingKeys = new Set([...fixed, ...free].map(([p, r]) => pairOf(p, r)));
  const chosen = new Set<number>();
  const count = solution.filled;
  const pairs: PlanResult['pairs'] = {
    paper: new Int32Array(count),
    reviewer: new Int32Array(count),
    score: new Float64Array(count),
    affinity: new Float64Array(count),
    bid: new Int8Array(count),
    existing: new Uint8Array(count),
    reasons: [],
  };
  const paperScore = new Float64Array(P);
  const assigned = new Int32Array(P);
  const load = Int32Array.from(input.maxPapers, (max, r) => max - (capacity[r] as number));
  let n = 0;
  for (let e = 0; e < problem.edgePaper.length; e++) {
    if (!solution.assigned[e]) continue;
    const p = problem.edgePaper[e] as number;
    const r = problem.edgeReviewer[e] as number;
    const score = problem.edgeScore[e] as number;
    chosen.add(pairOf(p, r));
    paperScore[p] = (paperScore[p] as number) + score;
    assigned[p] = (assigned[p] as number) + 1;
    load[r] = (load[r] as number) + 1;
    pairs.paper[n] = p;
    pairs.reviewer[n] = r;
    pairs.score[n] = score;
    pairs.affinity[n] = affinityOf(p, r);
    pairs.bid[n] = bidOf.get(pairOf(p, r));
    pairs.existing[n] = existingKeys.has(pairOf(p, r)) ? 1 : 0;
    pairs.reasons.push(reasonsOf(p, r));
    n++;
  }
  const removed = Int32Array.from(free.filter(([p, r]) => !chosen.has(pairOf(p, r))).flat());
  const eligible = Int32Array.from(conflictedPerPaper, (conflicts) => R - conflicts);
  onProgress(0.95);
  return {
    fingerprint,
    pairs,
    removed,
    objective: solution.objective,
    load,
    demand,
    assigned,
    shortfall: solution.shortfall,
    eligible,
    paperScore,
  };
}
