import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { adminActionError } from './admin-errors.ts';
import { ADMIN_USER_LIST_CODEC, readAdminUserPage, rowInitials, rowName } from './admin-users.ts';

const row = {
  public_id: '7-ABCDEFGH',
  email: 'ada@example.org',
  first_name: 'Ada',
  last_name: 'Lovelace',
  email_verified: true,
  account_status: 'suspended',
  is_admin: false,
  date_joined: '2024-03-01T10:00:00.000Z',
  statistics: { reviews_completed: 3, submissions: 2, events_participated: 1, member_since: '2024-03-01' },
};

describe('readAdminUserPage', () => {
  it('reads a paginated answer with statistics in each row', () => {
    const page = readAdminUserPage({ count: 41, next: 'x', previous: null, results: [row] });
    expect(page.count).toBe(41);
    expect(page.unprocessable).toBe(false);
    expect(page.rows).toEqual([
      {
        publicId: '7-ABCDEFGH',
        email: 'ada@example.org',
        firstName: 'Ada',
        lastName: 'Lovelace',
        emailVerified: true,
        accountStatus: 'suspended',
        isAdmin: false,
        dateJoined: '2024-03-01T10:00:00.000Z',
        statistics: { reviews_completed: 3, submissions: 2, events_participated: 1, member_since: '2024-03-01' },
      },
    ]);
  });

  it('reads a plain array too, counting its rows', () => {
    const page = readAdminUserPage([row, { ...row, public_id: '8-X', email: 'b@example.org' }]);
    expect(page.count).toBe(2);
    expect(page.rows.map((r) => r.email)).toEqual(['ada@example.org', 'b@example.org']);
  });

  it('tolerates the pending status and missing statistics', () => {
    const [read] = readAdminUserPage([{ ...row, account_status: 'pending', statistics: undefined }]).rows;
    expect(read?.accountStatus).toBe('pending');
    expect(read?.statistics).toBeNull();
  });

  it('gives an empty list for any other shape, and says when data could not be processed', () => {
    expect(readAdminUserPage({ unexpected: true })).toEqual({ rows: [], count: 0, unprocessable: true });
    expect(readAdminUserPage([{ nonsense: 1 }])).toEqual({ rows: [], count: 0, unprocessable: true });
    expect(readAdminUserPage(undefined)).toEqual({ rows: [], count: 0, unprocessable: false });
    expect(readAdminUserPage({ count: 0, next: null, previous: null, results: [] })).toEqual({
      rows: [],
      count: 0,
      unprocessable: false,
    });
  });
});

describe('row display', () => {
  it('uses the name, else the address', () => {
    expect(rowName({ firstName: 'Ada', lastName: 'Lovelace', email: 'a@x' })).toBe('Ada Lovelace');
    expect(rowInitials({ firstName: 'Ada', lastName: 'Lovelace', email: 'a@x' })).toBe('AL');
    expect(rowName({ firstName: '', lastName: '', email: 'zed@x' })).toBe('zed@x');
    expect(rowInitials({ firstName: '', lastName: '', email: 'zed@x' })).toBe('Z');
  });
});

describe('adminActionError', () => {
  const failure = (status: number, code: string, detail: string) =>
    new ApiError({ status, code, detail, body: { detail, code } });

  it('translates the refusals the API names', () => {
    expect(adminActionError(failure(409, 'CANNOT_DELETE_SELF', 'You cannot delete your own account.'), 'x')).toEqual({
      key: 'adminUsers.errors.cannotDeleteSelf',
    });
    expect(adminActionError(failure(409, 'LAST_ADMIN', 'The last platform admin cannot be deleted.'), 'x')).toEqual({
      key: 'adminUsers.errors.lastAdmin',
    });
  });

  it("shows the server's error, else the fallback key", () => {
    expect(adminActionError(failure(400, 'BAD_REQUEST', 'Odd'), 'adminUsers.updateError')).toEqual({ text: 'Odd' });
    expect(adminActionError(new Error('x'), 'adminUsers.deleteError')).toEqual({ key: 'adminUsers.deleteError' });
  });
});

describe('the user table in the address', () => {
  it('reads the search trimmed and the page, page 1 for anything else', () => {
    expect(ADMIN_USER_LIST_CODEC.parse(new URLSearchParams('search=%20ada%20&page=3'))).toEqual({
      search: 'ada',
      page: 3,
    });
    expect(ADMIN_USER_LIST_CODEC.parse(new URLSearchParams('page=0'))).toEqual({ search: '', page: 1 });
    expect(ADMIN_USER_LIST_CODEC.parse(new URLSearchParams(`search=${'x'.repeat(300)}`)).search).toHaveLength(200);
  });

  it('writes only what is set, page 1 left out', () => {
    expect(ADMIN_USER_LIST_CODEC.toSearch({ search: 'ada', page: 2 }).toString()).toBe('search=ada&page=2');
    expect(ADMIN_USER_LIST_CODEC.toSearch({ search: '', page: 1 }).toString()).toBe('');
  });
});
