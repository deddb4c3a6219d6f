import { BID_VALUES, type BidValue } from '@confero/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { bids } from '../../../db/schema/index.ts';
import { recordAudit } from '../../../lib/audit.ts';
import type { Actor } from '../../../plugins/auth.ts';
import { hasConflict } from '../../conflicts/conflicts.queries.ts';
import { declareConflict, syncConflicts } from '../../conflicts/conflicts.service.ts';
import { isPast } from '../../events/event-dates.ts';
import type { EventRow } from '../../events/events.queries.ts';
import { reviewError, reviewFieldError } from '../../reviews/review-errors.ts';
import { isOpenForReview } from '../../reviews/reviews.queries.ts';
import { type BidRow, findBid } from '../bidding.queries.ts';

export type PutBidInput = {
  actor: Actor;
  event: Pick<EventRow, 'id' | 'reviewDeadline' | 'timezone'>;
  submission: { id: number; publicId: string; status: string };
  /** One of BID_VALUES; `null` clears the caller's bid; anything else (missing, blank) is refused. */
  value: string | null | undefined;
};

/**
 * 409 when the submission no longer takes bids (a decision was made: isOpenForReview, the rule the bidding list
 * filters with). Both bid endpoints call it.
 */
export function requireOpenForBidding(submission: { status: string }): void {
  if (!isOpenForReview(submission)) throw reviewError(409, 'CONFLICT', 'bids.submissionClosed');
}

/**
 * A reviewer's bid on a submission (`PUT submissions/{id}/bid/`), checked in this order: the submission still
 * takes bids (409), the value (one of BID_VALUES, or null to clear), the review deadline (bidding closes with it),
 * the caller's conflicts (detected afresh): a conflicted reviewer may only bid 'conflict', and cannot clear their
 * bid (409 — a 'conflict' bid declared the conflict, which only the chairs lift). A 'conflict' bid also declares
 * the conflict of interest (and so removes an untouched assignment). Who may bid is the caller's check (policy
 * 'submission.bid' of bidding.policy). Audited ('bid.put', 'bid.cleared').
 */
export async function putBid(
  db: Db,
  input: PutBidInput,
  now = new Date(),
): Promise<{ bid: BidRow | undefined; conflict: boolean }> {
  const { actor, event, submission } = input;
  requireOpenForBidding(submission);
  const clearing = input.value === null;
  const value = input.value?.trim() ?? '';
  if (!clearing && !(BID_VALUES as readonly string[]).includes(value)) {
    throw reviewFieldError('value', 'bids.valueInvalid');
  }
  if (isPast(event.reviewDeadline, event.timezone, now)) {
    throw reviewError(400, 'DEADLINE_PASSED', 'bids.closed', {
      deadline: event.reviewDeadline,
      timezone: event.timezone,
    });
  }
  await syncConflicts(db, event.id, { submissionIds: [submission.id], userIds: [actor.id] });
  const conflicted = (await hasConflict(db, submission.id, actor.id)) !== undefined;
  if (clearing) {
    if (conflicted) throw reviewError(409, 'CONFLICT_OF_INTEREST', 'bids.conflictNotClearable');
    const [removed] = await db
      .delete(bids)
      .where(and(eq(bids.submissionId, submission.id), eq(bids.userId, actor.id)))
      .returning({ value: bids.value });
    if (removed) {
      await recordAudit(db, {
        actorId: actor.id,
        eventId: event.id,
        entity: 'submission',
        entityId: submission.id,
        action: 'bid.cleared',
        data: { from: removed.value },
      });
    }
    return { bid: undefined, conflict: false };
  }
  if (conflicted && value !== 'conflict') throw reviewError(403, 'CONFLICT_OF_INTEREST', 'bids.conflicted');
  const bidValue = value as BidValue;
  const previous = await findBid(db, submission.id, actor.id);
  const [bid] = await db
    .insert(bids)
    .values({ submissionId: submission.id, userId: actor.id, value: bidValue })
    .onConflictDoUpdate({ target: [bids.submissionId, bids.userId], set: { value: bidValue, updatedAt: now } })
    .returning();
  await recordAudit(db, {
    actorId: actor.id,
    eventId: event.id,
    entity: 'submission',
    entityId: submission.id,
    action: 'bid.put',
    data: { from: previous?.value ?? null, to: bidValue },
  });
  if (bidValue === 'conflict' && !conflicted) {
    await declareConflict(db, { actor, eventId: event.id }, { submission_id: submission.id }, { viaBid: true });
  }
  return { bid, conflict: bidValue === 'conflict' || conflicted };
}
