// @vitest-environment jsdom
import { DEFAULT_REVIEW_FORM, type ReviewQuestionDto } from '@confero/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  artifactQuestion,
  myReviewDto,
  reviewDto,
  reviewFormDto,
  reviewQuestionDto,
  submissionDto,
} from '../../test/fixtures.ts';
import { mountScreen, stubApi } from '../../test/interact.tsx';
import { ReviewCreateScreen } from './components/ReviewCreateScreen.tsx';
import { ReviewEditor } from './components/ReviewEditor.tsx';
import { EMPTY_REVIEW_FORM, type ReviewFormValues } from './forms/review-form.ts';

/*
 * The review form driven by a reviewer: a submit checks the form before anything is sent, a draft is sent with
 * what was written and leads back to the reviews, and a refused save says why and stays.
 */

async function openEditor() {
  return mountScreen(
    <ReviewEditor
      submission="3-paper"
      initial={EMPTY_REVIEW_FORM}
      draftAllowed
      deadline={{ review_deadline: '2099-06-01', timezone: 'AoE' }}
      onReload={() => undefined}
    />,
    { url: '/reviews/create?submissionId=3-paper', path: '/reviews/create', otherPaths: ['/reviews'] },
  );
}

/** The structured review inside a sent body. */
const structured = (body: unknown) =>
  JSON.parse((body as { scores: { structured_review: string } }).scores.structured_review);

describe('the review form, driven by a reviewer', { timeout: 20_000 }, () => {
  it('refuses to submit an empty review, naming the first missing part, and sends nothing', async () => {
    const api = stubApi({ 'POST reviews/': { status: 201, body: reviewDto() } });
    const { user, location } = await openEditor();

    await user.click(screen.getByRole('button', { name: 'Submit Review' }));

    expect((await screen.findByTestId('review-error')).textContent).toBe('Justification is required');
    expect(api.calls).toEqual([]);
    expect(location()).toBe('/reviews/create?submissionId=3-paper');
  });

  it('saves a draft with what was written, then goes back to the reviews', async () => {
    // A pause in typing may save the draft first (POST); the button's save then changes that review (PATCH).
    const saved = { status: 200, body: reviewDto() };
    const api = stubApi({ 'POST reviews/': saved, 'PATCH reviews/12-reviewaa/': saved });
    const { user, location } = await openEditor();

    await user.click(screen.getByRole('textbox', { name: 'Strength 1' }));
    await user.paste('Long tag and recapture series');
    await user.click(screen.getByRole('button', { name: 'Save as Draft' }));

    await waitFor(() => expect(location()).toBe('/reviews'));
    const last = api.calls.at(-1);
    expect(last?.body).toMatchObject({ submission: '3-paper', status: 'in_progress', completed_at: null });
    expect(structured(last?.body).overall_evaluation.summary.strengths).toEqual(['Long tag and recapture series']);
    expect(api.sent('POST', 'reviews/')).toHaveLength(1);
  });

  it('stays on the form with the server’s reason when the save is refused', async () => {
    stubApi({
      'POST reviews/': {
        status: 400,
        body: { detail: 'Invalid input.', code: 'VALIDATION_ERROR', fields: { submission: ['Not assigned.'] } },
      },
    });
    const { user, location } = await openEditor();

    await user.click(screen.getByRole('button', { name: 'Save as Draft' }));

    expect((await screen.findByTestId('review-error')).textContent).toBe('Not assigned.');
    expect(location()).toBe('/reviews/create?submissionId=3-paper');
  });
});

/** The default form with the chair's own questions after it, and without the strengths. */
const CHAIR_FORM: ReviewQuestionDto[] = [
  ...DEFAULT_REVIEW_FORM.filter((question) => question.key !== 'strengths'),
  artifactQuestion({ help: { en: 'Can the results be rerun?', ar: '' } }),
  reviewQuestionDto('novelty', {
    kind: 'score',
    label: { en: 'Novelty', ar: 'الجِدّة' },
    min: 1,
    max: 5,
    value_labels: { '5': { en: 'Very new', ar: 'جديد جدًا' } },
  }),
  reviewQuestionDto('typos', { kind: 'list', label: { en: 'Typos', ar: 'أخطاء مطبعية' } }),
];

/** A review whose built-in questions are all answered (the strengths are not in the chair's form). */
const COMPLETE: ReviewFormValues = {
  ...EMPTY_REVIEW_FORM,
  strengths: [],
  score: '1',
  weaknesses: ['Small sample'],
  justification: 'Sound, if narrow.',
  confidence: '4',
  confidenceComment: 'I work on this.',
};

async function openChairForm() {
  return mountScreen(
    <ReviewEditor
      submission="3-paper"
      initial={COMPLETE}
      draftAllowed
      questions={CHAIR_FORM}
      deadline={{ review_deadline: '2099-06-01', timezone: 'AoE' }}
      onReload={() => undefined}
    />,
    { url: '/reviews/create?submissionId=3-paper', path: '/reviews/create', otherPaths: ['/reviews'] },
  );
}

describe('the review form of a chair’s form, driven by a reviewer', { timeout: 30_000 }, () => {
  it('shows the form’s questions in its order, asks for a required question of the chair’s at that question, then sends the answers', async () => {
    const api = stubApi({ 'POST reviews/': { status: 201, body: reviewDto() } });
    const { user, location } = await openChairForm();

    // A removed built-in question is not asked; the chair's questions come under their own heading, marked required.
    expect(screen.queryByTestId('review-strengths')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Further questions' })).toBeTruthy();
    expect(screen.getByRole('radiogroup', { name: /Artifact available/ })).toBeTruthy();
    expect(within(screen.getByTestId('review-question-artifact')).getByText('Can the results be rerun?')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Submit Review' }));
    expect((await screen.findByTestId('review-error')).textContent).toBe(
      'Answer “Artifact available” before submitting',
    );
    expect(
      within(screen.getByTestId('review-question-artifact')).getByText(/Answer “Artifact available”/),
    ).toBeTruthy();
    expect(api.calls).toEqual([]);

    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    await user.click(screen.getByTestId('review-question-novelty'));
    await user.click(await screen.findByRole('option', { name: '5 Very new', hidden: true }));
    await user.click(screen.getByRole('textbox', { name: 'Typos: entry 1' }));
    await user.paste('Page 3, line 12');
    await user.click(screen.getByRole('button', { name: 'Submit Review' }));

    await waitFor(() => expect(location()).toBe('/reviews'));
    const body = api.sent('POST', 'reviews/').at(-1)?.body as { answers: unknown; status: string };
    expect(body.status).toBe('completed');
    expect(body.answers).toEqual({ artifact: 'yes', novelty: 5, typos: ['Page 3, line 12'] });
  });

  it('shows the server’s problem with an answer at its question', async () => {
    stubApi({
      'POST reviews/': {
        status: 400,
        body: {
          detail: 'Invalid input.',
          code: 'VALIDATION_ERROR',
          fields: { 'answers.novelty': ["This answer is outside the question's range"] },
          field_codes: { 'answers.novelty': ['reviews.validations.answerOutOfRange'] },
        },
      },
    });
    const { user } = await openChairForm();

    await user.click(screen.getByRole('button', { name: 'Save as Draft' }));

    const novelty = await screen.findByTestId('review-question-novelty');
    await waitFor(() =>
      expect(novelty.closest('.mantine-InputWrapper-root')?.textContent).toContain(
        "This answer is outside the question's range",
      ),
    );
    expect(screen.getByTestId('review-error').textContent).toBe("This answer is outside the question's range");
  });
});

describe('the review page, around the first save', { timeout: 30_000 }, () => {
  it('keeps the editor and what was typed while the version its first draft pinned is read', async () => {
    const own = myReviewDto({ status: 'assigned' });
    const reviewPath = `reviews/${own.public_id}/`;
    const api = stubApi({
      'GET submissions/11-papera/': {
        status: 200,
        body: submissionDto({ abilities: { ...submissionDto().abilities, review: true } }),
      },
      'GET reviews/my-reviews/': { status: 200, body: [own] },
      [`GET ${reviewPath}`]: {
        status: 200,
        body: reviewDto({ public_id: own.public_id, status: 'assigned', is_own: true, structured_review: null }),
      },
      'GET events/7-abcdefgh/review-form/': { status: 200, body: reviewFormDto() },
      [`PATCH ${reviewPath}`]: { status: 200, body: reviewDto({ public_id: own.public_id, status: 'in_progress' }) },
    });
    const { user } = await mountScreen(<ReviewCreateScreen submissionId="11-papera" />, {
      url: '/reviews/create?submissionId=11-papera',
      path: '/reviews/create',
    });

    await user.click(await screen.findByRole('textbox', { name: 'Justification' }));
    await user.paste('Written before the first save');

    // The draft saves itself; the review is then written against version 1, which is read (once) for it.
    await waitFor(() => expect(api.calls.some((call) => call.query === '?version=1')).toBe(true), { timeout: 8_000 });
    await waitFor(() => expect(screen.getByTestId('autosave-status').textContent).toBe('Draft saved automatically'));
    expect((screen.getByRole('textbox', { name: 'Justification' }) as HTMLTextAreaElement).value).toBe(
      'Written before the first save',
    );
    expect(api.sent('PATCH', reviewPath)).toHaveLength(1);
  });
});
