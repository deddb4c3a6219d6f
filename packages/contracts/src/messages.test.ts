import { describe, expect, it } from 'vitest';
import { fillMessage, placeholderNames, readMessageParams } from './messages.ts';

describe('message placeholders', () => {
  const template = 'No user found with email {email} in {event}.';

  it('fills the placeholders it has values for and leaves the others as written', () => {
    expect(fillMessage(template, { email: 'a@b.org', event: 'ICML' })).toBe(
      'No user found with email a@b.org in ICML.',
    );
    expect(fillMessage(template, { email: 'a@b.org' })).toBe('No user found with email a@b.org in {event}.');
    expect(placeholderNames(template)).toEqual(['email', 'event']);
  });

  it('reads the values back from a filled text, and nothing from a text that does not match', () => {
    const filled = fillMessage(template, { email: 'a+b@c.org', event: 'ACL (2026)' });
    expect(readMessageParams(template, filled)).toEqual({ email: 'a+b@c.org', event: 'ACL (2026)' });
    expect(readMessageParams(template, 'Something else happened.')).toEqual({});
    expect(readMessageParams('No placeholder here.', 'No placeholder here.')).toEqual({});
    expect(readMessageParams(template, undefined)).toEqual({});
  });
});
