import { describe, expect, it } from 'vitest';
import { noEventAccess } from '../../../test/access.ts';
import { eventAuditPolicies } from '../audit/audit.policy.ts';
import type { EventAccess } from '../events/events.policy.ts';
import { exportPolicies } from './exports.policy.ts';

const as = (flags: Partial<EventAccess>): EventAccess => ({ ...noEventAccess(), ...flags });

describe.each([
  ['event.export', exportPolicies['event.export']],
  ['event.viewAudit', eventAuditPolicies['event.viewAudit']],
])('%s', (_name, rule) => {
  it.each([
    ['an outsider', as({}), 404],
    ["the event's creator without a membership", as({ isCreator: true }), 404],
    ['a reviewer', as({ isReviewer: true }), 403],
    ['a track chair', as({ isTrackChair: true }), 403],
    ['a chair', as({ isEventChair: true }), 200],
    ['an event admin', as({ isEventAdmin: true }), 200],
    ['a platform admin', as({ isPlatformAdmin: true }), 200],
  ])('answers %s with %i', (_who, access, status) => {
    const decision = rule(access);
    expect(decision.allowed ? 200 : decision.status).toBe(status);
  });
});
