// @vitest-environment jsdom
import { DEFAULT_META_REVIEW_FORM, type MetaReviewDto } from '@confero/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mountScreen, stubApi } from '../../test/interact.tsx';
import { MetaReviewCard } from './components/MetaReviewCard.tsx';
import { MetaReviewEditorScreen } from './components/MetaReviewEditorScreen.tsx';

/*
 * The meta-review on screen (`docs/domain.md#meta-review`): the area chair's editor (the form's questions with the
 * review screen's inputs, the required answers asked for in order before any call, a draft and a submit sent with the
 * version read, the API's field problems at their question), and the card beside the reviews, as the API lets each
 * reader read it (an author's without a name, in Arabic right to left).
 */

const PAPER = '7-cccccccc';
const EVENT = '9-aaaaaaaa';
const PATH = `submissions/${PAPER}/meta-review/`;

function metaReview(overrides: Partial<MetaReviewDto> = {}): MetaReviewDto {
  return {
    id: null,
    submission: PAPER,
    status: null,
    version: 0,
    form_version: 1,
    questions: DEFAULT_META_REVIEW_FORM.map((question) => ({ ...question })),
    answers: {},
    area_chair: { id: '3-dddddddd', name: 'Alia Chair' },
    completed_at: null,
    updated_at: null,
    abilities: { edit: true },
    ...overrides,
  };
}

const mountEditor = () =>
  mountScreen(<MetaReviewEditorScreen submissionId={PAPER} eventId={EVENT} />, {
    url: `/events/${EVENT}/submissions/${PAPER}/meta-review`,
    path: '/events/:eventId/submissions/:submissionId/meta-review',
  });

describe('the meta-review editor', { timeout: 30_000 }, () => {
  it('asks for the summary first on submit without a call, then saves a draft and submits with the version', async () => {
    const saved = metaReview({ id: '1-eeeeeeee', status: 'in_progress', version: 1, answers: { summary: 'Sound' } });
    const api = stubApi({
      [`GET ${PATH}`]: { status: 200, body: metaReview() },
      [`POST ${PATH}`]: [
        { status: 200, body: saved },
        { status: 200, body: { ...saved, status: 'completed', version: 2 } },
      ],
    });
    const { user } = await mountEditor();
    await screen.findByTestId('meta-review-editor');
    await user.click(screen.getByTestId('meta-review-submit'));
    expect(await screen.findByText('Answer “Summary” before submitting.')).toBeTruthy();
    expect(api.sent('POST', PATH)).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: /Summary/ }), 'Sound');
    // Answered: the problem at the question goes away at once, not at the next send.
    expect(screen.queryByText('Answer “Summary” before submitting.')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(api.sent('POST', PATH)).toHaveLength(1));
    expect(api.sent('POST', PATH)[0]?.body).toEqual({
      answers: { summary: 'Sound', recommendation: null, confidence: null, confidential_note: null },
      status: 'in_progress',
      version: 0,
    });

    await user.click(await screen.findByRole('radio', { name: 'Accept' }));
    const confidence = screen.getByTestId('review-confidence');
    await user.click(confidence);
    await user.click(await screen.findByRole('option', { name: '4', hidden: true }));
    await user.click(screen.getByTestId('meta-review-submit'));
    await waitFor(() => expect(api.sent('POST', PATH)).toHaveLength(2));
    expect(api.sent('POST', PATH)[1]?.body).toMatchObject({
      answers: { summary: 'Sound', recommendation: 'accept', confidence: 4 },
      status: 'completed',
      version: 1,
    });
  });

  it("shows the API's problem at its question", async () => {
    stubApi({
      [`GET ${PATH}`]: {
        status: 200,
        body: metaReview({ answers: { summary: 'Sound', recommendation: 'accept', confidence: 3 } }),
      },
      [`POST ${PATH}`]: {
        status: 400,
        body: { code: 'VALIDATION_ERROR', detail: 'Invalid', fields: { 'answers.confidence': ['Out of range'] } },
      },
    });
    const { user } = await mountEditor();
    await screen.findByTestId('meta-review-editor');
    await user.click(screen.getByTestId('meta-review-submit'));
    expect(await screen.findByText('Out of range')).toBeTruthy();
  });
});

describe('the meta-review card', { timeout: 30_000 }, () => {
  it('shows the committee every answer with who wrote it, the chairs-only note marked', async () => {
    stubApi({
      [`GET ${PATH}`]: {
        status: 200,
        body: metaReview({
          status: 'completed',
          version: 2,
          answers: { summary: 'Sound', recommendation: 'reject', confidence: 4, confidential_note: 'Between us' },
          abilities: { edit: false },
        }),
      },
    });
    await mountScreen(<MetaReviewCard submissionId={PAPER} eventId={EVENT} />, { url: '/', path: '/' });
    const card = await screen.findByTestId('meta-review-card');
    expect(within(card).getByTestId('meta-review-author').textContent).toContain('Alia Chair');
    expect(within(card).getByTestId('meta-review-field-recommendation').textContent).toContain('Reject');
    expect(within(card).getByTestId('meta-review-field-confidential_note').textContent).toContain('Chairs only');
    expect(within(card).queryByRole('link')).toBeNull();
  });

  it('shows an author the answers opened to them, without a name, in Arabic right to left', async () => {
    const [summary, recommendation] = DEFAULT_META_REVIEW_FORM;
    stubApi({
      [`GET ${PATH}`]: {
        status: 200,
        body: metaReview({
          status: 'completed',
          questions: [summary, recommendation].flatMap((question) => (question ? [{ ...question }] : [])),
          answers: { summary: 'ورقة متينة', recommendation: 'accept' },
          area_chair: undefined,
          abilities: { edit: false },
        }),
      },
    });
    await mountScreen(<MetaReviewCard submissionId={PAPER} eventId={EVENT} />, {
      url: '/',
      path: '/',
      language: 'ar',
    });
    const card = await screen.findByTestId('meta-review-card');
    expect(card.textContent).toContain('المراجعة التلخيصية');
    expect(within(card).queryByTestId('meta-review-author')).toBeNull();
    expect(within(card).getByTestId('meta-review-field-recommendation').textContent).toContain('قبول');
    expect(within(card).getByText('ورقة متينة').getAttribute('dir')).toBe('auto');
  });

  it('shows nothing to a reader the API refuses (404)', async () => {
    const api = stubApi({ [`GET ${PATH}`]: { status: 404, body: { code: 'NOT_FOUND', detail: 'Not found.' } } });
    const { container } = await mountScreen(<MetaReviewCard submissionId={PAPER} eventId={EVENT} />, {
      url: '/',
      path: '/',
    });
    await waitFor(() => expect(api.sent('GET', PATH)).toHaveLength(1));
    expect(container.querySelector('[data-testid="meta-review-card"]')).toBeNull();
  });
});
