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

/** The reviewer membership of a user in an event: 404 NOT_FOUND `events.notReviewer` when they hold none. */
export async function loadReviewer(db: Db, event: EventRow, userId: string) {
  // An unknown user is a 404 here (the id is the path's); any other failure stays what it is.
  const user = await resolveUserId(db, userId).catch((error: unknown) => {
    if (error instanceof AppError) return undefined;
    throw error;
  });
  const membership = user && (await findMembership(db, event.id, user.id, 'reviewer'));
  if (!user || !membership) throw eventError(404, 'NOT_FOUND', 'events.notReviewer');
  return { user, membership };
}

type Change<T> = { from: T; to: T };

/**
 * `PATCH events/{id}/reviewers/{user_id}/`: changes a reviewer's expertise and/or max_papers (same rules as
 * `add_reviewer/`). A max_papers below the reviewer's current load is accepted: their assignments stay, and the
 * answer's `over_limit` says how many they hold beyond it (the assignment refuses new ones until they are below).
 * Audited as event.reviewer_updated with `data.changes` {field: {from, to}} of the fields that changed.
 */
export async function updateReviewer(
  db: Db,
  actor: Actor,
  event: EventRow,
  target: { user: MemberUser; membership: MembershipRow },
  body: UpdateReviewerBody,
): Promise<{ overLimit: number }> {
  const sentExpertise = body.expertise !== undefined && body.expertise !== null;
  const sentMaxPapers = named(body.max_papers);
  if (!sentExpertise && !sentMaxPapers) throw messageError(400, 'VALIDATION_ERROR', 'committee.nothingToChange');
  const expertise = sentExpertise ? checkExpertise(body.expertise) : target.membership.expertise;
  const maxPapers = sentMaxPapers ? checkMaxPapers(body.max_papers) : target.membership.maxPapers;
  const counts = (await reviewCountsByReviewer(db, event.id, [target.user.id])).get(target.user.id) ?? NO_REVIEWS;
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ expertise: eventMemberships.expertise, maxPapers: eventMemberships.maxPapers })
      .from(eventMemberships)
      .where(eq(eventMemberships.id, target.membership.id))
      .for('update');
    if (!before) throw eventError(404, 'NOT_FOUND', 'events.notReviewer');
    const changes: { expertise?: Change<string>; max_papers?: Change<number> } = {};
    if (before.expertise !== expertise) changes.expertise = { from: before.expertise, to: expertise };
    if (before.maxPapers !== maxPapers) changes.max_papers = { from: before.maxPapers, to: maxPapers };
    if (Object.keys(changes).length === 0) return;
    await tx
      .update(eventMemberships)
      .set({ expertise, maxPapers, updatedAt: new Date() })
      .where(eq(eventMemberships.id, target.membership.id));
    await recordAudit(tx, {
      actorId: actor.id,
      eventId: event.id,
      entity: 'event_membership',
      entityId: target.membership.id,
      action: 'event.reviewer_updated',
      data: { user_id: target.user.id, changes },
    });
  });
  return { overLimit: Math.max(0, counts.load - maxPapers) };
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
