import { DEFAULT_REVIEW_FORM, REVIEW_QUESTION_LIBRARY } from '@confero/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import {
  changeQuestion,
  formBody,
  fromLibrary,
  keyFromLabel,
  keyProblems,
  libraryChoices,
  makesNewVersion,
  moveQuestion,
  newQuestion,
  placeProblems,
  toDraft,
  withKind,
} from './form-editor.ts';

describe('keyFromLabel', () => {
  it('makes a key of lower-case letters, digits and underscores, starting with a letter, unique in the form', () => {
    expect(keyFromLabel('Data availability?', new Set())).toBe('data_availability');
    expect(keyFromLabel('  Café — résumé ', new Set())).toBe('cafe_resume');
    expect(keyFromLabel('2nd opinion', new Set())).toBe('q_2nd_opinion');
    expect(keyFromLabel('Soundness', new Set(['soundness', 'soundness_2']))).toBe('soundness_3');
    expect(keyFromLabel('x'.repeat(60), new Set()).length).toBe(40);
    expect(keyFromLabel('الأصالة', new Set())).toBe('');
  });
});

describe('the questions being edited', () => {
  it('moves a question by one place and keeps the ends', () => {
    const draft = toDraft(DEFAULT_REVIEW_FORM.slice(0, 3));
    expect(moveQuestion(draft, 2, -1).map((question) => question.key)).toEqual([
      'overall_score',
      'weaknesses',
      'strengths',
    ]);
    expect(moveQuestion(draft, 0, -1).map((question) => question.key)).toEqual(draft.map((question) => question.key));
  });

  it('lets a new question’s key follow its English label until the key is typed', () => {
    const fresh = newQuestion();
    let draft = [...toDraft(DEFAULT_REVIEW_FORM), fresh];
    draft = changeQuestion(draft, fresh.id, { label: { en: 'Confidence', ar: '' } });
    expect(draft.at(-1)?.key).toBe('confidence_2');
    draft = changeQuestion(draft, fresh.id, { key: 'trust' });
    draft = changeQuestion(draft, fresh.id, { label: { en: 'Trust level', ar: '' } });
    expect(draft.at(-1)?.key).toBe('trust');
  });

  it('disables the library’s questions already in the form', () => {
    const draft = [
      ...toDraft(DEFAULT_REVIEW_FORM),
      ...REVIEW_QUESTION_LIBRARY.filter((entry) => entry.key === 'soundness').map(fromLibrary),
    ];
    const choices = libraryChoices(draft);
    expect(choices.filter((choice) => choice.present).map((choice) => choice.entry.key)).toEqual(['soundness']);
  });

  it('sends each question’s own fields for its kind, value labels only for values in range', () => {
    const fresh = { ...newQuestion(), key: 'impact', label: { en: 'Impact', ar: 'الأثر' } };
    const scored = { ...fresh, ...withKind(fresh, 'score') };
    scored.value_labels = { '1': { en: 'Low', ar: '' }, '9': { en: 'Out of range', ar: '' }, '3': { en: '', ar: '' } };
    const body = formBody([scored], { version: 4, updated_at: '2026-05-01T10:00:00Z' });
    expect(body).toEqual({
      version: 4,
      updated_at: '2026-05-01T10:00:00Z',
      questions: [
        {
          key: 'impact',
          kind: 'score',
          label: { en: 'Impact', ar: 'الأثر' },
          help: { en: '', ar: '' },
          required: false,
          visibility: 'committee',
          min: 1,
          max: 5,
          value_labels: { '1': { en: 'Low', ar: '' } },
        },
      ],
    });
    const choice = { ...fresh, ...withKind(fresh, 'choice') };
    expect(formBody([choice], { version: 1, updated_at: null }).questions[0]).toMatchObject({
      kind: 'choice',
      options: [{ value: 'yes' }, { value: 'no' }],
    });
    expect(formBody([choice], { version: 1, updated_at: null }).questions[0]).not.toHaveProperty('min');
  });

  it('says a save makes a new version only when reviews answered the form and the change orphans answers', () => {
    const draft = toDraft(DEFAULT_REVIEW_FORM);
    const relabelled = changeQuestion(draft, draft[1]?.id ?? '', { label: { en: 'Pros', ar: '' } });
    expect(makesNewVersion(DEFAULT_REVIEW_FORM, relabelled, 3)).toBe(false);
    const removed = draft.filter((question) => question.key !== 'strengths');
    expect(makesNewVersion(DEFAULT_REVIEW_FORM, removed, 3)).toBe(true);
    expect(makesNewVersion(DEFAULT_REVIEW_FORM, removed, 0)).toBe(false);
  });

  it('refuses a malformed or repeated key before sending', () => {
    const [first, second] = toDraft(DEFAULT_REVIEW_FORM.slice(0, 2));
    if (!first || !second) throw new Error('two questions');
    const problems = keyProblems([first, { ...second, key: first.key }, { ...newQuestion(), key: 'Bad key' }]);
    expect(Object.values(problems).map((byField) => byField.key)).toEqual([
      { key: 'reviewForms.keyDuplicate' },
      { key: 'reviewForms.keyInvalid' },
    ]);
  });

  it('places the server’s problems at their question and field, the form’s own in general', () => {
    const draft = toDraft(DEFAULT_REVIEW_FORM.slice(0, 3));
    const error = new ApiError({
      status: 400,
      code: 'VALIDATION_ERROR',
      detail: 'Invalid input.',
      body: {
        fields: {
          'questions.2.options.1.value': ['x'],
          'questions.0.label.ar': ['y'],
          'questions.1.max': ['z'],
          questions: ['w'],
        },
        field_codes: {
          'questions.2.options.1.value': ['reviewForms.optionInvalid'],
          'questions.0.label.ar': ['validation.tooLong'],
          'questions.1.max': ['reviewForms.rangeInvalid'],
          questions: ['reviewForms.builtinRequired'],
        },
      },
    });
    const placed = placeProblems(error, draft);
    expect(placed.byQuestion[draft[2]?.id ?? '']).toEqual({ options: { key: 'reviewForms.optionInvalid' } });
    expect(placed.byQuestion[draft[0]?.id ?? '']).toEqual({ 'label.ar': { key: 'validation.tooLong' } });
    expect(placed.byQuestion[draft[1]?.id ?? '']).toEqual({ min: { key: 'reviewForms.rangeInvalid' } });
    expect(placed.general.map((line) => line.field)).toEqual(['questions']);
  });
});
