import { describe, expect, it } from 'vitest';
import { passedDeadlines } from '../../features/events/event-display.ts';
import { reviewClosedReason } from '../../features/reviews/review-display.ts';
import { submissionClosedReason } from '../../features/submissions/submission-display.ts';
import { deadlineParts, isDeadlinePast } from './deadline.ts';
import { formatDate } from './format.ts';
import { isolate } from './UserText.tsx';

describe('deadlines end at 23:59:59 of their date in the event zone (Anywhere on Earth by default)', () => {
  it('passes only once the whole date is over in that zone', () => {
    // 2026-03-10 23:59:59 AoE is 2026-03-11 11:59:59 UTC.
    expect(isDeadlinePast('2026-03-10', 'AoE', new Date('2026-03-11T11:59:00Z'))).toBe(false);
    expect(isDeadlinePast('2026-03-10', 'AoE', new Date('2026-03-11T12:00:01Z'))).toBe(true);
    expect(isDeadlinePast('2026-03-10', '', new Date('2026-03-11T12:00:01Z'))).toBe(true);
    // Riyadh is UTC+3: its 23:59:59 comes earlier.
    expect(isDeadlinePast('2026-03-10', 'Asia/Riyadh', new Date('2026-03-10T21:00:01Z'))).toBe(true);
    expect(isDeadlinePast('2026-03-10', 'Asia/Riyadh', new Date('2026-03-10T20:59:00Z'))).toBe(false);
    expect(isDeadlinePast('', 'AoE')).toBe(false);
    expect(isDeadlinePast(null, 'AoE')).toBe(false);
  });

  it('are shown with their date, end time and zone in the interface language', () => {
    expect(deadlineParts('2026-03-10', 'AoE', 'en', 'AOE')).toEqual({
      date: 'Mar 10, 2026',
      time: '23:59',
      timezone: 'AOE',
    });
    expect(deadlineParts('2026-03-10', 'America/New_York', 'en', 'AOE').timezone).toBe('America/New York');
    const arabic = deadlineParts('2026-03-10', 'AoE', 'ar', 'AOE');
    expect(arabic.date).toBe(formatDate('2026-03-10', 'ar'));
    expect(arabic.date).not.toBe('Mar 10, 2026');
    expect(arabic.time).toMatch(/^[٠-٩0-9]{2}:[٠-٩0-9]{2}$/);
  });

  it('name the deadlines of an event that already passed, in order', () => {
    const now = new Date('2026-05-01T00:00:00Z');
    expect(
      passedDeadlines({ submission_deadline: '2026-03-10', review_deadline: '2026-04-10', timezone: 'AoE' }, now),
    ).toEqual(['submission_deadline', 'review_deadline']);
    expect(
      passedDeadlines({ submission_deadline: '2026-03-10', review_deadline: '2026-06-10', timezone: 'AoE' }, now),
    ).toEqual(['submission_deadline']);
    expect(passedDeadlines({ submission_deadline: null, review_deadline: undefined }, now)).toEqual([]);
  });
});

describe('why a screen is closed', () => {
  it('an event takes no submissions: past its deadline when open, else its status', () => {
    expect(submissionClosedReason({ status: 'active' })).toBe('deadline');
    expect(submissionClosedReason({ status: 'approved' })).toBe('deadline');
    for (const status of ['pending', 'rejected', 'completed', 'cancelled'] as const) {
      expect(submissionClosedReason({ status })).toBe(status);
    }
  });

  it('a review can no longer be changed: submitted, past the deadline unsubmitted, or neither', () => {
    const now = new Date('2026-05-01T00:00:00Z');
    const past = { review_deadline: '2026-03-10', timezone: 'AoE' };
    expect(reviewClosedReason({ status: 'completed', ...past }, now)).toBe('submitted');
    expect(reviewClosedReason({ status: 'in_progress', ...past }, now)).toBe('deadline');
    expect(reviewClosedReason({ status: 'assigned', ...past }, now)).toBe('deadline');
    expect(reviewClosedReason({ status: 'in_progress', review_deadline: '2026-06-10', timezone: 'AoE' }, now)).toBe(
      'closed',
    );
  });
});

describe('isolate', () => {
  it('wraps user text in first-strong and pop-directional isolates', () => {
    expect(isolate('Graph kernels')).toBe('\u2068Graph kernels\u2069');
  });
});
