import type { AuditEntryDto, AuditPageDto } from '@confero/contracts';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { eventDto } from '../../test/fixtures.ts';
import { renderHtml } from '../../test/render.tsx';
import { eventKeys } from '../events/api.ts';
import { auditKeys } from './api.ts';
import { auditListParams, parseAuditFilters } from './audit-filters.ts';
import { AdminAuditScreen, EventAuditScreen } from './components/AuditScreens.tsx';

/* The audit screens rendered to HTML from a seeded cache: rows, labels, redaction, filters from the address. */

const entry = (overrides: Partial<AuditEntryDto>): AuditEntryDto => ({
  id: 1,
  at: '2026-03-01T10:00:00Z',
  actor: { public_id: '3-aaaaaaaa', name: 'سارة حداد' },
  event: { public_id: '7-abcdefgh', title: 'ICML Test' },
  entity: 'event',
  entity_id: '7-abcdefgh',
  action: 'event.updated',
  fields: ['title', 'timezone'],
  data: { changes: { title: { from: 'Old', to: 'New' } } },
  redacted: false,
  ...overrides,
});

const page: AuditPageDto = {
  count: 30,
  next: null,
  previous: null,
  results: [
    entry({
      id: 3,
      action: 'review.assigned',
      entity: 'review',
      entity_id: '9-bbbbbbbb',
      actor: null,
      fields: [],
      data: {},
      redacted: true,
    }),
    entry({
      id: 2,
      action: 'committee.custom_step',
      entity: 'thing',
      entity_id: '12',
      fields: [],
      data: { note: 'x' },
    }),
    entry({ id: 1 }),
  ],
};

function clientWith(results: AuditPageDto, search = ''): QueryClient {
  const params = auditListParams(parseAuditFilters(new URLSearchParams(search)));
  const client = new QueryClient();
  client.setQueryData(eventKeys.detail('7-abcdefgh'), eventDto());
  client.setQueryData(auditKeys.event('7-abcdefgh', params), results);
  client.setQueryData(auditKeys.platform(params), results);
  return client;
}

describe('EventAuditScreen', () => {
  it('lists who did what and when, the changed fields, and hides what a conflict hides', async () => {
    const html = await renderHtml(<EventAuditScreen eventId="7-abcdefgh" />, { client: clientWith(page) });
    expect(html).toContain('Audit log');
    expect(html.match(/data-testid="audit-row"/g)).toHaveLength(3);
    expect(html).toContain('Event updated');
    expect(html).toContain('Reviewer assigned');
    // An action without a label shows its code, left to right.
    expect(html).toContain('committee.custom_step');
    expect(html).toContain('سارة حداد');
    expect(html).toContain('dir="auto"');
    expect(html).toContain('title</span>');
    expect(html).toContain('data-testid="audit-redacted"');
    expect(html).toContain('Hidden: you have a conflict of interest with this paper');
    expect(html).toContain('30 entries');
    // Nothing in the rows takes the focus: the scrolled region does, named (axe: scrollable-region-focusable).
    expect(html).toMatch(
      /role="region" aria-label="Audit entries \(scroll sideways to read every column\)"|aria-label="Audit entries[^"]*"[^>]*role="region"/,
    );
    expect(html).toMatch(/tabindex="0"[^>]*aria-label="Audit entries|aria-label="Audit entries[^>]*tabindex="0"/i);
    expect(html).not.toContain('audit-filter-event');
  });

  it('speaks Arabic', async () => {
    const html = await renderHtml(<EventAuditScreen eventId="7-abcdefgh" />, {
      client: clientWith(page),
      language: 'ar',
    });
    expect(html).toContain('سجل التدقيق');
    expect(html).toContain('تعديل الفعالية');
    expect(html).toContain('إسناد مراجع');
  });

  it('reads its filters from the address and says when nothing matches', async () => {
    const empty: AuditPageDto = { count: 0, next: null, previous: null, results: [] };
    const search = 'action=event.updated&from=2026-03-01&actor=bad id';
    const html = await renderHtml(<EventAuditScreen eventId="7-abcdefgh" />, {
      client: clientWith(empty, search),
      url: `/?${search}`,
    });
    expect(html).toContain('No entry matches these filters.');
    expect(html).toContain('data-testid="audit-filters-clear"');
    expect(html).toContain('value="2026-03-01"');
  });
});

describe('AdminAuditScreen', () => {
  it("shows every entry's event and filters by event", async () => {
    const html = await renderHtml(<AdminAuditScreen />, { client: clientWith(page) });
    expect(html).toContain('Everything that happened on the platform');
    expect(html).toContain('data-testid="audit-filter-event"');
    expect(html).toContain('ICML Test');
  });
});

describe('parseAuditFilters', () => {
  it('keeps what the API accepts and drops the rest', () => {
    expect(parseAuditFilters(new URLSearchParams('actor=3-aaaaaaaa&from=yesterday&event=7&page=2'))).toEqual({
      action: null,
      entity: null,
      actor: '3-aaaaaaaa',
      from: null,
      to: null,
      event: '7',
      page: 2,
    });
  });
});
