import { DEFAULT_REVIEW_SETTINGS, type EventDto } from '@confero/contracts';
import { screen } from '@testing-library/react';
import { eventDto } from '../../test/fixtures.ts';
import { mountScreen } from '../../test/interact.tsx';
import { EventEditScreen } from './components/EventEditScreen.tsx';

/** The event the edit form's interaction tests open, and the research areas its form loads. */
export const EDIT_EVENT_ID = '7-abcdefgh';
export const EDIT_EVENT_AREAS = [
  { key: 'computer_science', name_en: 'Computer science', name_ar: 'علوم الحاسوب', subcategories: [] },
];

/** That event (its reviewing settings the defaults, no reminders), with `overrides`. */
export const editEventDto = (overrides: Partial<EventDto> = {}): EventDto =>
  eventDto({
    review_settings: DEFAULT_REVIEW_SETTINGS,
    reminder_days: [],
    discussion: { reviewers_see: 'after_own_review' },
    ...overrides,
  });

/** The edit screen of that event mounted in `language` (the API stubbed before), once its responses section shows. */
export async function openEventEditForm(language: 'en' | 'ar' = 'en') {
  const mounted = await mountScreen(<EventEditScreen id={EDIT_EVENT_ID} />, {
    url: `/events/${EDIT_EVENT_ID}/edit`,
    path: '/events/:id/edit',
    otherPaths: ['/events/:id', '/events'],
    language,
  });
  await screen.findByTestId('section-responses');
  return mounted;
}
