import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { reviews } from '../../../db/schema/index.ts';
import { recordAudit } from '../../../lib/audit.ts';
import type { Actor } from '../../../plugins/auth.ts';
import { hasConflict } from '../../conflicts/conflicts.queries.ts';
import { syncConflicts } from '../../conflicts/conflicts.service.ts';
import { reviewError, reviewFieldError } from '../../reviews/review-errors.ts';
import {
  type EventReviewer,
  findEventReviewers,
  findReviewOfPair,
  findUserByIdParam,
  type ReviewRow,
  reviewerLoads,
} from '../../reviews/reviews.queries.ts';
import type { SubmissionEvent } from '../../submissions/submissions.queries.ts';
import { insertAssignment, queueUnassignedMail } from './create-assignment.ts';

export type AssignInput = {
  actor: Actor;
  event: SubmissionEvent;
  submission: { id: number; publicId: string; title: string };
  reviewerId: string | number | null | undefined;
  force?: boolean;
  publicUrl: string;
};

const nameOf = (reviewer: EventReviewer) => `${reviewer.firstName} ${reviewer.lastName}`.trim() || reviewer.email;

/**
 * Assigns a reviewer to a submission by hand (`POST submissions/{id}/assign/`), checked in this order:
 * reviewer_id (required; an active reviewer of the event, else 400), conflicts of interest (detected afresh; 409
 * CONFLICT_OF_INTEREST with the reason — never overridable), an existing assignment (409 ALREADY_ASSIGNED), the
 * reviewer's max_papers in the event (409 REVIEWER_AT_CAPACITY unless `force`). Then the review row, the audit entry
 * and the 'reviews.assigned' mail, in one transaction. Who may call it is the caller's check.
 */
export async function assignReviewer(
  db: Db,
  input: AssignInput,
): Promise<{ review: ReviewRow; reviewer: EventReviewer }> {
  const { event, submission } = input;
  if (input.reviewerId === null || input.reviewerId === undefined || String(input.reviewerId).trim() === '') {
    throw reviewFieldError('reviewer_id', 'assignments.reviewerRequired');
  }
  const user = await findUserByIdParam(db, input.reviewerId);
  const [reviewer] = user ? await findEventReviewers(db, event.id, [user.id]) : [];
  if (!reviewer) throw reviewFieldError('reviewer_id', 'assignments.reviewerNotFound');
  await syncConflicts(db, event.id, { submissionIds: [submission.id], userIds: [reviewer.userId] });
  const conflict = await hasConflict(db, submission.id, reviewer.userId);
  if (conflict) {
    throw reviewError(409, 'CONFLICT_OF_INTEREST', 'assignments.conflicted', {
      name: nameOf(reviewer),
      reason: conflict.reason || conflict.type,
    });
  }
  if (await findReviewOfPair(db, submission.id, reviewer.userId)) {
    throw reviewError(409, 'ALREADY_ASSIGNED', 'assignments.alreadyAssigned', { name: nameOf(reviewer) });
  }
  const load = (await reviewerLoads(db, event.id)).get(reviewer.userId) ?? 0;
  if (load >= reviewer.maxPapers && !input.force) {
    throw reviewError(409, 'REVIEWER_AT_CAPACITY', 'assignments.atCapacity', {
      name: nameOf(reviewer),
      load,
      max: reviewer.maxPapers,
    });
  }
  const review = await db.transaction((tx) =>
    insertAssignment(tx, {
      event,
      submission,
      reviewer,
      source: 'manual',
      assignedBy: input.actor.id,
      publicUrl: input.publicUrl,
    }),
  );
  if (!review) throw reviewError(409, 'ALREADY_ASSIGNED', 'assignments.alreadyAssigned', { name: nameOf(reviewer) });
  return { review, reviewer };
}

/**
 * Removes an assignment (`DELETE submissions/{id}/assign/{reviewer_id}/`): 404 when the reviewer is not assigned,
 * 409 when their review is already submitted (it stays). A draft (in_progress) is deleted with it. In one
 * transaction: the deletion, its audit entry and the 'reviews.unassigned' mail telling the reviewer, in their
 * language, that they no longer review the paper (and that their draft was deleted, when there was one).
 */
export async function unassignReviewer(
  db: Db,
  input: {
    actor: Actor;
    event: { id: number; title: string };
    submission: { id: number; title: string };
    reviewerId: string;
    publicUrl: string;
  },
): Promise<void> {
  const { event, submission } = input;
  const user = await findUserByIdParam(db, input.reviewerId);
  const review = user ? await findReviewOfPair(db, submission.id, user.id) : undefined;
  if (!user || !review) throw reviewError(404, 'NOT_FOUND', 'assignments.notAssigned');
  if (review.status === 'completed') throw reviewError(409, 'CONFLICT', 'assignments.reviewCompleted');
  await db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(reviews)
      .where(and(eq(reviews.id, review.id), ne(reviews.status, 'completed')))
      .returning({ id: reviews.id, status: reviews.status });
    if (!removed) throw reviewError(409, 'CONFLICT', 'assignments.reviewCompleted');
    await recordAudit(tx, {
      actorId: input.actor.id,
      eventId: event.id,
      entity: 'review',
      entityId: review.id,
      action: 'review.unassigned',
      data: { submission_id: submission.id, reviewer_id: review.reviewerId, status: removed.status },
    });
    await queueUnassignedMail(tx, {
      reviewer: user,
      submission,
      event,
      draftDeleted: removed.status === 'in_progress',
      publicUrl: input.publicUrl,
    });
  });
}
