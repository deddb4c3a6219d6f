// @vitest-environment jsdom
import type { EventOutboxMailDto, EventOutboxPageDto } from '@confero/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { eventDto } from '../../test/fixtures.ts';
import { mountScreen, stubApi } from '../../test/interact.tsx';
import { EventOutboxScreen } from './components/EventOutboxScreen.tsx';

/* The event's outbox driven by a chair: its rows, the filters kept in the address, and "Resend". */

const EVENT = eventDto({ public_id: '7-abcdefgh', title: 'ICML Test' });
const BASE = 'events/7-abcdefgh/';

const mail = (overrides: Partial<EventOutboxMailDto>): EventOutboxMailDto => ({
  id: 1,
  recipient: 'lina@example.org',
  locale: 'ar',
  template: 'events.message',
  event_template: 'review_reminder',
  subject: 'تذكير: ICML Test',
  status: 'sent',
  attempts: 1,
  last_error: null,
  created_at: '2026-03-01T10:00:00Z',
  sent_at: '2026-03-01T10:00:01Z',
  ...overrides,
});

const PAGE: EventOutboxPageDto = {
  count: 2,
  next: null,
  previous: null,
  results: [
    mail({ id: 2, recipient: 'grace@example.org', status: 'failed', last_error: '550 No such user', sent_at: null }),
    mail({ id: 1, template: 'reviews.assigned', event_template: null, subject: 'New review' }),
  ],
};

describe("the event's outbox", { timeout: 20_000 }, () => {
  it('lists the mails with their errors, filters by status in the address, and resends a failed one', async () => {
    const api = stubApi({
      [`GET ${BASE}`]: { status: 200, body: EVENT },
      [`GET ${BASE}outbox/`]: (call) => ({
        status: 200,
        body: call.query.includes('status=failed') ? { ...PAGE, count: 1, results: [PAGE.results[0]] } : PAGE,
      }),
      [`POST ${BASE}outbox/2/resend/`]: { status: 200, body: mail({ id: 2, status: 'queued', sent_at: null }) },
    });
    const { user, location } = await mountScreen(<EventOutboxScreen eventId="7-abcdefgh" />, {
      url: '/events/7-abcdefgh/outbox',
      path: '/events/:id/outbox',
    });
    const rows = await screen.findAllByTestId('event-outbox-row');
    expect(rows.map((row) => row.dataset.status)).toEqual(['failed', 'sent']);
    expect(within(rows[0] as HTMLElement).getByText('Review reminder')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByTestId('event-outbox-error').textContent).toBe('550 No such user');
    expect(within(rows[1] as HTMLElement).getByText('Review assigned')).toBeTruthy();
    expect(screen.getByTestId('event-outbox-count').textContent).toBe('2 mails');

    await user.click(screen.getByTestId('event-outbox-status'));
    await user.click(await screen.findByRole('option', { name: 'Failed', hidden: true }));
    await waitFor(() => expect(location()).toBe('/events/7-abcdefgh/outbox?status=failed'));
    await waitFor(() => expect(screen.getAllByTestId('event-outbox-row')).toHaveLength(1));

    await user.click(screen.getByRole('button', { name: 'Resend the mail to grace@example.org' }));
    expect(await screen.findByText('The mail to grace@example.org is queued again.')).toBeTruthy();
    expect(api.sent('POST', `${BASE}outbox/2/resend/`)).toHaveLength(1);
  });
});
