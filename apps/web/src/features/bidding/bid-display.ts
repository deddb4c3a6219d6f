import { BID_LABELS, BID_VALUES, type BidDto, type BiddingPageDto, type BidValue } from '@confero/contracts';
import { isDeadlinePast } from '../../components/data/deadline.ts';
import { isApiError } from '../../lib/api.ts';
import { pageCount as listPageCount } from '../../lib/list-filters.ts';
import type { ListCodec } from '../../lib/use-list-params.ts';

/*
 * What the bidding screens show and keep in the address: the five bid values with their labels (contracts' BID_LABELS),
 * colours and help texts; the summary counters of the bidding list; the list's filter, search and page read from and
 * written to the query string; whether bidding has closed; and the previous/next paper of the list a bid page was
 * opened from.
 */

export type Language = 'en' | 'ar';

/** Papers per page of the bidding list. */
export const BIDDING_PAGE_SIZE = 20;
/** The API refuses longer searches (BiddingListQuery). */
export const BIDDING_SEARCH_MAX_LENGTH = 200;

/** One colour per bid, from keen (teal) to conflict (red), used by the control, the badges and the summary bar. */
export const BID_COLORS: Record<BidValue, string> = {
  eager: 'teal',
  willing: 'blue',
  in_a_pinch: 'yellow',
  not_willing: 'orange',
  conflict: 'red',
};

/** The colour of "not bid yet". */
export const NO_BID_COLOR = 'gray';

export const isBidValue = (value: unknown): value is BidValue =>
  typeof value === 'string' && (BID_VALUES as readonly string[]).includes(value);

/** A bid's label in the interface language (the contracts' table, shared with the server). */
export const bidLabel = (value: BidValue, language: Language): string => BID_LABELS[value][language];

/** One choice of the bid control: its value, label, colour and the key of its one-line help text. */
export type BidOption = { value: BidValue; label: string; color: string; helpKey: `bidding.help.${BidValue}` };

/**
 * The five choices in the order reviewers read them, from most to least willing, conflict last. The conflict
 * choice is final for the reviewer (it declares a conflict of interest that only the chairs can lift), so the
 * control asks for confirmation before sending it.
 */
export function bidOptions(language: Language): BidOption[] {
  return BID_VALUES.map((value) => ({
    value,
    label: bidLabel(value, language),
    color: BID_COLORS[value],
    helpKey: `bidding.help.${value}` as const,
  }));
}

/** Whether choosing this value needs the reviewer's confirmation first (it cannot be undone by them). */
export const needsConfirmation = (value: BidValue, current: BidValue | null): boolean =>
  value === 'conflict' && current !== 'conflict';

// ---------------------------------------------------------------------------------------------------------------
// Summary
// ---------------------------------------------------------------------------------------------------------------

export type BidCounterKey = 'none' | BidValue;
export type BidCounter = { key: BidCounterKey; count: number; color: string };

export type BidSummary = {
  /** Every paper the caller may bid on. */
  total: number;
  /** Papers with a bid of any value (conflict included). */
  bid: number;
  /** "Not bid yet" first, then each value in BID_VALUES order. */
  counters: BidCounter[];
  /** The stacked bar: each value with papers, as a share of the total (0–100). */
  sections: { key: BidValue; count: number; percent: number; color: string }[];
};

const countOf = (value: unknown): number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;

/**
 * The counters of the bidding list from the API's `summary` (papers per bid value, `none` for no bid yet).
 * Missing values count 0; unknown keys and nonsense counts are ignored, so the counters always add up to `total`.
 */
export function buildBidSummary(summary: Record<string, unknown> | null | undefined): BidSummary {
  const source = summary ?? {};
  const none = countOf(source.none);
  const values = BID_VALUES.map((key) => ({ key, count: countOf(source[key]), color: BID_COLORS[key] }));
  const bid = values.reduce((sum, item) => sum + item.count, 0);
  const total = bid + none;
  return {
    total,
    bid,
    counters: [{ key: 'none', count: none, color: NO_BID_COLOR }, ...values],
    sections: values
      .filter((item) => item.count > 0)
      .map((item) => ({ ...item, percent: total === 0 ? 0 : (item.count / total) * 100 })),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The list's address: filter, search and page
// ---------------------------------------------------------------------------------------------------------------

/** The list's filter: every paper, those not bid on yet, or those with one bid value. */
export type BidFilter = 'all' | BidCounterKey;
export const BID_FILTERS: readonly BidFilter[] = ['all', 'none', ...BID_VALUES];

export type BiddingListParams = { page: number; bid: BidFilter; search: string };

export const DEFAULT_BIDDING_PARAMS: BiddingListParams = { page: 1, bid: 'all', search: '' };

/**
 * The list's state from the address (`?bid=eager&search=graph&page=2`), so a reload, a shared link or the way
 * back from a paper keeps it. Anything unreadable falls back to the default (all papers, page 1, no search).
 */
export function parseBiddingParams(search: URLSearchParams | string): BiddingListParams {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const rawPage = params.get('page') ?? '';
  const page = /^\d+$/.test(rawPage) && Number(rawPage) >= 1 ? Number(rawPage) : 1;
  const rawBid = params.get('bid') ?? '';
  const bid = (BID_FILTERS as readonly string[]).includes(rawBid) ? (rawBid as BidFilter) : 'all';
  const text = (params.get('search') ?? '').trim().slice(0, BIDDING_SEARCH_MAX_LENGTH);
  return { page: Number.isSafeInteger(page) ? page : 1, bid, search: text };
}

/** The query string of a list state, without the defaults (so the plain list has a plain address). */
export function biddingParamsToSearch(params: BiddingListParams): URLSearchParams {
  const out = new URLSearchParams();
  if (params.bid !== 'all') out.set('bid', params.bid);
  const text = params.search.trim();
  if (text) out.set('search', text);
  if (params.page > 1) out.set('page', String(params.page));
  return out;
}

/** How the list's state is kept in the address (`useListParams`). */
export const BIDDING_LIST_CODEC: ListCodec<BiddingListParams> = {
  parse: parseBiddingParams,
  toSearch: biddingParamsToSearch,
};

/** What `GET events/{id}/bids/` is asked: `bid` and `search` only when they filter. */
export function biddingApiQuery(params: BiddingListParams, pageSize = BIDDING_PAGE_SIZE) {
  return {
    page: params.page,
    page_size: pageSize,
    bid: params.bid === 'all' ? undefined : params.bid,
    search: params.search.trim() || undefined,
  };
}

/** How many pages a count fills (at least one, so the pager never shows page 1 of 0). */
export const pageCount = (count: number, pageSize = BIDDING_PAGE_SIZE): number => listPageCount(count, pageSize);

// ---------------------------------------------------------------------------------------------------------------
// Deadline, neighbours and cached rows
// ---------------------------------------------------------------------------------------------------------------

/**
 * Whether bidding has closed: it closes with the review deadline, which ends at 23:59:59 of its date in the
 * event's time zone (Anywhere on Earth by default). An unreadable date leaves bidding open; the server decides.
 */
export function isBiddingClosed(
  event: { review_deadline?: string | null; timezone?: string | null },
  now: Date = new Date(),
): boolean {
  return isDeadlinePast(event.review_deadline, event.timezone, now);
}

/**
 * Whether the API refused a bid because the paper no longer takes bids: a decision was made on it (409
 * `bids.submissionClosed`). The bid page then says so instead of offering a retry.
 */
export function isPaperClosedError(error: unknown): boolean {
  if (!isApiError(error) || error.status !== 409) return false;
  const body = error.body;
  return (
    typeof body === 'object' &&
    body !== null &&
    (body as { message_code?: unknown }).message_code === 'bids.submissionClosed'
  );
}

/**
 * What the bidding list hands to a paper's bid page through the router state: the list's address (to go back to
 * the same filter and page) and the papers of that page in order (for previous and next).
 */
export type BiddingNavState = { listHref: string; ids: string[] };

/** The router state read back, or null when it is not the list's (opened directly, from elsewhere). */
export function readBiddingNavState(state: unknown): BiddingNavState | null {
  if (state === null || typeof state !== 'object') return null;
  const value = (state as { bidding?: unknown }).bidding;
  if (value === null || typeof value !== 'object') return null;
  const { listHref, ids } = value as { listHref?: unknown; ids?: unknown };
  if (typeof listHref !== 'string' || !listHref.startsWith('/events/')) return null;
  if (!Array.isArray(ids) || !ids.every((id) => typeof id === 'string')) return null;
  return { listHref, ids: ids as string[] };
}

/** The previous and next paper around `current` in the list's order (by public id or numeric id). */
export function neighbours(ids: readonly string[], current: { public_id: string; id: number }) {
  const index = ids.findIndex((id) => id === current.public_id || id === String(current.id));
  if (index < 0) return { previous: null, next: null };
  return { previous: ids[index - 1] ?? null, next: ids[index + 1] ?? null };
}

/**
 * A cached page of the bidding list with one paper's new bid applied, so the row shows the saved value at once
 * while the list (and its summary) is asked again. Other rows, and pages without the paper, are left as they are.
 */
export function patchBiddingRow(page: BiddingPageDto, bid: BidDto): BiddingPageDto {
  if (!page.results.some((row) => row.public_id === bid.submission)) return page;
  return {
    ...page,
    results: page.results.map((row) =>
      row.public_id === bid.submission
        ? {
            ...row,
            bid: bid.value,
            bid_display: bid.value ? BID_LABELS[bid.value].en : null,
            conflict: bid.conflict,
          }
        : row,
    ),
  };
}
