import type { CommitteeReviewerDto, EventDto } from '@confero/contracts';
import { describe, expect, it } from 'vitest';
import {
  bulkStatusColor,
  committeePeople,
  loadColor,
  REVIEWER_LIST_CODEC,
  reviewersPage,
  unfinishedOf,
} from './committee-display.ts';

const reviewer = (n: number, overrides: Partial<CommitteeReviewerDto> = {}): CommitteeReviewerDto => ({
  public_id: `${n}-aaaaaaaa`,
  display_name: `Reviewer ${n}`,
  email: `r${n}@example.org`,
  status: 'active',
  awaiting_account: false,
  expertise: '',
  max_papers: 5,
  invited_at: null,
  responded_at: null,
  load: 0,
  completed: 0,
  ...overrides,
});

describe('committee display helpers', () => {
  it('pages the reviewers by twenty and keeps only a real page number in the address', () => {
    const all = Array.from({ length: 45 }, (_, index) => reviewer(index + 1));
    expect(reviewersPage(all, 3).map((row) => row.display_name)).toEqual([
      'Reviewer 41',
      'Reviewer 42',
      'Reviewer 43',
      'Reviewer 44',
      'Reviewer 45',
    ]);
    expect(REVIEWER_LIST_CODEC.parse(new URLSearchParams('page=x'))).toEqual({ page: 1 });
    expect(REVIEWER_LIST_CODEC.toSearch({ page: 1 }).toString()).toBe('');
    expect(REVIEWER_LIST_CODEC.toSearch({ page: 2 }).toString()).toBe('page=2');
  });

  it('colours loads and bulk lines, and counts the unfinished reviews', () => {
    expect(loadColor({ load: 6, max_papers: 5 })).toBe('red');
    expect(loadColor({ load: 5, max_papers: 5 })).toBe('orange');
    expect(loadColor({ load: 1, max_papers: 5 })).toBeUndefined();
    expect(['invite', 'add', 'member', 'duplicate', 'invalid'].map((s) => bulkStatusColor(s as never))).toEqual([
      'blue',
      'green',
      'gray',
      'gray',
      'red',
    ]);
    expect(unfinishedOf({ load: 3, completed: 1 })).toBe(2);
  });

  it('offers each person of the committee once, registered people only', () => {
    const event = {
      chairs: [{ first_name: 'Hala', last_name: 'Nour', email: 'h@x.org', public_id: '1-a', role_display: 'Chair' }],
      event_admins: [
        { first_name: 'Hala', last_name: 'Nour', email: 'h@x.org', public_id: '1-a', role_display: 'Event admin' },
      ],
      tracks: [
        {
          id: 1,
          public_id: '1-t',
          name: 'T',
          description: '',
          chairs: [{ first_name: 'Omar', last_name: 'S', email: 'o@x.org', public_id: '2-b' }],
        },
      ],
    } as unknown as EventDto;
    const people = committeePeople(event, [
      reviewer(3, { display_name: 'Ziad' }),
      reviewer(4, { public_id: null, status: 'pending' }),
      reviewer(5, { status: 'declined' }),
    ]);
    expect(people).toEqual([
      { value: '1-a', label: 'Hala Nour (h@x.org)' },
      { value: '2-b', label: 'Omar S (o@x.org)' },
      { value: '3-aaaaaaaa', label: 'Ziad (r3@example.org)' },
    ]);
  });
});
