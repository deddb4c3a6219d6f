// @vitest-environment jsdom
import type { PutReviewFormBody, ReviewFormDto, SavedReviewFormDto } from '@confero/contracts';
import { DEFAULT_META_REVIEW_FORM, DEFAULT_REVIEW_FORM } from '@confero/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { artifactQuestion, eventDto, reviewFormDto } from '../../test/fixtures.ts';
import { mountScreen, stubApi } from '../../test/interact.tsx';
import { ReviewFormScreen } from './components/ReviewFormScreen.tsx';

/*
 * The review form editor driven by a chair: questions added from the library and by hand, relabelled in Arabic,
 * moved and removed; the save sends the edited document with the version read; the server's problems come back at
 * their question and field, and a save that lost to another chair's asks for a reload.
 */

const EVENT = eventDto({ public_id: '7-abcdefgh', title: 'ICML Test' });
const BASE = 'events/7-abcdefgh/';
const FORM = `${BASE}review-form/`;

const saved = (form: ReviewFormDto, extra: Partial<SavedReviewFormDto> = {}): SavedReviewFormDto => ({
  ...form,
  new_version: false,
  previous_version: form.version,
  ...extra,
});

async function openEditor(
  form: ReviewFormDto,
  routes: Parameters<typeof stubApi>[0] = {},
  language: 'en' | 'ar' = 'en',
) {
  const api = stubApi({
    [`GET ${BASE}`]: { status: 200, body: EVENT },
    [`GET ${FORM}`]: { status: 200, body: form },
    ...routes,
  });
  const mounted = await mountScreen(<ReviewFormScreen eventId="7-abcdefgh" />, {
    url: '/events/7-abcdefgh/review-form',
    path: '/events/:id/review-form',
    language,
  });
  await screen.findByTestId('review-form-banner');
  return { api, ...mounted };
}

const cards = () => screen.getAllByTestId('question-card');
const cardOf = (key: string) => {
  const card = cards().find((node) => node.dataset.key === key);
  if (!card) throw new Error(`no card for ${key}`);
  return card;
};
const sentBody = (api: ReturnType<typeof stubApi>) => api.sent('PUT', FORM).at(-1)?.body as PutReviewFormBody;

describe('the review form editor, driven by a chair', { timeout: 60_000 }, () => {
  it('adds a question from the library, relabels one in Arabic, moves it, and saves the document with its version', async () => {
    const after = reviewFormDto({ version: 1, is_default: false, updated_at: '2026-05-01T10:00:00Z' });
    const { api, user } = await openEditor(reviewFormDto(), {
      [`PUT ${FORM}`]: { status: 200, body: saved(after) },
    });

    expect(screen.getByTestId('review-form-banner').textContent).toContain('Version 1');
    expect(screen.getByTestId('review-form-answered').textContent).toBe(
      'No review holds answers yet: every change keeps version 1.',
    );
    expect(cards()).toHaveLength(DEFAULT_REVIEW_FORM.length);
    // The overall score cannot be removed, nor made optional; its kind is fixed.
    expect(within(cardOf('overall_score')).queryByRole('button', { name: /^Remove/ })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Add from library' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Reproducibility', hidden: true }));
    expect(cards().at(-1)?.dataset.key).toBe('reproducibility');
    // Once in the form, the library offers it no more.
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Add from library' }));
    const again = await screen.findByRole('menuitem', { name: /Reproducibility/, hidden: true });
    expect((again as HTMLButtonElement).disabled).toBe(true);
    expect(again.textContent).toContain('Already in the form');
    expect((screen.getByRole('menuitem', { name: 'Soundness', hidden: true }) as HTMLButtonElement).disabled).toBe(
      false,
    );
    await user.keyboard('{Escape}');

    // Relabel the justification in Arabic: the Arabic input reads right to left.
    const arabic = within(cardOf('justification')).getByTestId('question-label-ar') as HTMLInputElement;
    expect(arabic.closest('[dir]')?.getAttribute('dir')).toBe('rtl');
    await user.clear(arabic);
    await user.paste('تبرير التقييم');

    // Move the new question up one place, by its labelled button.
    await user.click(screen.getByRole('button', { name: 'Move “Reproducibility” up' }));
    expect(cards().at(-2)?.dataset.key).toBe('reproducibility');

    await user.click(screen.getByTestId('review-form-save'));
    expect(await screen.findByText('The review form was saved (version 1).')).toBeTruthy();
    const body = sentBody(api);
    expect(body.version).toBe(1);
    expect(body.updated_at).toBeNull();
    expect(body.questions.map((question) => question.key)).toEqual([
      ...DEFAULT_REVIEW_FORM.slice(0, -1).map((question) => question.key),
      'reproducibility',
      DEFAULT_REVIEW_FORM.at(-1)?.key,
    ]);
    expect(body.questions.find((question) => question.key === 'justification')?.label).toEqual({
      en: 'Justification',
      ar: 'تبرير التقييم',
    });
    expect(body.questions.find((question) => question.key === 'reproducibility')).toMatchObject({
      kind: 'choice',
      visibility: 'authors',
      options: [{ value: 'easily' }, { value: 'with_effort' }, { value: 'not_possible' }],
    });
    // Built-in questions are sent without the fields the server reads from their key.
    expect(body.questions[0]).not.toHaveProperty('builtin');
  });

  it('derives a new question’s key from its English label, and refuses a malformed key before sending', async () => {
    const { api, user } = await openEditor(reviewFormDto());

    await user.click(screen.getByRole('button', { name: 'Add question' }));
    const card = cards().at(-1) as HTMLElement;
    await user.click(within(card).getByTestId('question-label-en'));
    await user.paste('Data availability?');
    expect((within(card).getByTestId('question-key') as HTMLInputElement).value).toBe('data_availability');

    const key = within(card).getByTestId('question-key');
    await user.clear(key);
    await user.paste('9 lives');
    await user.click(screen.getByTestId('review-form-save'));

    expect(await within(card).findByText(/A question key is lower-case letters/)).toBeTruthy();
    expect(card.dataset.invalid).toBe('true');
    expect(api.sent('PUT', FORM)).toEqual([]);
  });

  it('asks before removing a question once reviews hold answers, says a new version follows, and shows the server’s problem at its question', async () => {
    const answered = reviewFormDto({ version: 3, answered_reviews: 2, is_default: false });
    const { api, user } = await openEditor(answered, {
      [`PUT ${FORM}`]: {
        status: 400,
        body: {
          detail: 'Invalid input.',
          code: 'VALIDATION_ERROR',
          fields: { 'questions.1.label.en': ['Every question needs an English label'] },
          field_codes: { 'questions.1.label.en': ['reviewForms.labelRequired'] },
        },
      },
    });
    expect(screen.getByTestId('review-form-answered').textContent).toBe('2 reviews hold answers to this version.');
    expect(screen.queryByTestId('review-form-new-version')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Remove “Strengths”' }));
    expect(screen.getByTestId('question-remove-confirm').textContent).toContain('2 reviews hold answers');
    expect(cardOf('strengths')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Remove the question' }));
    expect(cards().some((card) => card.dataset.key === 'strengths')).toBe(false);
    expect(screen.getByTestId('review-form-new-version').textContent).toBe(
      'Saving these changes makes version 4; reviews written against version 3 keep it.',
    );

    await user.click(screen.getByTestId('review-form-save'));
    // questions.1 of the sent document is the weaknesses, now second.
    const weaknesses = cardOf('weaknesses');
    expect(await within(weaknesses).findByText('Every question needs an English label')).toBeTruthy();
    expect(weaknesses.dataset.invalid).toBe('true');
    expect(within(weaknesses).getByTestId('question-label-en').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('review-form-error').textContent).toContain('Some questions need changes');
    expect(sentBody(api).questions.map((question) => question.key)).not.toContain('strengths');
  });

  it('asks for a reload when another chair saved first, and then edits the newer version', async () => {
    const newer = reviewFormDto({ version: 2, is_default: false, updated_at: '2026-05-02T09:00:00Z' });
    const { api, user } = await openEditor(reviewFormDto(), {
      [`GET ${FORM}`]: [
        { status: 200, body: reviewFormDto() },
        { status: 200, body: newer },
      ],
      [`PUT ${FORM}`]: {
        status: 409,
        body: { detail: 'Stale.', code: 'STALE_REVIEW_FORM', message_code: 'reviewForms.stale' },
      },
    });

    const help = within(cardOf('strengths')).getByTestId('question-help-en');
    await user.click(help);
    await user.paste(' Be specific.');
    await user.click(screen.getByTestId('review-form-save'));

    const stale = await screen.findByTestId('review-form-stale');
    expect(stale.textContent).toContain('Someone else saved the review form');
    expect((screen.getByTestId('review-form-save') as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(stale).getByRole('button', { name: 'Reload the form' }));

    await waitFor(() => expect(screen.getByTestId('review-form-banner').textContent).toContain('Version 2'));
    expect(screen.queryByTestId('review-form-stale')).toBeNull();
    expect(api.sent('PUT', FORM)).toHaveLength(1);
  });

  it('previews the form as a reviewer reads it, in Arabic', async () => {
    const form = reviewFormDto({
      questions: [...DEFAULT_REVIEW_FORM, artifactQuestion()],
    });
    const { user } = await openEditor(form, {}, 'ar');

    expect(within(cardOf('artifact')).getByRole('heading').textContent).toBe('السؤال 13: الأداة متاحة');
    await user.click(screen.getByRole('radio', { name: 'معاينة' }));
    const preview = await screen.findByTestId('review-form-preview');
    expect(within(preview).getByRole('radiogroup', { name: /الأداة متاحة/ })).toBeTruthy();
    expect(within(preview).getByRole('radio', { name: 'نعم' })).toBeTruthy();
    expect(within(preview).getByText('أسئلة إضافية')).toBeTruthy();
  });

  it('lets a member the API does not let edit read the form, with its save off', async () => {
    await openEditor(reviewFormDto({ abilities: { edit: false } }));
    expect(screen.getByTestId('review-form-read-only').textContent).toBe(
      "You may read this form, but only the event's chairs and admins may change it.",
    );
    expect((screen.getByTestId('review-form-save') as HTMLButtonElement).disabled).toBe(true);
  });

  it('refuses a member without the right to manage reviewing', async () => {
    stubApi({
      [`GET ${BASE}`]: {
        status: 200,
        body: eventDto({ public_id: '7-abcdefgh', abilities: { ...EVENT.abilities, manage_reviewing: false } }),
      },
    });
    await mountScreen(<ReviewFormScreen eventId="7-abcdefgh" />, {
      url: '/events/7-abcdefgh/review-form',
      path: '/events/:id/review-form',
    });
    expect((await screen.findByTestId('review-form-denied')).textContent).toContain(
      "Only the event's chairs and admins may edit its review form.",
    );
  });

  it('keeps the meta-review form’s recommendation in its shape (key, kind, options), and saves to the meta-review form', async () => {
    const META = `${BASE}meta-review-form/`;
    const form = reviewFormDto({ questions: DEFAULT_META_REVIEW_FORM.map((question) => ({ ...question })) });
    const api = stubApi({
      [`GET ${BASE}`]: { status: 200, body: EVENT },
      [`GET ${META}`]: { status: 200, body: form },
      [`PUT ${META}`]: { status: 200, body: saved(form) },
    });
    const { user } = await mountScreen(<ReviewFormScreen eventId="7-abcdefgh" kind="meta_review" />, {
      url: '/events/7-abcdefgh/meta-review-form',
      path: '/events/:id/meta-review-form',
    });
    await screen.findByTestId('review-form-banner');
    // The bulk decision reads the recommendation: its key, kind and options are not the chair's to change.
    const recommendation = within(cardOf('recommendation'));
    const input = (node: HTMLElement) => node as HTMLInputElement;
    expect(input(recommendation.getByTestId('question-key')).readOnly).toBe(true);
    expect(input(recommendation.getByLabelText('Kind')).disabled).toBe(true);
    const options = within(recommendation.getByTestId('question-options'));
    const optionInputs = options.getAllByRole('textbox').map(input);
    expect(optionInputs).toHaveLength(9);
    expect(optionInputs.every((node) => node.readOnly)).toBe(true);
    expect(options.queryByRole('button', { name: /add option/i })).toBeNull();
    expect(options.queryByRole('button', { name: /remove option/i })).toBeNull();
    // A question of the chair's keeps its own shape to change.
    expect(input(within(cardOf('summary')).getByTestId('question-key')).readOnly).toBe(false);
    // Its label stays the chair’s, and the form saves to the meta-review form's address.
    const label = recommendation.getByRole('textbox', { name: /label in english/i });
    await user.clear(label);
    await user.type(label, 'Your recommendation');
    await user.click(screen.getByTestId('review-form-save'));
    await waitFor(() => expect(api.sent('PUT', META)).toHaveLength(1));
    const body = api.sent('PUT', META)[0]?.body as PutReviewFormBody;
    expect(body.questions.find((question) => question.key === 'recommendation')).toMatchObject({
      kind: 'choice',
      label: { en: 'Your recommendation' },
      options: DEFAULT_META_REVIEW_FORM[1]?.options,
    });
  });
});
