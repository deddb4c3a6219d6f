// @vitest-environment jsdom
import type { MailPreviewDto, MailSendPageDto } from '@confero/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { eventDto } from '../../test/fixtures.ts';
import { mountScreen, stubApi } from '../../test/interact.tsx';
import { MailComposeScreen } from './components/MailComposeScreen.tsx';

/*
 * The compose screen driven by a chair: choose a group and a wording, preview it for one recipient in their
 * language, send it after the confirmation names how many get it; with the API answered at the client's boundary.
 */

const EVENT = eventDto({ public_id: '7-abcdefgh', title: 'ICML Test' });
const BASE = 'events/7-abcdefgh/';
const NO_SENDS: MailSendPageDto = { count: 0, next: null, previous: null, results: [] };

const preview = (overrides: Partial<MailPreviewDto> = {}): MailPreviewDto => ({
  recipient_count: 3,
  recipient: { name: 'Salma Haddad', email: 'salma@example.org', locale: 'ar' },
  subject: 'ICML Test: قُبلت ورقتك «Deep Nets»',
  text: 'عزيزي/عزيزتي سلمى،\n\nيسعدنا إبلاغك بقبول ورقتك.\n',
  html: '<html></html>',
  ...overrides,
});

async function openScreen(url = '/events/7-abcdefgh/mail', language: 'en' | 'ar' = 'en') {
  return mountScreen(<MailComposeScreen eventId="7-abcdefgh" />, {
    url,
    path: '/events/:id/mail',
    otherPaths: ['/events/:id/mail/templates'],
    language,
  });
}

describe('composing a group mail', { timeout: 20_000 }, () => {
  it('previews a template for the first recipient in their language, then sends it after the confirmation', async () => {
    const api = stubApi({
      [`GET ${BASE}`]: { status: 200, body: EVENT },
      [`GET ${BASE}mail/sends/`]: [
        { status: 200, body: NO_SENDS },
        {
          status: 200,
          body: {
            ...NO_SENDS,
            count: 1,
            results: [
              {
                id: '4-abcdefgh',
                audience: 'accepted_authors',
                template_key: 'decision_accept',
                subject: null,
                status: 'running',
                recipients: 3,
                queued: 1,
                last_error: null,
                created_by: '1-aaaaaaaa',
                created_at: '2026-03-01T10:00:00Z',
                finished_at: null,
              },
            ],
          },
        },
      ],
      [`POST ${BASE}mail/preview/`]: { status: 200, body: preview() },
      [`POST ${BASE}mail/send/`]: { status: 202, body: { id: '4-abcdefgh', status: 'queued', recipients: 3 } },
    });
    const { user } = await openScreen('/events/7-abcdefgh/mail?audience=accepted_authors&template=decision_accept');

    expect(await screen.findByDisplayValue('Authors of accepted papers')).toBeTruthy();
    expect(screen.getByTestId('placeholder-help').textContent).toContain('{decision_details}');
    await user.click(screen.getByRole('button', { name: 'Preview' }));

    const card = await screen.findByTestId('mail-preview');
    expect(within(card).getByTestId('mail-preview-recipient').textContent).toBe(
      'As Salma Haddad (salma@example.org) will receive it',
    );
    expect(within(card).getByTestId('mail-preview-text').getAttribute('dir')).toBe('rtl');
    expect(within(card).getByTestId('mail-preview-count').textContent).toBe('3 recipients');
    expect(api.sent('POST', `${BASE}mail/preview/`).map((call) => call.body)).toEqual([
      { audience: 'accepted_authors', template_key: 'decision_accept' },
    ]);

    await user.click(screen.getByRole('button', { name: 'Send…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send this mail?' });
    expect(within(dialog).getByTestId('compose-confirm-message').textContent).toBe(
      'The mail will go to 3 recipients, each in their own language. It cannot be taken back.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('The mail is on its way to 3 recipients.')).toBeTruthy();
    expect(api.sent('POST', `${BASE}mail/send/`).map((call) => call.body)).toEqual([
      { audience: 'accepted_authors', template_key: 'decision_accept' },
    ]);
    const row = await screen.findByTestId('mail-send-row');
    expect(row.textContent).toContain('1 of 3');
  });

  it('checks its own text before sending anything, and shows the server refusal under the field', async () => {
    const api = stubApi({
      [`GET ${BASE}`]: { status: 200, body: EVENT },
      [`GET ${BASE}mail/sends/`]: { status: 200, body: NO_SENDS },
      [`POST ${BASE}mail/preview/`]: {
        status: 400,
        body: {
          detail: 'lina@example.org is not in this group.',
          code: 'VALIDATION_ERROR',
          fields: { recipient: ['lina@example.org is not in this group.'] },
          field_codes: { recipient: ['communications.recipientNotInGroup'] },
          field_params: { recipient: [{ email: 'lina@example.org' }] },
        },
      },
    });
    const { user } = await openScreen();
    await screen.findByTestId('compose-mode');
    await user.click(screen.getByRole('radio', { name: 'Own text' }));
    await user.type(screen.getByTestId('compose-subject'), 'News for {{nobody}');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('Unknown placeholder {nobody}.')).toBeTruthy();
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    expect(api.sent('POST', `${BASE}mail/preview/`)).toEqual([]);

    await user.clear(screen.getByTestId('compose-subject'));
    await user.type(screen.getByTestId('compose-subject'), 'News about {{paper_title}');
    await user.type(screen.getByTestId('compose-body'), 'Dear {{first_name},');
    await user.type(screen.getByTestId('compose-recipient'), 'lina@example.org');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('lina@example.org is not in this group.')).toBeTruthy();
    expect(api.sent('POST', `${BASE}mail/preview/`).map((call) => call.body)).toEqual([
      {
        audience: 'authors',
        subject: 'News about {paper_title}',
        body: 'Dear {first_name},',
        recipient: 'lina@example.org',
      },
    ]);
  });

  it('says there is nobody to send to, and sends nothing, when the group is empty', async () => {
    const api = stubApi({
      [`GET ${BASE}`]: { status: 200, body: EVENT },
      [`GET ${BASE}mail/sends/`]: { status: 200, body: NO_SENDS },
      [`POST ${BASE}mail/preview/`]: { status: 200, body: preview({ recipient_count: 0, recipient: null }) },
    });
    const { user } = await openScreen('/events/7-abcdefgh/mail?audience=late_reviewers&template=review_reminder');
    await user.click(await screen.findByRole('button', { name: 'Send…' }));
    expect(await screen.findByText('Nobody is in this group: there is nobody to send it to.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.sent('POST', `${BASE}mail/send/`)).toEqual([]);
  });

  it('sends only to the authors of the papers chosen in the address, in Arabic', async () => {
    const api = stubApi({
      [`GET ${BASE}`]: { status: 200, body: EVENT },
      [`GET ${BASE}mail/sends/`]: { status: 200, body: NO_SENDS },
      [`POST ${BASE}mail/preview/`]: { status: 200, body: preview({ recipient_count: 2 }) },
    });
    const { user } = await openScreen(
      '/events/7-abcdefgh/mail?audience=rejected_authors&template=decision_reject&papers=12-abcdefgh,13-bcdefghi,bad',
      'ar',
    );
    expect((await screen.findByTestId('compose-papers')).textContent).toContain('مؤلفو الورقتين المختارتين فقط');
    await user.click(screen.getByRole('button', { name: 'معاينة' }));
    await waitFor(() =>
      expect(api.sent('POST', `${BASE}mail/preview/`).map((call) => call.body)).toEqual([
        {
          audience: 'rejected_authors',
          template_key: 'decision_reject',
          submission_ids: ['12-abcdefgh', '13-bcdefghi'],
        },
      ]),
    );
  });

  it('shows the refusal, not the form, to a member who may not send the event mail', async () => {
    stubApi({
      [`GET ${BASE}`]: {
        status: 200,
        body: eventDto({ public_id: '7-abcdefgh', abilities: { ...EVENT.abilities, send_mail: false } }),
      },
    });
    await openScreen();
    expect((await screen.findByTestId('communications-denied')).textContent).toContain(
      "Only the event's chairs and administrators can see and send its mail.",
    );
    expect(screen.queryByTestId('compose-audience')).toBeNull();
  });
});
