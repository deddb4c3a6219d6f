// @vitest-environment jsdom
import type { AuthorResponseDto } from '@confero/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mountScreen, stubApi } from '../../test/interact.tsx';
import { ResponseLinkCard } from './components/ResponseLinkCard.tsx';

/* The authors' way from their paper's page to the response screen: shown once the event turned the phase on. */

const EVENT_ID = '3-eventabc';
const ID = '9-paperabc';
const PATH = `submissions/${ID}/response/`;

const DATA: AuthorResponseDto = {
  submission: { id: 9, public_id: ID, title: 'Learning to Rank Rebuttals' },
  event: { public_id: EVENT_ID, title: 'ICML Test', timezone: 'UTC' },
  phase: {
    enabled: true,
    opens_at: '2020-01-01T09:00',
    closes_at: '2099-01-08T18:00',
    opens_at_utc: '2020-01-01T09:00:00.000Z',
    closes_at_utc: '2099-01-08T18:00:00.000Z',
    word_limit: 500,
    open: true,
  },
  reviews: [],
  response: null,
  abilities: { edit: true },
};

const mount = (language: 'en' | 'ar' = 'en') =>
  mountScreen(<ResponseLinkCard submissionId={ID} eventId={EVENT_ID} />, {
    url: `/submissions/${ID}`,
    path: '/submissions/:id',
    otherPaths: ['/events/:eventId/submissions/:submissionId/response'],
    language,
  });

describe('the response link card', { timeout: 30_000 }, () => {
  it('leads an author to the response screen while the window is open', async () => {
    stubApi({ [`GET ${PATH}`]: { status: 200, body: DATA } });
    const { location } = await mount();
    const link = await screen.findByTestId('response-link');
    expect(link.textContent).toBe('Write your response');
    fireEvent.click(link);
    await waitFor(() => expect(location()).toBe(`/events/${EVENT_ID}/submissions/${ID}/response`));
  });

  it('offers to read it once the window closed, in Arabic, with the response’s state', async () => {
    stubApi({
      [`GET ${PATH}`]: {
        status: 200,
        body: {
          ...DATA,
          phase: { ...DATA.phase, open: false },
          abilities: { edit: false },
          response: {
            body: 'Done',
            status: 'submitted',
            word_count: 1,
            version: 2,
            submitted_at: '2026-11-20T10:00:00Z',
            updated_at: '2026-11-20T10:00:00Z',
          },
        },
      },
    });
    await mount('ar');
    expect((await screen.findByTestId('response-link')).textContent).toBe('افتح الرد');
    expect(screen.getByText('مُرسَل')).toBeTruthy();
  });

  it('shows nothing without the phase', async () => {
    const api = stubApi({
      [`GET ${PATH}`]: { status: 200, body: { ...DATA, phase: { ...DATA.phase, enabled: false } } },
    });
    const { client } = await mount();
    await waitFor(() => expect(api.sent('GET', PATH)).toHaveLength(1));
    await waitFor(() => expect(client.getQueryState(['responses', 'author', ID])?.status).toBe('success'));
    expect(screen.queryByTestId('response-link-card')).toBeNull();
  });
});
