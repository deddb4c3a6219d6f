import type { CandidateDto, CandidatesDto } from '@confero/contracts';
import type { Db } from '../../../db/client.ts';
import { findBidsOfSubmission } from '../../bidding/bidding.queries.ts';
import { type ConflictReasonSource, conflictReasons } from '../../conflicts/conflicts.presenter.ts';
import { findSubmissionConflictRows } from '../../conflicts/conflicts.queries.ts';
import { isStaleDetection } from '../../conflicts/conflicts.service.ts';
import { detectEventConflicts } from '../../conflicts/detect-conflict.ts';
import { type DetectedConflict, pairKey, reasonText } from '../../conflicts/detection.ts';
import { presentReviewerRef } from '../../reviews/reviews.presenter.ts';
import {
  findEventReviewers,
  findReviewableSubmissions,
  findReviewsOfSubmission,
  reviewerLoads,
} from '../../reviews/reviews.queries.ts';
import type { SubmissionEvent } from '../../submissions/submissions.queries.ts';
import { loadAffinityInputs, scoreAffinity } from '../affinity-corpus.ts';
import { bidScore } from '../assignment-plan.ts';

const round = (value: number) => Math.round(value * 1e4) / 1e4;

/**
 * The conflicts of a paper's persons as the data has them now, without storing anything: the stored rows, less the
 * detected ones detection no longer finds, plus what detection finds that the periodic sync has not stored yet
 * (the same outcome `syncConflicts` would write). The area chair candidates of a paper read it too.
 */
export function currentConflicts(
  submissionId: number,
  stored: Map<number, ConflictReasonSource>,
  detected: Map<string, DetectedConflict>,
): Map<number, ConflictReasonSource> {
  const current = new Map<number, ConflictReasonSource>();
  for (const [userId, row] of stored) {
    if (!isStaleDetection(row.conflict, pairKey(submissionId, userId), detected)) current.set(userId, row);
  }
  for (const found of detected.values()) {
    if (found.submissionId !== submissionId || current.has(found.userId)) continue;
    current.set(found.userId, {
      conflict: { type: found.type, source: 'detected', reason: reasonText(found.reasons) },
      override: null,
      decider: null,
    });
  }
  return current;
}

/**
 * The reviewer candidates of a submission (`GET submissions/{id}/reviewer-candidates/`): every active reviewer of
 * the event with their affinity (and the matched terms), bid, load against max_papers, assignment, and conflict of
 * interest with its reasons — the same reasons as the conflicts list (`conflictReasons`) — then not assignable. The
 * bid is the reviewer's own, even when conflicted (a conflict adds no bid value to the score). Assignable candidates
 * come first, best score first.
 */
export async function listCandidates(
  db: Db,
  event: SubmissionEvent,
  submission: { id: number; publicId: string; title: string },
): Promise<CandidatesDto> {
  const [{ detected }, reviewers, loads, bids, assigned, stored, eventSubmissions] = await Promise.all([
    detectEventConflicts(db, event.id, { submissionIds: [submission.id] }),
    findEventReviewers(db, event.id),
    reviewerLoads(db, event.id),
    findBidsOfSubmission(db, submission.id),
    findReviewsOfSubmission(db, submission.id),
    findSubmissionConflictRows(db, submission.id),
    findReviewableSubmissions(db, event.id),
  ]);
  const conflicts = currentConflicts(submission.id, stored, detected);
  const reviews = new Map(assigned.map((review) => [review.reviewerId, review]));
  const inputs = await loadAffinityInputs(db, {
    reviewers,
    submissionIds: [submission.id],
    corpusIds: eventSubmissions.map((row) => row.id),
    fullText: true,
  });
  const affinity = reviewers.length > 0 && inputs.submissions.length > 0 ? scoreAffinity(inputs) : undefined;
  const candidates: CandidateDto[] = reviewers.map((reviewer, r) => {
    const conflict = conflicts.get(reviewer.userId);
    const review = reviews.get(reviewer.userId);
    const bid = bids.get(reviewer.userId)?.value ?? null;
    const load = loads.get(reviewer.userId) ?? 0;
    const score = affinity ? (affinity.scores[r] ?? 0) : 0;
    const reason = conflict ? 'conflict' : review ? 'assigned' : load >= reviewer.maxPapers ? 'at_capacity' : null;
    return {
      reviewer: presentReviewerRef({ ...reviewer, publicId: reviewer.publicId }),
      expertise: reviewer.expertise,
      max_papers: reviewer.maxPapers,
      load,
      affinity: round(score),
      affinity_terms: affinity && score > 0 ? affinity.reasons(r, 0) : [],
      bid,
      score: round(score + (conflict ? 0 : bidScore(bid))),
      assigned: review !== undefined,
      review_status: review?.status ?? null,
      conflict: conflict
        ? {
            type: conflict.conflict.type,
            source: conflict.conflict.source,
            reason: conflict.conflict.reason,
            reasons: conflictReasons(conflict, detected.get(pairKey(submission.id, reviewer.userId))),
          }
        : null,
      assignable: reason === null,
      not_assignable_reason: reason,
    };
  });
  candidates.sort(
    (a, b) =>
      Number(b.assignable) - Number(a.assignable) ||
      b.score - a.score ||
      a.reviewer.full_name.localeCompare(b.reviewer.full_name),
  );
  return {
    submission: { id: submission.id, public_id: submission.publicId, title: submission.title },
    reviewers_per_paper: event.reviewSettings.reviewers_per_paper,
    assigned_count: assigned.length,
    provider: 'local',
    candidates,
  };
}
