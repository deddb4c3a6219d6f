import { REVIEW_QUESTION_LIBRARY, type ReviewQuestionDto } from '@confero/contracts';

/*
 * Review form questions for the tests, as `GET events/{id}/review-form/` answers them (and `PUT` takes them back).
 */

/**
 * A chair's own question: a text question read by the committee, not required, labelled by its key, unless the
 * overrides say otherwise.
 */
export function chairQuestion(key: string, overrides: Partial<ReviewQuestionDto> = {}): ReviewQuestionDto {
  return {
    key,
    kind: 'text',
    label: { en: key, ar: key },
    help: { en: '', ar: '' },
    required: false,
    visibility: 'committee',
    builtin: false,
    removable: true,
    ...overrides,
  };
}

/** A question of the library as a chair adds it to the form, with some changes. */
export function libraryQuestion(key: string, changes: Partial<ReviewQuestionDto> = {}): ReviewQuestionDto {
  const question = REVIEW_QUESTION_LIBRARY.find((candidate) => candidate.key === key);
  if (!question) throw new Error(`no library question ${key}`);
  return { ...question, builtin: false, removable: true, ...changes };
}
