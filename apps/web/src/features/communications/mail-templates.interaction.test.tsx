// @vitest-environment jsdom
import type { EventMailTemplateDto, EventMailTemplateListDto } from '@confero/contracts';
import { EVENT_MAIL_TEMPLATE_KEYS } from '@confero/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { eventDto } from '../../test/fixtures.ts';
import { mountScreen, stubApi } from '../../test/interact.tsx';
import { MailTemplatesScreen } from './components/MailTemplatesScreen.tsx';

/*
 * The templates editor driven by a chair: pick a template, word it in English and Arabic side by side, save a
 * language, put one back to its default, preview one; with the API answered at the client's boundary.
 */

const EVENT = eventDto({ public_id: '7-abcdefgh', title: 'ICML Test' });
const BASE = 'events/7-abcdefgh/';

const LIST: EventMailTemplateListDto = EVENT_MAIL_TEMPLATE_KEYS.map((key) => ({
  key,
  customized: { en: false, ar: key === 'review_reminder' },
}));

const REMINDER: EventMailTemplateDto = {
  key: 'review_reminder',
  placeholders: ['first_name', 'last_name', 'paper_title', 'event_title', 'deadline', 'link'],
  en: { subject: 'Reminder: {event_title}', body: 'Dear {first_name},\n\nPlease review.', customized: false },
  ar: { subject: 'تذكير: {event_title}', body: 'عزيزي {first_name}،\n\nيرجى التحكيم.', customized: true },
};

async function openScreen(url = '/events/7-abcdefgh/mail/templates?key=review_reminder', language: 'en' | 'ar' = 'en') {
  return mountScreen(<MailTemplatesScreen eventId="7-abcdefgh" />, {
    url,
    path: '/events/:id/mail/templates',
    language,
  });
}

describe('the mail templates editor', { timeout: 20_000 }, () => {
  it('shows both languages side by side, the Arabic right to left, and saves one language', async () => {
    const saved: EventMailTemplateDto = {
      ...REMINDER,
      en: { subject: 'Please review {event_title}', body: 'Dear {first_name},\n\nPlease review.', customized: true },
    };
    const api = stubApi({
      [`GET ${BASE}`]: { status: 200, body: EVENT },
      [`GET ${BASE}mail-templates/`]: { status: 200, body: LIST },
      [`GET ${BASE}mail-templates/review_reminder/`]: [
        { status: 200, body: REMINDER },
        { status: 200, body: saved },
      ],
      [`PUT ${BASE}mail-templates/review_reminder/`]: { status: 200, body: saved },
    });
    const { user } = await openScreen();

    const english = await screen.findByTestId('template-en');
    const arabic = screen.getByTestId('template-ar');
    expect((within(english).getByTestId('template-en-subject') as HTMLInputElement).value).toBe(
      'Reminder: {event_title}',
    );
    // The Arabic column and its fields read right to left, the English one left to right.
    expect(within(arabic).getByTestId('template-ar-body').closest('[dir]')?.getAttribute('dir')).toBe('rtl');
    expect(within(english).getByTestId('template-en-body').closest('[dir]')?.getAttribute('dir')).toBe('ltr');
    expect(within(arabic).getByText('Customized')).toBeTruthy();
    expect(within(english).getByText('Default')).toBeTruthy();
    expect((within(english).getByTestId('template-en-reset') as HTMLButtonElement).disabled).toBe(true);
    // The key list marks the worded template.
    const reminderKey = screen.getAllByTestId('template-key').find((node) => node.dataset.key === 'review_reminder');
    expect(reminderKey?.textContent).toContain('Customized');

    const subject = within(english).getByTestId('template-en-subject');
    await user.clear(subject);
    await user.type(subject, 'Please review {{event_title}');
    await user.click(within(english).getByTestId('template-en-save'));

    expect(await screen.findByText('The template was saved.')).toBeTruthy();
    expect(api.sent('PUT', `${BASE}mail-templates/review_reminder/`).map((call) => call.body)).toEqual([
      { en: { subject: 'Please review {event_title}', body: 'Dear {first_name},\n\nPlease review.' } },
    ]);
  });

  it('refuses an unknown placeholder before saving, and puts a language back to its default', async () => {
    const reset: EventMailTemplateDto = {
      ...REMINDER,
      ar: { subject: 'تذكير: تحكيماتك', body: 'النص الافتراضي', customized: false },
    };
    const api = stubApi({
      [`GET ${BASE}`]: { status: 200, body: EVENT },
      [`GET ${BASE}mail-templates/`]: { status: 200, body: LIST },
      [`GET ${BASE}mail-templates/review_reminder/`]: { status: 200, body: REMINDER },
      [`PUT ${BASE}mail-templates/review_reminder/`]: { status: 200, body: reset },
    });
    const { user } = await openScreen();
    const english = await screen.findByTestId('template-en');
    await user.type(within(english).getByTestId('template-en-body'), ' {{decision_details}');
    await user.click(within(english).getByTestId('template-en-save'));
    expect(await within(english).findByText('Unknown placeholder {decision_details}.')).toBeTruthy();
    expect(api.sent('PUT', `${BASE}mail-templates/review_reminder/`)).toEqual([]);

    const arabic = screen.getByTestId('template-ar');
    await user.type(within(arabic).getByTestId('template-ar-subject'), ' draft');
    await user.click(within(arabic).getByTestId('template-ar-reset'));
    expect(await screen.findByText('The default wording is back.')).toBeTruthy();
    expect(api.sent('PUT', `${BASE}mail-templates/review_reminder/`).map((call) => call.body)).toEqual([{ ar: null }]);
    await waitFor(() =>
      expect((within(arabic).getByTestId('template-ar-subject') as HTMLInputElement).value).toBe('تذكير: تحكيماتك'),
    );
    // The English being written stays as it was.
    expect((within(english).getByTestId('template-en-body') as HTMLTextAreaElement).value).toContain(
      '{decision_details}',
    );
  });

  it('previews a language as a recipient of the group the template goes to, and switches templates', async () => {
    const api = stubApi({
      [`GET ${BASE}`]: { status: 200, body: EVENT },
      [`GET ${BASE}mail-templates/`]: { status: 200, body: LIST },
      [`GET ${BASE}mail-templates/review_reminder/`]: { status: 200, body: REMINDER },
      [`GET ${BASE}mail-templates/announcement/`]: {
        status: 200,
        body: { ...REMINDER, key: 'announcement', en: { ...REMINDER.en, subject: 'News' } },
      },
      [`POST ${BASE}mail/preview/`]: {
        status: 200,
        body: {
          recipient_count: 1,
          recipient: { name: 'Lina Saleh', email: 'lina@example.org', locale: 'ar' },
          subject: 'تذكير: ICML Test',
          text: 'عزيزي لينا،\n\nيرجى التحكيم.\n',
          html: '<html></html>',
        },
      },
    });
    const { user, location } = await openScreen('/events/7-abcdefgh/mail/templates?key=review_reminder', 'ar');
    const arabic = await screen.findByTestId('template-ar');
    await user.click(within(arabic).getByTestId('template-ar-preview'));
    expect((await screen.findByTestId('mail-preview-subject')).textContent).toBe('تذكير: ICML Test');
    expect(api.sent('POST', `${BASE}mail/preview/`).map((call) => call.body)).toEqual([
      { audience: 'late_reviewers', subject: 'تذكير: {event_title}', body: 'عزيزي {first_name}،\n\nيرجى التحكيم.' },
    ]);

    const announcement = screen.getAllByTestId('template-key').find((node) => node.dataset.key === 'announcement');
    if (!announcement) throw new Error('no announcement in the list');
    await user.click(announcement);
    await waitFor(() => expect(location()).toBe('/events/7-abcdefgh/mail/templates?key=announcement'));
    await waitFor(() => expect((screen.getByTestId('template-en-subject') as HTMLInputElement).value).toBe('News'));
  });
});
