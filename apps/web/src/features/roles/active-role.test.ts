import { describe, expect, it } from 'vitest';
import { availableRoles, resolveActiveRole } from './active-role.ts';

describe('resolveActiveRole', () => {
  it.each([
    ['the stored role when the user holds it', 'reviewer', ['simple_user', 'reviewer', 'admin'], 'reviewer'],
    ['admin when the stored role is not held', 'chair', ['simple_user', 'admin'], 'admin'],
    ['admin when nothing is stored', null, ['simple_user', 'author', 'admin'], 'admin'],
    ['simple_user otherwise', null, ['simple_user', 'author'], 'simple_user'],
    ['simple_user for a stored role the user lost', 'author', ['simple_user'], 'simple_user'],
    ['simple_user for an unknown stored value', 'superuser', ['simple_user', 'author'], 'simple_user'],
    ['simple_user for a user without roles', 'admin', [], 'simple_user'],
  ] as const)('picks %s', (_name, stored, held, expected) => {
    expect(resolveActiveRole(stored, held)).toBe(expected);
  });
});

describe('availableRoles', () => {
  it('keeps known role names once, in order', () => {
    expect(availableRoles([{ name: 'author' }, { name: 'bogus' }, { name: 'admin' }, { name: 'author' }])).toEqual([
      'author',
      'admin',
    ]);
  });
});
