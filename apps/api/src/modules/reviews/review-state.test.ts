import {
  DEFAULT_REVIEW_FORM,
  deriveRecommendation,
  REVIEW_STATUSES,
  type ReviewQuestionDto,
  type SaveReviewBody,
} from '@confero/contracts';
import { describe, expect, it } from 'vitest';
import { chairQuestion } from '../../../test/factories/review-forms.ts';
import type { AppError } from '../../lib/errors.ts';
import { emptyForm, mergeContent, parseReviewInput } from './review-input.ts';
import { assertSubmittable, canMoveReview, mergeAnswers } from './review-state.ts';
import type { ReviewRow } from './reviews.queries.ts';

const now = new Date('2030-01-01T00:00:00Z');
const untouched: ReviewRow = {
  id: 1,
  publicId: '1-aaaaaaaa',
  submissionId: 1,
  reviewerId: 1,
  ordinal: 1,
  status: 'assigned',
  source: 'manual',
  overallScore: null,
  confidence: null,
  recommendation: null,
  structuredReview: null,
  commentsToAuthor: '',
  commentsToChair: '',
  confidentialRemarks: '',
  formVersion: null,
  answers: {},
  version: 1,
  assignedBy: null,
  assignedAt: now,
  completedAt: null,
  createdAt: now,
  updatedAt: now,
};

function failure(fn: () => unknown): { field: string; message: string; key: string } {
  try {
    fn();
  } catch (error) {
    const appError = error as AppError;
    const [field, messages] = Object.entries(appError.fields ?? {})[0] ?? ['', []];
    const codes = (appError.extra?.field_codes ?? {}) as Record<string, string[]>;
    return { field, message: messages[0] ?? '', key: codes[field]?.[0] ?? '' };
  }
  throw new Error('expected a failure');
}

const form = (overall: Record<string, unknown>, confidence: Record<string, unknown> = { score: 4, comment: 'c' }) => ({
  scores: {
    structured_review: JSON.stringify({
      overall_evaluation: {
        score: 1,
        summary: { strengths: ['s'], weaknesses: ['w'] },
        justification: 'j',
        ...overall,
      },
      confidence,
    }),
  },
});

describe('deriveRecommendation', () => {
  it.each([
    [3, 'accept'],
    [2, 'accept'],
    [1, 'weak_accept'],
    [0, 'borderline'],
    [-1, 'weak_reject'],
    [-2, 'reject'],
    [-3, 'reject'],
    [4, 'borderline'],
    [null, 'borderline'],
    ['2', 'borderline'],
    [1.5, 'borderline'],
  ])('%s → %s', (score, recommendation) => {
    expect(deriveRecommendation(score)).toBe(recommendation);
  });
});

describe('review transitions', () => {
  const table: Record<string, string> = {
    assigned: '-YY',
    in_progress: '-YY',
    completed: '--Y',
  };
  it.each(REVIEW_STATUSES)('from %s', (from) => {
    const got = REVIEW_STATUSES.map((to) => (canMoveReview(from, to) ? 'Y' : '-')).join('');
    expect(got).toBe(table[from]);
  });
});

describe('submitting checks the spec rules in its order, with its messages', () => {
  const submit = (body: SaveReviewBody) => () =>
    assertSubmittable(mergeContent(untouched, parseReviewInput(body)).form);

  it('1. at least one strength', () => {
    expect(failure(submit(form({ summary: { strengths: [], weaknesses: [] }, justification: '' }, {})))).toEqual({
      field: 'overall_evaluation.summary.strengths',
      message: 'Please provide at least one strength',
      key: 'reviews.validations.strengthRequired',
    });
  });

  it('2. at least one weakness', () => {
    expect(failure(submit(form({ summary: { strengths: ['s'], weaknesses: [] }, justification: '' }, {})))).toEqual({
      field: 'overall_evaluation.summary.weaknesses',
      message: 'Please provide at least one weakness',
      key: 'reviews.validations.weaknessRequired',
    });
  });

  it('3. a non-blank justification', () => {
    expect(failure(submit(form({ justification: '   ' }, {})))).toMatchObject({
      message: 'Justification is required',
    });
  });

  it('4. a non-blank confidence comment', () => {
    expect(failure(submit(form({}, { score: 4, comment: ' ' })))).toMatchObject({
      field: 'confidence.comment',
      message: 'Confidence comment is required',
    });
  });

  it('then the overall score and the confidence level', () => {
    expect(failure(submit(form({ score: null })))).toMatchObject({ key: 'reviews.validations.scoreRequired' });
    expect(failure(submit(form({}, { comment: 'c' })))).toMatchObject({
      key: 'reviews.validations.confidenceRequired',
    });
  });

  it('accepts empty strength and weakness entries', () => {
    expect(submit(form({ summary: { strengths: [''], weaknesses: [''] } }))).not.toThrow();
  });

  it('lets drafts skip every rule', () => {
    const content = mergeContent(untouched, parseReviewInput({ status: 'in_progress' }));
    expect(content.form).toEqual(emptyForm());
  });
});

describe('submitting against a chair’s form', () => {
  const own = (key: string, required: boolean) =>
    chairQuestion(key, { label: { en: `Label ${key}`, ar: key }, required });
  const nothing = mergeContent(untouched, parseReviewInput({})).form;

  it('checks the chair’s required questions first, in the form’s order, wherever they stand', () => {
    const questions = [own('late', true), ...DEFAULT_REVIEW_FORM, own('early', true)];
    expect(failure(() => assertSubmittable(nothing, questions, { early: 'x' }))).toEqual({
      field: 'answers.late',
      message: 'Answer “Label late” before submitting',
      key: 'reviews.validations.answerRequired',
    });
    expect(failure(() => assertSubmittable(nothing, questions, { late: ' ', early: 'x' }))).toMatchObject({
      field: 'answers.late',
    });
    expect(failure(() => assertSubmittable(nothing, questions, { late: 'x', early: 'y' }))).toMatchObject({
      field: 'overall_evaluation.summary.strengths',
    });
  });

  it('skips the spec rule of a built-in question the form leaves out or does not require', () => {
    const questions = DEFAULT_REVIEW_FORM.filter((question) => question.key !== 'strengths').map((question) =>
      question.key === 'weaknesses' ? { ...question, required: false } : question,
    );
    expect(failure(() => assertSubmittable(nothing, questions))).toMatchObject({
      field: 'overall_evaluation.justification',
      key: 'reviews.validations.justificationRequired',
    });
    const optional = own('optional', false);
    const full = mergeContent(untouched, parseReviewInput(form({}))).form;
    expect(() => assertSubmittable(full, [...DEFAULT_REVIEW_FORM, optional], {})).not.toThrow();
  });
});

describe('submitting against a form that requires a built-in question no spec rule covers', () => {
  const questions = DEFAULT_REVIEW_FORM.map((question) =>
    question.key === 'clarity' || question.key === 'confidential_remarks_for_pc'
      ? { ...question, required: true }
      : question,
  );
  const full = mergeContent(untouched, parseReviewInput(form({}))).form;

  it('asks for the confidential remarks and a criterion the chair made required, in the form’s order', () => {
    expect(failure(() => assertSubmittable(full, questions, {}, ' '))).toEqual({
      field: 'confidential_remarks_for_pc',
      message: 'Answer “Confidential remarks for the programme committee” before submitting',
      key: 'reviews.validations.answerRequired',
    });
    expect(failure(() => assertSubmittable(full, questions, {}, 'Remarks'))).toEqual({
      field: 'criteria.clarity',
      message: 'Answer “Clarity” before submitting',
      key: 'reviews.validations.answerRequired',
    });
    const scored = {
      ...full,
      criteria: [{ id: 'clarity', name: 'Clarity', description: '', min_score: 1, max_score: 10, score: 6 }],
    };
    expect(() => assertSubmittable(scored, questions, {}, 'Remarks')).not.toThrow();
  });

  it('leaves them optional on the default form', () => {
    expect(() => assertSubmittable(full, DEFAULT_REVIEW_FORM, {}, '')).not.toThrow();
  });
});

describe('mergeAnswers', () => {
  const score: ReviewQuestionDto = {
    key: 'soundness',
    kind: 'score',
    label: { en: 'Soundness', ar: 'السلامة' },
    help: { en: '', ar: '' },
    required: false,
    visibility: 'authors',
    min: 1,
    max: 5,
    value_labels: {},
    builtin: false,
    removable: true,
  };
  const questions = [...DEFAULT_REVIEW_FORM, score];

  it('replaces the answers sent, keeps the others, and stores digits as a number', () => {
    expect(mergeAnswers({ soundness: 2, gone: 'kept as stored' }, { soundness: '5' }, questions)).toEqual({
      soundness: 5,
      gone: 'kept as stored',
    });
    expect(mergeAnswers({ soundness: 2 }, { soundness: '' }, questions)).toEqual({ soundness: null });
    expect(mergeAnswers({ soundness: 2 }, undefined, questions)).toEqual({ soundness: 2 });
  });

  it('refuses a built-in key, an unknown key and an answer out of range, on the answer’s field', () => {
    expect(failure(() => mergeAnswers({}, { overall_score: 2 }, questions))).toMatchObject({
      field: 'answers.overall_score',
      key: 'reviews.validations.answerUnknown',
    });
    expect(failure(() => mergeAnswers({}, { unknown: 2 }, questions))).toMatchObject({
      field: 'answers.unknown',
      message: 'The review form has no question “unknown”',
    });
    expect(failure(() => mergeAnswers({}, { soundness: 0 }, questions))).toMatchObject({
      field: 'answers.soundness',
      key: 'reviews.validations.answerOutOfRange',
    });
  });
});

describe('mergeContent', () => {
  it('checks types and ranges, whatever the status', () => {
    expect(
      failure(() => mergeContent(untouched, parseReviewInput({ scores: { structured_review: '{not json' } }))),
    ).toMatchObject({
      key: 'reviews.validations.structuredReviewInvalid',
    });
    expect(failure(() => mergeContent(untouched, parseReviewInput(form({ score: 4 }))))).toMatchObject({
      field: 'overall_evaluation.score',
      key: 'reviews.validations.scoreInvalid',
    });
    expect(failure(() => mergeContent(untouched, parseReviewInput(form({}, { score: 6 }))))).toMatchObject({
      key: 'reviews.validations.confidenceInvalid',
    });
    expect(
      failure(() => mergeContent(untouched, parseReviewInput(form({ summary: { strengths: 'one' } })))),
    ).toMatchObject({
      key: 'reviews.validations.listInvalid',
    });
    expect(
      failure(() =>
        mergeContent(untouched, parseReviewInput({ structured_review: { criteria: [{ id: 'clarity', score: 11 }] } })),
      ),
    ).toMatchObject({ key: 'reviews.validations.criterionInvalid' });
  });

  it('keeps the confidential remarks out of the stored form, and keeps what was not sent', () => {
    const first = mergeContent(
      untouched,
      parseReviewInput({
        structured_review: { confidential_remarks_for_pc: 'secret', overall_evaluation: { score: -2 } },
        comments_to_chair: 'for the chair',
      }),
    );
    expect(first.confidentialRemarks).toBe('secret');
    expect(JSON.stringify(first.form)).not.toContain('secret');
    expect(first.form.overall_evaluation.score).toBe(-2);
    const stored: ReviewRow = {
      ...untouched,
      structuredReview: first.form,
      confidentialRemarks: first.confidentialRemarks,
      commentsToChair: first.commentsToChair,
    };
    const second = mergeContent(stored, parseReviewInput({ comments_to_author: 'thanks' }));
    expect(second).toMatchObject({
      confidentialRemarks: 'secret',
      commentsToChair: 'for the chair',
      commentsToAuthor: 'thanks',
    });
    expect(second.form.overall_evaluation.score).toBe(-2);
  });

  it('answers with the first field at fault in the product order, whatever else is wrong', () => {
    const badLists = { overall_evaluation: { summary: { strengths: 'one' } } };
    expect(failure(() => parseReviewInput({ confidence: 9, structured_review: badLists }))).toMatchObject({
      field: 'confidence.score',
      key: 'reviews.validations.confidenceInvalid',
    });
    // The form's confidence wins: the payload's is then not read at all.
    expect(parseReviewInput({ confidence: 9, structured_review: { confidence: { score: 2 } } }).confidence).toBe(2);
    expect(
      failure(() => parseReviewInput({ version: 'x', status: 'done', structured_review: badLists })),
    ).toMatchObject({ field: 'version' });
    expect(failure(() => parseReviewInput({ status: 'done', comments_to_author: 'x'.repeat(20_001) }))).toMatchObject({
      field: 'status',
      key: 'reviews.validations.statusInvalid',
    });
  });

  it('reads the confidence from the payload when the form has none', () => {
    expect(mergeContent(untouched, parseReviewInput({ confidence: 3 })).form.confidence.score).toBe(3);
  });
});

describe('the version sent', () => {
  it('is undefined when omitted, the number sent otherwise, and refuses anything else', () => {
    expect(parseReviewInput({}).version).toBeUndefined();
    expect(parseReviewInput({ version: null }).version).toBeUndefined();
    expect(parseReviewInput({ version: '' }).version).toBeUndefined();
    expect(parseReviewInput({ version: 4 }).version).toBe(4);
    expect(parseReviewInput({ version: '7' }).version).toBe(7);
    expect(failure(() => parseReviewInput({ version: 0 }).version)).toMatchObject({
      key: 'reviews.validations.versionInvalid',
    });
    expect(failure(() => parseReviewInput({ version: 'x' }).version)).toMatchObject({ field: 'version' });
  });
});
