// @vitest-environment jsdom
import type { FinalVersionDto, FinalVersionPageDto } from '@confero/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { eventDto } from '../../test/fixtures.ts';
import { mountScreen, stubApi, stubUploads } from '../../test/interact.tsx';
import { FinalVersionScreen } from './components/FinalVersionScreen.tsx';
import { FinalVersionsScreen } from './components/FinalVersionsScreen.tsx';

/*
 * The final version screens driven by their users: the author (in Arabic) confirms the metadata, is stopped before
 * sending without the PDF or with a supplementary file of the wrong type, then sends (the multipart body read back);
 * the chair filters the list, reads the counts and finds the reminder and the proceedings.
 */

const ID = '9-paperabc';

const DATA: FinalVersionDto = {
  submission_id: ID,
  submission_title: 'Reviewed Title',
  decision: 'accept',
  phase: {
    enabled: true,
    deadline: '2099-03-01',
    deadline_utc: '2099-03-01T21:00:00.000Z',
    timezone: 'Asia/Riyadh',
    supplementary_max_mb: 1,
    open: true,
  },
  sent: false,
  version: null,
  submitted_at: null,
  title: 'Reviewed Title',
  abstract: 'The reviewed abstract.',
  authors: [
    {
      first_name: 'أمل',
      last_name: 'حداد',
      email: 'amal@example.org',
      affiliation: 'جامعة القاهرة',
      country: 'EG',
      webpage: null,
      is_corresponding: true,
      order: 1,
    },
  ],
  files: [],
  abilities: { submit: true, download: true },
};

describe('the author final version screen', { timeout: 60_000 }, () => {
  it('in Arabic: needs the PDF, refuses a wrong supplementary file, then sends the confirmed metadata', async () => {
    stubApi({
      [`GET submissions/${ID}/final-version/`]: { status: 200, body: DATA },
      'GET config/': { status: 200, body: { max_upload_mb: 50 } },
    });
    const sentAnswer: FinalVersionDto = {
      ...DATA,
      sent: true,
      version: 1,
      title: 'العنوان النهائي',
      files: [
        {
          kind: 'camera_ready',
          version: 1,
          original_name: 'final.pdf',
          content_type: 'application/pdf',
          size: 2048,
          page_count: 3,
          sha256: 'a'.repeat(64),
          uploaded_at: '2026-11-26T10:00:00Z',
        },
      ],
    };
    const sentForms = stubUploads({ status: 200, body: sentAnswer });
    await mountScreen(<FinalVersionScreen submissionId={ID} />, {
      url: `/submissions/${ID}/final-version`,
      path: '/submissions/:submissionId/final-version',
      otherPaths: ['/submissions/:submissionId'],
      language: 'ar',
    });
    await screen.findByTestId('final-version-form');
    expect(screen.getByTestId('final-version-state').textContent).toBe('مفتوحة');
    expect(screen.getByTestId('final-version-deadline-event').textContent).toContain('23:59');
    expect((screen.getByTestId('final-version-title') as HTMLInputElement).value).toBe('Reviewed Title');

    fireEvent.click(screen.getByTestId('final-version-submit'));
    expect(await screen.findByText('ارفع ملف PDF النهائي.')).toBeTruthy();
    expect(sentForms).toHaveLength(0);

    fireEvent.change(screen.getByTestId('final-version-supplementary'), {
      target: { files: [new File(['GIF89a'], 'figure.gif', { type: 'image/gif' })] },
    });
    expect(await screen.findByText('اختر ملف PDF أو ZIP.')).toBeTruthy();

    fireEvent.change(screen.getByTestId('final-version-title'), { target: { value: 'العنوان النهائي' } });
    fireEvent.change(screen.getByTestId('final-version-file'), {
      target: { files: [new File(['%PDF-1.7'], 'final.pdf', { type: 'application/pdf' })] },
    });
    fireEvent.click(screen.getByTestId('final-version-submit'));
    await screen.findByTestId('final-version-sent');
    const form = sentForms[0];
    if (!form) throw new Error('no upload sent');
    expect(form.get('title')).toBe('العنوان النهائي');
    expect(form.get('version')).toBeNull();
    expect(JSON.parse(String(form.get('authors')))).toEqual([
      expect.objectContaining({ first_name: 'أمل', email: 'amal@example.org', is_corresponding: true, order: 1 }),
    ]);
    expect((form.get('file') as File).name).toBe('final.pdf');
    expect(form.get('supplementary')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('final-version-files').textContent).toContain('final.pdf'));
  });

  it('shows a closed phase without the form', async () => {
    stubApi({
      [`GET submissions/${ID}/final-version/`]: {
        status: 200,
        body: { ...DATA, phase: { ...DATA.phase, open: false }, abilities: { submit: false, download: true } },
      },
    });
    await mountScreen(<FinalVersionScreen submissionId={ID} />, {
      url: `/submissions/${ID}/final-version`,
      path: '/submissions/:submissionId/final-version',
    });
    expect((await screen.findByTestId('final-version-closed')).textContent).toContain('closed');
    expect(screen.queryByTestId('final-version-form')).toBeNull();
  });

  it("tells the paper's committee, while the phase is open, that only its authors send it (not that it is closed)", async () => {
    stubApi({
      [`GET submissions/${ID}/final-version/`]: {
        status: 200,
        body: { ...DATA, abilities: { submit: false, download: true } },
      },
    });
    await mountScreen(<FinalVersionScreen submissionId={ID} />, {
      url: `/submissions/${ID}/final-version`,
      path: '/submissions/:submissionId/final-version',
    });
    expect((await screen.findByTestId('final-version-closed')).textContent).toBe(
      "Only the paper's authors send its final version; you may read it.",
    );
    expect(screen.queryByTestId('final-version-form')).toBeNull();
  });
});

const PAGE = (status: string | null): FinalVersionPageDto => ({
  count: status === 'missing' ? 1 : 2,
  next: null,
  previous: null,
  totals: { accepted: 2, sent: 1, missing: 1 },
  results: [
    ...(status === 'missing'
      ? []
      : [
          {
            submission_id: '4-sentpapr',
            number: 4,
            title: 'Sent Paper',
            sent: true,
            submitted_at: '2026-11-20T10:00:00Z',
            versions: 2,
            supplementary: true,
          },
        ]),
    {
      submission_id: '6-missingp',
      number: 6,
      title: 'Missing Paper',
      sent: false,
      submitted_at: null,
      versions: 0,
      supplementary: false,
    },
  ],
});

describe('the chair final versions screen', { timeout: 60_000 }, () => {
  it('lists, counts and filters the accepted papers, with the reminder and the proceedings', async () => {
    const api = stubApi({
      'GET events/7-abcdefgh/': { status: 200, body: eventDto() },
      'GET events/7-abcdefgh/final-versions/': (call) => ({
        status: 200,
        body: PAGE(new URLSearchParams(call.query).get('status')),
      }),
    });
    const { user } = await mountScreen(<FinalVersionsScreen eventId="7-abcdefgh" />, {
      url: '/events/7-abcdefgh/final-versions',
      path: '/events/:id/final-versions',
    });
    await screen.findByTestId('final-version-row-4-sentpapr');
    expect(screen.getByTestId('final-versions-totals').textContent).toBe('2 accepted1 sent1 missing');
    expect(screen.getByTestId('final-versions-remind').getAttribute('href')).toBe(
      '/events/7-abcdefgh/mail?audience=final_version_missing&template=final_version_reminder',
    );
    expect(screen.getByTestId('final-versions-proceedings').getAttribute('href')).toBe(
      '/api/events/7-abcdefgh/proceedings.zip',
    );
    await user.click(within(screen.getByTestId('final-versions-filter')).getByText('Missing'));
    await waitFor(() => expect(screen.queryByTestId('final-version-row-4-sentpapr')).toBeNull());
    expect(screen.getByTestId('final-version-row-6-missingp')).toBeTruthy();
    expect(api.sent('GET', 'events/7-abcdefgh/final-versions/').at(-1)?.query).toContain('status=missing');
  });

  it('offers no reminder link when every accepted paper has its final version', async () => {
    const sent = PAGE(null);
    stubApi({
      'GET events/7-abcdefgh/': { status: 200, body: eventDto() },
      'GET events/7-abcdefgh/final-versions/': {
        status: 200,
        body: { ...sent, count: 1, totals: { accepted: 1, sent: 1, missing: 0 }, results: sent.results.slice(0, 1) },
      },
    });
    await mountScreen(<FinalVersionsScreen eventId="7-abcdefgh" />, {
      url: '/events/7-abcdefgh/final-versions',
      path: '/events/:id/final-versions',
    });
    await screen.findByTestId('final-version-row-4-sentpapr');
    const remind = screen.getByTestId('final-versions-remind');
    expect(remind.tagName).toBe('BUTTON');
    expect(remind.hasAttribute('disabled')).toBe(true);
    expect(remind.getAttribute('href')).toBeNull();
  });
});
