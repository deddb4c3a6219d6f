import type { AssignmentSource, BidValue, ConflictType, ReviewStatus, StructuredReviewDto } from '@confero/contracts';
import { deriveRecommendation } from '@confero/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';
import { bids, conflictOverrides, conflicts, reviews } from '../../src/db/schema/index.ts';
import { makePublicId, nextId } from '../../src/lib/ids.ts';

type Target = Db | { db: Db };
const dbOf = (target: Target): Db => ('db' in target ? target.db : target);

/** A complete review form with the given overall score. */
export function structuredReview(
  score = 2,
  overrides: Partial<{ strengths: string[]; weaknesses: string[]; justification: string; comment: string }> = {},
): Omit<StructuredReviewDto, 'confidential_remarks_for_pc'> {
  return {
    overall_evaluation: {
      score,
      summary: {
        strengths: overrides.strengths ?? ['Clear problem statement'],
        weaknesses: overrides.weaknesses ?? ['Small evaluation'],
      },
      justification: overrides.justification ?? 'The contribution is solid but the evaluation is small.',
    },
    confidence: { score: 4, comment: overrides.comment ?? 'I work in this area.' },
    criteria: [],
  };
}

export type BuildReviewOptions = {
  submission: { id: number };
  reviewer: { id: number };
  status?: ReviewStatus;
  source?: AssignmentSource;
  assignedBy?: { id: number };
  /** For in_progress and completed reviews: the overall score (default 2). */
  score?: number;
  commentsToAuthor?: string;
  commentsToChair?: string;
  confidentialRemarks?: string;
};

/**
 * Writes a real review row as an assignment (and, for in_progress or completed, the saves) would leave it: the next
 * ordinal of the submission, the recommendation derived from the score, version 1 (assigned) or 2 (saved once).
 */
export async function buildReview(target: Target, options: BuildReviewOptions) {
  const db = dbOf(target);
  const status = options.status ?? 'assigned';
  const written = status !== 'assigned';
  const score = options.score ?? 2;
  const id = await nextId(db, 'reviews');
  const [next] = await db
    .select({ value: sql<number>`coalesce(max(${reviews.ordinal}), 0) + 1` })
    .from(reviews)
    .where(eq(reviews.submissionId, options.submission.id));
  const [row] = await db
    .insert(reviews)
    .values({
      id,
      publicId: makePublicId(id),
      submissionId: options.submission.id,
      reviewerId: options.reviewer.id,
      ordinal: Number(next?.value ?? 1),
      status,
      source: options.source ?? 'manual',
      assignedBy: options.assignedBy?.id ?? null,
      ...(written
        ? {
            overallScore: score,
            confidence: 4,
            recommendation: deriveRecommendation(score),
            structuredReview: structuredReview(score),
            commentsToAuthor: options.commentsToAuthor ?? 'Thank you for this paper.',
            commentsToChair: options.commentsToChair ?? '',
            confidentialRemarks: options.confidentialRemarks ?? '',
            version: 2,
            completedAt: status === 'completed' ? new Date() : null,
          }
        : {}),
    })
    .returning();
  if (!row) throw new Error('review insert returned no row');
  return row;
}

/** Writes (or changes) a bid. */
export async function buildBid(
  target: Target,
  options: { submission: { id: number }; user: { id: number }; value: BidValue },
) {
  const [row] = await dbOf(target)
    .insert(bids)
    .values({ submissionId: options.submission.id, userId: options.user.id, value: options.value })
    .onConflictDoUpdate({ target: [bids.submissionId, bids.userId], set: { value: options.value } })
    .returning();
  if (!row) throw new Error('bid insert returned no row');
  return row;
}

/** Writes a conflict of interest (declared unless told otherwise); with `declaredBy`, its override row too. */
export async function buildConflict(
  target: Target,
  options: {
    submission: { id: number };
    user: { id: number };
    type?: ConflictType;
    source?: 'declared' | 'detected';
    reason?: string;
    declaredBy?: { id: number };
  },
) {
  const db = dbOf(target);
  const [row] = await db
    .insert(conflicts)
    .values({
      submissionId: options.submission.id,
      userId: options.user.id,
      type: options.type ?? 'personal',
      source: options.source ?? 'declared',
      reason: options.reason ?? 'Declared by the test factory',
    })
    .returning();
  if (!row) throw new Error('conflict insert returned no row');
  if (options.declaredBy) {
    await db.insert(conflictOverrides).values({
      submissionId: options.submission.id,
      userId: options.user.id,
      kind: 'declared',
      decidedBy: options.declaredBy.id,
    });
  }
  return row;
}

/** The conflict row of a pair, if any. */
export async function findConflict(target: Target, submission: { id: number }, user: { id: number }) {
  const [row] = await dbOf(target)
    .select()
    .from(conflicts)
    .where(and(eq(conflicts.submissionId, submission.id), eq(conflicts.userId, user.id)));
  return row;
}

/** Counts the SQL statements the app runs during `fn`: the N+1 check of lists (`test/statements.ts`). */
export { countQueries } from '../statements.ts';
