import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import {
  assignmentLabel,
  confidenceLabel,
  findOwnReview,
  isStaleReviewError,
  paramsFromEnglish,
  reviewCounters,
  reviewErrorText,
  scoreLabel,
} from './review-display.ts';

describe('reviewCounters', () => {
  it('counts the total and each status', () => {
    const counters = reviewCounters([
      { status: 'assigned' },
      { status: 'in_progress' },
      { status: 'completed' },
      { status: 'completed' },
      { status: 'assigned' },
      { status: 'assigned' },
    ]);
    expect(counters).toEqual({ total: 6, assigned: 3, inProgress: 1, completed: 2 });
  });

  it('is all zero without reviews', () => {
    expect(reviewCounters([])).toEqual({ total: 0, assigned: 0, inProgress: 0, completed: 0 });
  });
});

describe('labels (spec part 2 §4)', () => {
  it('scores and confidence levels', () => {
    expect(scoreLabel(3, 'en')).toBe('+3 Strong Accept');
    expect(scoreLabel(0, 'en')).toBe('0 Borderline');
    expect(scoreLabel(-2, 'en')).toBe('-2 Reject');
    expect(scoreLabel(-3, 'ar')).toBe('-3 رفض قوي');
    expect(scoreLabel(null, 'en')).toBeNull();
    expect(confidenceLabel(5, 'en')).toBe('5 Expert');
    expect(confidenceLabel(1, 'en')).toBe('1 None');
    expect(confidenceLabel(2, 'ar')).toBe('2 منخفضة');
  });
});

describe('reviewErrorText (spec part 2 §8 Reviews)', () => {
  it('translates the message key, with the values the English text carries', () => {
    const error = new ApiError({
      status: 400,
      code: 'DEADLINE_PASSED',
      detail: 'The review deadline of this event (2026-10-01, Asia/Riyadh) has passed.',
      body: {
        code: 'DEADLINE_PASSED',
        detail: 'The review deadline of this event (2026-10-01, Asia/Riyadh) has passed.',
        message_code: 'reviews.deadlinePassed',
      },
    });
    expect(reviewErrorText(error, 'ar', 'x')).toBe(
      'انتهى الموعد النهائي للتحكيم في هذه الفعالية (2026-10-01، Asia/Riyadh).',
    );
    expect(paramsFromEnglish('reviews.deadlinePassed', error.detail)).toEqual({
      deadline: '2026-10-01',
      timezone: 'Asia/Riyadh',
    });
  });

  it('uses a field code when there is no message code', () => {
    const error = new ApiError({
      status: 400,
      code: 'VALIDATION_ERROR',
      detail: 'Please provide at least one strength',
      body: {
        detail: 'Please provide at least one strength',
        fields: { strengths: ['Please provide at least one strength'] },
        field_codes: { strengths: ['reviews.validations.strengthRequired'] },
      },
    });
    expect(reviewErrorText(error, 'ar', 'x')).toBe('يُرجى ذكر نقطة قوة واحدة على الأقل');
  });

  it('falls back to the detail, then message, then the generic text', () => {
    const withDetail = new ApiError({ status: 500, code: 'X', detail: 'Broken', body: { detail: 'Broken' } });
    expect(reviewErrorText(withDetail, 'en', 'An error occurred while creating the review')).toBe('Broken');
    const withMessage = new ApiError({ status: 500, code: 'X', detail: '', body: { message: 'Down' } });
    expect(reviewErrorText(withMessage, 'en', 'fallback')).toBe('Down');
    expect(reviewErrorText(new Error('no body'), 'en', 'An error occurred while creating the review')).toBe(
      'An error occurred while creating the review',
    );
  });

  it('recognises the stale-version conflict only', () => {
    expect(isStaleReviewError(new ApiError({ status: 409, code: 'STALE_REVIEW', detail: '' }))).toBe(true);
    expect(isStaleReviewError(new ApiError({ status: 409, code: 'ALREADY_ASSIGNED', detail: '' }))).toBe(false);
    expect(isStaleReviewError(new Error('STALE_REVIEW'))).toBe(false);
  });
});

describe('the assignments picker', () => {
  const assignments = [
    { submission: { id: 7, public_id: '7-aaaaaaaa', title: 'Graph kernels', event: { title: 'ICML 2026' } } },
    { submission: { id: 9, public_id: '9-bbbbbbbb', title: 'Sparse attention', event: { title: 'NeurIPS' } } },
  ];

  it("labels each assignment 'title (event title)'", () => {
    expect(assignments.map(assignmentLabel)).toEqual(['Graph kernels (ICML 2026)', 'Sparse attention (NeurIPS)']);
  });

  it('finds the own review by public or numeric submission id', () => {
    expect(findOwnReview(assignments, '9-bbbbbbbb')?.submission.id).toBe(9);
    expect(findOwnReview(assignments, '7')?.submission.public_id).toBe('7-aaaaaaaa');
    expect(findOwnReview(assignments, '8')).toBeUndefined();
  });
});
