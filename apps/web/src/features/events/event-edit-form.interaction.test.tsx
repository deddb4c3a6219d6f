// @vitest-environment jsdom
import { DEFAULT_REVIEW_SETTINGS, type EventDto } from '@confero/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { eventDto } from '../../test/fixtures.ts';
import { mountScreen, stubApi } from '../../test/interact.tsx';
import { EventEditScreen } from './components/EventEditScreen.tsx';

/*
 * The event edit form driven by a user: it starts from the event, sends only what changed, checks the rules first,
 * shows the server's refusal under its field, and after a deadline moved offers to tell the people it concerns with
 * a previewed mail.
 */

const ID = '7-abcdefgh';
const AREAS = [
  {
    key: 'computer_science',
    name_en: 'Computer science',
    name_ar: 'علوم الحاسوب',
    subcategories: [{ key: 'ml', name_en: 'Machine learning', name_ar: 'تعلم الآلة' }],
  },
];

const EVENT: EventDto = eventDto({
  submission_deadline: '2099-05-10',
  review_settings: DEFAULT_REVIEW_SETTINGS,
  reminder_days: [7],
});

async function openForm() {
  const mounted = await mountScreen(<EventEditScreen id={ID} />, {
    url: `/events/${ID}/edit`,
    path: '/events/:id/edit',
    otherPaths: ['/events/:id', '/events'],
  });
  await waitFor(() =>
    expect(screen.getByRole('textbox', { name: /^Event title/ })).toHaveProperty('value', 'ICML Test'),
  );
  return mounted;
}

const save = (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Save changes' }));

describe('the event edit form, driven by a user', { timeout: 60_000 }, () => {
  // The date pickers read today's date: a fixed one (only Date is faked, timers run), so no hour of the day changes
  // what the calendar shows.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-27T09:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends only what changed, then offers to tell the authors of the moved deadline with a previewed mail', async () => {
    const api = stubApi({
      [`GET events/${ID}/`]: { status: 200, body: EVENT },
      'GET research-areas/': { status: 200, body: AREAS },
      [`PATCH events/${ID}/`]: {
        status: 200,
        body: {
          ...EVENT,
          title: 'ICML Test 2099',
          submission_deadline: '2099-05-03',
          reminder_days: [7, 3],
          deadlines_changed: ['submission_deadline'],
        },
      },
      [`POST events/${ID}/mail/preview/`]: {
        status: 200,
        body: {
          recipient_count: 2,
          recipient: { name: 'Alma Authorova', email: 'alma@uni-author.edu', locale: 'en' },
          subject: 'New submission deadline of ICML Test 2099',
          text: 'Dear Alma,\nthe submission deadline is now 3 May 2099.',
          html: '<p>ignored</p>',
        },
      },
      [`POST events/${ID}/mail/send/`]: { status: 202, body: { id: '3-abcdefgh', status: 'queued', recipients: 2 } },
    });
    const { user, location } = await openForm();

    const title = screen.getByRole('textbox', { name: /^Event title/ });
    await user.clear(title);
    await user.type(title, 'ICML Test 2099');
    await user.click(screen.getByRole('button', { name: 'Submission deadline' }));
    await user.click(await screen.findByRole('button', { name: '3 May 2099' }));
    await user.click(screen.getByLabelText('Remind late reviewers', { selector: 'input' }));
    // The options list is in the DOM while its opening transition runs, so it is looked up among hidden nodes too.
    await user.click(await screen.findByRole('option', { name: '3 days before', hidden: true }));
    await user.click(screen.getByLabelText('Blind mode', { selector: 'input' }));
    await user.click(
      await screen.findByRole('option', { name: 'Single blind: reviewers see the authors', hidden: true }),
    );
    await save(user);

    await waitFor(() => expect(api.sent('PATCH', `events/${ID}/`)).toHaveLength(1));
    expect(api.sent('PATCH', `events/${ID}/`)[0]?.body).toEqual({
      title: 'ICML Test 2099',
      submission_deadline: '2099-05-03',
      review_settings: { blind_mode: 'single' },
      reminder_days: [7, 3],
    });
    const notice = await screen.findByTestId('deadline-change-notice');
    // Shown above a long form: it takes the focus, so the user sees it and a screen reader reads it.
    await waitFor(() => expect(document.activeElement).toBe(notice));
    expect(notice.textContent).toContain(
      'The submission deadline is now 05/03/2099, 23:59 (Anywhere on Earth, UTC−12).',
    );
    expect(within(notice).queryByRole('button', { name: 'Notify reviewers' })).toBeNull();

    await user.click(within(notice).getByRole('button', { name: 'Notify authors' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tell the authors about the new submission deadline' });
    await within(dialog).findByText('2 mails will be sent.');
    expect(within(dialog).getByTestId('notify-text').textContent).toBe(
      'Dear Alma,\nthe submission deadline is now 3 May 2099.',
    );
    expect(api.sent('POST', `events/${ID}/mail/preview/`)[0]?.body).toEqual({
      audience: 'authors',
      template_key: 'submission_deadline_changed',
    });
    expect(api.sent('POST', `events/${ID}/mail/send/`)).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(api.sent('POST', `events/${ID}/mail/send/`)).toHaveLength(1));
    expect(api.sent('POST', `events/${ID}/mail/send/`)[0]?.body).toEqual({
      audience: 'authors',
      template_key: 'submission_deadline_changed',
    });
    expect(await screen.findByText('2 mails are on their way.')).toBeTruthy();
    const told = await within(notice).findByRole('button', { name: 'Authors notified' });
    expect(told.hasAttribute('disabled')).toBe(true);

    await user.click(within(notice).getByRole('button', { name: 'Back to the event' }));
    await waitFor(() => expect(location()).toBe(`/events/${ID}`));
  });

  it('checks the rules before sending, shows the server refusal under its field, and goes back after a save', async () => {
    const api = stubApi({
      [`GET events/${ID}/`]: { status: 200, body: EVENT },
      'GET research-areas/': { status: 200, body: AREAS },
      [`PATCH events/${ID}/`]: [
        {
          status: 400,
          body: {
            detail: 'Select a valid time zone (AoE or a name such as Asia/Riyadh)',
            code: 'VALIDATION_ERROR',
            message_code: 'events.timezoneInvalid',
            fields: { timezone: ['Select a valid time zone (AoE or a name such as Asia/Riyadh)'] },
            field_codes: { timezone: ['events.timezoneInvalid'] },
          },
        },
        { status: 200, body: { ...EVENT, city: 'Grenoble', deadlines_changed: [] } },
      ],
    });
    const { user, location } = await openForm();

    await save(user);
    expect(await screen.findByText('Nothing has changed.')).toBeTruthy();

    const city = screen.getByRole('textbox', { name: /^City/ });
    await user.clear(city);
    await save(user);
    expect(city.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText('City is required').length).toBeGreaterThan(0);
    expect(api.sent('PATCH', `events/${ID}/`)).toEqual([]);

    await user.type(city, 'Grenoble');
    await save(user);
    const timezone = screen.getByLabelText(/^Time zone/, { selector: 'input' });
    await waitFor(() => expect(timezone.getAttribute('aria-invalid')).toBe('true'));
    expect(api.sent('PATCH', `events/${ID}/`)[0]?.body).toEqual({ location: { city: 'Grenoble' } });

    await save(user);
    await waitFor(() => expect(location()).toBe(`/events/${ID}`));
    expect(api.sent('PATCH', `events/${ID}/`)).toHaveLength(2);
    expect(screen.queryByTestId('deadline-change-notice')).toBeNull();
  });

  it('tells a viewer who may not edit the event so, without a form', async () => {
    stubApi({
      [`GET events/${ID}/`]: { status: 200, body: { ...EVENT, abilities: { ...EVENT.abilities, update: false } } },
    });
    await mountScreen(<EventEditScreen id={ID} />, { url: `/events/${ID}/edit`, path: '/events/:id/edit' });
    const denied = await screen.findByTestId('event-edit-denied');
    expect(denied.textContent).toContain('You do not have permission to edit this event.');
    expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull();
  });
});
