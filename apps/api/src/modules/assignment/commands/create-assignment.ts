import type { AssignmentSource } from '@confero/contracts';
import { asc, max, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { auditLog, reviews, submissions } from '../../../db/schema/index.ts';
import { makePublicId, nextIds } from '../../../lib/ids.ts';
import { queryRows } from '../../../lib/sql.ts';
import { type QueuedMail, queueMail, queueMails } from '../../../mail/outbox.ts';
import { inIds } from '../../conflicts/conflicts.queries.ts';
import type { ReviewRow } from '../../reviews/reviews.queries.ts';

type AssignedSubmission = { id: number; publicId: string; title: string };
type AssignedReviewer = { userId: number; email: string; firstName: string; locale: string };

type Pair = { submission: AssignedSubmission; reviewer: AssignedReviewer };

export type NewAssignments = {
  event: { id: number; title: string; reviewDeadline: string };
  pairs: Pair[];
  source: AssignmentSource;
  assignedBy: number;
  publicUrl: string;
  /**
   * 'each' (the default): a 'reviews.assigned' mail per pair written; 'none': no mail, the caller mails the reviewers
   * itself (an automatic apply sends each reviewer one mail listing their papers).
   */
  mail?: 'each' | 'none';
};

export type NewAssignment = Omit<NewAssignments, 'pairs'> & {
  submission: AssignedSubmission;
  reviewer: AssignedReviewer;
};

/**
 * Pairs written per batch: a batch's statements (lock, ordinals, ids, insert, audit, mails) stay bounded whatever the
 * event, and so does the time a batch holds the thread rendering its mails (~30 ms for 250 on a busy 2-core machine),
 * so requests served meanwhile stay fast.
 */
export const ASSIGNMENT_BATCH = 250;

/**
 * Pairs written per batch when no mail is rendered with them (an automatic apply mails each reviewer once, itself):
 * the batch's statements take their values as a few array parameters, so a larger batch costs the thread little
 * and saves the round trips of three in four batches (6,000 pairs: 6 batches instead of 24).
 */
export const SILENT_ASSIGNMENT_BATCH = 1000;

/**
 * Writes one assignment — a review row `assigned`, numbered after the submission's other reviews — and, in the same
 * transaction (the caller's), its audit entry and the 'reviews.assigned' mail to the reviewer in their language.
 * Returns undefined when the pair is already assigned. The callers check conflicts, membership and loads.
 */
export async function insertAssignment(tx: Db, assignment: NewAssignment): Promise<ReviewRow | undefined> {
  const { submission, reviewer, ...rest } = assignment;
  const [row] = await insertAssignments(tx, { ...rest, pairs: [{ submission, reviewer }] });
  return row;
}

/**
 * Writes many assignments as `insertAssignment` writes one, in batches of ASSIGNMENT_BATCH pairs
 * (SILENT_ASSIGNMENT_BATCH with `mail` 'none') taken in submission order: per batch, the batch's submission rows are locked in id order (so a concurrent assignment of one of those
 * papers waits and gets a distinct number), their highest ordinals read in one statement and the review ids
 * reserved in one, the reviews inserted in one (each numbered after its submission's highest ordinal, in the order
 * of its pairs), then their audit entries in one insert and (unless `mail` is 'none') their mails in one
 * (`queueMails`). A pair already assigned is skipped (`on conflict do nothing`); the writing
 * stops after the first batch that skipped one, so fewer rows than pairs back means the caller undoes its transaction
 * or answers "already assigned".
 */
export async function insertAssignments(tx: Db, assignments: NewAssignments): Promise<ReviewRow[]> {
  const pairs = [...assignments.pairs].sort((a, b) => a.submission.id - b.submission.id);
  const written: ReviewRow[] = [];
  const size = assignments.mail === 'none' ? SILENT_ASSIGNMENT_BATCH : ASSIGNMENT_BATCH;
  for (let start = 0; start < pairs.length; start += size) {
    const batch = pairs.slice(start, start + size);
    const rows = await insertBatch(tx, { ...assignments, pairs: batch });
    written.push(...rows);
    if (rows.length !== batch.length) break;
  }
  return written;
}

async function insertBatch(tx: Db, assignments: NewAssignments): Promise<ReviewRow[]> {
  const { event, pairs, source, assignedBy } = assignments;
  const submissionIds = [...new Set(pairs.map((pair) => pair.submission.id))];
  await tx
    .select({ id: submissions.id })
    .from(submissions)
    .where(inIds(submissions.id, submissionIds))
    .orderBy(asc(submissions.id))
    .for('update');
  // Read after the lock, in a statement of its own, so it sees every review committed before the lock was granted.
  const highest = new Map(
    (
      await tx
        .select({ submissionId: reviews.submissionId, ordinal: max(reviews.ordinal) })
        .from(reviews)
        .where(inIds(reviews.submissionId, submissionIds))
        .groupBy(reviews.submissionId)
    ).map((row) => [row.submissionId, row.ordinal ?? 0]),
  );
  const ids = await nextIds(tx, 'reviews', pairs.length);
  const columns = {
    id: ids,
    publicId: ids.map((id) => makePublicId(id)),
    submissionId: pairs.map((pair) => pair.submission.id),
    reviewerId: pairs.map((pair) => pair.reviewer.userId),
    ordinal: pairs.map(({ submission }) => {
      const ordinal = (highest.get(submission.id) ?? 0) + 1;
      highest.set(submission.id, ordinal);
      return ordinal;
    }),
  };
  // The reviews and their audit entries in one statement, the batch's columns as arrays: a few parameters instead of
  // one per value, so neither the query builder (a second of the request thread for an apply of 6,000 pairs) nor the
  // database spends time on thousands of them.
  const inserted = await queryRows<{ id: number }>(
    tx,
    sql`with input as (
          select * from unnest(${sql.param(columns.id)}::int[], ${sql.param(columns.publicId)}::text[],
                               ${sql.param(columns.submissionId)}::int[], ${sql.param(columns.reviewerId)}::int[],
                               ${sql.param(columns.ordinal)}::int[])
            as i(id, public_id, submission_id, reviewer_id, ordinal)),
        written as (
          insert into ${reviews} (id, public_id, submission_id, reviewer_id, ordinal, status, source, assigned_by)
          select id, public_id, submission_id, reviewer_id, ordinal, 'assigned'::review_status,
                 ${source}::assignment_source, ${assignedBy}::int from input
          on conflict (submission_id, reviewer_id) do nothing
          returning id, submission_id, reviewer_id),
        audited as (
          insert into ${auditLog} (actor_id, event_id, entity, entity_id, action, data)
          select ${assignedBy}::int, ${event.id}::int, 'review', w.id::text, 'review.assigned',
                 jsonb_build_object('submission_id', w.submission_id, 'reviewer_id', w.reviewer_id, 'source', ${source}::text)
          from written w)
        select id from written`,
  );
  const rows =
    inserted.length === 0
      ? []
      : await tx
          .select()
          .from(reviews)
          .where(
            inIds(
              reviews.id,
              inserted.map((row) => Number(row.id)),
            ),
          )
          .orderBy(asc(reviews.id));
  // Every row written is one of the batch's pairs (the insert wrote nothing else).
  const pairOf = new Map(pairs.map((pair) => [`${pair.submission.id}:${pair.reviewer.userId}`, pair]));
  const written = rows.map((row) => ({ row, ...(pairOf.get(`${row.submissionId}:${row.reviewerId}`) as Pair) }));
  if (assignments.mail === 'none') return rows;
  await queueMails(
    tx,
    written.map(({ row, reviewer, submission }) => ({
      to: reviewer.email,
      template: 'reviews.assigned',
      locale: reviewer.locale,
      eventId: event.id,
      data: {
        first_name: reviewer.firstName,
        submission_title: submission.title,
        event_title: event.title,
        review_deadline: event.reviewDeadline,
        link: `${assignments.publicUrl}/reviews/${row.publicId}`,
      },
    })),
  );
  return rows;
}

/**
 * Queues the 'reviews.unassigned' mail telling a reviewer, in their language, that they no longer review a paper
 * (and that their saved draft was deleted, when there was one). Called in the transaction that removes the
 * assignment, whoever removes it: a chair unassigning by hand, or (many at once, through `unassignedMail`) an
 * automatic assignment applied in replace mode.
 */
export async function queueUnassignedMail(tx: Db, removal: Removal): Promise<void> {
  await queueMail(tx, unassignedMail(removal));
}

type Removal = {
  reviewer: { email: string; firstName: string; locale: string };
  submission: { title: string };
  event: { id: number; title: string };
  draftDeleted: boolean;
  publicUrl: string;
};

/** The 'reviews.unassigned' mail of a removal (`queueUnassignedMail`), for a caller that queues many at once. */
export function unassignedMail(removal: Removal): QueuedMail {
  return {
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
  };
}
