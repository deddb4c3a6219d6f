// @vitest-environment jsdom
import { DEFAULT_REVIEW_SETTINGS, type EventDto } from '@confero/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { eventDto } from '../../test/fixtures.ts';
import { mountScreen, stubApi } from '../../test/interact.tsx';
import { EventEditScreen } from './components/EventEditScreen.tsx';

/* The edit form's "Review assistant" switch (`docs/domain.md#review-assistant`): read from the event, sent alone when changed. */

const ID = '7-abcdefgh';
const AREAS = [{ key: 'computer_science', name_en: 'Computer science', name_ar: 'علوم الحاسوب', subcategories: [] }];
const EVENT: EventDto = eventDto({
  review_settings: DEFAULT_REVIEW_SETTINGS,
  reminder_days: [],
  discussion: { reviewers_see: 'after_own_review' },
  assistant_enabled: true,
});

async function openForm(language: 'en' | 'ar') {
  const api = stubApi({
    [`GET events/${ID}/`]: { status: 200, body: EVENT },
    'GET research-areas/': { status: 200, body: AREAS },
    [`PATCH events/${ID}/`]: { status: 200, body: { ...EVENT, assistant_enabled: false, deadlines_changed: [] } },
  });
  const mounted = await mountScreen(<EventEditScreen id={ID} />, {
    url: `/events/${ID}/edit`,
    path: '/events/:id/edit',
    otherPaths: ['/events/:id', '/events'],
    language,
  });
  await screen.findByTestId('section-responses');
  return { ...mounted, api };
}

describe('the review assistant switch of the event form', { timeout: 60_000 }, () => {
  it('turns the assistant off with a PATCH of that setting alone', async () => {
    const { user, api } = await openForm('en');
    const toggle = within(screen.getByTestId('section-responses')).getByRole('switch', { name: /Review assistant/ });
    expect((toggle as HTMLInputElement).checked).toBe(true);
    await user.click(toggle);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.sent('PATCH', `events/${ID}/`)).toHaveLength(1));
    expect(api.sent('PATCH', `events/${ID}/`)[0]?.body).toEqual({ assistant_enabled: false });
  });

  it('is worded in Arabic', async () => {
    await openForm('ar');
    expect(within(screen.getByTestId('section-responses')).getByRole('switch', { name: /مساعد التحكيم/ })).toBeTruthy();
  });
});
