import type { EventListItemDto, OutboxMailDto, OutboxPageDto } from '@confero/contracts';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { renderHtml } from '../../test/render.tsx';
import { eventKeys } from '../events/api.ts';
import { outboxKeys } from './api.ts';
import { OutboxScreen } from './components/OutboxScreen.tsx';
import { formatDateTime } from './outbox-display.ts';
import { failedCountParams, outboxListParams, parseOutboxFilters } from './outbox-filters.ts';

/*
 * The outbox screen rendered to HTML from a seeded query cache (no browser): its rows, badges, filters read from
 * the address, the retry actions and the Arabic texts. The clicks are covered by the end-to-end journey.
 */

const mail = (overrides: Partial<OutboxMailDto>): OutboxMailDto => ({
  id: 1,
  recipient: 'ada@example.org',
  locale: 'en',
  template: 'auth.verify_email',
  status: 'sent',
  attempts: 1,
  last_error: null,
  transport: 'smtp',
  event: null,
  created_at: '2026-03-01T10:00:00Z',
  last_attempt_at: '2026-03-01T10:00:01Z',
  next_attempt_at: null,
  sent_at: '2026-03-01T10:00:01Z',
  failed_at: null,
  abilities: { retry: false },
  ...overrides,
});

const page: OutboxPageDto = {
  count: 60,
  next: null,
  previous: null,
  results: [
    mail({
      id: 3,
      recipient: 'grace@example.org',
      template: 'events.reviewer_invitation',
      status: 'failed',
      attempts: 4,
      last_error: "Can't send mail - all recipients were rejected: 550 No such user here",
      event: { id: 7, public_id: '7-abcdefgh', title: 'ICML Test' },
      sent_at: null,
      failed_at: '2026-03-01T11:00:00Z',
      abilities: { retry: true },
    }),
    mail({
      id: 2,
      recipient: 'alan@example.org',
      template: 'reviews.assigned',
      status: 'queued',
      attempts: 2,
      last_error: 'connect ECONNREFUSED 127.0.0.1:25',
      event: { id: 8, public_id: null, title: null },
      next_attempt_at: '2026-03-01T10:05:00Z',
      sent_at: null,
      abilities: { retry: true },
    }),
    mail({ id: 1 }),
  ],
};

const events = [{ public_id: '7-abcdefgh', title: 'ICML Test' }] as EventListItemDto[];

function clientWith(results: OutboxPageDto, search = '', failed = 5): QueryClient {
  const filters = parseOutboxFilters(new URLSearchParams(search));
  const client = new QueryClient();
  client.setQueryData(outboxKeys.list(outboxListParams(filters)), results);
  client.setQueryData(outboxKeys.list(failedCountParams(filters)), { ...results, count: failed });
  client.setQueryData(eventKeys.list('all_events'), events);
  return client;
}

describe('OutboxScreen', () => {
  it('lists the mails with their status, event, tries, last error and times, and the retry actions', async () => {
    const html = await renderHtml(<OutboxScreen />, { client: clientWith(page), language: 'en' });
    expect(html).toContain('Mail outbox');
    expect(html.match(/data-testid="outbox-row"/g)).toHaveLength(3);
    expect(html).toContain('data-status="failed"');
    expect(html).toContain('Failed');
    expect(html).toContain('Queued');
    expect(html).toContain('Sent');
    expect(html).toContain('grace@example.org');
    expect(html).toContain('Reviewer invitation');
    expect(html).toContain('href="/admin/events/7-abcdefgh"');
    expect(html).toContain('Deleted event (8)');
    expect(html).toContain('Account mail');
    expect(html).toContain('550 No such user here');
    expect(html).toContain('ECONNREFUSED');
    expect(html).toContain(formatDateTime('2026-03-01T10:05:00Z', 'en'));
    // Retry on the two mails not sent yet, not on the sent one.
    expect(html.match(/data-testid="outbox-retry"/g)).toHaveLength(2);
    expect(html).toContain('aria-label="Retry the mail to grace@example.org now"');
    expect(html).toContain('data-testid="outbox-retry-all"');
    expect(html).toContain('data-failed="5"');
    expect(html).toContain('60 mails');
    expect(html).toContain('data-testid="outbox-pagination"');
    // Addresses and SMTP errors read left to right in any language.
    expect(html).toMatch(/dir="ltr"[^>]*data-testid="outbox-recipient"|data-testid="outbox-recipient"[^>]*dir="ltr"/);
  });

  it('speaks Arabic', async () => {
    const html = await renderHtml(<OutboxScreen />, { client: clientWith(page), language: 'ar' });
    expect(html).toContain('صندوق البريد الصادر');
    expect(html).toContain('فشلت');
    expect(html).toContain('دعوة محكّم');
    expect(html).toContain('إعادة محاولة كل الرسائل الفاشلة');
    expect(html).toContain('بريد الحساب');
    expect(html).toContain(`${new Intl.NumberFormat('ar').format(60)} رسالة`);
  });

  it('reads its filters from the address and says when nothing matches', async () => {
    const empty: OutboxPageDto = { count: 0, next: null, previous: null, results: [] };
    const html = await renderHtml(<OutboxScreen />, {
      client: clientWith(empty, 'status=failed&template=auth.password_reset', 0),
      language: 'en',
      url: '/?status=failed&template=auth.password_reset',
    });
    expect(html).toContain('No mail matches these filters.');
    expect(html).toContain('data-testid="outbox-filters-clear"');
    expect(html).toContain('Password reset');
    // Nothing failed to retry: the button is disabled.
    expect(html).toMatch(
      /<button[^>]*disabled[^>]*data-testid="outbox-retry-all"|data-testid="outbox-retry-all"[^>]*disabled/,
    );
  });

  it('says when the platform has sent nothing yet', async () => {
    const empty: OutboxPageDto = { count: 0, next: null, previous: null, results: [] };
    const html = await renderHtml(<OutboxScreen />, { client: clientWith(empty, '', 0), language: 'en' });
    expect(html).toContain('The platform has not queued any mail yet.');
    expect(html).not.toContain('outbox-filters-clear');
  });
});
