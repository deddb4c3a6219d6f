import { DEFAULT_REVIEW_SETTINGS } from '@confero/contracts';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { eventDto } from '../../test/fixtures.ts';
import { renderHtml } from '../../test/render.tsx';
import { ActiveRoleContext } from '../roles/active-role-context.ts';
import { eventKeys } from './api.ts';
import { EventDetailScreen } from './components/EventDetailScreen.tsx';
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

describe('the event page', () => {
  const page = (
    <ActiveRoleContext.Provider
      value={{ activeRole: 'chair', roles: ['chair'], isSwitching: false, switchRole: async () => undefined }}
    >
      <EventDetailScreen id={EVENT} />
    </ActiveRoleContext.Provider>
  );

  it('links to the edit screen for those who may edit, and offers every viewer the calendar feed', async () => {
    // The organizers' cards that read the browser's address (the submission link) are left out of this render.
    const organizer = await renderHtml(page, {
      client: clientWith({ abilities: { ...eventDto().abilities, manage_members: false } }),
    });
    expect(organizer.match(/<a[^>]*data-testid="event-edit-link"[^>]*>/)?.[0]).toContain(
      'href="/events/7-abcdefgh/edit"',
    );
    expect(organizer).toContain('data-testid="event-calendar-link"');
    const reader = await renderHtml(page, {
      client: clientWith({ abilities: { ...eventDto().abilities, manage_members: false, update: false } }),
    });
    expect(reader).not.toContain('event-edit-link');
    expect(reader).toContain('href="/api/events/7-abcdefgh/calendar.ics?lang=en"');
  });
});
