// @vitest-environment jsdom
import { type AuthorResponseDto, DEFAULT_REVIEW_FORM } from '@confero/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mountScreen, stubApi } from '../../test/interact.tsx';
import { AuthorResponseScreen } from './components/AuthorResponseScreen.tsx';

/*
 * The authors' response screen driven by a user: the window in the event's zone, the reviews released to them
 * labelled "Reviewer N" in the interface language, the live word count (the server's count, in the interface's digits),
 * Save draft then Submit with the version read, the over-limit state, and a refusal under the text.
 */

const EVENT_ID = '3-eventabc';
const ID = '9-paperabc';
const PATH = `submissions/${ID}/response/`;

const overall = DEFAULT_REVIEW_FORM.find((question) => question.key === 'overall_score');
const strengths = DEFAULT_REVIEW_FORM.find((question) => question.key === 'strengths');
if (!overall || !strengths) throw new Error('the default form');

const DATA: AuthorResponseDto = {
  submission: { id: 9, public_id: ID, title: 'Learning to Rank Rebuttals' },
  event: { public_id: EVENT_ID, title: 'ICML Test', timezone: 'Asia/Riyadh' },
  phase: {
    enabled: true,
    opens_at: '2020-01-01T09:00',
    closes_at: '2099-01-08T18:00',
    opens_at_utc: '2020-01-01T06:00:00.000Z',
    closes_at_utc: '2099-01-08T15:00:00.000Z',
    word_limit: 5,
    open: true,
  },
  reviews: [
    {
      reviewer_label: 'Reviewer 1',
      ordinal: 1,
      questions: [
        { key: overall.key, kind: overall.kind, label: overall.label, value_labels: overall.value_labels },
        { key: strengths.key, kind: strengths.kind, label: strengths.label },
      ],
      answers: { overall_score: 2, strengths: ['Clear writing', 'Strong baselines'] },
      comments_to_author: 'Please discuss the limitations.',
    },
  ],
  response: null,
  abilities: { edit: true },
};

const saved = (body: string, status: 'draft' | 'submitted', version: number, words: number): AuthorResponseDto => ({
  ...DATA,
  response: {
    body,
    status,
    word_count: words,
    version,
    submitted_at: status === 'submitted' ? '2026-11-26T10:00:00Z' : null,
    updated_at: '2026-11-26T10:00:00Z',
  },
});

async function open(language: 'en' | 'ar' = 'en') {
  const mounted = await mountScreen(<AuthorResponseScreen submissionId={ID} eventId={EVENT_ID} />, {
    url: `/events/${EVENT_ID}/submissions/${ID}/response`,
    path: '/events/:eventId/submissions/:submissionId/response',
    otherPaths: ['/events/:eventId/submissions/:submissionId'],
    language,
  });
  await screen.findByTestId('response-editor');
  return mounted;
}

const typeText = (value: string) => fireEvent.change(screen.getByTestId('response-body'), { target: { value } });

describe('the author response screen', { timeout: 60_000 }, () => {
  it('shows the window and the released reviews, counts words live, saves a draft, then submits it with its version', async () => {
    const api = stubApi({
      [`GET ${PATH}`]: { status: 200, body: DATA },
      [`PUT ${PATH}`]: [
        { status: 200, body: saved('Thank you all', 'draft', 1, 3) },
        { status: 200, body: saved('Thank you all, truly', 'submitted', 2, 4) },
      ],
    });
    await open();
    expect(screen.getByTestId('response-window-closes').textContent).toBe('01/08/2099, 18:00 (Asia/Riyadh)');
    expect(screen.getByTestId('response-window-state').textContent).toBe('Open');
    const review = within(screen.getByTestId('released-review-1'));
    expect(review.getByText('Reviewer 1')).toBeTruthy();
    expect(review.getByText('Overall evaluation')).toBeTruthy();
    expect(review.getByText('2 — Accept')).toBeTruthy();
    expect(review.getByText('Strong baselines')).toBeTruthy();
    expect(review.getByText('Please discuss the limitations.')).toBeTruthy();
    // The text takes its own direction (the inputs' plaintext class: `USER_INPUT_CLASS_NAMES`).
    expect(screen.getByTestId('response-body').className).toMatch(/plaintext/);

    expect(screen.getByTestId('response-word-count').textContent).toBe('0 / 5 words');
    typeText('Thank you all');
    expect(screen.getByTestId('response-word-count').textContent).toBe('3 / 5 words');
    fireEvent.click(screen.getByTestId('response-save'));
    await waitFor(() => expect(api.sent('PUT', PATH)).toHaveLength(1));
    expect(api.sent('PUT', PATH)[0]?.body).toEqual({ body: 'Thank you all', status: 'draft' });

    typeText('Thank you all, truly');
    await waitFor(() => expect(screen.getByTestId('response-submit')).toHaveProperty('disabled', false));
    fireEvent.click(screen.getByTestId('response-submit'));
    await waitFor(() => expect(api.sent('PUT', PATH)).toHaveLength(2));
    expect(api.sent('PUT', PATH)[1]?.body).toEqual({ body: 'Thank you all, truly', status: 'submitted', version: 1 });
    // Once submitted, it changes only by submitting again.
    await waitFor(() => expect(screen.queryByTestId('response-save')).toBeNull());
    expect(screen.getByTestId('response-submit').textContent).toBe('Submit changes');
  });

  it('sends the version its text was written from, even when the response is read again meanwhile (no lost write)', async () => {
    const api = stubApi({
      [`GET ${PATH}`]: [
        { status: 200, body: saved('Our draft', 'draft', 1, 2) },
        // A co-author saved meanwhile; the page reads the response again (a reconnect, another view of it).
        { status: 200, body: saved('Their words', 'draft', 2, 2) },
      ],
      [`PUT ${PATH}`]: {
        status: 409,
        body: { detail: 'Stale', code: 'STALE_RESPONSE', message_code: 'responses.stale' },
      },
    });
    const { client } = await open();
    typeText('Our draft, edited');
    await client.refetchQueries();
    await waitFor(() => expect(api.sent('GET', PATH)).toHaveLength(2));
    fireEvent.click(screen.getByTestId('response-save'));
    await waitFor(() => expect(api.sent('PUT', PATH)).toHaveLength(1));
    expect(api.sent('PUT', PATH)[0]?.body).toEqual({ body: 'Our draft, edited', status: 'draft', version: 1 });
  });

  it('refuses to submit over the limit, and shows the server’s refusal under the text', async () => {
    const api = stubApi({
      [`GET ${PATH}`]: { status: 200, body: DATA },
      [`PUT ${PATH}`]: {
        status: 400,
        body: {
          detail: 'The response window closed on 2099-01-08 18:00 (Asia/Riyadh); the response can no longer change',
          code: 'VALIDATION_ERROR',
          message_code: 'responses.windowClosed',
          params: { closes_at: '2099-01-08 18:00', timezone: 'Asia/Riyadh' },
          fields: {
            body: ['The response window closed on 2099-01-08 18:00 (Asia/Riyadh); the response can no longer change'],
          },
          field_codes: { body: ['responses.windowClosed'] },
          field_params: { body: [{ closes_at: '2099-01-08 18:00', timezone: 'Asia/Riyadh' }] },
        },
      },
    });
    await open();
    typeText('one two three four five six');
    expect(screen.getByTestId('response-word-count').textContent).toBe('6 / 5 words');
    expect(screen.getByTestId('response-over-limit').textContent).toContain('at most 5 words');
    expect(screen.getByTestId('response-submit')).toHaveProperty('disabled', true);
    typeText('one two');
    fireEvent.click(screen.getByTestId('response-save'));
    await waitFor(() => expect(api.sent('PUT', PATH)).toHaveLength(1));
    expect(
      await within(screen.getByTestId('response-editor')).findAllByText(
        'The response window closed on 2099-01-08 18:00 (Asia/Riyadh); the response can no longer change',
      ),
    ).not.toHaveLength(0);
  });

  it('shows comments to the authors that repeat the justification once, and different ones under it', async () => {
    const justification = DEFAULT_REVIEW_FORM.find((question) => question.key === 'justification');
    if (!justification) throw new Error('the default form');
    const question = { key: justification.key, kind: justification.kind, label: justification.label };
    const [first] = DATA.reviews;
    if (!first) throw new Error('a review');
    const reviewWith = (ordinal: number, comments: string) => ({
      ...first,
      reviewer_label: `Reviewer ${ordinal}`,
      ordinal,
      questions: [...first.questions, question],
      answers: { ...first.answers, justification: 'Solid data on two species.' },
      comments_to_author: comments,
    });
    stubApi({
      [`GET ${PATH}`]: {
        status: 200,
        body: {
          ...DATA,
          reviews: [reviewWith(1, ' Solid data on two species.\n'), reviewWith(2, 'Cite the 2019 survey.')],
        },
      },
    });
    await open();
    const repeated = within(screen.getByTestId('released-review-1'));
    expect(repeated.getAllByText('Solid data on two species.')).toHaveLength(1);
    expect(repeated.queryByTestId('released-comments')).toBeNull();
    const different = within(screen.getByTestId('released-review-2'));
    expect(different.getByText('Solid data on two species.')).toBeTruthy();
    expect(within(different.getByTestId('released-comments')).getByText('Cite the 2019 survey.')).toBeTruthy();
  });

  it('counts Arabic words in Arabic digits, with the labels in Arabic', async () => {
    stubApi({ [`GET ${PATH}`]: { status: 200, body: DATA } });
    await open('ar');
    typeText('شكرًا جزيلًا للمحكّمين');
    // The interface language's digits, as every count of the app writes them (Intl.NumberFormat of the language).
    const digits = new Intl.NumberFormat('ar');
    expect(screen.getByTestId('response-word-count').textContent).toBe(
      `${digits.format(3)} / ${digits.format(5)} كلمة`,
    );
    const review = within(screen.getByTestId('released-review-1'));
    expect(review.getByText('المحكّم 1')).toBeTruthy();
    expect(review.getByText('التقييم العام')).toBeTruthy();
    expect(review.getByText('2 — قبول')).toBeTruthy();
  });

  it('shows the response read-only once the window closed', async () => {
    stubApi({
      [`GET ${PATH}`]: {
        status: 200,
        body: {
          ...saved('Our final answer', 'submitted', 3, 3),
          phase: { ...DATA.phase, open: false },
          reviews: [],
          abilities: { edit: false },
        },
      },
    });
    await mountScreen(<AuthorResponseScreen submissionId={ID} eventId={EVENT_ID} />, {
      url: `/events/${EVENT_ID}/submissions/${ID}/response`,
      path: '/events/:eventId/submissions/:submissionId/response',
    });
    expect(await screen.findByTestId('response-read-only')).toBeTruthy();
    expect(screen.getByText('Our final answer').getAttribute('dir')).toBe('auto');
    expect(screen.queryByTestId('response-editor')).toBeNull();
    expect(screen.getByTestId('response-no-reviews')).toBeTruthy();
    expect(screen.getByTestId('response-window-state').textContent).toBe('Closed');
  });
});
