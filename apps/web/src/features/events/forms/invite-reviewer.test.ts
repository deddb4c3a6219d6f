import { describe, expect, it } from 'vitest';
import { toInviteBody, validateInvite } from './invite-reviewer.ts';

const values = (fields: Partial<{ email: string; first_name: string; last_name: string }>) => ({
  email: 'reviewer@example.org',
  first_name: '',
  last_name: '',
  ...fields,
});

describe('validateInvite ("Reviewer invite")', () => {
  it('accepts an address alone, and names of two characters or more', () => {
    expect(validateInvite(values({}))).toEqual({});
    expect(validateInvite(values({ first_name: 'Al', last_name: 'Ng' }))).toEqual({});
  });

  it('requires the e-mail address and a simple address pattern', () => {
    expect(validateInvite(values({ email: '  ' }))).toEqual({ email: { key: 'events.emailRequired' } });
    expect(validateInvite(values({ email: 'not-an-address' }))).toEqual({ email: { key: 'events.emailInvalid' } });
    expect(validateInvite(values({ email: 'a@b' }))).toEqual({ email: { key: 'events.emailInvalid' } });
  });

  it('refuses a given name shorter than 2 characters', () => {
    expect(validateInvite(values({ first_name: 'A', last_name: ' B ' }))).toEqual({
      first_name: { key: 'events.nameTooShort', params: { min: 2 } },
      last_name: { key: 'events.nameTooShort', params: { min: 2 } },
    });
  });

  it('sends trimmed values', () => {
    expect(toInviteBody({ email: ' r@example.org ', first_name: ' Ada ', last_name: 'Lovelace ' })).toEqual({
      email: 'r@example.org',
      first_name: 'Ada',
      last_name: 'Lovelace',
    });
  });
});
