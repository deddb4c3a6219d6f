import { describe, expect, it } from 'vitest';
import {
  EMPTY_OUTBOX_FILTERS,
  failedCountParams,
  hasOutboxFilters,
  outboxFiltersToSearch,
  outboxListParams,
  parseOutboxFilters,
  retryFailedBody,
} from './outbox-filters.ts';

const read = (search: string) => parseOutboxFilters(new URLSearchParams(search));

describe('the outbox filters in the address', () => {
  it('reads status, event, template and page', () => {
    expect(read('status=failed&event=12-abcdefgh&template=auth.verify_email&page=3')).toEqual({
      status: 'failed',
      event: '12-abcdefgh',
      template: 'auth.verify_email',
      page: 3,
    });
    expect(read('event=7').event).toBe('7');
  });

  it('drops what the API would refuse, so a hand-edited link still opens', () => {
    expect(read('status=bounced&event=not%20an%20id&template=auth.nope&page=0')).toEqual(EMPTY_OUTBOX_FILTERS);
    expect(read('event=12-ABCDEFGH&page=2.5')).toEqual(EMPTY_OUTBOX_FILTERS);
  });

  it('writes only what is set, leaving page 1 out, and reads back the same', () => {
    const filters = { status: 'queued', event: '3-abcdefgh', template: null, page: 2 } as const;
    expect(outboxFiltersToSearch(filters).toString()).toBe('status=queued&event=3-abcdefgh&page=2');
    expect(read(outboxFiltersToSearch(filters).toString())).toEqual(filters);
    expect(outboxFiltersToSearch(EMPTY_OUTBOX_FILTERS).toString()).toBe('');
  });
});

describe('the filters set', () => {
  it('knows whether any filter is set', () => {
    expect(hasOutboxFilters(EMPTY_OUTBOX_FILTERS)).toBe(false);
    expect(hasOutboxFilters({ ...EMPTY_OUTBOX_FILTERS, page: 5 })).toBe(false);
    expect(hasOutboxFilters({ ...EMPTY_OUTBOX_FILTERS, template: 'auth.password_reset' })).toBe(true);
  });
});

describe('the calls', () => {
  const filters = { status: 'sent', event: '9-abcdefgh', template: 'reviews.assigned', page: 2 } as const;

  it('asks for the page with the filters that are set', () => {
    expect(outboxListParams(filters)).toEqual({
      page: 2,
      page_size: 25,
      status: 'sent',
      event: '9-abcdefgh',
      template: 'reviews.assigned',
    });
    expect(outboxListParams(EMPTY_OUTBOX_FILTERS)).toEqual({ page: 1, page_size: 25 });
  });

  it('counts and retries the failed mails of the same event and template, whatever status is shown', () => {
    expect(failedCountParams(filters)).toEqual({
      page: 1,
      page_size: 1,
      status: 'failed',
      event: '9-abcdefgh',
      template: 'reviews.assigned',
    });
    expect(retryFailedBody(filters)).toEqual({ event: '9-abcdefgh', template: 'reviews.assigned' });
    expect(retryFailedBody(EMPTY_OUTBOX_FILTERS)).toEqual({});
  });
});
