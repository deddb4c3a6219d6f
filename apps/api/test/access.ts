import type { EventAccess } from '../src/modules/events/events.policy.ts';
import type { Actor } from '../src/plugins/auth.ts';

/** A signed-in, verified, active user as the auth plugin loads it, for tests of rules that read an actor. */
export function testActor(overrides: Partial<Actor> = {}): Actor {
  return {
    id: 1,
    publicId: '1-aaaaaaaa',
    email: 'a@example.org',
    firstName: 'A',
    lastName: 'B',
    isAdmin: false,
    emailVerified: true,
    accountStatus: 'active',
    sessionsValidFrom: 0,
    ...overrides,
  };
}

/** An actor's access to an event where they hold nothing: the base that policy tests switch flags on. */
export function noEventAccess(actor: Actor = testActor()): EventAccess {
  return {
    actor,
    isPlatformAdmin: false,
    isCreator: false,
    isEventAdmin: false,
    isEventChair: false,
    isTrackChair: false,
    chairedTrackIds: [],
    isReviewer: false,
    isAreaChair: false,
  };
}
