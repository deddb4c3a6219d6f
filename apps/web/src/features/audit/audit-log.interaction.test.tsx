// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mountScreen, type SentCall, stubApi } from '../../test/interact.tsx';
import { AdminAuditScreen } from './components/AuditScreens.tsx';

/* The platform's audit log driven by a site admin: filters and pages go into the address and into the API's query. */

const entry = (n: number) => ({
  id: n,
  at: '2026-03-01T10:00:00Z',
  actor: { public_id: `${n}-aaaaaaaa`, name: `Person ${n}` },
  event: null,
  entity: 'user',
  entity_id: `${n}-aaaaaaaa`,
  action: n % 2 ? 'user.registered' : 'user.password_changed',
  fields: [],
  data: {},
  redacted: false,
});

function auditPage(call: SentCall) {
  const query = new URLSearchParams(call.query);
  const page = Number(query.get('page'));
  const action = query.get('action');
  const all = Array.from({ length: 40 }, (_, index) => entry(index + 1)).filter(
    (row) => !action || row.action === action,
  );
  return {
    status: 200,
    body: { count: all.length, next: null, previous: null, results: all.slice((page - 1) * 25, page * 25) },
  };
}

describe('the platform audit log, driven by an admin', { timeout: 20_000 }, () => {
  it('keeps the page and the filters in the address, and a new filter starts on page 1', async () => {
    const api = stubApi({ 'GET admin/audit/': auditPage });
    const { user, location } = await mountScreen(<AdminAuditScreen />, { url: '/admin/audit', path: '/admin/audit' });

    await screen.findByTestId('audit-table');
    expect(screen.getAllByTestId('audit-row')).toHaveLength(25);
    await user.click(within(screen.getByTestId('audit-pagination')).getByRole('button', { name: '2' }));
    await waitFor(() => expect(location()).toBe('/admin/audit?page=2'));
    await waitFor(() => expect(screen.getAllByTestId('audit-row')).toHaveLength(15));

    await user.type(screen.getByTestId('audit-filter-action'), 'Password');
    await user.click(await screen.findByRole('option', { name: 'Password changed', hidden: true }));
    await waitFor(() => expect(location()).toBe('/admin/audit?action=user.password_changed'));
    await waitFor(() => expect(screen.getAllByTestId('audit-row')).toHaveLength(20));
    expect(screen.getByTestId('audit-count').getAttribute('data-count')).toBe('20');

    const asked = api.sent('GET', 'admin/audit/').map((call) => Object.fromEntries(new URLSearchParams(call.query)));
    expect(asked).toContainEqual({ page: '2', page_size: '25' });
    expect(asked.at(-1)).toEqual({ page: '1', page_size: '25', action: 'user.password_changed' });

    await user.click(screen.getByTestId('audit-filters-clear'));
    await waitFor(() => expect(location()).toBe('/admin/audit'));
  });
});
