// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reviewDto } from '../../test/fixtures.ts';
import { mountScreen, stubApi } from '../../test/interact.tsx';
import { ReviewEditor } from './components/ReviewEditor.tsx';
import { EMPTY_REVIEW_FORM } from './forms/review-form.ts';

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
