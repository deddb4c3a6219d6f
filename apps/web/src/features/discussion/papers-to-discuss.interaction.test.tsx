// @vitest-environment jsdom
import type { MyDiscussionPageDto } from '@confero/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mountScreen, stubApi } from '../../test/interact.tsx';
import { ReviewsDashboard } from '../reviews/components/ReviewsDashboard.tsx';

/* The papers to discuss on a reviewer's dashboard (the chair sets the flag in the submissions table: chair-table test). */

const EVENT = '9-aaaaaaaa';

describe('papers to discuss', { timeout: 30_000 }, () => {
  it("shows a reviewer's papers to discuss on their dashboard, linking to each discussion they may read", async () => {
    const page: MyDiscussionPageDto = {
      count: 2,
      next: null,
      previous: null,
      results: [
        {
          submission: { id: 5, public_id: '5-cccccccc', title: 'A Discussed Paper' },
          event: { public_id: EVENT, title: 'ICML Test' },
          needs_discussion: true,
          comment_count: 3,
          last_comment_at: '2026-03-01T10:00:00Z',
          can_read: true,
        },
        {
          submission: { id: 6, public_id: '6-cccccccc', title: 'A Paper Still Under Review' },
          event: { public_id: EVENT, title: 'ICML Test' },
          needs_discussion: true,
          comment_count: 0,
          last_comment_at: null,
          can_read: false,
        },
      ],
    };
    const api = stubApi({
      'GET reviews/my-reviews/': { status: 200, body: [] },
      'GET discussions/': { status: 200, body: page },
    });
    await mountScreen(<ReviewsDashboard />, { url: '/reviews', path: '/reviews', language: 'ar' });
    const items = await screen.findAllByTestId('paper-to-discuss');
    expect(screen.getByTestId('papers-to-discuss').textContent).toContain('أوراق للمناقشة');
    expect(
      within(items[0] as HTMLElement)
        .getByRole('link')
        .getAttribute('href'),
    ).toBe('/submissions/5-cccccccc#discussion');
    expect(within(items[0] as HTMLElement).getByTestId('paper-to-discuss-state').textContent).toBe(
      `التعليقات: ${new Intl.NumberFormat('ar').format(3)}`,
    );
    expect(within(items[1] as HTMLElement).queryByRole('link')).toBeNull();
    expect(within(items[1] as HTMLElement).getByTestId('paper-to-discuss-state').textContent).toBe(
      'تُفتح بعد أن ترسل مراجعتك',
    );
    expect(Object.fromEntries(new URLSearchParams(api.sent('GET', 'discussions/')[0]?.query))).toEqual({
      flagged: 'true',
      page_size: '100',
    });
  });

  it('shows no section when no paper of the reviewer needs discussion', async () => {
    stubApi({
      'GET reviews/my-reviews/': { status: 200, body: [] },
      'GET discussions/': { status: 200, body: { count: 0, next: null, previous: null, results: [] } },
    });
    await mountScreen(<ReviewsDashboard />, { url: '/reviews', path: '/reviews' });
    await screen.findByTestId('reviews-empty');
    expect(screen.queryByTestId('papers-to-discuss')).toBeNull();
  });
});
