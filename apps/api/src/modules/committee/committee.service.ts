import type { RemoveReviewerBody, UpdateReviewerBody } from '@confero/contracts';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { eventMemberships, reviews } from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import { AppError, messageError } from '../../lib/errors.ts';
import type { Actor } from '../../plugins/auth.ts';
import { queueUnassignedMail } from '../assignment/commands/create-assignment.ts';
import { eventError, eventFieldError } from '../events/event-errors.ts';
import { type EventRow, findMembership, type MembershipRow } from '../events/events.queries.ts';
import {
  checkExpertise,
  checkMaxPapers,
  type MemberUser,
  named,
  removeMember,
  removeReviewer,
  resolveUserId,
} from '../events/members.service.ts';
import { findUnfinishedReviews, NO_REVIEWS, reviewCountsByReviewer } from './committee.queries.ts';

/**
 * What differs between the roles whose grant (expertise, max_papers) organizers change later: reviewers
 * (`PATCH events/{id}/reviewers/{user_id}/`) and area chairs (`PATCH events/{id}/area-chairs/{user_id}/`).
 */
export type GrantRole = {
  role: 'reviewer' | 'area_chair';
  /** The 404 message of a user who holds no membership in the role. */
  notMember: 'events.notReviewer' | 'events.notAreaChair';
  audit: 'event.reviewer_updated' | 'event.area_chair_updated';
  /** The member's load in the event (assignments or papers chaired), read under their membership row's lock. */
  load: (tx: Db, eventId: number, userId: number) => Promise<number>;
  /**
   * A max_papers below the load: kept and counted in the answer's `overLimit` (reviewers), or refused by throwing
   * the error this returns (area chairs), before anything is written.
   */
  belowLoad?: (facts: { name: string; load: number; max: number }) => Error;
};

/**
 * Reviewers (`PATCH events/{id}/reviewers/{user_id}/`): a max_papers below their load is accepted: their assignments
 * stay, and the answer's `over_limit` says how many they hold beyond it (the assignment refuses new ones until they
 * are below).
 */
export const REVIEWER_GRANT: GrantRole = {
  role: 'reviewer',
  notMember: 'events.notReviewer',
  audit: 'event.reviewer_updated',
  load: async (tx, eventId, userId) => (await reviewCountsByReviewer(tx, eventId, [userId])).get(userId)?.load ?? 0,
};

/** The membership in a role of a user in an event: 404 NOT_FOUND `events.not<Role>` when they hold none. */
export async function loadMember(db: Db, event: EventRow, userId: string, grant: GrantRole) {
  // An unknown user is a 404 here (the id is the path's); any other failure stays what it is.
  const user = await resolveUserId(db, userId).catch((error: unknown) => {
    if (error instanceof AppError) return undefined;
    throw error;
  });
  const membership = user && (await findMembership(db, event.id, user.id, grant.role));
  if (!user || !membership) throw eventError(404, 'NOT_FOUND', grant.notMember);
  return { user, membership };
}

type Change<T> = { from: T; to: T };

/**
 * Changes a member's expertise and/or max_papers (same rules as `add_reviewer/`; at least one sent, else 400
 * `committee.nothingToChange`). The membership row is locked, the load read under that lock (`grant.load`), then
 * the row written, so an assignment racing the change (which takes the same lock) is counted. A max_papers below
 * the load is the role's choice (`grant.belowLoad`): refused, or accepted and counted in `overLimit`. Audited as
 * `grant.audit` with `data.changes` {field: {from, to}} of the fields that changed; nothing changed writes nothing.
 */
export async function updateMemberGrant(
  db: Db,
  actor: Actor,
  event: EventRow,
  target: { user: MemberUser; membership: MembershipRow },
  body: UpdateReviewerBody,
  grant: GrantRole,
): Promise<{ overLimit: number }> {
  const sentExpertise = body.expertise !== undefined && body.expertise !== null;
  const sentMaxPapers = named(body.max_papers);
  if (!sentExpertise && !sentMaxPapers) throw messageError(400, 'VALIDATION_ERROR', 'committee.nothingToChange');
  const expertise = sentExpertise ? checkExpertise(body.expertise) : target.membership.expertise;
  const maxPapers = sentMaxPapers ? checkMaxPapers(body.max_papers) : target.membership.maxPapers;
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ expertise: eventMemberships.expertise, maxPapers: eventMemberships.maxPapers })
      .from(eventMemberships)
      .where(eq(eventMemberships.id, target.membership.id))
      .for('update');
    if (!before) throw eventError(404, 'NOT_FOUND', grant.notMember);
    const load = await grant.load(tx, event.id, target.user.id);
    const overLimit = Math.max(0, load - maxPapers);
    if (overLimit > 0 && maxPapers < before.maxPapers && grant.belowLoad) {
      const name = `${target.user.firstName} ${target.user.lastName}`.trim() || target.user.email;
      throw grant.belowLoad({ name, load, max: maxPapers });
    }
    const changes: { expertise?: Change<string>; max_papers?: Change<number> } = {};
    if (before.expertise !== expertise) changes.expertise = { from: before.expertise, to: expertise };
    if (before.maxPapers !== maxPapers) changes.max_papers = { from: before.maxPapers, to: maxPapers };
    if (Object.keys(changes).length === 0) return { overLimit };
    await tx
      .update(eventMemberships)
      .set({ expertise, maxPapers, updatedAt: new Date() })
      .where(eq(eventMemberships.id, target.membership.id));
    await recordAudit(tx, {
      actorId: actor.id,
      eventId: event.id,
      entity: 'event_membership',
      entityId: target.membership.id,
      action: grant.audit,
      data: { user_id: target.user.id, changes },
    });
    return { overLimit };
  });
}

/**
 * `remove_reviewer/` (`docs/domain.md#removing-a-reviewer`). An invitation to an address without an account goes at
 * once. A registered reviewer holding reviews in the event is removed only when the body says what becomes of the
 * unfinished ones (`reviews`): without it, 409 REVIEWER_HAS_REVIEWS with the counts (`unfinished`, `completed`).
 * Completed reviews always stay, they are the record of the decisions; `delete` deletes the assigned and draft
 * ones (each audited as review.unassigned, the reviewer mailed as an unassignment does), `keep` leaves them in
 * place. The membership's removal is audited with the choice and the counts, in the same transaction.
 */
export async function removeReviewerFromCommittee(
  db: Db,
  actor: Actor,
  event: EventRow,
  body: RemoveReviewerBody,
  publicUrl: string,
): Promise<void> {
  if (!named(body.user_id) && body.email?.trim()) return removeReviewer(db, actor, event, body);
  const user = await resolveUserId(db, body.user_id);
  if (!(await findMembership(db, event.id, user.id, 'reviewer')))
    throw eventFieldError('user_id', 'events.notReviewer');
  const counts = (await reviewCountsByReviewer(db, event.id, [user.id])).get(user.id) ?? NO_REVIEWS;
  const choice = body.reviews ?? null;
  if (counts.load > 0 && choice === null) {
    throw eventError(409, 'REVIEWER_HAS_REVIEWS', 'committee.reviewerHasReviews', {
      unfinished: counts.unfinished,
      completed: counts.completed,
    });
  }
  await db.transaction(async (tx) => {
    const unfinished = choice === 'delete' ? await findUnfinishedReviews(tx, event.id, user.id) : [];
    const deleted = unfinished.length
      ? await tx
          .delete(reviews)
          .where(
            and(
              inArray(
                reviews.id,
                unfinished.map((review) => review.id),
              ),
              // A review completed meanwhile is part of the record now: it stays.
              ne(reviews.status, 'completed'),
            ),
          )
          .returning({ id: reviews.id, status: reviews.status })
      : [];
    await removeMember(tx, actor, event, user, 'reviewer', {
      reviews: choice,
      completed_kept: counts.completed,
      unfinished_kept: counts.unfinished - deleted.length,
      unfinished_deleted: deleted.length,
    });
    for (const removed of deleted) {
      const review = unfinished.find((row) => row.id === removed.id);
      if (!review) continue;
      await recordAudit(tx, {
        actorId: actor.id,
        eventId: event.id,
        entity: 'review',
        entityId: review.id,
        action: 'review.unassigned',
        data: {
          submission_id: review.submissionId,
          reviewer_id: user.id,
          status: removed.status,
          reason: 'reviewer_removed',
        },
      });
      await queueUnassignedMail(tx, {
        reviewer: user,
        submission: { title: review.title },
        event,
        draftDeleted: removed.status === 'in_progress',
        publicUrl,
      });
    }
  });
}
