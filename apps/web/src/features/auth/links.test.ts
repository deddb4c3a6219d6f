import { describe, expect, it } from 'vitest';
import { parseInvitationReason, parseInvitationRole, readResetLink, returnPath } from './links.ts';

describe('returnPath', () => {
  it('goes back to the page the guard sent the user from, with its query and hash', () => {
    expect(returnPath({ from: { pathname: '/admin/users', search: '?page=2', hash: '#top' } })).toBe(
      '/admin/users?page=2#top',
    );
  });

  it('goes to /dashboard without a usable origin', () => {
    expect(returnPath(null)).toBe('/dashboard');
    expect(returnPath({})).toBe('/dashboard');
    expect(returnPath({ from: { pathname: '/login' } })).toBe('/dashboard');
    expect(returnPath({ from: { pathname: '//evil.example' } })).toBe('/dashboard');
    expect(returnPath({ from: { pathname: 'https://evil.example/' } })).toBe('/dashboard');
  });
});

describe('readResetLink', () => {
  it('prefers the route parameters and falls back to the query string', () => {
    expect(readResetLink({ uidb64: 'MQ', token: 't1' }, new URLSearchParams('uidb64=X&token=Y'))).toEqual({
      uidb64: 'MQ',
      token: 't1',
    });
    expect(readResetLink({}, new URLSearchParams('uidb64=X&token=Y'))).toEqual({ uidb64: 'X', token: 'Y' });
    expect(readResetLink({}, new URLSearchParams('uid=U&token=Y'))).toEqual({ uidb64: 'U', token: 'Y' });
    expect(readResetLink({}, new URLSearchParams(''))).toEqual({ uidb64: '', token: '' });
  });
});

describe('parseInvitationReason', () => {
  it('knows expired, answered and invalid only', () => {
    expect(parseInvitationReason('expired')).toBe('expired');
    expect(parseInvitationReason('answered')).toBe('answered');
    expect(parseInvitationReason('invalid')).toBe('invalid');
    expect(parseInvitationReason('other')).toBeNull();
    expect(parseInvitationReason(null)).toBeNull();
  });
});

describe('parseInvitationRole', () => {
  it('knows the chair, event-admin and area-chair invitations only (a reviewer invitation has no role)', () => {
    expect(parseInvitationRole('chair')).toBe('chair');
    expect(parseInvitationRole('event_admin')).toBe('event_admin');
    expect(parseInvitationRole('area_chair')).toBe('area_chair');
    expect(parseInvitationRole('reviewer')).toBeNull();
    expect(parseInvitationRole(null)).toBeNull();
  });
});
