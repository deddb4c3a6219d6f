import type { BidDto, BiddingItemDto, BiddingPageDto } from '@confero/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import {
  BID_COLORS,
  biddingApiQuery,
  biddingParamsToSearch,
  bidLabel,
  bidOptions,
  buildBidSummary,
  isBiddingClosed,
  isPaperClosedError,
  needsConfirmation,
  neighbours,
  pageCount,
  parseBiddingParams,
  patchBiddingRow,
  readBiddingNavState,
} from './bid-display.ts';

describe('bidOptions', () => {
  it('lists the five bids from most to least willing, conflict last, with labels, colours and help keys', () => {
    expect(bidOptions('en')).toEqual([
      { value: 'eager', label: 'Eager', color: 'teal', helpKey: 'bidding.help.eager' },
      { value: 'willing', label: 'Willing', color: 'blue', helpKey: 'bidding.help.willing' },
      { value: 'in_a_pinch', label: 'In a pinch', color: 'yellow', helpKey: 'bidding.help.in_a_pinch' },
      { value: 'not_willing', label: 'Not willing', color: 'orange', helpKey: 'bidding.help.not_willing' },
      { value: 'conflict', label: 'Conflict', color: 'red', helpKey: 'bidding.help.conflict' },
    ]);
  });

  it('labels them in Arabic from the shared table', () => {
    expect(bidOptions('ar').map((option) => option.label)).toEqual([
      'متحمّس',
      'مستعد',
      'عند الحاجة',
      'غير راغب',
      'تعارض مصالح',
    ]);
    expect(bidLabel('in_a_pinch', 'ar')).toBe('عند الحاجة');
  });

  it('gives every bid its own colour', () => {
    expect(new Set(Object.values(BID_COLORS)).size).toBe(5);
  });

  it('asks for confirmation only before declaring a new conflict', () => {
    expect(needsConfirmation('conflict', null)).toBe(true);
    expect(needsConfirmation('conflict', 'eager')).toBe(true);
    expect(needsConfirmation('conflict', 'conflict')).toBe(false);
    expect(needsConfirmation('not_willing', 'eager')).toBe(false);
    expect(needsConfirmation('eager', null)).toBe(false);
  });
});

describe('buildBidSummary', () => {
  it('counts the papers per value, not bid yet first, and what share of the bar each value takes', () => {
    const summary = buildBidSummary({ eager: 2, in_a_pinch: 1, conflict: 1, none: 4 });
    expect(summary.total).toBe(8);
    expect(summary.bid).toBe(4);
    expect(summary.counters.map((counter) => [counter.key, counter.count])).toEqual([
      ['none', 4],
      ['eager', 2],
      ['willing', 0],
      ['in_a_pinch', 1],
      ['not_willing', 0],
      ['conflict', 1],
    ]);
    expect(summary.sections).toEqual([
      { key: 'eager', count: 2, percent: 25, color: 'teal' },
      { key: 'in_a_pinch', count: 1, percent: 12.5, color: 'yellow' },
      { key: 'conflict', count: 1, percent: 12.5, color: 'red' },
    ]);
  });

  it('is all zero for an empty or missing summary', () => {
    for (const input of [{}, null, undefined]) {
      const summary = buildBidSummary(input);
      expect(summary.total).toBe(0);
      expect(summary.bid).toBe(0);
      expect(summary.sections).toEqual([]);
      expect(summary.counters.every((counter) => counter.count === 0)).toBe(true);
    }
  });

  it('ignores unknown keys and counts that are not whole positive numbers', () => {
    const summary = buildBidSummary({ eager: 3, keen: 9, willing: -2, not_willing: Number.NaN, none: '5' });
    expect(summary.total).toBe(3);
    expect(summary.counters.find((counter) => counter.key === 'willing')?.count).toBe(0);
    expect(summary.counters.find((counter) => counter.key === 'none')?.count).toBe(0);
  });
});

describe('the list address', () => {
  it('reads the filter, search and page', () => {
    expect(parseBiddingParams('?bid=eager&search=%20graph%20&page=3')).toEqual({
      page: 3,
      bid: 'eager',
      search: 'graph',
    });
    expect(parseBiddingParams(new URLSearchParams('bid=none'))).toEqual({ page: 1, bid: 'none', search: '' });
  });

  it('falls back to all papers on page 1 for anything unreadable', () => {
    expect(parseBiddingParams('bid=keen&page=0')).toEqual({ page: 1, bid: 'all', search: '' });
    expect(parseBiddingParams('page=-2').page).toBe(1);
    expect(parseBiddingParams('page=2.5').page).toBe(1);
    expect(parseBiddingParams('page=abc').page).toBe(1);
    expect(parseBiddingParams('page=99999999999999999999').page).toBe(1);
    expect(parseBiddingParams('bid=all').bid).toBe('all');
  });

  it('cuts a search to the length the API takes', () => {
    expect(parseBiddingParams(`search=${'a'.repeat(250)}`).search).toHaveLength(200);
  });

  it('writes only what differs from the default, and reads it back the same', () => {
    expect(biddingParamsToSearch({ page: 1, bid: 'all', search: '' }).toString()).toBe('');
    const written = biddingParamsToSearch({ page: 2, bid: 'not_willing', search: ' neural nets ' }).toString();
    expect(written).toBe('bid=not_willing&search=neural+nets&page=2');
    expect(parseBiddingParams(written)).toEqual({ page: 2, bid: 'not_willing', search: 'neural nets' });
  });

  it('asks the API with bid and search only when they filter', () => {
    expect(biddingApiQuery({ page: 1, bid: 'all', search: '  ' })).toEqual({
      page: 1,
      page_size: 20,
      bid: undefined,
      search: undefined,
    });
    expect(biddingApiQuery({ page: 4, bid: 'none', search: 'graph' }, 10)).toEqual({
      page: 4,
      page_size: 10,
      bid: 'none',
      search: 'graph',
    });
  });

  it('counts pages, at least one', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(20)).toBe(1);
    expect(pageCount(21)).toBe(2);
    expect(pageCount(45, 10)).toBe(5);
  });
});

describe('isBiddingClosed', () => {
  const event = { review_deadline: '2026-03-10', timezone: 'UTC' };

  it('stays open through the last day of the deadline in the event time zone', () => {
    expect(isBiddingClosed(event, new Date('2026-03-10T23:59:00Z'))).toBe(false);
    expect(isBiddingClosed(event, new Date('2026-03-11T00:00:01Z'))).toBe(true);
  });

  it('uses Anywhere on Earth by default (UTC−12)', () => {
    const aoe = { review_deadline: '2026-03-10', timezone: 'AoE' };
    expect(isBiddingClosed(aoe, new Date('2026-03-11T11:00:00Z'))).toBe(false);
    expect(isBiddingClosed(aoe, new Date('2026-03-11T12:30:00Z'))).toBe(true);
  });

  it('leaves bidding open when the date cannot be read (the server decides)', () => {
    expect(isBiddingClosed({ review_deadline: '', timezone: 'UTC' }, new Date('2030-01-01T00:00:00Z'))).toBe(false);
    expect(isBiddingClosed({ review_deadline: null }, new Date('2030-01-01T00:00:00Z'))).toBe(false);
  });
});

describe('previous and next from the list', () => {
  it('reads back only the state the list hands over', () => {
    const state = { bidding: { listHref: '/events/7-abc/bids?bid=none', ids: ['1-a', '2-b'] } };
    expect(readBiddingNavState(state)).toEqual(state.bidding);
    expect(readBiddingNavState(null)).toBeNull();
    expect(readBiddingNavState({ bidding: { listHref: 'https://evil.example/', ids: [] } })).toBeNull();
    expect(readBiddingNavState({ bidding: { listHref: '/events/7/bids', ids: [1, 2] } })).toBeNull();
    expect(readBiddingNavState({ other: true })).toBeNull();
  });

  it('finds the papers around the current one, by public or numeric id', () => {
    const ids = ['1-aaaa', '2-bbbb', '3-cccc'];
    expect(neighbours(ids, { public_id: '2-bbbb', id: 2 })).toEqual({ previous: '1-aaaa', next: '3-cccc' });
    expect(neighbours(ids, { public_id: '1-aaaa', id: 1 })).toEqual({ previous: null, next: '2-bbbb' });
    expect(neighbours(ids, { public_id: '3-cccc', id: 3 })).toEqual({ previous: '2-bbbb', next: null });
    expect(neighbours(['1', '5'], { public_id: '5-zzzz', id: 5 })).toEqual({ previous: '1', next: null });
    expect(neighbours(ids, { public_id: '9-zzzz', id: 9 })).toEqual({ previous: null, next: null });
  });
});

describe('patchBiddingRow', () => {
  const row = (publicId: string, bid: BiddingItemDto['bid'] = null): BiddingItemDto => ({
    id: Number(publicId.split('-')[0]),
    public_id: publicId,
    title: `Paper ${publicId}`,
    abstract: '',
    keywords: '',
    keywords_list: [],
    track: null,
    track_name: null,
    authors: [],
    authors_hidden: true,
    bid,
    bid_display: null,
    conflict: false,
  });
  const page: BiddingPageDto = {
    count: 2,
    next: null,
    previous: null,
    summary: { none: 2 },
    results: [row('1-aaaa'), row('2-bbbb', 'willing')],
  };
  const bid = (submission: string, value: BidDto['value'], conflict = false): BidDto => ({
    submission,
    value,
    value_display: null,
    conflict,
    updated_at: '2026-03-01T10:00:00.000Z',
  });

  it('shows the saved bid on its row and leaves the others alone', () => {
    const patched = patchBiddingRow(page, bid('1-aaaa', 'eager'));
    expect(patched.results[0]).toMatchObject({ bid: 'eager', bid_display: 'Eager', conflict: false });
    expect(patched.results[1]).toBe(page.results[1]);
    expect(page.results[0]?.bid).toBeNull();
  });

  it('marks a declared conflict', () => {
    const patched = patchBiddingRow(page, bid('2-bbbb', 'conflict', true));
    expect(patched.results[1]).toMatchObject({ bid: 'conflict', bid_display: 'Conflict', conflict: true });
  });

  it('returns the same page when the paper is not on it', () => {
    expect(patchBiddingRow(page, bid('9-zzzz', 'eager'))).toBe(page);
  });

  it('shows a cleared bid as no bid', () => {
    const patched = patchBiddingRow(page, bid('2-bbbb', null));
    expect(patched.results[1]).toMatchObject({ bid: null, bid_display: null, conflict: false });
  });
});

describe('isPaperClosedError', () => {
  const error = (status: number, body: unknown) =>
    new ApiError({ status, code: status === 409 ? 'CONFLICT' : 'PERMISSION_DENIED', detail: 'x', body });

  it('recognises the refusal of a decided paper', () => {
    expect(isPaperClosedError(error(409, { code: 'CONFLICT', message_code: 'bids.submissionClosed' }))).toBe(true);
  });

  it('leaves every other failure to the usual error panel', () => {
    expect(isPaperClosedError(error(409, { message_code: 'bids.conflictNotClearable' }))).toBe(false);
    expect(isPaperClosedError(error(403, { message_code: 'bids.submissionClosed' }))).toBe(false);
    expect(isPaperClosedError(error(409, null))).toBe(false);
    expect(isPaperClosedError(new Error('bids.submissionClosed'))).toBe(false);
    expect(isPaperClosedError(null)).toBe(false);
  });
});
