// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { eventDto } from '../../test/fixtures.ts';
import { mountScreen, stubApi } from '../../test/interact.tsx';
import { ExportsScreen } from './components/ExportsScreen.tsx';

/* The exports screen driven by a chair: the anonymous switch changes the reviews' download links, nothing else. */

describe('the exports screen, driven by a chair', { timeout: 20_000 }, () => {
  it('anonymises the reviews links when the switch is on, and only them', async () => {
    const api = stubApi({ 'GET events/7-abcdefgh/': { status: 200, body: eventDto() } });
    const { user } = await mountScreen(<ExportsScreen eventId="7-abcdefgh" />, {
      url: '/events/7-abcdefgh/exports',
      path: '/events/:id/exports',
    });
    const reviewsCsv = await screen.findByTestId('export-reviews-csv');
    expect(reviewsCsv.getAttribute('href')).toBe('/api/events/7-abcdefgh/export/reviews.csv?lang=en');

    await user.click(screen.getByRole('switch', { name: /Anonymise reviewers/ }));
    await waitFor(() =>
      expect(screen.getByTestId('export-reviews-csv').getAttribute('href')).toBe(
        '/api/events/7-abcdefgh/export/reviews.csv?lang=en&anonymous=true',
      ),
    );
    expect(screen.getByTestId('export-reviews-xlsx').getAttribute('href')).toContain('anonymous=true');
    expect(screen.getByTestId('export-bids-csv').getAttribute('href')).toBe(
      '/api/events/7-abcdefgh/export/bids.csv?lang=en',
    );
    // The files are links the browser downloads: the screen itself asked the API for the event only.
    expect(api.calls.map((call) => `${call.method} ${call.path}`)).toEqual(['GET events/7-abcdefgh/']);
  });
});
