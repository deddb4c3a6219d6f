import { ROLE_NAMES } from '@confero/contracts';
import { describe, expect, it } from 'vitest';
import {
  ADMIN_EVENT_LIST_CODEC,
  EVENT_LIST_CODEC,
  EVENT_LIST_SOURCES,
  eventListPath,
  InvalidEventListError,
  listSourceForRole,
  readEventList,
} from './event-lists.ts';

describe('the list of the active role', () => {
  it.each([
    ['reviewer', 'reviewer_events'],
    ['author', 'author_events'],
    ['event_admin', 'admin_events'],
    ['chair', 'chair_events'],
    ['simple_user', 'active'],
    ['admin', 'active'],
    ['guest', 'active'],
    ['no_such_role', 'active'],
  ])('%s sees %s', (role, source) => {
    expect(listSourceForRole(role)).toBe(source);
  });

  it('gives every role a known list', () => {
    for (const role of ROLE_NAMES) expect(EVENT_LIST_SOURCES).toContain(listSourceForRole(role));
  });
});

describe('eventListPath', () => {
  it('names the server lists', () => {
    expect(eventListPath('events')).toBe('events/');
    expect(eventListPath('reviewer_events')).toBe('events/reviewer_events/');
    expect(eventListPath('all_events')).toBe('events/all_events/');
    expect(eventListPath('active')).toBe('events/active/');
  });
});

describe('readEventList', () => {
  const event = (fields: Record<string, unknown>) => ({ title: 'T', type: 'conference', status: 'active', ...fields });

  it('reads an array', () => {
    const rows = readEventList([event({ id: 1, public_id: '1-aaaaaaaa' }), event({ id: 2, public_id: '2-bbbbbbbb' })]);
    expect(rows.map((row) => row.public_id)).toEqual(['1-aaaaaaaa', '2-bbbbbbbb']);
  });

  it('reads an object with results and count', () => {
    const rows = readEventList({ count: 1, next: null, previous: null, results: [event({ id: 5 })] });
    expect(rows).toHaveLength(1);
    expect(rows[0]?.id).toBe(5);
  });

  it('skips entries that cannot be linked to', () => {
    expect(readEventList([event({}), null, 'x', event({ public_id: '' }), event({ id: 4 })])).toHaveLength(1);
  });

  it('refuses any other shape ("Invalid response format from API")', () => {
    expect(() => readEventList({ events: [] })).toThrow(InvalidEventListError);
    expect(() => readEventList('oops')).toThrow('Invalid response format from API');
    expect(() => readEventList(null)).toThrow(InvalidEventListError);
  });
});

describe('the event lists in the address', () => {
  const read = (codec: { parse: (params: URLSearchParams) => unknown }, query: string) =>
    codec.parse(new URLSearchParams(query));

  it('reads the admin status filter, an unknown status as all events', () => {
    expect(read(ADMIN_EVENT_LIST_CODEC, 'status=pending')).toEqual({ status: 'pending', page: 1 });
    expect(read(ADMIN_EVENT_LIST_CODEC, 'status=lost&page=x')).toEqual({ status: null, page: 1 });
    expect(ADMIN_EVENT_LIST_CODEC.toSearch({ status: 'approved', page: 1 }).toString()).toBe('status=approved');
    expect(ADMIN_EVENT_LIST_CODEC.toSearch({ status: null, page: 1 }).toString()).toBe('');
  });

  it('reads which list /events shows, the open events unless the address names the own events', () => {
    expect(read(EVENT_LIST_CODEC, 'list=my_events')).toEqual({ list: 'my_events', page: 1 });
    expect(read(EVENT_LIST_CODEC, 'list=all_events')).toEqual({ list: 'active', page: 1 });
    expect(EVENT_LIST_CODEC.toSearch({ list: 'my_events', page: 2 }).toString()).toBe('list=my_events&page=2');
    expect(EVENT_LIST_CODEC.toSearch({ list: 'active', page: 1 }).toString()).toBe('');
  });
});
