import type { AssignmentSource } from '@confero/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { reviews, submissions } from '../../../db/schema/index.ts';
import { recordAudit } from '../../../lib/audit.ts';
import { makePublicId, nextId } from '../../../lib/ids.ts';
import { queueMail } from '../../../mail/outbox.ts';
import type { ReviewRow } from '../../reviews/reviews.queries.ts';

export type NewAssignment = {
  event: { id: number; title: string; reviewDeadline: string };
  submission: { id: number; publicId: string; title: string };
  reviewer: { userId: number; email: string; firstName: string; locale: string };
  source: AssignmentSource;
  assignedBy: number;
  publicUrl: string;
};

/**
 * Writes one assignment — a review row `assigned`, numbered after the submission's other reviews — and, in the same
 * transaction (the caller's), its audit entry and the 'reviews.assigned' mail to the reviewer in their language.
 * The submission row is locked first so concurrent assignments of one paper get distinct numbers. Returns
 * undefined when the pair is already assigned. The callers check conflicts, membership and loads.
 */
export async function insertAssignment(tx: Db, assignment: NewAssignment): Promise<ReviewRow | undefined> {
  const { submission, reviewer, event } = assignment;
  await tx.select({ id: submissions.id }).from(submissions).where(eq(submissions.id, submission.id)).for('update');
  const id = await nextId(tx, 'reviews');
  const [row] = await tx
    .insert(reviews)
    .values({
      id,
      publicId: makePublicId(id),
      submissionId: submission.id,
      reviewerId: reviewer.userId,
      ordinal: sql`(select coalesce(max(r.ordinal), 0) + 1 from ${reviews} r where r.submission_id = ${submission.id})`,
      status: 'assigned',
      source: assignment.source,
      assignedBy: assignment.assignedBy,
    })
    .onConflictDoNothing({ target: [reviews.submissionId, reviews.reviewerId] })
    .returning();
  if (!row) return undefined;
  await recordAudit(tx, {
    actorId: assignment.assignedBy,
    eventId: event.id,
    entity: 'review',
    entityId: row.id,
    action: 'review.assigned',
    data: { submission_id: submission.id, reviewer_id: reviewer.userId, source: assignment.source },
  });
  await queueMail(tx, {
    to: reviewer.email,
    template: 'reviews.assigned',
    locale: reviewer.locale,
    eventId: event.id,
    data: {
      first_name: reviewer.firstName,
      submission_title: submission.title,
      event_title: event.title,
      review_deadline: event.reviewDeadline,
      link: `${assignment.publicUrl}/reviews/${row.publicId}`,
    },
  });
  return row;
}

/**
 * Queues the 'reviews.unassigned' mail telling a reviewer, in their language, that they no longer review a paper
 * (and that their saved draft was deleted, when there was one). Called in the transaction that removes the
 * assignment, whoever removes it: a chair unassigning by hand, or an automatic assignment applied in replace mode.
 */
export async function queueUnassignedMail(
  tx: Db,
  removal: {
    reviewer: { email: string; firstName: string; locale: string };
    submission: { title: string };
    event: { id: number; title: string };
    draftDeleted: boolean;
    publicUrl: string;
  },
): Promise<void> {
  await queueMail(tx, {
    to: removal.reviewer.email,
    template: 'reviews.unassigned',
    locale: removal.reviewer.locale,
    eventId: removal.event.id,
    data: {
      first_name: removal.reviewer.firstName,
      submission_title: removal.submission.title,
      event_title: removal.event.title,
      draft_deleted: removal.draftDeleted ? 'yes' : undefined,
      link: `${removal.publicUrl}/reviews`,
    },
  });
}
