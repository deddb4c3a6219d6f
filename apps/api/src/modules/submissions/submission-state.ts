import {
  DECISION_DETAILS_MAX_LENGTH,
  SUBMISSION_DECISIONS,
  SUBMISSION_STATUSES,
  type SubmissionDecision,
  type SubmissionStatus,
} from '@confero/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { submissions } from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { Actor } from '../../plugins/auth.ts';
import { loadWordings, queueEventMails, type Wordings } from '../communications/event-mail.ts';
import { submissionError, submissionFieldError } from './submission-errors.ts';
import { findAuthorRecipients, type SubmissionRecord } from './submissions.queries.ts';

/*
 * The submission state machine (`docs/domain.md#submission-status`). Status and decision move together:
 *   submitted → under_review → accepted | rejected | revision_requested
 *   decision pending → accept | reject | revision
 * A decision may be taken straight from `submitted` (a desk decision), changed later, or withdrawn by reopening
 * the review (back to under_review, decision pending). A decided submission never returns to `submitted`.
 */

/** The statuses each status may move to. */
export const STATUS_TRANSITIONS: Record<SubmissionStatus, readonly SubmissionStatus[]> = {
  submitted: ['under_review', 'accepted', 'rejected', 'revision_requested'],
  under_review: ['submitted', 'accepted', 'rejected', 'revision_requested'],
  accepted: ['under_review', 'rejected', 'revision_requested'],
  rejected: ['under_review', 'accepted', 'revision_requested'],
  revision_requested: ['under_review', 'accepted', 'rejected'],
};

/** The decision each status stands for. */
export const DECISION_OF_STATUS: Record<SubmissionStatus, SubmissionDecision> = {
  submitted: 'pending',
  under_review: 'pending',
  accepted: 'accept',
  rejected: 'reject',
  revision_requested: 'revision',
};

/** The status a decision puts the submission in; `pending` (re)opens the review. */
export function statusOfDecision(decision: SubmissionDecision, current: SubmissionStatus): SubmissionStatus {
  if (decision === 'accept') return 'accepted';
  if (decision === 'reject') return 'rejected';
  if (decision === 'revision') return 'revision_requested';
  return current === 'submitted' || current === 'under_review' ? current : 'under_review';
}

export function canMove(from: SubmissionStatus, to: SubmissionStatus): boolean {
  return STATUS_TRANSITIONS[from].includes(to);
}

export function isSubmissionStatus(value: unknown): value is SubmissionStatus {
  return typeof value === 'string' && (SUBMISSION_STATUSES as readonly string[]).includes(value);
}

export function isSubmissionDecision(value: unknown): value is SubmissionDecision {
  return typeof value === 'string' && (SUBMISSION_DECISIONS as readonly string[]).includes(value);
}

/** Authors may delete only while the submission is submitted and its decision pending. */
export function isDeletable(submission: { status: SubmissionStatus; decision: SubmissionDecision }): boolean {
  return submission.status === 'submitted' && submission.decision === 'pending';
}

export type SubmissionTransition = {
  actor: Actor;
  submission: SubmissionRecord;
  publicUrl: string;
  /** Mail the authors about a decision (default true); false when the chair tells them later in one group send. */
  notify?: boolean;
  /** The decision mail's wordings when the caller already read them (a bulk decision reads them once, not per paper). */
  wordings?: Wordings;
} & ({ via: 'change_status'; status: string } | { via: 'make_decision'; decision: string; details?: string | null });

/**
 * THE one function that changes a submission's status or decision: checks the value and the transition table,
 * writes both (only if nobody changed the status meanwhile), writes the audit log and, when a decision other than
 * pending is made, queues the event's decision mail (`decision_<decision>`, as its chairs worded it) to every author (unless `notify` is false) — in one transaction.
 * Returns the updated row.
 * - an unknown status or decision → 400; a move the table does not have → 409 TRANSITION_NOT_ALLOWED;
 * - change_status to the current status changes nothing (answered as is);
 * - make_decision with the current decision records the new details and mails the authors again.
 * Who may call it is the caller's check (policy 'submission.changeStatus' / 'submission.makeDecision').
 */
export async function transitionSubmission(db: Db, change: SubmissionTransition): Promise<SubmissionRecord> {
  const { submission, actor } = change;
  const from = submission.status;
  let to: SubmissionStatus;
  let decision: SubmissionDecision;
  let details = submission.decisionDetails;
  if (change.via === 'change_status') {
    if (!isSubmissionStatus(change.status))
      throw submissionFieldError('status', 'submissions.validations.statusInvalid');
    to = change.status;
    decision = DECISION_OF_STATUS[to];
    if (to === from) return submission;
    if (decision === 'pending') details = '';
  } else {
    if (!isSubmissionDecision(change.decision)) {
      throw submissionFieldError('decision', 'submissions.validations.decisionInvalid');
    }
    decision = change.decision;
    to = statusOfDecision(decision, from);
    details = (change.details ?? '').trim();
    if (details.length > DECISION_DETAILS_MAX_LENGTH) {
      throw submissionFieldError('decision_details', 'submissions.validations.decisionDetailsTooLong', {
        max: DECISION_DETAILS_MAX_LENGTH,
      });
    }
  }
  if (to !== from && !canMove(from, to)) {
    throw submissionError(409, 'TRANSITION_NOT_ALLOWED', 'submissions.transitionNotAllowed', { from, to });
  }
  const decided = decision !== 'pending';
  return db.transaction(async (tx) => {
    const now = new Date();
    const [updated] = await tx
      .update(submissions)
      .set({
        status: to,
        decision,
        decisionDetails: details,
        decidedAt: decided ? now : null,
        updatedAt: now,
      })
      .where(and(eq(submissions.id, submission.id), eq(submissions.status, from)))
      .returning();
    if (!updated) {
      throw submissionError(409, 'TRANSITION_NOT_ALLOWED', 'submissions.transitionNotAllowed', { from, to });
    }
    await recordAudit(tx, {
      actorId: actor.id,
      eventId: submission.eventId,
      entity: 'submission',
      entityId: submission.id,
      action: change.via === 'make_decision' ? 'submission.decision_made' : 'submission.status_changed',
      data: {
        from_status: from,
        to_status: to,
        from_decision: submission.decision,
        to_decision: decision,
        ...(change.via === 'make_decision' ? { decision_details: details } : {}),
      },
    });
    if (change.notify !== false && decided && (change.via === 'make_decision' || decision !== submission.decision)) {
      const recipients = await findAuthorRecipients(tx, submission.id);
      const key = `decision_${decision}` as `decision_${Exclude<SubmissionDecision, 'pending'>}`;
      const wordings = change.wordings ?? (await loadWordings(tx, submission.eventId, key));
      const event = { id: submission.eventId, title: submission.event.title, timezone: submission.event.timezone };
      const vars = {
        paper_title: submission.title,
        decision_details: details,
        link: `${change.publicUrl}/submissions/${submission.publicId}`,
      };
      await queueEventMails(
        tx,
        wordings,
        recipients.map((recipient) => ({ event, key, recipient, vars })),
      );
    }
    return { ...submission, ...updated };
  });
}
