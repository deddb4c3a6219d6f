import { DEFAULT_REVIEW_FORM, deriveRecommendation, type ReviewQuestionDto, reviewMessage } from '@confero/contracts';
import { describe, expect, it } from 'vitest';
import { scoreChoices } from '../review-display.ts';
import {
  buildReviewPayload,
  EMPTY_REVIEW_FORM,
  formFromReview,
  type ReviewFormValues,
  sameForm,
  structuredReviewOf,
  submitProblem,
} from './review-form.ts';

/** The first submit rule a form breaks, by its message key (the default form's rules). */
const validateForSubmit = (form: ReviewFormValues) => submitProblem(form)?.message ?? null;

const complete: ReviewFormValues = {
  score: '2',
  strengths: ['Clear method'],
  weaknesses: ['Small sample'],
  justification: 'Solid work overall.',
  confidence: '4',
  confidenceComment: 'I work in this area.',
  confidentialRemarks: 'Possible overlap with an earlier paper.',
};

describe('validateForSubmit (Review, in order)', () => {
  it('accepts a complete form', () => {
    expect(validateForSubmit(complete)).toBeNull();
  });

  it('asks for a strength first, even when everything else is missing too', () => {
    const empty = { ...EMPTY_REVIEW_FORM, strengths: [], weaknesses: [] };
    const key = validateForSubmit(empty);
    expect(key).toBe('reviews.validations.strengthRequired');
    expect(reviewMessage(key ?? 'reviews.notFound')).toBe('Please provide at least one strength');
  });

  it('then a weakness, a justification, a confidence comment, in that order', () => {
    const noWeakness = { ...EMPTY_REVIEW_FORM, weaknesses: [] };
    expect(validateForSubmit(noWeakness)).toBe('reviews.validations.weaknessRequired');
    expect(reviewMessage('reviews.validations.weaknessRequired')).toBe('Please provide at least one weakness');

    expect(validateForSubmit({ ...complete, justification: '   ' })).toBe('reviews.validations.justificationRequired');
    expect(validateForSubmit({ ...complete, justification: '', confidenceComment: '' })).toBe(
      'reviews.validations.justificationRequired',
    );
    expect(reviewMessage('reviews.validations.justificationRequired')).toBe('Justification is required');

    expect(validateForSubmit({ ...complete, confidenceComment: '\n' })).toBe(
      'reviews.validations.confidenceCommentRequired',
    );
    expect(reviewMessage('reviews.validations.confidenceCommentRequired')).toBe('Confidence comment is required');
  });

  it('after the spec four, asks for the overall score, then the confidence level', () => {
    const noScores = { ...complete, score: '', confidence: '' };
    expect(validateForSubmit(noScores)).toBe('reviews.validations.scoreRequired');
    expect(validateForSubmit({ ...noScores, score: '-1' })).toBe('reviews.validations.confidenceRequired');
    // The four text checks come first.
    expect(validateForSubmit({ ...noScores, confidenceComment: '' })).toBe(
      'reviews.validations.confidenceCommentRequired',
    );
  });

  it('counts an empty strength or weakness row as an entry (the spec allows empty strings)', () => {
    expect(validateForSubmit({ ...complete, strengths: [''], weaknesses: [''] })).toBeNull();
  });

  it('has the Arabic messages', () => {
    expect(reviewMessage('reviews.validations.strengthRequired', {}, 'ar')).toBe('يُرجى ذكر نقطة قوة واحدة على الأقل');
  });
});

describe('buildReviewPayload (Review payload)', () => {
  const now = new Date('2026-11-21T09:30:00.000Z');

  it('a draft: in_progress, completed_at null, the structured form as a JSON text, no recommendation', () => {
    const payload = buildReviewPayload(complete, { submission: '7-abcdefgh', status: 'in_progress', version: 3, now });
    expect(payload).toEqual({
      submission: '7-abcdefgh',
      status: 'in_progress',
      comments_to_author: 'Solid work overall.',
      comments_to_chair: 'Possible overlap with an earlier paper.',
      confidence: 4,
      scores: { structured_review: expect.any(String) },
      completed_at: null,
      version: 3,
    });
    expect(payload).not.toHaveProperty('recommendation');
    const structured = JSON.parse(payload.scores.structured_review);
    expect(structured.overall_evaluation).toEqual({
      score: 2,
      summary: { strengths: ['Clear method'], weaknesses: ['Small sample'] },
      justification: 'Solid work overall.',
    });
    expect(structured.confidence).toEqual({ score: 4, comment: 'I work in this area.' });
    expect(structured.confidential_remarks_for_pc).toBe('Possible overlap with an earlier paper.');
    expect(structured.criteria.map((criterion: { id: string }) => criterion.id)).toEqual([
      'originality',
      'relevance',
      'quality',
      'clarity',
      'contribution',
    ]);
    expect(structured.criteria[0]).toMatchObject({ min_score: 1, max_score: 10, score: null });
  });

  it('a submit: completed with the current time', () => {
    const payload = buildReviewPayload(complete, { submission: '7-abcdefgh', status: 'completed', now });
    expect(payload.status).toBe('completed');
    expect(payload.completed_at).toBe('2026-11-21T09:30:00.000Z');
    expect(payload).not.toHaveProperty('version');
  });

  it('unset selects are sent as null, never as 0', () => {
    const payload = buildReviewPayload(EMPTY_REVIEW_FORM, { submission: '1', status: 'in_progress' });
    expect(payload.confidence).toBeNull();
    const structured = structuredReviewOf(EMPTY_REVIEW_FORM);
    expect(structured.overall_evaluation.score).toBeNull();
    expect(structured.confidence.score).toBeNull();
    // The server derives the recommendation from the score; with no score it is borderline.
    expect(deriveRecommendation(structured.overall_evaluation.score)).toBe('borderline');
  });

  it('copies the justification to the comments to the authors only while the form lets authors read it', () => {
    const withJustification = (visibility: 'authors' | 'committee' | 'chairs') =>
      DEFAULT_REVIEW_FORM.map((question) =>
        question.key === 'justification' ? { ...question, visibility } : question,
      );
    const sent = (questions: readonly ReviewQuestionDto[]) =>
      buildReviewPayload(complete, { submission: '1', status: 'completed', now, questions }).comments_to_author;
    expect(sent(withJustification('authors'))).toBe('Solid work overall.');
    expect(sent(withJustification('committee'))).toBe('');
    expect(sent(withJustification('chairs'))).toBe('');
    expect(sent(DEFAULT_REVIEW_FORM.filter((question) => question.key !== 'justification'))).toBe('');
    // The justification itself is still sent, in the structured review the presenter filters by the form.
    const payload = buildReviewPayload(complete, {
      submission: '1',
      status: 'completed',
      questions: withJustification('committee'),
    });
    expect(JSON.parse(payload.scores.structured_review).overall_evaluation.justification).toBe('Solid work overall.');
  });

  it('a negative score survives the round trip', () => {
    const payload = buildReviewPayload({ ...complete, score: '-3' }, { submission: '1', status: 'in_progress' });
    expect(JSON.parse(payload.scores.structured_review).overall_evaluation.score).toBe(-3);
  });
});

describe('the form from a stored review', () => {
  it('fills every field, and one empty row for empty lists', () => {
    const stored = structuredReviewOf({ ...complete, weaknesses: [] });
    const form = formFromReview({ ...stored, criteria: stored.criteria }, 'Secret');
    expect(form).toEqual({ ...complete, weaknesses: [''], confidentialRemarks: 'Secret' });
    expect(sameForm(form, { ...complete, weaknesses: [''], confidentialRemarks: 'Secret' })).toBe(true);
    expect(sameForm(form, complete)).toBe(false);
  });

  it('starts empty without a stored review', () => {
    expect(formFromReview(null)).toEqual(EMPTY_REVIEW_FORM);
  });

  it('offers the spec ranges: scores 3..−3, confidence 5..1', () => {
    const values = (key: string) =>
      scoreChoices(DEFAULT_REVIEW_FORM.find((question) => question.key === key) as ReviewQuestionDto, 'en').map(
        (choice) => Number(choice.value),
      );
    expect(values('overall_score')).toEqual([3, 2, 1, 0, -1, -2, -3]);
    expect(values('confidence')).toEqual([5, 4, 3, 2, 1]);
  });
});

describe('submitProblem with a chair’s form', () => {
  const requiring = (...keys: string[]) =>
    DEFAULT_REVIEW_FORM.map((question) => (keys.includes(question.key) ? { ...question, required: true } : question));

  it('asks first for a criterion or the remarks the chair made required, in the form’s order', () => {
    const form = requiring('clarity', 'confidential_remarks_for_pc');
    const empty = { ...complete, confidentialRemarks: '' };
    expect(submitProblem(empty, form)).toMatchObject({
      message: 'reviews.validations.answerRequired',
      question: { key: 'confidential_remarks_for_pc' },
    });
    const remarked = { ...complete };
    expect(submitProblem(remarked, form)?.question?.key).toBe('clarity');
    expect(submitProblem({ ...remarked, criteria: { clarity: '7' } }, form)).toBeNull();
    // Before the spec's rules: a missing strength comes after.
    expect(submitProblem({ ...empty, strengths: [] }, form)?.question?.key).toBe('confidential_remarks_for_pc');
  });

  it('skips the spec’s rule of a built-in question the form left out or made optional', () => {
    const withoutStrengths = DEFAULT_REVIEW_FORM.filter((question) => question.key !== 'strengths');
    expect(submitProblem({ ...complete, strengths: [] }, withoutStrengths)).toBeNull();
    const optionalComment = DEFAULT_REVIEW_FORM.map((question) =>
      question.key === 'confidence_comment' ? { ...question, required: false } : question,
    );
    expect(submitProblem({ ...complete, confidenceComment: '' }, optionalComment)).toBeNull();
  });
});
