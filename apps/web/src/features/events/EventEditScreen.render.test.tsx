import { DEFAULT_REVIEW_SETTINGS } from '@confero/contracts';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { eventDto } from '../../test/fixtures.ts';
import { renderHtml } from '../../test/render.tsx';
import { eventKeys } from './api.ts';
import { EventEditScreen } from './components/EventEditScreen.tsx';

const EVENT = '7-abcdefgh';

function clientWith(overrides: Parameters<typeof eventDto>[0] = {}) {
  const client = new QueryClient();
  client.setQueryData(
    eventKeys.detail(EVENT),
    eventDto({ review_settings: DEFAULT_REVIEW_SETTINGS, reminder_days: [7, 1], ...overrides }),
  );
  return client;
}

describe('the event edit screen', () => {
  it('renders the form in Arabic, prefilled, with the reviewing section and no chair rows', async () => {
    const html = await renderHtml(<EventEditScreen id={EVENT} />, { client: clientWith(), language: 'ar' });
    expect(html).toContain('تعديل الفعالية');
    expect(html).toContain('data-testid="event-edit-form"');
    expect(html).toContain('data-testid="section-reviewing"');
    expect(html).toContain('تذكير المحكّمين المتأخرين');
    expect(html).toContain('حفظ التغييرات');
    expect(html).not.toContain('data-testid="section-chairs"');
    expect(html).toMatch(/<input[^>]*value="ICML Test"/);
    expect(html).toMatch(/<input[^>]*value="Lyon"/);
    expect(html).toContain('href="/events/7-abcdefgh"');
  });

  it('tells a viewer without the right to edit so, with the way back to the event', async () => {
    const client = clientWith({ abilities: { ...eventDto().abilities, update: false } });
    const html = await renderHtml(<EventEditScreen id={EVENT} />, { client });
    expect(html).toContain('data-testid="event-edit-denied"');
    expect(html).toContain('You do not have permission to edit this event.');
    expect(html).not.toContain('event-edit-form');
  });
});
