import { describe, expect, it } from 'vitest';
import { noEventAccess, testActor } from '../../../test/access.ts';
import { authorize } from '../../lib/authorize.ts';
import type { EventAccess } from '../events/events.policy.ts';
import {
  type ConflictAction,
  conflictEntryPolicies,
  conflictPolicies,
  declaringRole,
  isDeclarerOf,
} from './conflicts.policy.ts';

const actor = testActor({ id: 5, publicId: '5-aaaaaaaa' });
const none = noEventAccess(actor);
const chair = { ...none, isEventChair: true };
const reviewer = { ...none, isReviewer: true };

describe('conflict registry rules', () => {
  // [viewer, event access, authors in the event, open, view, check, declare]: Y allowed, else the refusal's status
  const rows: [string, EventAccess, boolean, string][] = [
    ['outsider', none, false, '404 404 404 404'],
    ['author', none, true, 'Y 403 403 Y'],
    ['reviewer', reviewer, false, 'Y 403 403 Y'],
    ['track chair', { ...none, isTrackChair: true }, false, 'Y 403 403 403'],
    ['chair', chair, false, 'Y Y Y Y'],
    ['platform admin', { ...none, isPlatformAdmin: true }, false, 'Y Y Y Y'],
  ];
  const actions: ConflictAction[] = ['conflicts.open', 'conflicts.view', 'conflicts.check', 'conflicts.declare'];

  it.each(rows)('%s → %s', (_name, event, isEventAuthor, want) => {
    const got = actions.map((action) => {
      const decision = conflictPolicies[action]({ event, isEventAuthor });
      return decision.allowed ? 'Y' : String(decision.status);
    });
    expect(got.join(' ')).toBe(want);
  });

  it('words a refused declaration with its own message', () => {
    expect(() =>
      authorize(
        conflictPolicies['conflicts.declare']({ event: { ...none, isTrackChair: true }, isEventAuthor: false }),
      ),
    ).toThrow(
      expect.objectContaining({
        statusCode: 403,
        extra: expect.objectContaining({ message_code: 'conflicts.declareDenied' }),
      }),
    );
  });
});

describe('lifting a conflict', () => {
  const declared = { conflict: { source: 'declared' }, override: { kind: 'declared', decidedBy: actor.id } };
  const detected = { conflict: { source: 'detected' }, override: null };

  it('knows the declarer from the override they recorded', () => {
    expect(isDeclarerOf(declared, actor.id)).toBe(true);
    expect(isDeclarerOf(declared, actor.id + 1)).toBe(false);
    expect(isDeclarerOf(detected, actor.id)).toBe(false);
  });

  it.each([
    ['a chair without a conflict with the paper', chair, false, false, true],
    ['a chair with a conflict with the paper', chair, true, false, false],
    ['a chair who declared it, conflicted', chair, true, true, true],
    ['a reviewer who declared it', reviewer, true, true, true],
    ['a reviewer who did not', reviewer, false, false, false],
  ])('%s → %s', (_name, event, isConflicted, isDeclarer, allowed) => {
    const decision = conflictEntryPolicies['conflict.lift']({ event, isConflicted, isDeclarer });
    expect(decision.allowed).toBe(allowed);
    if (!decision.allowed) expect(decision.status).toBe(403);
  });
});

describe('who declares', () => {
  it.each([
    ['a chair without a conflict', chair, false, false, 'organizer'],
    ['a chair who is an author', chair, true, true, 'author'],
    ['a conflicted chair who reviews', { ...chair, isReviewer: true }, true, false, 'reviewer'],
    ['an author', none, true, true, 'author'],
    ['a reviewer', reviewer, false, false, 'reviewer'],
    ['nobody in particular', none, false, false, undefined],
  ])('%s → %s', (_name, event, isConflicted, isAuthor, role) => {
    expect(declaringRole({ event, isConflicted, isAuthor })).toBe(role);
  });
});
