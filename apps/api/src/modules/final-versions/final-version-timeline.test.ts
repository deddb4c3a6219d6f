import { DEFAULT_REVIEW_SETTINGS } from '@confero/contracts';
import { describe, expect, it } from 'vitest';
import { presentTimeline, type TimelineSubmission } from '../progress/progress.presenter.ts';

/*
 * The final version's step of a submission's timeline (`docs/domain.md#final-version`): current while the phase is
 * open for an accepted paper without one, its end the end of the deadline's day in the event's zone (Riyadh, UTC+3:
 * 2026-12-01 ends at 21:00 UTC); done once sent; skipped for a rejected paper; upcoming otherwise.
 */

const EVENT = { finalVersionEnabled: true, finalVersionDeadline: '2026-12-01', timezone: 'Asia/Riyadh' };
const ACCEPTED: TimelineSubmission = {
  status: 'accepted',
  decision: 'accept',
  createdAt: new Date('2026-09-01T00:00:00Z'),
  decidedAt: new Date('2026-11-01T00:00:00Z'),
  event: EVENT,
};
const FACTS = { firstAssignedAt: new Date('2026-09-10T00:00:00Z'), assigned: 3, completed: 3 };
const VIEWER = { isStaff: false, settings: DEFAULT_REVIEW_SETTINGS };

const finalStep = (submission: TimelineSubmission, now: string, finalVersionAt: Date | null = null) =>
  presentTimeline(submission, { ...FACTS, finalVersionAt }, VIEWER, new Date(now)).steps.at(-1);

describe("the timeline's final version step", () => {
  it("is current until the deadline's day ends in the event's zone, upcoming after", () => {
    expect(finalStep(ACCEPTED, '2026-12-01T20:59:59Z')).toEqual({ key: 'final_version', state: 'current', date: null });
    expect(finalStep(ACCEPTED, '2026-12-01T21:00:00Z')).toMatchObject({ state: 'upcoming', date: null });
  });

  it('is done with the date it was sent, even after the deadline', () => {
    const sent = new Date('2026-11-20T08:00:00Z');
    expect(finalStep(ACCEPTED, '2026-12-05T00:00:00Z', sent)).toEqual({
      key: 'final_version',
      state: 'done',
      date: sent.toISOString(),
    });
  });

  it('is upcoming while the phase is off or the decision pending, skipped for a rejected paper', () => {
    const off = { ...ACCEPTED, event: { ...EVENT, finalVersionEnabled: false } };
    expect(finalStep(off, '2026-11-25T00:00:00Z')).toMatchObject({ state: 'upcoming' });
    const pending: TimelineSubmission = { ...ACCEPTED, status: 'under_review', decision: 'pending', decidedAt: null };
    expect(finalStep(pending, '2026-11-25T00:00:00Z')).toMatchObject({ state: 'upcoming' });
    const rejected: TimelineSubmission = { ...ACCEPTED, status: 'rejected', decision: 'reject' };
    expect(finalStep(rejected, '2026-11-25T00:00:00Z')).toMatchObject({ state: 'skipped' });
  });
});
