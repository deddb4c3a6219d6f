import { describe, expect, it } from 'vitest';
import { fillWording, formatDeadline, placeholdersOf, todayIn, unknownPlaceholders } from './event-mail.ts';

describe('event mail wording', () => {
  it('knows which placeholders a template may use', () => {
    expect(placeholdersOf('decision_accept')).toContain('decision_details');
    expect(placeholdersOf('announcement')).not.toContain('decision_details');
    expect(placeholdersOf(null)).toEqual(['first_name', 'last_name', 'paper_title', 'event_title', 'deadline', 'link']);
  });

  it('finds unknown placeholders once each, and fills the known ones', () => {
    expect(unknownPlaceholders('{a} {first_name} {a} {{b}} {c d}', placeholdersOf(null))).toEqual(['a', 'b']);
    expect(fillWording('Hi {first_name}{missing}!', { first_name: 'Ada' })).toBe('Hi Ada!');
  });

  it("formats a deadline in the recipient's language with the event's zone", () => {
    expect(formatDeadline('2027-03-13', 'AoE', 'en')).toBe('13 March 2027 (AoE)');
    expect(formatDeadline('2027-03-13', 'Asia/Riyadh', 'ar')).toMatch(/مارس.*\(Asia\/Riyadh\)$/);
  });

  it("gives today's date in the event's zone", () => {
    const now = new Date('2031-03-09T22:30:00Z');
    expect(todayIn('Asia/Riyadh', now)).toBe('2031-03-10');
    expect(todayIn('America/New_York', now)).toBe('2031-03-09');
    expect(todayIn('AoE', new Date('2031-03-10T11:00:00Z'))).toBe('2031-03-09');
    expect(todayIn('AoE', new Date('2031-03-10T12:00:00Z'))).toBe('2031-03-10');
  });
});
