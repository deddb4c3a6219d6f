import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { eventDto } from '../../test/fixtures.ts';
import { renderHtml } from '../../test/render.tsx';
import { eventKeys } from '../events/api.ts';
import { ExportsScreen } from './components/ExportsScreen.tsx';
import { exportHref, exportLanguage } from './export-links.ts';

/* The exports screen rendered to HTML from a seeded cache: a download link per kind and format, in both languages. */

function clientWith(event = eventDto()): QueryClient {
  const client = new QueryClient();
  client.setQueryData(eventKeys.detail('7-abcdefgh'), event);
  return client;
}

describe('ExportsScreen', () => {
  it('offers every kind as CSV and XLSX, headers in the interface language, and the anonymous switch for reviews', async () => {
    const html = await renderHtml(<ExportsScreen eventId="7-abcdefgh" />, { client: clientWith() });
    expect(html).toContain('Exports');
    expect(html).toContain('ICML Test');
    for (const kind of ['submissions', 'reviews', 'reviewers', 'bids', 'conflicts']) {
      expect(html).toContain(`href="/api/events/7-abcdefgh/export/${kind}.csv?lang=en"`);
      expect(html).toContain(`href="/api/events/7-abcdefgh/export/${kind}.xlsx?lang=en"`);
    }
    expect(html).toContain('aria-label="Download Reviews as Excel (XLSX)"');
    expect(html).toContain('data-testid="export-anonymous"');
    expect(html).toContain('Anonymise reviewers');
    expect(html).toContain('href="/events/7-abcdefgh"');
  });

  it('speaks Arabic and asks for Arabic headers', async () => {
    const html = await renderHtml(<ExportsScreen eventId="7-abcdefgh" />, { client: clientWith(), language: 'ar' });
    expect(html).toContain('التصدير');
    expect(html).toContain('إخفاء هوية المراجعين');
    expect(html).toContain('href="/api/events/7-abcdefgh/export/reviews.csv?lang=ar"');
  });

  it('refuses anyone but the committee, without a download link', async () => {
    const reviewerView = eventDto({
      abilities: { ...eventDto().abilities, export: false, view_audit: false, bid: true },
    });
    const html = await renderHtml(<ExportsScreen eventId="7-abcdefgh" />, { client: clientWith(reviewerView) });
    expect(html).toContain('data-testid="exports-denied"');
    expect(html).toContain('Only the event&#x27;s chairs and event admins can use this page.');
    expect(html).not.toContain('/export/');
  });
});

describe('exportHref', () => {
  it('asks for anonymised reviews only for the reviews, and falls back to English headers', () => {
    expect(exportHref('7-abcdefgh', 'reviews', 'xlsx', { anonymous: true, language: 'ar' })).toBe(
      '/api/events/7-abcdefgh/export/reviews.xlsx?lang=ar&anonymous=true',
    );
    expect(exportHref('7-abcdefgh', 'bids', 'csv', { anonymous: true, language: 'fr-FR' })).toBe(
      '/api/events/7-abcdefgh/export/bids.csv?lang=en',
    );
    expect(exportLanguage('ar-EG')).toBe('ar');
  });
});
