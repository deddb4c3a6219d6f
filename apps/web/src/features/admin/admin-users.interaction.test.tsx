// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mountScreen, type SentCall, stubApi } from '../../test/interact.tsx';
import { AdminUsersScreen } from './components/AdminUsersScreen.tsx';

/*
 * The admin's user table driven through its search and pages: the address keeps both (useListParams), and each
 * change asks the API for the right page.
 */

const user = (n: number) => ({
  public_id: `${n}-user`,
  email: `user${n}@uni.example`,
  first_name: 'User',
  last_name: String(n),
  email_verified: true,
  account_status: 'active',
  is_admin: false,
  date_joined: '2026-01-01T00:00:00Z',
});

/** Answers `GET users/` like the API: 60 people, or those whose address holds the search, 25 a page. */
function usersPage(call: SentCall) {
  const query = new URLSearchParams(call.query);
  const search = query.get('search') ?? '';
  const page = Number(query.get('page'));
  const everyone = Array.from({ length: 60 }, (_, index) => user(index + 1));
  const found = everyone.filter((row) => row.email.includes(search));
  return { status: 200, body: { count: found.length, results: found.slice((page - 1) * 25, page * 25) } };
}

const emails = () => screen.getAllByTestId('user-row').map((row) => row.getAttribute('data-email'));

describe('the user table, driven by an admin', { timeout: 20_000 }, () => {
  it('keeps the page and the search in the address, and a new search starts on page 1', async () => {
    const api = stubApi({ 'GET users/': usersPage });
    const { user: admin, location } = await mountScreen(<AdminUsersScreen />, {
      url: '/admin/users',
      path: '/admin/users',
    });

    await screen.findByTestId('users-table');
    expect(emails()).toHaveLength(25);
    await admin.click(within(screen.getByTestId('users-pagination')).getByRole('button', { name: '3' }));
    await waitFor(() => expect(location()).toBe('/admin/users?page=3'));
    await waitFor(() => expect(emails()[0]).toBe('user51@uni.example'));
    expect(emails()).toHaveLength(10);

    await admin.type(screen.getByRole('searchbox', { name: 'Search users' }), 'user1');
    await waitFor(() => expect(location()).toBe('/admin/users?search=user1'));
    await waitFor(() => expect(emails()[0]).toBe('user1@uni.example'));
    // user1 and user10 to user19: one page, no pager.
    expect(emails()).toHaveLength(11);
    expect(screen.queryByTestId('users-pagination')).toBeNull();

    const asked = api.sent('GET', 'users/').map((call) => Object.fromEntries(new URLSearchParams(call.query)));
    expect(asked).toContainEqual({ page: '3', page_size: '25' });
    expect(asked.at(-1)).toEqual({ page: '1', page_size: '25', search: 'user1' });
  });

  it('opens on the page and search an address names', async () => {
    const api = stubApi({ 'GET users/': usersPage });
    await mountScreen(<AdminUsersScreen />, { url: '/admin/users?search=user5&page=1', path: '/admin/users' });

    await screen.findByTestId('users-table');
    expect(screen.getByRole('searchbox', { name: 'Search users' })).toHaveProperty('value', 'user5');
    expect(emails()).toEqual(['user5@uni.example', ...Array.from({ length: 10 }, (_, i) => `user5${i}@uni.example`)]);
    expect(api.sent('GET', 'users/').map((call) => call.query)).toEqual(['?page=1&page_size=25&search=user5']);
  });
});
