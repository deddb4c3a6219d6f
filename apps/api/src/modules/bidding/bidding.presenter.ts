import { BID_LABELS, type BidDto, type BiddingItemDto, type BidValue, joinKeywords } from '@confero/contracts';
import type { BiddingRow } from './bidding.queries.ts';
import type { BiddingAuthors } from './bidding.service.ts';

/** The caller's bid on a submission. */
export function presentBid(
  submissionPublicId: string,
  bid: { value: BidValue; updatedAt: Date } | undefined,
  conflict: boolean,
): BidDto {
  const value = conflict ? 'conflict' : (bid?.value ?? null);
  return {
    submission: submissionPublicId,
    value,
    value_display: value ? BID_LABELS[value].en : null,
    conflict,
    updated_at: bid?.updatedAt.toISOString() ?? null,
  };
}

/**
 * A row of the bidding list for one reviewer: a conflict reads as the 'conflict' bid whatever was stored, and the
 * authors are left out (`authors_hidden`) when the double-blind rule hides them from this viewer.
 */
export function presentBiddingItem(row: BiddingRow, authors: BiddingAuthors): BiddingItemDto {
  const value = row.conflict ? 'conflict' : row.bid;
  return {
    id: row.id,
    public_id: row.publicId,
    title: row.title,
    abstract: row.abstract,
    keywords: joinKeywords(row.keywords),
    keywords_list: [...row.keywords],
    track: row.trackPublicId,
    track_name: row.trackName,
    authors: authors.hidden ? [] : (authors.names.get(row.id) ?? []),
    authors_hidden: authors.hidden,
    bid: value,
    bid_display: value ? BID_LABELS[value].en : null,
    conflict: row.conflict,
  };
}
