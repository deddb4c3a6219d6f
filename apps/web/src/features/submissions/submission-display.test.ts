import { describe, expect, it } from 'vitest';
import {
  authorNames,
  fileNameFromDisposition,
  formatSubmissionDate,
  groupByEvent,
  initials,
  isAcceptingSubmissions,
  preview,
  relevanceStars,
  splitKeywords,
  submissionHref,
  submissionStatusColor,
  todayIn,
} from './submission-display.ts';

describe('submissionStatusColor', () => {
  it.each([
    ['accepted', 'green'],
    ['under_review', 'yellow'],
    ['submitted', 'blue'],
    ['rejected', 'red'],
    ['revision_requested', 'indigo'],
    ['something_else', 'indigo'],
  ])('%s is %s', (status, color) => {
    expect(submissionStatusColor(status)).toBe(color);
  });
});

describe('list limits', () => {
  it('shows the first three and counts the rest', () => {
    expect(preview(['a', 'b', 'c', 'd', 'e'])).toEqual({ shown: ['a', 'b', 'c'], more: 2 });
    expect(preview(['a', 'b'])).toEqual({ shown: ['a', 'b'], more: 0 });
    expect(preview([])).toEqual({ shown: [], more: 0 });
  });

  it('makes initials of at most two letters', () => {
    expect(initials('Ada Lovelace')).toBe('AL');
    expect(initials('  Grace  Brewster Murray Hopper ')).toBe('GH');
    expect(initials('plato')).toBe('P');
    expect(initials('')).toBe('');
    expect(initials('عبد الله محمد')).toBe('عم');
  });

  it('names the authors in order, else the primary author', () => {
    const author = (full_name: string) => ({ full_name, first_name: '', last_name: '' });
    expect(authorNames({ authors: [author('A B'), author('C D')] as never, primary_author: null })).toEqual([
      'A B',
      'C D',
    ]);
    expect(authorNames({ authors: [], primary_author: { first_name: 'X', last_name: 'Y', full_name: 'X Y' } })).toEqual(
      ['X Y'],
    );
  });
});

describe('formatSubmissionDate ("Mon D, YYYY HH:MM")', () => {
  it('formats English dates without a comma before the time, on a 24-hour clock', () => {
    expect(formatSubmissionDate('2026-03-05T14:07:09Z', 'en', 'UTC')).toBe('Mar 5, 2026 14:07');
    expect(formatSubmissionDate('2026-12-25T00:30:00Z', 'en', 'UTC')).toBe('Dec 25, 2026 00:30');
  });

  it('uses Arabic month names in Arabic', () => {
    const text = formatSubmissionDate('2026-03-05T14:07:09Z', 'ar', 'UTC');
    expect(text).toContain('مارس');
    expect(text).toMatch(/،/);
  });

  it('shows a dash for nothing and the value for a non-date', () => {
    expect(formatSubmissionDate(null)).toBe('-');
    expect(formatSubmissionDate('soon')).toBe('soon');
  });
});

describe('groupByEvent', () => {
  it('groups by event title in the order received', () => {
    const rows = [
      { event: 1, event_title: 'B', n: 1 },
      { event: 2, event_title: 'A', n: 2 },
      { event: 1, event_title: 'B', n: 3 },
    ];
    const groups = groupByEvent(rows);
    expect(groups.map((group) => group.eventTitle)).toEqual(['B', 'A']);
    expect(groups[0]?.items.map((row) => row.n)).toEqual([1, 3]);
  });
});

describe('keywords and links', () => {
  it('splits the keyword text on commas', () => {
    expect(splitKeywords('a, b ,, c')).toEqual(['a', 'b', 'c']);
    expect(splitKeywords('')).toEqual([]);
  });

  it('builds the event-scoped and plain addresses', () => {
    expect(submissionHref('7-abc', '3-xyz')).toBe('/events/3-xyz/submissions/7-abc');
    expect(submissionHref('7-abc', null, '/edit')).toBe('/submissions/7-abc/edit');
  });
});

describe('relevanceStars ("star rating rounded")', () => {
  it.each([
    [0, 0],
    [2.4, 2],
    [2.5, 3],
    [4.6, 5],
    [7, 5],
    [-1, 0],
  ])('%s gives %s stars', (score, stars) => {
    expect(relevanceStars(score)).toBe(stars);
  });
});

describe('fileNameFromDisposition', () => {
  it('prefers the UTF-8 name, then the plain one, then the fallback', () => {
    expect(
      fileNameFromDisposition(
        `attachment; filename="deep_learning.pdf"; filename*=UTF-8''%D8%AA%D8%B9%D9%84%D9%85.pdf`,
      ),
    ).toBe('تعلم.pdf');
    expect(fileNameFromDisposition('attachment; filename="paper_one.pdf"')).toBe('paper_one.pdf');
    expect(fileNameFromDisposition('attachment; filename=plain.pdf')).toBe('plain.pdf');
    expect(fileNameFromDisposition(null)).toBe('submission.pdf');
    expect(fileNameFromDisposition('attachment', 'mine.pdf')).toBe('mine.pdf');
  });
});

describe('isAcceptingSubmissions (deadline at 23:59:59 of its date, Anywhere on Earth by default)', () => {
  const event = (submission_deadline: string, status = 'approved', timezone = 'AoE') => ({
    status,
    submission_deadline,
    timezone,
  });

  it('is open until the end of the deadline day in UTC−12', () => {
    // 2026-05-02 11:00 UTC is still 2026-05-01 23:00 in UTC−12.
    const now = new Date('2026-05-02T11:00:00Z');
    expect(todayIn('AoE', now)).toBe('2026-05-01');
    expect(isAcceptingSubmissions(event('2026-05-01'), now)).toBe(true);
    expect(isAcceptingSubmissions(event('2026-05-01'), new Date('2026-05-02T12:00:01Z'))).toBe(false);
  });

  it('reads IANA zones', () => {
    const now = new Date('2026-05-01T22:30:00Z');
    expect(isAcceptingSubmissions(event('2026-05-01', 'active', 'Asia/Riyadh'), now)).toBe(false);
    expect(isAcceptingSubmissions(event('2026-05-01', 'active', 'America/New_York'), now)).toBe(true);
  });

  it('needs an approved or active event', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    expect(isAcceptingSubmissions(event('2026-05-01', 'pending'), now)).toBe(false);
    expect(isAcceptingSubmissions(event('2026-05-01', 'completed'), now)).toBe(false);
    expect(isAcceptingSubmissions(event('2026-05-01', 'active'), now)).toBe(true);
  });
});
