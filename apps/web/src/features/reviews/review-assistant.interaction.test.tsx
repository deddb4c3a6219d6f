// @vitest-environment jsdom
import type { ReviewAssistantDto } from '@confero/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mountScreen, stubApi } from '../../test/interact.tsx';
import { ReviewEditor } from './components/ReviewEditor.tsx';
import { EMPTY_REVIEW_FORM } from './forms/review-form.ts';

/*
 * The review assistant on the review editor: the button sends the draft as it is on screen (saved or not), the panel
 * groups the findings by kind with the sentence quoted in its own direction and the why, "Go to question" focuses the
 * question's input, and the note says that the assistant only suggests. Nothing is saved by asking.
 */

const ANSWER: ReviewAssistantDto = {
  provider: 'local',
  questions: [],
  notice: null,
  findings: [
    {
      kind: 'missing_answer',
      question_key: 'justification',
      sentence: null,
      message: '“Justification” is required and has no answer yet.',
      message_code: 'reviewAssistant.findings.missingAnswer',
      severity: 'warning',
    },
    {
      kind: 'generic',
      question_key: 'strengths',
      sentence: 'The paper is well written.',
      message: 'This strength could be said of any paper.',
      message_code: 'reviewAssistant.findings.genericStrength',
      severity: 'info',
    },
    {
      kind: 'tone',
      question_key: 'weaknesses',
      sentence: 'المؤلفون لا يفهمون المجال.',
      message: '“لا يفهمون” may read as dismissive or personal.',
      message_code: 'reviewAssistant.findings.tone',
      severity: 'warning',
    },
  ],
};

async function openEditor(canUseAssistant: boolean, language: 'en' | 'ar' = 'en') {
  return mountScreen(
    <ReviewEditor
      submission="3-paper"
      reviewId="12-reviewaa"
      version={2}
      initial={EMPTY_REVIEW_FORM}
      draftAllowed
      deadline={{ review_deadline: '2099-06-01', timezone: 'AoE' }}
      onReload={() => undefined}
      canUseAssistant={canUseAssistant}
    />,
    { url: '/reviews/create?submissionId=3-paper', path: '/reviews/create', otherPaths: ['/reviews'], language },
  );
}

describe('the review assistant on the editor', { timeout: 20_000 }, () => {
  it('sends the unsaved draft, lists the findings by kind and focuses a question from its finding', async () => {
    const api = stubApi({ 'POST reviews/12-reviewaa/assistant/': { status: 200, body: ANSWER } });
    const { user, location } = await openEditor(true);

    await user.click(screen.getByRole('textbox', { name: 'Strength 1' }));
    await user.paste('The paper is well written.');
    await user.click(screen.getByTestId('ask-assistant'));

    const panel = await screen.findByTestId('review-assistant');
    const [call] = api.sent('POST', 'reviews/12-reviewaa/assistant/');
    if (!call) throw new Error('the assistant was not asked');
    expect(call.query).toBe('?lang=en');
    const form = JSON.parse((call.body as { scores: { structured_review: string } }).scores.structured_review);
    expect(form.overall_evaluation.summary.strengths).toEqual(['The paper is well written.']);
    expect(api.calls.filter((sent) => sent.method !== 'POST' || !sent.path.endsWith('assistant/'))).toEqual([]);

    expect(within(panel).getByTestId('review-assistant-note').textContent).toBe(
      'Suggestions only: the assistant never changes or submits your review; nothing is shown to authors or other reviewers.',
    );
    const groups = within(panel)
      .getAllByRole('heading', { level: 4 })
      .map((heading) => heading.textContent);
    expect(groups).toEqual(['Missing answers', 'Wording', 'Could be said of any paper']);
    const sentences = within(panel).getAllByTestId('assistant-sentence');
    expect(sentences.map((node) => [node.textContent, node.getAttribute('dir')])).toEqual([
      ['المؤلفون لا يفهمون المجال.', 'auto'],
      ['The paper is well written.', 'auto'],
    ]);
    expect(within(panel).getByTestId('review-assistant-provider').textContent).toContain('nothing left the server');

    await user.click(within(screen.getByTestId('assistant-kind-missing_answer')).getByTestId('assistant-go-to'));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /^Justification/ })));
    expect(location()).toBe('/reviews/create?submissionId=3-paper');
  });

  it('hides the button without the ability', async () => {
    await openEditor(false);
    expect(screen.queryByTestId('ask-assistant')).toBeNull();
  });

  it('shows the refusal of a disabled assistant', async () => {
    stubApi({
      'POST reviews/12-reviewaa/assistant/': {
        status: 403,
        body: {
          detail: 'The review assistant is turned off for this event.',
          code: 'ASSISTANT_DISABLED',
          message_code: 'reviewAssistant.disabled',
        },
      },
    });
    const { user } = await openEditor(true);
    await user.click(screen.getByTestId('ask-assistant'));
    expect((await screen.findByTestId('review-assistant-error')).textContent).toBe(
      'The review assistant is turned off for this event.',
    );
    expect(screen.queryByTestId('review-assistant')).toBeNull();
  });

  it('reads in Arabic, asking for Arabic findings', async () => {
    const api = stubApi({ 'POST reviews/12-reviewaa/assistant/': { status: 200, body: { ...ANSWER, findings: [] } } });
    const { user } = await openEditor(true, 'ar');
    await user.click(screen.getByRole('button', { name: 'اسأل المساعد' }));
    expect((await screen.findByTestId('review-assistant-none')).textContent).toBe(
      'لم يجد المساعد ما يُنبّه إليه في هذه المسودة.',
    );
    expect(api.sent('POST', 'reviews/12-reviewaa/assistant/')[0]?.query).toBe('?lang=ar');
    expect(screen.getByTestId('review-assistant-note').textContent).toContain('لا يغيّر المساعد تحكيمك');
  });
});
