import type { BiddingItemDto, BidValue } from '@confero/contracts';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../plugins/auth.ts';
import { detectedConflictIds } from '../conflicts/detect-conflict.ts';
import { type EventAccess, isBlindedEventReviewer } from '../events/events.policy.ts';
import type { EventRow } from '../events/events.queries.ts';
import { type BiddingRow, findAuthorNames, pageBiddingList } from './bidding.queries.ts';

/** Whose names a bidding list shows: none when the double-blind rule hides the authors from its reader. */
export type BiddingAuthors = { hidden: true } | { hidden: false; names: Map<number, BiddingItemDto['authors']> };

export type BiddingPage = {
  rows: BiddingRow[];
  count: number;
  summary: Record<string, number>;
  authors: BiddingAuthors;
};

/**
 * One page of an event's bidding list for a reviewer: the caller's conflicts as the data has them now (detected
 * without storing), the page's rows with the bid summary, and the authors' names when the event's blind mode lets
 * this reader see them (looked up for the page only).
 */
export async function listBiddingPage(
  db: Db,
  request: {
    actor: Actor;
    event: EventRow;
    access: EventAccess;
    page: number;
    pageSize: number;
    bid?: BidValue | 'none';
    search?: string;
  },
): Promise<BiddingPage> {
  const { actor, event } = request;
  const detected = await detectedConflictIds(db, event.id, actor);
  const { rows, count, summary } = await pageBiddingList(db, {
    eventId: event.id,
    userId: actor.id,
    detectedIds: [...detected],
    page: request.page,
    pageSize: request.pageSize,
    bid: request.bid,
    search: request.search,
  });
  if (isBlindedEventReviewer(request.access, event.reviewSettings.blind_mode)) {
    return { rows, count, summary, authors: { hidden: true } };
  }
  const names = await findAuthorNames(
    db,
    rows.map((row) => row.id),
  );
  return { rows, count, summary, authors: { hidden: false, names } };
}
