import type { EventStatus } from '@confero/contracts';
import { describe, expect, it } from 'vitest';
import { testActor } from '../../../test/access.ts';
import { addDays } from './event-dates.ts';
import {
  accessFor,
  type EventAccess,
  type EventAction,
  type EventSubject,
  eventPolicies,
  publicEventPolicies,
  type ViewerMembership,
} from './events.policy.ts';

const actor = (isAdmin = false) =>
  testActor({ id: 7, publicId: '7-abcdefgh', email: 'viewer@example.org', firstName: 'Vi', lastName: 'Ewer', isAdmin });

const member = (
  role: ViewerMembership['role'],
  status = 'active',
  trackId: number | null = null,
): ViewerMembership => ({
  role,
  status,
  trackId,
});

const VIEWERS = {
  outsider: accessFor(actor(), { createdBy: 1 }, []),
  creator: accessFor(actor(), { createdBy: 7 }, []),
  invited: accessFor(actor(), { createdBy: 1 }, [member('reviewer', 'pending')]),
  reviewer: accessFor(actor(), { createdBy: 1 }, [member('reviewer')]),
  trackChair: accessFor(actor(), { createdBy: 1 }, [member('chair', 'active', 3)]),
  chair: accessFor(actor(), { createdBy: 1 }, [member('chair')]),
  eventAdmin: accessFor(actor(), { createdBy: 1 }, [member('event_admin')]),
  platformAdmin: accessFor(actor(true), { createdBy: 1 }, []),
};
type Viewer = keyof typeof VIEWERS;

const now = new Date('2030-01-10T12:00:00Z');
const canOnEvent = (access: EventAccess, action: EventAction, event: EventSubject['event'], at: Date) =>
  eventPolicies[action](access, { event, now: at }).allowed;
const event = (status: EventStatus, submissionDeadline = '2030-02-01') => ({
  status,
  createdBy: 1,
  submissionDeadline,
  timezone: 'AoE',
});

/** Who may do each action (on an approved event), as a truth table over the viewers. */
const RIGHTS: Record<Exclude<EventAction, 'event.view' | 'event.submit'>, Viewer[]> = {
  'event.update': ['chair', 'eventAdmin', 'platformAdmin'],
  'event.delete': ['eventAdmin', 'platformAdmin'],
  'event.manageMembers': ['chair', 'eventAdmin', 'platformAdmin'],
  'event.manageEventAdmins': ['eventAdmin', 'platformAdmin'],
  'event.viewReviewers': ['trackChair', 'chair', 'eventAdmin', 'platformAdmin'],
  'event.manageTracks': ['chair', 'eventAdmin', 'platformAdmin'],
  'event.approve': ['platformAdmin'],
  'event.changeStatus': ['eventAdmin', 'platformAdmin'],
  'event.viewSubmissions': ['reviewer', 'trackChair', 'chair', 'eventAdmin', 'platformAdmin'],
  'event.viewReviewSettings': ['reviewer', 'trackChair', 'chair', 'eventAdmin', 'platformAdmin'],
  'event.manageReviewing': ['chair', 'eventAdmin', 'platformAdmin'],
  'event.bid': ['reviewer'],
};

describe('event policies', () => {
  const cases = Object.entries(RIGHTS).flatMap(([action, allowed]) =>
    (Object.keys(VIEWERS) as Viewer[]).map((viewer) => [action, viewer, allowed.includes(viewer)] as const),
  );
  it.each(cases)('%s by %s → %s', (action, viewer, allowed) => {
    expect(canOnEvent(VIEWERS[viewer], action as EventAction, event('approved'), now)).toBe(allowed);
  });

  const visibility: [EventStatus, Viewer[]][] = [
    ['pending', ['creator', 'reviewer', 'trackChair', 'chair', 'eventAdmin', 'platformAdmin']],
    ['rejected', ['creator', 'reviewer', 'trackChair', 'chair', 'eventAdmin', 'platformAdmin']],
    ['cancelled', ['creator', 'reviewer', 'trackChair', 'chair', 'eventAdmin', 'platformAdmin']],
    ['approved', Object.keys(VIEWERS) as Viewer[]],
    ['active', Object.keys(VIEWERS) as Viewer[]],
    ['completed', Object.keys(VIEWERS) as Viewer[]],
  ];
  it.each(visibility)('a %s event is visible to %j only', (status, allowed) => {
    for (const viewer of Object.keys(VIEWERS) as Viewer[]) {
      expect(canOnEvent(VIEWERS[viewer], 'event.view', event(status), now)).toBe(allowed.includes(viewer));
    }
  });

  it('accepts submissions only while approved or active and before the end of the deadline day (AoE)', () => {
    const outsider = VIEWERS.outsider;
    expect(canOnEvent(outsider, 'event.submit', event('active'), now)).toBe(true);
    expect(canOnEvent(outsider, 'event.submit', event('approved'), now)).toBe(true);
    expect(canOnEvent(outsider, 'event.submit', event('pending'), now)).toBe(false);
    expect(canOnEvent(outsider, 'event.submit', event('rejected'), now)).toBe(false);
    // 2030-01-10 ends at 2030-01-11T12:00Z Anywhere on Earth.
    expect(canOnEvent(outsider, 'event.submit', event('active', '2030-01-10'), new Date('2030-01-11T11:59:59Z'))).toBe(
      true,
    );
    expect(canOnEvent(outsider, 'event.submit', event('active', '2030-01-10'), new Date('2030-01-11T12:00:00Z'))).toBe(
      false,
    );
    expect(canOnEvent(outsider, 'event.submit', event('active', addDays('2030-01-10', -1)), now)).toBe(false);
  });

  const refusal = (viewer: Viewer, action: EventAction, status: EventStatus = 'approved') => {
    const decision = eventPolicies[action](VIEWERS[viewer], { event: event(status), now });
    return decision.allowed ? 'allowed' : decision.status;
  };

  it('hides an invisible event (404) and refuses a visible one (403)', () => {
    expect(refusal('outsider', 'event.view', 'pending')).toBe(404);
    expect(refusal('outsider', 'event.update')).toBe(403);
    expect(refusal('reviewer', 'event.update')).toBe(403);
  });

  it('hides the working lists (bidding, automatic assignment) from non-members of a public event', () => {
    expect([refusal('outsider', 'event.bid'), refusal('creator', 'event.bid')]).toEqual([404, 404]);
    expect([refusal('chair', 'event.bid'), refusal('platformAdmin', 'event.bid')]).toEqual([403, 403]);
    expect([refusal('outsider', 'event.manageReviewing'), refusal('reviewer', 'event.manageReviewing')]).toEqual([
      404, 403,
    ]);
  });
});

describe('publicEventPolicies', () => {
  it.each([
    ['approved', true],
    ['active', true],
    ['completed', true],
    ['pending', false],
    ['rejected', false],
    ['cancelled', false],
  ] as const)('serves the calendar feed of a %s event without sign-in: %s (hidden otherwise)', (status, served) => {
    const decision = publicEventPolicies['event.calendarFeed'](null, {
      event: { status, createdBy: 1, submissionDeadline: '2030-03-01', timezone: 'AoE' },
    });
    expect(decision.allowed ? 'allowed' : decision.status).toBe(served ? 'allowed' : 404);
  });
});
