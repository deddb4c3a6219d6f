// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../test/interact.tsx';
import {
  EDIT_EVENT_AREAS as AREAS,
  editEventDto,
  EDIT_EVENT_ID as ID,
  openEventEditForm,
} from './event-edit-harness.tsx';

/* The edit form's "Review assistant" switch (`docs/domain.md#review-assistant`): read from the event, sent alone when changed. */

const EVENT = editEventDto({ assistant_enabled: true });

async function openForm(language: 'en' | 'ar') {
  const api = stubApi({
    [`GET events/${ID}/`]: { status: 200, body: EVENT },
    'GET research-areas/': { status: 200, body: AREAS },
    [`PATCH events/${ID}/`]: { status: 200, body: { ...EVENT, assistant_enabled: false, deadlines_changed: [] } },
  });
  return { ...(await openEventEditForm(language)), api };
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
