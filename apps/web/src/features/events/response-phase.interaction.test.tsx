// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { eventDto } from '../../test/fixtures.ts';
import { stubApi } from '../../test/interact.tsx';
import {
  EDIT_EVENT_AREAS as AREAS,
  editEventDto,
  EDIT_EVENT_ID as ID,
  openEventEditForm,
} from './event-edit-harness.tsx';

/*
 * The edit form's section "Author response and discussion", driven by a user: the switch, the window's times in the
 * event's zone with the viewer's time beside, the word limit and the discussion setting are sent as the changed parts
 * of `response_phase` and `discussion`; the rules are checked first and a refusal of the server shows under its field.
 */

const EVENT = editEventDto();
const openForm = openEventEditForm;

const section = () => within(screen.getByTestId('section-responses'));
const setTime = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('the author response and discussion settings', { timeout: 60_000 }, () => {
  it('sends the phase turned on with its window and limit, and the discussion setting, then goes back to the event', async () => {
    const api = stubApi({
      [`GET events/${ID}/`]: { status: 200, body: EVENT },
      'GET research-areas/': { status: 200, body: AREAS },
      [`PATCH events/${ID}/`]: { status: 200, body: { ...EVENT, deadlines_changed: [] } },
    });
    const { user, location } = await openForm();
    expect(section().getAllByText("Date and time in the event's zone (Anywhere on Earth, UTC−12)")).toHaveLength(2);

    await user.click(section().getByRole('switch', { name: /Open an author response phase/ }));
    setTime('response-opens-at', '2099-06-10T09:00');
    setTime('response-closes-at', '2099-06-17T18:30');
    // The viewer's own time of the same instant shows under each (AoE is UTC−12: 21:00 the same day in UTC).
    expect(await screen.findByTestId('response-opens-at-yours')).toBeTruthy();
    const limit = section().getByRole('textbox', { name: /Word limit of a response/ });
    await user.clear(limit);
    await user.type(limit, '750');
    await user.click(section().getByLabelText("Reviewers join a paper's discussion", { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'As soon as they are assigned', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(api.sent('PATCH', `events/${ID}/`)).toHaveLength(1));
    expect(api.sent('PATCH', `events/${ID}/`)[0]?.body).toEqual({
      response_phase: { enabled: true, opens_at: '2099-06-10T09:00', closes_at: '2099-06-17T18:30', word_limit: 750 },
      discussion: { reviewers_see: 'always' },
    });
    await waitFor(() => expect(location()).toBe(`/events/${ID}`));
  });

  it('checks the rules before sending: a phase turned on needs its times, closing after opening', async () => {
    const api = stubApi({
      [`GET events/${ID}/`]: { status: 200, body: EVENT },
      'GET research-areas/': { status: 200, body: AREAS },
    });
    const { user } = await openForm();
    await user.click(section().getByRole('switch', { name: /Open an author response phase/ }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await section().findByText('Set when the response window opens')).toBeTruthy();
    setTime('response-opens-at', '2099-06-10T09:00');
    setTime('response-closes-at', '2099-06-09T09:00');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await section().findByText('The response window must close after it opens')).toBeTruthy();
    expect(api.sent('PATCH', `events/${ID}/`)).toEqual([]);
  });

  it('shows a refusal of the server under its field', async () => {
    stubApi({
      [`GET events/${ID}/`]: { status: 200, body: EVENT },
      'GET research-areas/': { status: 200, body: AREAS },
      [`PATCH events/${ID}/`]: {
        status: 400,
        body: {
          detail: 'Enter a date and time as YYYY-MM-DDTHH:mm',
          code: 'VALIDATION_ERROR',
          message_code: 'responses.dateTimeInvalid',
          fields: { 'response_phase.opens_at': ['Enter a date and time as YYYY-MM-DDTHH:mm'] },
          field_codes: { 'response_phase.opens_at': ['responses.dateTimeInvalid'] },
        },
      },
    });
    const { user } = await openForm();
    setTime('response-opens-at', '2099-02-28T09:00');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await section().findByText('Enter a date and time as YYYY-MM-DDTHH:mm')).toBeTruthy();
  });

  it('starts from the stored phase, in Arabic', async () => {
    stubApi({
      [`GET events/${ID}/`]: {
        status: 200,
        body: eventDto({
          ...EVENT,
          response_phase: {
            ...EVENT.response_phase,
            enabled: true,
            opens_at: '2099-06-10T09:00',
            closes_at: '2099-06-17T18:30',
            word_limit: 300,
          },
          discussion: { reviewers_see: 'always' },
        }),
      },
      'GET research-areas/': { status: 200, body: AREAS },
    });
    await openForm('ar');
    expect(section().getByRole('heading', { name: 'رد المؤلفين والمناقشة' })).toBeTruthy();
    expect(screen.getByTestId('response-opens-at')).toHaveProperty('value', '2099-06-10T09:00');
    expect(screen.getByTestId('response-closes-at')).toHaveProperty('value', '2099-06-17T18:30');
    expect(section().getByRole('switch', { name: /فتح مرحلة رد المؤلفين/ })).toHaveProperty('checked', true);
    expect(section().getByRole('textbox', { name: /حد كلمات الرد/ })).toHaveProperty('value', '300');
  });
});
