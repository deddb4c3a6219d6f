import { ASSIGNMENT_MODES, type AssignmentMode, type AssignmentRole, type AuditAction } from '@confero/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { assignmentPreviews, events, reviews, submissions } from '../../../db/schema/index.ts';
import { recordAudit } from '../../../lib/audit.ts';
import { type QueuedMail, queueMails } from '../../../mail/outbox.ts';
import type { Actor } from '../../../plugins/auth.ts';
import { conflictedSubmissionIds, inIds } from '../../conflicts/conflicts.queries.ts';
import { syncEventConflicts } from '../../conflicts/conflicts.service.ts';
import type { EventRow } from '../../events/events.queries.ts';
import { reviewError, reviewFieldError } from '../../reviews/review-errors.ts';
import { findEventAssignments, findEventReviewers } from '../../reviews/reviews.queries.ts';
import { managerConflicted } from '../assignment.policy.ts';
import { findApplyResult, type PreviewRow } from '../assignment.queries.ts';
import { writeAreaChairs } from './apply-area-chairs.ts';
import type { ApplyWriter } from './apply-writer.ts';
import { assignmentFingerprint, isLocked } from './compute-assignment.ts';
import { ASSIGNMENT_BATCH, insertAssignments, unassignedMail } from './create-assignment.ts';

export type { PreviewRow };

/** The mode of an apply: the preview's own when none is sent; 400 when invalid or not the preview's. */
export function applyMode(preview: PreviewRow, mode: string | null | undefined): AssignmentMode {
  const value = mode?.trim();
  if (!value) return preview.mode;
  if (!(ASSIGNMENT_MODES as readonly string[]).includes(value))
    throw reviewFieldError('mode', 'assignments.modeInvalid');
  if (value !== preview.mode) {
    throw reviewFieldError('mode', 'assignments.modeMismatch', { preview_mode: preview.mode, mode: value });
  }
  return value as AssignmentMode;
}

/**
 * Applies a computed preview of reviewers (`POST events/{id}/assignment/apply/`) or of area chairs
 * (`POST events/{id}/area-chair-assignment/apply/`), checked in this order: the committee member has no conflict
 * with a paper the preview adds a person to or drops one from (403), the preview is done (409 otherwise: still
 * computing, failed, or already applied), the mode, and the event's assignments of the preview's role and its
 * conflicts are still those the preview was computed from (409 STALE_PREVIEW otherwise — conflicts are detected
 * afresh first). Then, in one transaction with the event locked and the preview claimed, the role's writer
 * (`APPLY_WRITERS`) writes the pairs, and the apply is audited.
 */
export async function applyAssignment(
  db: Db,
  input: { actor: Actor; event: EventRow; preview: PreviewRow; mode: string | null | undefined; publicUrl: string },
): Promise<{ created: number; removed: number; kept: number }> {
  const { actor, event, preview } = input;
  const [conflicted, result] = await Promise.all([
    conflictedSubmissionIds(db, actor.id),
    findApplyResult(db, preview.id),
  ]);
  const touches = (result?.pairs ?? []).some((pair) => !pair.existing && conflicted.has(pair.submission.id));
  const drops = (result?.removed ?? []).some((row) => conflicted.has(row.submission.id));
  if (touches || drops) throw managerConflicted();
  if (preview.status === 'applied') throw reviewError(409, 'CONFLICT', 'assignments.previewApplied');
  if (preview.status === 'failed') throw reviewError(409, 'CONFLICT', 'assignments.previewFailed');
  if (preview.status !== 'done' || !result) throw reviewError(409, 'CONFLICT', 'assignments.previewNotReady');
  const mode = applyMode(preview, input.mode);
  await syncEventConflicts(db, event.id);
  const stale = () => reviewError(409, 'STALE_PREVIEW', 'assignments.stalePreview');

  const writer = APPLY_WRITERS[preview.role];
  return db.transaction(async (tx) => {
    await tx.select({ id: events.id }).from(events).where(eq(events.id, event.id)).for('update');
    if ((await assignmentFingerprint(tx, event.id, preview.role)) !== preview.fingerprint) throw stale();
    const [claimed] = await tx
      .update(assignmentPreviews)
      .set({ status: 'applied', appliedAt: new Date(), appliedBy: actor.id })
      .where(and(eq(assignmentPreviews.id, preview.id), eq(assignmentPreviews.status, 'done')))
      .returning({ id: assignmentPreviews.id });
    if (!claimed) throw reviewError(409, 'CONFLICT', 'assignments.previewApplied');
    const { created, removed } = await writer.write({
      tx,
      event,
      actorId: actor.id,
      result,
      mode,
      publicUrl: input.publicUrl,
      stale,
    });
    const kept = result.pairs.length - result.pairs.filter((pair) => !pair.existing).length;
    await recordAudit(tx, {
      actorId: actor.id,
      eventId: event.id,
      entity: 'assignment_preview',
      entityId: preview.id,
      action: writer.auditAction,
      data: { mode, created, removed, kept, total_score: result.total_score },
    });
    return { created, removed, kept };
  });
}

/**
 * The reviewers' writer: replace mode removes the untouched automatic assignments the preview dropped, each with its
 * 'reviews.unassigned' mail (as unassigning by hand sends); every new pair becomes an assignment (source
 * 'automatic') with its audit entry; manual and started assignments always stay. Each reviewer who got papers is
 * mailed once, with the list of them ('reviews.papers_assigned'), not once per paper. Removals, assignments and
 * mails are written in batches of ASSIGNMENT_BATCH (a removal batch: one delete, one mail insert; the new pairs in
 * batches of SILENT_ASSIGNMENT_BATCH, which render no mail), so no statement
 * grows with the event.
 */
const writeReviewers: ApplyWriter = async (ctx) => {
  const { tx, event, result, mode, stale } = ctx;
  const reviewers = new Map((await findEventReviewers(tx, event.id)).map((reviewer) => [reviewer.publicId, reviewer]));
  const fresh = result.pairs.filter((pair) => !pair.existing);
  const submissionIds = [...new Set([...fresh, ...result.removed].map((row) => row.submission.id))];
  const titles = new Map(
    (submissionIds.length === 0
      ? []
      : await tx
          .select({ id: submissions.id, publicId: submissions.publicId, title: submissions.title })
          .from(submissions)
          .where(inIds(submissions.id, submissionIds))
    ).map((row) => [row.id, row]),
  );
  let removed = 0;
  if (mode === 'replace' && result.removed.length > 0) {
    const current = await findEventAssignments(tx, event.id);
    const publicIds = new Map([...reviewers.values()].map((reviewer) => [reviewer.userId, reviewer.publicId]));
    const drop = new Set(result.removed.map((row) => `${row.submission.id}:${row.reviewer.public_id}`));
    const ids = current
      .filter((row) => !isLocked(row) && drop.has(`${row.submissionId}:${publicIds.get(row.reviewerId)}`))
      .map((row) => row.id);
    if (ids.length !== drop.size) throw stale();
    const byUser = new Map([...reviewers.values()].map((reviewer) => [reviewer.userId, reviewer]));
    for (let start = 0; start < ids.length; start += ASSIGNMENT_BATCH) {
      const batch = ids.slice(start, start + ASSIGNMENT_BATCH);
      const deleted = await tx
        .delete(reviews)
        .where(and(inIds(reviews.id, batch), eq(reviews.status, 'assigned')))
        .returning({ submissionId: reviews.submissionId, reviewerId: reviews.reviewerId });
      if (deleted.length !== batch.length) throw stale();
      const mails = deleted.map((row) => {
        const reviewer = byUser.get(row.reviewerId);
        const submission = titles.get(row.submissionId);
        if (!reviewer || !submission) throw stale();
        return unassignedMail({ reviewer, submission, event, draftDeleted: false, publicUrl: ctx.publicUrl });
      });
      await queueMails(tx, mails);
      removed += deleted.length;
    }
  }
  const pairs = fresh.map((pair) => {
    const reviewer = reviewers.get(pair.reviewer.public_id);
    const submission = titles.get(pair.submission.id);
    if (!reviewer || !submission) throw stale();
    return { reviewer, submission };
  });
  const written = await insertAssignments(tx, {
    event,
    pairs,
    source: 'automatic',
    assignedBy: ctx.actorId,
    publicUrl: ctx.publicUrl,
    mail: 'none',
  });
  if (written.length !== pairs.length) throw stale();
  const mails = papersAssignedMails(pairs, event, ctx.publicUrl);
  for (let start = 0; start < mails.length; start += ASSIGNMENT_BATCH) {
    await queueMails(tx, mails.slice(start, start + ASSIGNMENT_BATCH));
  }
  return { created: written.length, removed };
};

type NewPair = {
  reviewer: { userId: number; email: string; firstName: string; locale: string };
  submission: { title: string };
};

/** One 'reviews.papers_assigned' mail per reviewer among the pairs, in their language, listing their papers. */
function papersAssignedMails(
  pairs: NewPair[],
  event: { id: number; title: string; reviewDeadline: string },
  publicUrl: string,
): QueuedMail[] {
  const byReviewer = new Map<number, { reviewer: NewPair['reviewer']; titles: string[] }>();
  for (const { reviewer, submission } of pairs) {
    const entry = byReviewer.get(reviewer.userId) ?? { reviewer, titles: [] };
    entry.titles.push(submission.title);
    byReviewer.set(reviewer.userId, entry);
  }
  return [...byReviewer.values()].map(({ reviewer, titles }) => ({
    to: reviewer.email,
    template: 'reviews.papers_assigned',
    locale: reviewer.locale,
    eventId: event.id,
    data: {
      first_name: reviewer.firstName,
      event_title: event.title,
      review_deadline: event.reviewDeadline,
      count: titles.length,
      papers: titles.map((title) => `• ${title}`).join('\n'),
      link: `${publicUrl}/reviews`,
    },
  }));
}

/** Each role's writer and the audit action of its apply. */
const APPLY_WRITERS: Record<AssignmentRole, { write: ApplyWriter; auditAction: AuditAction }> = {
  reviewer: { write: writeReviewers, auditAction: 'assignment.applied' },
  area_chair: { write: writeAreaChairs, auditAction: 'area_chair.assignment_applied' },
};
