import { EVENT_STATUSES, type EventStatus } from '@confero/contracts';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../../plugins/auth.ts';
import { allowedStatusChanges, canTransition, EVENT_TRANSITIONS, statusDisplay } from './event-state.ts';
import { accessFor } from './events.policy.ts';

const actor = (isAdmin: boolean): Actor => ({
  id: 1,
  publicId: '1-aaaaaaaa',
  email: 'viewer@example.org',
  firstName: 'V',
  lastName: 'W',
  isAdmin,
  emailVerified: true,
  accountStatus: 'active',
  sessionsValidFrom: 0,
});
const event = { createdBy: 1 };
const platformAdmin = accessFor(actor(true), event, []);
const eventAdmin = accessFor(actor(false), event, [{ role: 'event_admin', status: 'active', trackId: null }]);
/** The creator, a chair and a reviewer of the event take no transition. */
const nobody = accessFor(actor(false), event, [
  { role: 'chair', status: 'active', trackId: null },
  { role: 'reviewer', status: 'active', trackId: null },
]);

/** The whole table as [from, to, platform admin may, event admin may]. */
const TABLE: [EventStatus, EventStatus, boolean, boolean][] = EVENT_STATUSES.flatMap((from) =>
  EVENT_STATUSES.map((to): [EventStatus, EventStatus, boolean, boolean] => {
    const expected: Record<string, [boolean, boolean]> = {
      'pending>approved': [true, false],
      'pending>rejected': [true, false],
      'rejected>pending': [true, false],
      'approved>active': [true, true],
      'approved>cancelled': [true, false],
      'active>approved': [true, true],
      'active>completed': [true, false],
      'active>cancelled': [true, false],
      'completed>active': [true, false],
      'cancelled>approved': [true, false],
    };
    const [admin, owner] = expected[`${from}>${to}`] ?? [false, false];
    return [from, to, admin, owner];
  }),
);

describe('the event state machine', () => {
  it.each(TABLE)('%s → %s: platform admin %s, event admin %s', (from, to, admin, owner) => {
    expect(canTransition(from, to, platformAdmin)).toBe(admin);
    expect(canTransition(from, to, eventAdmin)).toBe(owner);
    expect(canTransition(from, to, nobody)).toBe(false);
  });

  it('never allows staying in the same status and knows every status', () => {
    for (const status of EVENT_STATUSES) {
      expect(EVENT_TRANSITIONS[status][status]).toBeUndefined();
      expect(allowedStatusChanges(status, nobody)).toEqual([]);
    }
    expect(allowedStatusChanges('pending', platformAdmin)).toEqual(['approved', 'rejected']);
    expect(allowedStatusChanges('approved', eventAdmin)).toEqual(['active']);
    expect(allowedStatusChanges('active', eventAdmin)).toEqual(['approved']);
  });

  it('derives display values, capitalising unknown ones', () => {
    expect(statusDisplay('pending')).toBe('Pending');
    expect(statusDisplay('cancelled')).toBe('Cancelled');
    expect(statusDisplay('archived')).toBe('Archived');
  });
});
