import { DEFAULT_REVIEW_FORM, REVIEW_QUESTION_LIBRARY } from '@confero/contracts';
import { describe, expect, it } from 'vitest';
import { answerText, wordCountOf } from './response-display.ts';

const overall = DEFAULT_REVIEW_FORM.find((question) => question.key === 'overall_score');
const reproducibility = REVIEW_QUESTION_LIBRARY.find((question) => question.key === 'reproducibility');

describe('answerText', () => {
  it('writes a score on a signed scale with its sign and name, as the review screens do', () => {
    if (!overall) throw new Error('no overall score');
    expect(answerText(overall, 2, 'en')).toBe('+2 — Accept');
    expect(answerText(overall, -1, 'en')).toBe('-1 — Weak Reject');
    expect(answerText(overall, 2, 'ar')).toBe('+2 — قبول');
  });

  it('names a choice by its option in the interface language, and leaves empty answers empty', () => {
    if (!reproducibility) throw new Error('no reproducibility');
    expect(answerText(reproducibility, 'with_effort', 'en')).toBe('With effort');
    expect(answerText(reproducibility, 'with_effort', 'ar')).toBe('بجهد');
    expect(answerText(reproducibility, null, 'en')).toBe('');
  });
});

describe('wordCountOf', () => {
  it('counts English and Arabic words against the limit', () => {
    expect(wordCountOf('Thank you, reviewers.', 3)).toEqual({ count: 3, over: false });
    expect(wordCountOf('شكرًا جزيلًا للمحكّمين على ملاحظاتهم', 4)).toEqual({ count: 5, over: true });
  });
});
