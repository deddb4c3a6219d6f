import { describe, expect, it } from 'vitest';
import { checkPassword, isCommonPassword, quickRatio } from './password-rules.ts';

describe('quickRatio (difflib.SequenceMatcher.quick_ratio)', () => {
  it.each([
    ['abcd', 'bcde', 0.75],
    ['abc', 'abc', 1],
    ['abc', 'xyz', 0],
    ['aab', 'abb', 2 / 3],
    ['', '', 1],
  ])('%s vs %s = %d', (a, b, expected) => {
    expect(quickRatio(a, b)).toBeCloseTo(expected, 10);
  });
});

describe('checkPassword', () => {
  const user = { email: 'layla.haddad@cairo.example', first_name: 'Layla', last_name: 'Haddad' };

  it('accepts a good password', () => {
    expect(checkPassword('Vivid-Orchard-73', user)).toEqual([]);
  });

  it.each([
    ['Xy7#kq', ['auth.passwordTooShort']],
    ['90417328365', ['auth.passwordEntirelyNumeric']],
    ['password', ['auth.passwordTooCommon']],
    ['drowssap', ['auth.passwordTooCommon']],
    ['P@ssw0rd', ['auth.passwordTooCommon']],
    ['aaaaaaaaaa', ['auth.passwordTooCommon']],
    ['1234', ['auth.passwordTooShort', 'auth.passwordTooCommon', 'auth.passwordEntirelyNumeric']],
    ['laylahaddad', ['auth.passwordTooSimilarToEmail']],
  ])('%s breaks %j', (password, expected) => {
    expect(checkPassword(password, user)).toEqual(expected);
  });

  it.each([
    ['LaylaX77', ['auth.passwordTooSimilarToFirstName']],
    ['Haddad#9q', ['auth.passwordTooSimilarToLastName']],
  ])('%s breaks %j (names not in the e-mail)', (password, expected) => {
    expect(checkPassword(password, { ...user, email: 'lh@cairo.example' })).toEqual(expected);
  });

  it('ignores attribute parts far shorter than the password (Django length bound)', () => {
    // "com" in the e-mail is 3 characters; a 30-character password containing c, o, m is not "similar" to it.
    expect(checkPassword('Tranquil-Comet-Orbit-Sky-1984x', { email: 'x@y.com' })).toEqual([]);
  });

  it('keeps the order: similarity, length, common, numeric', () => {
    expect(checkPassword('12345', { first_name: '12345' })).toEqual([
      'auth.passwordTooSimilarToFirstName',
      'auth.passwordTooShort',
      'auth.passwordTooCommon',
      'auth.passwordEntirelyNumeric',
    ]);
  });
});

describe('isCommonPassword', () => {
  it('does not flag a password merely containing a common word', () => {
    expect(isCommonPassword('Sunshine-Quartz-58')).toBe(false);
  });
});
