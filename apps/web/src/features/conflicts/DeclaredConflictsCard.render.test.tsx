import type { DeclaredConflictDto, DeclaredConflictListDto } from '@confero/contracts';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { renderHtml } from '../../test/render.tsx';
import { conflictKeys } from './api.ts';
import { DeclaredConflictsCard } from './components/DeclaredConflictsCard.tsx';

const EVENT = '7-abcdefgh';
const PAPER = '11-papera';

const declared = (overrides: Partial<DeclaredConflictDto>): DeclaredConflictDto => ({
  id: 41,
  person: { full_name: 'Rana Haddad', email: 'rana@uni-a.edu' },
  type: 'personal',
  type_display: 'Personal',
  note: 'Former adviser',
  created_at: '2026-03-01T10:00:00Z',
  abilities: { withdraw: true },
  ...overrides,
});

function clientWith(list: DeclaredConflictListDto): QueryClient {
  const client = new QueryClient();
  client.setQueryData(conflictKeys.declared(EVENT, PAPER), list);
  return client;
}

const card = <DeclaredConflictsCard eventRef={EVENT} submissionId={PAPER} title="Graph kernels" />;

describe('DeclaredConflictsCard', () => {
  const list: DeclaredConflictListDto = {
    count: 2,
    results: [
      declared({}),
      declared({
        id: 42,
        person: { full_name: 'Omar Nasser', email: 'omar@uni-b.edu' },
        type: 'institutional',
        type_display: 'Same institution',
        note: '',
        abilities: { withdraw: false },
      }),
    ],
  };

  it('lists what the author declared: person, address left to right, type, note, day, Withdraw', async () => {
    const html = await renderHtml(card, { client: clientWith(list), language: 'en' });
    expect(html).toContain('data-testid="declared-conflicts"');
    expect(html).toContain('Your declared conflicts');
    expect(html.match(/data-testid="declared-conflict"/g)).toHaveLength(2);
    expect(html).toContain('data-conflict-id="41"');
    expect(html).toContain('data-conflict-id="42"');
    expect(html).toContain('Rana Haddad');
    expect(html).toContain('<span dir="ltr">rana@uni-a.edu</span>');
    expect(html).toContain('data-type="personal"');
    expect(html).toContain('data-type="institutional"');
    expect(html).toContain('Former adviser');
    expect(html.match(/data-testid="declared-conflict-note"/g)).toHaveLength(1);
    expect(html).toContain('Declared on Mar 1, 2026');
    // Withdraw only where the API allows it.
    expect(html.match(/data-testid="declared-conflict-withdraw"/g)).toHaveLength(1);
    expect(html).toContain('aria-label="Withdraw the conflict of interest with Rana Haddad"');
  });

  it('speaks Arabic', async () => {
    const html = await renderHtml(card, { client: clientWith(list), language: 'ar' });
    expect(html).toContain('تعارضات المصالح التي صرّحت بها');
    expect(html).toContain('سحب');
    expect(html).toContain('<span dir="ltr">omar@uni-b.edu</span>');
    expect(html).not.toContain('Your declared conflicts');
  });

  it('renders nothing when the author declared nothing, or while the list loads', async () => {
    expect(await renderHtml(card, { client: clientWith({ count: 0, results: [] }) })).not.toContain(
      'declared-conflict',
    );
    expect(await renderHtml(card)).not.toContain('declared-conflict');
  });

  it('says when the list could not be loaded, with a retry', async () => {
    // A failed query is not fetched again on mount, so the render sees the failure.
    const client = new QueryClient({ defaultOptions: { queries: { retryOnMount: false } } });
    const query = client.getQueryCache().build(client, { queryKey: conflictKeys.declared(EVENT, PAPER) });
    query.setState({
      status: 'error',
      error: new ApiError({ status: 500, code: 'SERVER_ERROR', detail: 'Internal server error' }),
      fetchStatus: 'idle',
    });
    const html = await renderHtml(card, { client, language: 'en' });
    expect(html).toContain('data-testid="load-failure"');
    expect(html).toContain('Failed to load the conflicts of interest you declared.');
    expect(html).not.toContain('data-testid="declared-conflicts"');
  });
});
