import type {
  AddAreaChairBody,
  AreaChairCandidateDto,
  AreaChairSubmissionDto,
  RemoveAreaChairBody,
} from '@confero/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { eventMemberships, submissions } from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import { messageError, messageFieldError } from '../../lib/errors.ts';
import { queueMail } from '../../mail/outbox.ts';
import type { Actor } from '../../plugins/auth.ts';
import { currentConflicts } from '../assignment/commands/list-candidates.ts';
import type { GrantRole } from '../committee/committee.service.ts';
import { findSubmissionConflictRows } from '../conflicts/conflicts.queries.ts';
import { detectEventConflicts, detectedConflictsAmong } from '../conflicts/detect-conflict.ts';
import type { EventRow } from '../events/events.queries.ts';
import {
  addMember,
  removeInvitationByEmail,
  removeMember,
  resolveMember,
  resolveUserId,
  reviewerGrant,
} from '../events/members.service.ts';
import type { ReviewContext } from '../reviews/review-access.ts';
import { reviewNotFound } from '../reviews/review-errors.ts';
import type { ReviewRow } from '../reviews/reviews.queries.ts';
import type { SubmissionBundle } from '../submissions/submissions.queries.ts';
import { findUserById, findUserByIdParam } from '../users/users.queries.ts';
import {
  countChairedPapers,
  findActiveAreaChairs,
  findChairedCandidates,
  pageChairedSubmissions,
} from './area-chairs.queries.ts';

/*
 * Area chairs (`docs/domain.md#area-chair`): their membership (the events module's `addMember`/`removeMember` with
 * the role 'area_chair'), a paper's area chair chosen by its committee under the area chair's load limit, the papers
 * an area chair leads, and their request to a reviewer to revisit a review. Who may call each is the routes' check.
 */

const nameOf = (person: { firstName: string; lastName: string; email?: string }) =>
  `${person.firstName} ${person.lastName}`.trim() || person.email || '';

/**
 * `add_area_chair/`: a registered user by `user_id` (or, without one, by `email`) made an active area chair, with
 * expertise and max_papers checked as reviewers' are.
 */
export async function addAreaChair(db: Db, actor: Actor, event: EventRow, body: AddAreaChairBody) {
  const user = await resolveMember(db, body);
  return addMember(db, actor, event, user, 'area_chair', reviewerGrant(body));
}

/**
 * `remove_area_chair/`: the membership goes (any status) and, in the same transaction, the papers of the event they
 * chaired lose their area chair, each audited as `area_chair.unassigned`. A concurrent assignment to them either
 * committed first (its paper is cleared here) or finds the membership gone (it locks the membership row first).
 * With `email` alone, an invitation to an address without an account is withdrawn (it chairs no paper).
 */
export async function removeAreaChair(db: Db, actor: Actor, event: EventRow, body: RemoveAreaChairBody) {
  if (await removeInvitationByEmail(db, actor, event, 'area_chair', body)) return;
  const user = await resolveUserId(db, body.user_id);
  await removeMember(db, actor, event, user, 'area_chair', {}, async (tx) => {
    const cleared = await tx
      .update(submissions)
      .set({ areaChairId: null, areaChairSource: null, areaChairAssignedAt: null, updatedAt: new Date() })
      .where(and(eq(submissions.eventId, event.id), eq(submissions.areaChairId, user.id)))
      .returning({ id: submissions.id });
    for (const paper of cleared) {
      await recordAudit(tx, {
        actorId: actor.id,
        eventId: event.id,
        entity: 'submission',
        entityId: paper.id,
        action: 'area_chair.unassigned',
        data: { submission_id: paper.id, user_id: user.id, reason: 'removed_from_event' },
      });
    }
  });
}

/**
 * Area chairs' grant changed later (`PATCH events/{id}/area-chairs/{user_id}/`, the reviewers' `updateMemberGrant`):
 * their load is the papers of the event they chair, counted under their membership row's lock as the assignment
 * counts it, and a max_papers lowered below it is refused (409 MAX_PAPERS_BELOW_LOAD): unlike a reviewer's
 * assignments, the papers they chair would leave the assignment's invariant (never more than max_papers) broken.
 */
export const AREA_CHAIR_GRANT: GrantRole = {
  role: 'area_chair',
  notMember: 'events.notAreaChair',
  audit: 'event.area_chair_updated',
  load: (tx, eventId, userId) => countChairedPapers(tx, eventId, userId),
  belowLoad: (facts) => messageError(409, 'MAX_PAPERS_BELOW_LOAD', 'areaChairs.maxBelowLoad', facts),
};

/** 400 on `user_id`: nobody, or not an active area chair of the paper's event. */
const notActive = () => messageFieldError('user_id', 'areaChairs.notActive');

/**
 * The conflicts of the event's people with one paper as the data has them now (stored less stale, plus detected), by
 * user id, with their reason: what the candidates show and the assignment refuses.
 */
async function paperConflicts(db: Db, submission: { id: number; eventId: number }, userIds?: number[]) {
  const [stored, detection] = await Promise.all([
    findSubmissionConflictRows(db, submission.id),
    detectEventConflicts(db, submission.eventId, { submissionIds: [submission.id], userIds }),
  ]);
  return currentConflicts(submission.id, stored, detection.detected);
}

export type AreaChairChoice = {
  actor: Actor;
  event: { id: number; title: string };
  submission: { id: number; publicId: string; title: string; eventId: number };
  userId: string | number | null | undefined;
  publicUrl: string;
};

/**
 * Sets a paper's area chair by hand (`POST submissions/{id}/area-chair/`), checked in this order: `user_id` names an
 * active area chair of the event (400 on user_id), who has no conflict with the paper, stored or detected now (409
 * CONFLICT_OF_INTEREST with the reason), and chairs fewer papers of the event than their max_papers (409
 * AREA_CHAIR_OVERLOADED). The load is counted and the paper written under the area chair's membership row lock, so
 * two papers given at once to an area chair with one free slot cannot both pass; the paper's row is locked next so
 * the replaced area chair is the one read. Audited `area_chair.assigned` (and `area_chair.unassigned` for the one
 * replaced), the area chair mailed in their language, all in one transaction. The same area chair again changes
 * nothing. Null or absent `user_id` clears the paper's area chair (`clearAreaChair`).
 */
export async function assignAreaChair(db: Db, choice: AreaChairChoice) {
  const { event, submission, actor } = choice;
  if (choice.userId === null || choice.userId === undefined || String(choice.userId).trim() === '') {
    await clearAreaChair(db, choice);
    return null;
  }
  const account = await findUserByIdParam(db, String(choice.userId).trim());
  if (!account) throw notActive();
  const [membership] = await activeMembership(db, event.id, account.id);
  if (!membership) throw notActive();
  const conflict = (await paperConflicts(db, submission, [account.id])).get(account.id);
  if (conflict) {
    throw messageError(409, 'CONFLICT_OF_INTEREST', 'areaChairs.conflicted', {
      name: nameOf(account),
      reason: conflict.conflict.reason || conflict.conflict.type,
    });
  }
  await db.transaction(async (tx) => {
    const [locked] = await activeMembership(tx, event.id, account.id).for('update');
    if (!locked) throw notActive();
    const [paper] = await tx
      .select({ areaChairId: submissions.areaChairId })
      .from(submissions)
      .where(eq(submissions.id, submission.id))
      .for('update');
    if (paper?.areaChairId === account.id) return;
    const assigned = await countChairedPapers(tx, event.id, account.id, submission.id);
    if (assigned >= locked.maxPapers) {
      throw messageError(409, 'AREA_CHAIR_OVERLOADED', 'areaChairs.overloaded', {
        name: nameOf(account),
        load: assigned,
        max: locked.maxPapers,
      });
    }
    await tx
      .update(submissions)
      .set({
        areaChairId: account.id,
        areaChairSource: 'manual',
        areaChairAssignedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(submissions.id, submission.id));
    if (paper?.areaChairId) await auditUnassigned(tx, actor, event, submission, paper.areaChairId);
    await recordAudit(tx, {
      actorId: actor.id,
      eventId: event.id,
      entity: 'submission',
      entityId: submission.id,
      action: 'area_chair.assigned',
      data: { submission_id: submission.id, user_id: account.id, source: 'manual' },
    });
    await queueAreaChairMail(tx, { event, submission, areaChair: account, publicUrl: choice.publicUrl });
  });
  return account;
}

/** The active area chair membership of a user in an event (a query the caller may lock). */
function activeMembership(db: Db, eventId: number, userId: number) {
  return db
    .select({ id: eventMemberships.id, maxPapers: eventMemberships.maxPapers })
    .from(eventMemberships)
    .where(
      and(
        eq(eventMemberships.eventId, eventId),
        eq(eventMemberships.userId, userId),
        eq(eventMemberships.role, 'area_chair'),
        eq(eventMemberships.status, 'active'),
      ),
    );
}

/** Clears a paper's area chair (audited when there was one); nothing to clear changes nothing. */
async function clearAreaChair(db: Db, choice: AreaChairChoice): Promise<void> {
  const { event, submission, actor } = choice;
  await db.transaction(async (tx) => {
    const [paper] = await tx
      .select({ areaChairId: submissions.areaChairId })
      .from(submissions)
      .where(eq(submissions.id, submission.id))
      .for('update');
    if (!paper?.areaChairId) return;
    await tx
      .update(submissions)
      .set({ areaChairId: null, areaChairSource: null, areaChairAssignedAt: null, updatedAt: new Date() })
      .where(eq(submissions.id, submission.id));
    await auditUnassigned(tx, actor, event, submission, paper.areaChairId);
  });
}

function auditUnassigned(tx: Db, actor: Actor, event: { id: number }, submission: { id: number }, userId: number) {
  return recordAudit(tx, {
    actorId: actor.id,
    eventId: event.id,
    entity: 'submission',
    entityId: submission.id,
    action: 'area_chair.unassigned',
    data: { submission_id: submission.id, user_id: userId },
  });
}

/**
 * Queues the 'area_chairs.assigned' mail telling an area chair, in their language, that they now chair a paper.
 * Called in the transaction that assigns them by hand (the automatic assignment mails each area chair once, with
 * all their papers: 'area_chairs.papers_assigned').
 */
async function queueAreaChairMail(
  tx: Db,
  mail: {
    event: { id: number; title: string };
    submission: { title: string };
    areaChair: { email: string; firstName: string; locale: string };
    publicUrl: string;
  },
): Promise<void> {
  await queueMail(tx, {
    to: mail.areaChair.email,
    template: 'area_chairs.assigned',
    locale: mail.areaChair.locale,
    eventId: mail.event.id,
    data: {
      first_name: mail.areaChair.firstName,
      submission_title: mail.submission.title,
      event_title: mail.event.title,
      link: `${mail.publicUrl}/area-chair`,
    },
  });
}

/**
 * A paper's area chair candidates for its committee: the event's active area chairs with their loads, each with the
 * reason of a conflict with the paper (stored or detected now; such a one cannot be chosen). Seven queries whatever
 * their number.
 */
export async function listAreaChairCandidates(
  db: Db,
  submission: SubmissionBundle,
): Promise<{ current: { public_id: string; name: string } | null; candidates: AreaChairCandidateDto[] }> {
  const [chairs, conflicts] = await Promise.all([
    findActiveAreaChairs(db, submission.eventId),
    paperConflicts(db, submission),
  ]);
  const current = submission.areaChairId === null ? undefined : await findUserById(db, submission.areaChairId);
  return {
    current: current ? { public_id: current.publicId, name: nameOf(current) } : null,
    candidates: chairs.map((chair) => {
      const conflict = conflicts.get(chair.userId);
      return {
        public_id: chair.publicId,
        name: nameOf(chair),
        email: chair.email,
        expertise: chair.expertise,
        max_papers: chair.maxPapers,
        assigned: chair.assigned,
        conflict: conflict ? conflict.conflict.reason || conflict.conflict.type : null,
        is_current: chair.userId === submission.areaChairId,
      };
    }),
  };
}

/**
 * A page of the papers the caller leads as their area chair (`pageChairedSubmissions`: one query, plus one for the
 * total of a page past the end). A paper detection finds them conflicted with (not stored yet) is left out like a
 * stored conflict, as its reviews answer them nothing: detection runs first over the papers they chair, per event.
 */
export async function listChairedSubmissions(
  db: Db,
  actor: Actor,
  options: { page: number; pageSize: number; eventId?: number },
): Promise<{ results: AreaChairSubmissionDto[]; count: number }> {
  const candidates = await findChairedCandidates(db, actor.id, options);
  const excludedIds = await detectedConflictsAmong(db, actor.id, candidates);
  const filter = { ...options, excludedIds };
  const rows = await pageChairedSubmissions(db, actor.id, filter);
  const count =
    rows[0]?.total ??
    (options.page > 1
      ? ((await pageChairedSubmissions(db, actor.id, { ...filter, page: 1, pageSize: 1 }))[0]?.total ?? 0)
      : 0);
  return {
    count,
    results: rows.map((row) => ({
      id: row.id,
      public_id: row.public_id,
      title: row.title,
      status: row.status,
      event: { id: row.event_id, public_id: row.event_public_id, title: row.event_title },
      reviews_assigned: row.reviews_assigned,
      reviews_completed: row.reviews_completed,
      meta_review_status: row.meta_review_status,
      needs_discussion: row.needs_discussion,
      comment_count: row.comment_count,
    })),
  };
}

/**
 * Asks a review's reviewer to revisit it (`POST reviews/{id}/revisit/`): the 'reviews.revisit' mail with the asker's
 * message, in the reviewer's language (asking to complete a review not submitted yet), and the audit entry
 * `review.revisit_requested`, in one transaction. The message is the reviewer's to read; the asker is not named.
 */
export async function requestRevisit(
  db: Db,
  input: { actor: Actor; context: ReviewContext; review: ReviewRow; message: string; publicUrl: string },
): Promise<void> {
  const { context, review } = input;
  const reviewer = await findUserById(db, review.reviewerId);
  if (!reviewer) throw reviewNotFound();
  const event = context.submission.event;
  await db.transaction(async (tx) => {
    await queueMail(tx, {
      to: reviewer.email,
      template: 'reviews.revisit',
      locale: reviewer.locale,
      eventId: event.id,
      data: {
        first_name: reviewer.firstName,
        submission_title: context.submission.title,
        event_title: event.title,
        message: input.message,
        incomplete: review.status === 'completed' ? undefined : 'yes',
        link: `${input.publicUrl}/reviews/${review.publicId}`,
      },
    });
    await recordAudit(tx, {
      actorId: input.actor.id,
      eventId: event.id,
      entity: 'review',
      entityId: review.id,
      action: 'review.revisit_requested',
      data: { submission_id: context.submission.id, reviewer_id: review.reviewerId, status: review.status },
    });
  });
}
