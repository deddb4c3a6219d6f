import { describe, expect, it } from 'vitest';
import { noEventAccess, testActor } from '../../../test/access.ts';
import { communicationsPolicies } from './communications.policy.ts';

const decide = (flags: Partial<ReturnType<typeof noEventAccess>>) =>
  Object.values(communicationsPolicies).map((rule) => {
    const decision = rule({ ...noEventAccess(), ...flags });
    return decision.allowed ? 'allowed' : decision.status;
  });

describe("who may manage an event's mail", () => {
  it('lets its organizers and platform admins, refuses other members (403) and hides it from everyone else (404)', () => {
    expect(new Set(decide({ isEventChair: true }))).toEqual(new Set(['allowed']));
    expect(new Set(decide({ isEventAdmin: true }))).toEqual(new Set(['allowed']));
    expect(new Set(decide({ isPlatformAdmin: true, actor: testActor({ isAdmin: true }) }))).toEqual(
      new Set(['allowed']),
    );
    expect(new Set(decide({ isReviewer: true }))).toEqual(new Set([403]));
    expect(new Set(decide({ isTrackChair: true }))).toEqual(new Set([403]));
    expect(new Set(decide({ isCreator: true }))).toEqual(new Set([404]));
    expect(new Set(decide({}))).toEqual(new Set([404]));
  });
});
