import type { ConflictDto, ConflictPageDto } from '@confero/contracts';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { renderHtml } from '../../test/render.tsx';
import { eventKeys } from '../events/api.ts';
import { submissionKeys } from '../submissions/api.ts';
import { conflictKeys } from './api.ts';
import { ConflictsScreen } from './components/ConflictsScreen.tsx';
import { DeclareConflictButton } from './components/DeclareConflictButton.tsx';
import { conflictListParams, parseConflictFilters } from './conflict-filters.ts';

const EVENT = '7-abcdefgh';

const event = (manage: boolean) => ({
  id: 7,
  public_id: EVENT,
  title: 'ICML Test',
  chairs: [
    { public_id: '2-chairaaa', first_name: 'Chair', last_name: 'Person', email: 'c@x.org', role_display: 'Chair' },
  ],
  event_admins: [],
  abilities: { manage_reviewing: manage },
});

const conflict = (overrides: Partial<ConflictDto>): ConflictDto => ({
  id: 1,
  submission: { id: 11, public_id: '11-papera', title: 'Graph kernels' },
  user: {
    public_id: '3-revaaaaa',
    first_name: 'Rana',
    last_name: 'Haddad',
    full_name: 'Rana Haddad',
    email: 'rana@uni-a.edu',
    affiliation: 'University A',
  },
  type: 'domain',
  type_display: 'Same e-mail domain',
  source: 'detected',
  reason: 'Same e-mail domain as Ann Alpha (cs.uni-a.edu)',
  reasons: [
    {
      code: 'conflicts.reason.domain',
      params: { author: 'Ann Alpha', domain: 'cs.uni-a.edu' },
      message: 'Same e-mail domain as Ann Alpha (cs.uni-a.edu)',
    },
  ],
  declared_by: null,
  created_at: '2026-03-01T10:00:00Z',
  abilities: { lift: true },
  ...overrides,
});

function clientWith(manage: boolean, page: ConflictPageDto, search = ''): QueryClient {
  const client = new QueryClient();
  client.setQueryData(eventKeys.detail(EVENT), event(manage));
  client.setQueryData(eventKeys.reviewers(EVENT), []);
  client.setQueryData(submissionKeys.event(EVENT), [{ public_id: '11-papera', title: 'Graph kernels' }]);
  client.setQueryData(
    conflictKeys.list(EVENT, conflictListParams(parseConflictFilters(new URLSearchParams(search)))),
    page,
  );
  return client;
}

describe('ConflictsScreen', () => {
  const page: ConflictPageDto = {
    count: 60,
    next: null,
    previous: null,
    results: [
      conflict({}),
      conflict({
        id: 2,
        type: 'personal',
        source: 'declared',
        reason: 'Declared by Chair Person: Former student',
        reasons: [{ code: 'conflicts.reason.declared', params: { name: 'Chair Person' }, message: '' }],
        declared_by: { public_id: '2-chairaaa', full_name: 'Chair Person' },
      }),
      conflict({ id: 3, type: 'author', reasons: [], reason: 'Author', abilities: { lift: false } }),
    ],
  };

  it('lists the conflicts with their reasons, filters, pagination and actions', async () => {
    const html = await renderHtml(<ConflictsScreen eventId={EVENT} />, {
      client: clientWith(true, page),
      language: 'en',
    });
    expect(html).toContain('ICML Test');
    expect(html).toContain('Same e-mail domain as Ann Alpha (cs.uni-a.edu)');
    expect(html).toContain('Note: \u2068Former student\u2069');
    expect(html).toContain(`/events/${EVENT}/submissions/11-papera`);
    expect(html.match(/data-testid="conflict-row"/g)).toHaveLength(3);
    expect(html.match(/data-testid="conflict-lift"/g)).toHaveLength(2);
    expect(html).toContain('data-testid="conflict-permanent"');
    expect(html).toContain('data-testid="conflicts-pagination"');
    expect(html).toContain('60 conflicts');
    expect(html).toContain('data-testid="add-conflict-button"');
    expect(html).toContain('data-testid="check-candidate-button"');
  });

  it('speaks Arabic', async () => {
    const html = await renderHtml(<ConflictsScreen eventId={EVENT} />, {
      client: clientWith(true, page),
      language: 'ar',
    });
    expect(html).toContain('تعارضات المصالح');
    expect(html).toContain('نطاق البريد الإلكتروني نفسه الذي لدى Ann Alpha (cs.uni-a.edu)');
    expect(html).toContain('صرّح به Chair Person');
  });

  it('reads its filters from the address', async () => {
    const empty: ConflictPageDto = { count: 0, next: null, previous: null, results: [] };
    const client = clientWith(true, empty, 'type=coauthor');
    const html = await renderHtml(<ConflictsScreen eventId={EVENT} />, {
      client,
      language: 'en',
      url: '/?type=coauthor',
    });
    expect(html).toContain('No conflict of interest matches these filters.');
    expect(html).toContain('data-testid="conflict-filters-clear"');
  });

  it('refuses anyone outside the committee with a panel', async () => {
    const html = await renderHtml(<ConflictsScreen eventId={EVENT} />, {
      client: clientWith(false, page),
      language: 'en',
    });
    expect(html).toContain('data-testid="conflicts-denied"');
    expect(html).toContain('Only the event admins and chairs of this event can manage its conflicts of interest.');
    expect(html).not.toContain('conflict-row');
  });
});

describe('DeclareConflictButton', () => {
  it('renders its button', async () => {
    const html = await renderHtml(<DeclareConflictButton eventRef={EVENT} submissionId="11-papera" />, {
      language: 'ar',
    });
    expect(html).toContain('data-testid="declare-conflict-button"');
    expect(html).toContain('التصريح بتعارض مصالح');
  });
});
