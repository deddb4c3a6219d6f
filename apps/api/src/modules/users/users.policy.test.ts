import { describe, expect, it } from 'vitest';
import { authorize } from '../../lib/authorize.ts';
import type { Actor } from '../../plugins/auth.ts';
import { type UserAction, userPolicies } from './users.policy.ts';

const actor = (id: number, isAdmin: boolean): Actor => ({
  id,
  publicId: `${id}-abcdefgh`,
  email: `u${id}@example.org`,
  firstName: 'A',
  lastName: 'B',
  isAdmin,
  emailVerified: true,
  accountStatus: 'active',
  sessionsValidFrom: 0,
});

const anonymous = null;
const member = actor(1, false);
const admin = actor(2, true);
const self = { id: 1 };
const other = { id: 3 };

// [action, target, anonymous, member, admin]
const table: [UserAction, { id: number } | undefined, boolean, boolean, boolean][] = [
  ['users.readOwn', undefined, false, true, true],
  ['users.updateOwn', undefined, false, true, true],
  ['users.checkEmail', undefined, false, true, true],
  ['users.list', undefined, false, false, true],
  ['users.viewStatistics', self, false, true, true],
  ['users.viewStatistics', other, false, false, true],
  ['users.update', other, false, false, true],
  ['users.delete', other, false, false, true],
];

describe('user policies', () => {
  it.each(table)('%s on %j: anonymous %s, member %s, admin %s', (action, target, forAnonymous, forMember, forAdmin) => {
    expect(userPolicies[action](anonymous, target).allowed).toBe(forAnonymous);
    expect(userPolicies[action](member, target).allowed).toBe(forMember);
    expect(userPolicies[action](admin, target).allowed).toBe(forAdmin);
  });

  it('authorize throws 403 PERMISSION_DENIED when refused', () => {
    expect(() => authorize(userPolicies['users.list'](member))).toThrow(
      expect.objectContaining({ statusCode: 403, code: 'PERMISSION_DENIED' }),
    );
    expect(() => authorize(userPolicies['users.list'](admin))).not.toThrow();
  });
});
