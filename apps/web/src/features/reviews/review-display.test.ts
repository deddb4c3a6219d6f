import {
  DEFAULT_REVIEW_FORM,
  type ReviewDto,
  type ReviewQuestionDto,
  type StructuredReviewDto,
} from '@confero/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import {
  assignmentLabel,
  averageOf,
  comparisonColumns,
  comparisonRows,
  confidenceName,
  detailReader,
  fallbackQuestions,
  findOwnReview,
  formatScore,
  isStaleReviewError,
  noticeText,
  overallScoreName,
  readerOf,
  reviewBackLink,
  reviewCounters,
  reviewErrorText,
  reviewerLabel,
  reviewRows,
  reviewSections,
  scoreLabel,
  scoreText,
  sectionOf,
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

describe('labels', () => {
  it('scores and confidence levels', () => {
    expect(scoreLabel(3, 'en')).toBe('+3 Strong Accept');
    expect(scoreLabel(0, 'en')).toBe('0 Borderline');
    expect(scoreLabel(-2, 'en')).toBe('-2 Reject');
    expect(scoreLabel(-3, 'ar')).toBe('-3 رفض قوي');
    expect(scoreLabel(null, 'en')).toBeNull();
  });
});

describe('reviewErrorText (Reviews)', () => {
  it('translates the message key, with the values of its params', () => {
    const error = new ApiError({
      status: 400,
      code: 'DEADLINE_PASSED',
      detail: 'The review deadline of this event (2026-10-01, Asia/Riyadh) has passed.',
      body: {
        code: 'DEADLINE_PASSED',
        detail: 'The review deadline of this event (2026-10-01, Asia/Riyadh) has passed.',
        message_code: 'reviews.deadlinePassed',
        params: { deadline: '2026-10-01', timezone: 'Asia/Riyadh' },
      },
    });
    expect(reviewErrorText(error, 'ar', 'x')).toBe(
      'انتهى الموعد النهائي للتحكيم في هذه الفعالية (2026-10-01، Asia/Riyadh).',
    );
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
    expect(assignments.map(assignmentLabel)).toEqual([
      '\u2068Graph kernels\u2069 (\u2068ICML 2026\u2069)',
      '\u2068Sparse attention\u2069 (\u2068NeurIPS\u2069)',
    ]);
  });

  it('finds the own review by public or numeric submission id', () => {
    expect(findOwnReview(assignments, '9-bbbbbbbb')?.submission.id).toBe(9);
    expect(findOwnReview(assignments, '7')?.submission.public_id).toBe('7-aaaaaaaa');
    expect(findOwnReview(assignments, '8')).toBeUndefined();
  });
});

// ---------------------------------------------------------------------------------------------------------------
// The reviews of one submission (GET submissions/{id}/reviews/)
// ---------------------------------------------------------------------------------------------------------------

function structured(
  score: number | null,
  criteria: Record<string, number | null>,
  extra: Partial<StructuredReviewDto> = {},
): StructuredReviewDto {
  return {
    overall_evaluation: {
      score,
      summary: { strengths: ['Clear writing', ' '], weaknesses: ['No baselines'] },
      justification: 'Solid but incremental.',
    },
    confidence: { score: 4, comment: 'I work on this.' },
    criteria: Object.entries(criteria).map(([id, value]) => ({
      id,
      name: id[0]?.toUpperCase() + id.slice(1),
      description: '',
      min_score: 1,
      max_score: 10,
      score: value,
    })),
    ...extra,
  };
}

function review(ordinal: number, overrides: Partial<ReviewDto> = {}): ReviewDto {
  return {
    id: ordinal,
    public_id: `${ordinal}-r`,
    submission: { id: 1, public_id: '1-s', title: 'Paper', event: { id: 1, public_id: '1-e', title: 'Event' } },
    status: 'completed',
    status_display: 'Completed',
    recommendation: 'accept',
    recommendation_display: 'Accept',
    overall_score: 2,
    confidence: 4,
    assigned_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-02T00:00:00Z',
    completed_at: '2026-01-02T00:00:00Z',
    reviewer_label: `Reviewer ${ordinal}`,
    ordinal,
    is_own: false,
    structured_review: structured(2, { originality: 8, clarity: null }),
    comments_to_author: 'Solid but incremental.',
    form_version: 1,
    answers: {},
    abilities: { edit: false, submit: false, can_use_assistant: false },
    ...overrides,
  };
}

describe('criterion averages in the comparison', () => {
  it('averages each criterion over the completed reviews only, in the form’s order', () => {
    const rows = comparisonRows([
      review(1, { structured_review: structured(2, { originality: 8, clarity: 5 }) }),
      review(2, { structured_review: structured(1, { originality: 5, clarity: null, relevance: 7 }) }),
      // A draft (its own reviewer's view): its scores do not count.
      review(3, { status: 'in_progress', structured_review: structured(-3, { originality: 1, clarity: 1 }) }),
    ]).filter((row) => row.key.startsWith('criterion:'));
    expect(rows.map((row) => [row.key, row.average])).toEqual([
      ['criterion:originality', 6.5],
      ['criterion:relevance', 7],
      ['criterion:clarity', 5],
    ]);
  });

  it('has no row for a criterion nobody scored, and rounds to two decimals', () => {
    expect(comparisonRows([review(1), review(2)]).map((row) => row.key)).not.toContain('criterion:clarity');
    expect(averageOf([1, 2, 2])).toBe(1.67);
    expect(averageOf([null, undefined])).toBeNull();
  });
});

describe('the comparison table', () => {
  const reviews = [
    review(2, {
      overall_score: -1,
      confidence: 2,
      recommendation: 'weak_reject',
      structured_review: structured(-1, { originality: 4, clarity: null }),
      reviewer: {
        public_id: 'u-2',
        first_name: 'Bea',
        last_name: 'Second',
        full_name: 'Bea Second',
        email: 'b@x.org',
        affiliation: 'X',
      },
    }),
    review(3, {
      status: 'in_progress',
      recommendation: null,
      overall_score: null,
      confidence: null,
      structured_review: null,
      comments_to_author: '',
    }),
    review(1, { structured_review: structured(2, { originality: 9, clarity: null }) }),
  ];

  it('builds one column per review in the reviews order, with the name only when the API sent it', () => {
    expect(comparisonColumns(reviews)).toEqual([
      { publicId: '1-r', ordinal: 1, reviewerName: null, status: 'completed', isOwn: false, completed: true },
      { publicId: '2-r', ordinal: 2, reviewerName: 'Bea Second', status: 'completed', isOwn: false, completed: true },
      { publicId: '3-r', ordinal: 3, reviewerName: null, status: 'in_progress', isOwn: false, completed: false },
    ]);
  });

  it('has the score rows with one value per column and averages over completed reviews', () => {
    const rows = comparisonRows(reviews);
    expect(rows.map((row) => row.key)).toEqual(['overall', 'confidence', 'recommendation', 'criterion:originality']);
    expect(rows[0]).toEqual({ key: 'overall', values: [2, -1, null], average: 0.5 });
    expect(rows[1]).toEqual({ key: 'confidence', values: [4, 2, null], average: 3 });
    expect(rows[2]).toEqual({ key: 'recommendation', values: ['accept', 'weak_reject', null], average: null });
    expect(rows[3]).toMatchObject({ criterionId: 'originality', values: [9, 4, null], average: 6.5 });
  });

  it("takes the API's overall average when it sent one, and shows a draft's own scores as blanks", () => {
    expect(comparisonRows(reviews, -0.33)[0]?.average).toBe(-0.33);
    expect(comparisonRows(reviews, null)[0]?.average).toBeNull();
    const ownDraft = review(1, { status: 'in_progress', is_own: true, overall_score: 3 });
    expect(comparisonRows([ownDraft])[0]).toEqual({ key: 'overall', values: [null], average: null });
  });

  it('formats scores and averages with a sign for the overall score', () => {
    expect(formatScore(1.5, true)).toBe('+1.5');
    expect(formatScore(-2, true)).toBe('-2');
    expect(formatScore(0, true)).toBe('0');
    expect(formatScore(1.666, false)).toBe('1.67');
    expect(formatScore(null)).toBeNull();
    expect(overallScoreName(-1, 'en')).toBe('Weak Reject');
    expect(confidenceName(5, 'ar')).toBe('خبير');
    expect(reviewerLabel({ ordinal: 2 }, 'ar')).toBe('المحكّم 2');
  });
});

describe('which fields render per reader', () => {
  const full = review(1, {
    structured_review: structured(2, { originality: 8, clarity: null }, { confidential_remarks_for_pc: 'PC-ONLY' }),
    comments_to_author: 'Please add an ablation.',
    comments_to_chair: 'CHAIR-ONLY',
    confidential_remarks_for_pc: 'PC-ONLY',
  });

  const shown = (reader: 'author' | 'reviewer' | 'committee') =>
    Object.fromEntries(reviewRows(full, DEFAULT_REVIEW_FORM, reader).map((row) => [row.question.key, row.value]));

  it('gives authors the scores, criteria, strengths, weaknesses, justification and comments only', () => {
    expect(shown('author')).toEqual({
      overall_score: 2,
      strengths: ['Clear writing'],
      weaknesses: ['No baselines'],
      justification: 'Solid but incremental.',
      confidence: 4,
      originality: 8,
    });
    const sections = reviewSections(full, 'author');
    expect(sections).toEqual({ recommendation: 'accept', commentsToAuthor: 'Please add an ablation.' });
    expect(JSON.stringify([sections, shown('author')])).not.toMatch(/CHAIR-ONLY|PC-ONLY|I work on this/);
  });

  it('adds the confidence comment for reviewers, never the confidential parts', () => {
    expect(shown('reviewer').confidence_comment).toBe('I work on this.');
    expect(shown('reviewer')).not.toHaveProperty('confidential_remarks_for_pc');
    expect(reviewSections(full, 'reviewer').commentsToChair).toBeUndefined();
  });

  it('adds the comments to the chair and the confidential remarks for the committee, without repeating a text', () => {
    expect(shown('committee')).toMatchObject({
      confidence_comment: 'I work on this.',
      confidential_remarks_for_pc: 'PC-ONLY',
    });
    expect(reviewSections(full, 'committee').commentsToChair).toBe('CHAIR-ONLY');
    // The review form sends the remarks as comments to the chair and the justification as comments to the authors.
    const same = reviewSections(
      review(1, { comments_to_chair: 'PC-ONLY', confidential_remarks_for_pc: 'PC-ONLY' }),
      'committee',
    );
    expect(same.commentsToChair).toBeUndefined();
    expect(same.commentsToAuthor).toBeNull();
  });

  it("reads a reviewer's own review as the committee does, and nothing in 'none'", () => {
    expect(readerOf('reviewer', { is_own: true })).toBe('committee');
    expect(readerOf('reviewer', { is_own: false })).toBe('reviewer');
    expect(readerOf('author', { is_own: false })).toBe('author');
    expect(readerOf('committee', { is_own: false })).toBe('committee');
    expect(readerOf('none', { is_own: false })).toBeNull();
  });
});

describe('noticeText', () => {
  const hidden = {
    code: 'reviews.hiddenUntilDecision',
    message: 'The reviews will be available once a decision has been made.',
  };

  it('translates the notice key, else keeps the English text', () => {
    expect(noticeText(hidden, 'ar')).toBe('ستتاح التحكيمات بعد اتخاذ القرار.');
    expect(noticeText({ code: 'reviews.unknown', message: 'Held back.' }, 'ar')).toBe('Held back.');
    expect(noticeText(null, 'en')).toBeNull();
  });

  it('translates the notice an author gets once decided without a completed review', () => {
    const none = {
      code: 'reviews.noneCompleted',
      message:
        'A decision has been made, but no review of this submission was completed, so there is no review to show.',
    };
    expect(noticeText(none, 'en')).toBe(none.message);
    expect(noticeText(none, 'ar')).toBe('اتُّخذ القرار، لكن لم يُستكمل أي تحكيم لهذه الورقة، لذا لا يوجد تحكيم لعرضه.');
    expect(noticeText(none, 'en', { decided: true, noneSharedText: 'None shared.' })).toBe(none.message);
  });

  it("says nothing was shared instead of 'once a decision is made' when the decision is made", () => {
    expect(noticeText(hidden, 'en', { decided: true, noneSharedText: 'None shared.' })).toBe('None shared.');
    expect(noticeText(hidden, 'en', { decided: false, noneSharedText: 'None shared.' })).toBe(hidden.message);
  });
});

describe('the review detail page', () => {
  const reviewer = {
    public_id: '5-u',
    first_name: 'Ada',
    last_name: 'Lovelace',
    full_name: 'Ada Lovelace',
    email: 'ada@example.org',
    affiliation: 'Analytical Engines',
  };

  it('links its own reviewer back to their reviews, and anyone else to the submission', () => {
    expect(reviewBackLink(review(1, { is_own: true }))).toEqual({ to: '/reviews', labelKey: 'reviews.detail.back' });
    expect(reviewBackLink(review(2, { reviewer }))).toEqual({
      to: '/submissions/1-s',
      labelKey: 'reviews.detail.backToSubmission',
    });
    expect(reviewBackLink(undefined)).toEqual({ to: '/reviews', labelKey: 'reviews.detail.back' });
  });

  it('reads the review in full for its reviewer and the committee, never the confidential parts for others', () => {
    expect(detailReader({ is_own: true })).toBe('committee');
    expect(detailReader({ is_own: false, reviewer })).toBe('committee');
    expect(detailReader({ is_own: false })).toBe('reviewer');
    const leaked = review(3, { comments_to_chair: 'CHAIR-ONLY', confidential_remarks_for_pc: 'PC-ONLY' });
    const reader = detailReader(leaked);
    const shown = [reviewSections(leaked, reader), reviewRows(leaked, DEFAULT_REVIEW_FORM, reader)];
    expect(JSON.stringify(shown)).not.toMatch(/CHAIR-ONLY|PC-ONLY/);
  });

  it('shows the scored criteria and comments to the authors that differ from the justification', () => {
    const scored = review(4, {
      is_own: true,
      structured_review: structured(1, { originality: 7, relevance: null, clarity: 9 }),
      comments_to_author: 'Please compare with the 2019 baseline.',
    });
    const reader = detailReader(scored);
    const criteria = reviewRows(scored, DEFAULT_REVIEW_FORM, reader).filter(
      (row) => sectionOf(row.question) === 'criteria',
    );
    expect(criteria.map((row) => [row.question.key, row.value, row.question.max])).toEqual([
      ['originality', 7, 10],
      ['clarity', 9, 10],
    ]);
    expect(reviewSections(scored, reader).commentsToAuthor).toBe('Please compare with the 2019 baseline.');
  });
});

describe('reviewRows (the form decides what each reader reads)', () => {
  const form = DEFAULT_REVIEW_FORM.map((question) => {
    if (question.key === 'confidence_comment') return { ...question, visibility: 'authors' as const };
    if (question.key === 'originality') return { ...question, visibility: 'chairs' as const };
    return question;
  }).filter((question) => question.key !== 'weaknesses');
  const scored = review(1, {
    structured_review: structured(2, { originality: 8, clarity: 6 }, { confidential_remarks_for_pc: 'PC-ONLY' }),
    confidential_remarks_for_pc: 'PC-ONLY',
  });
  const keys = (reader: 'author' | 'reviewer' | 'committee') =>
    reviewRows(scored, form, reader).map((row) => row.question.key);

  it('follows the form’s order and visibility, and leaves out a removed question', () => {
    expect(keys('author')).toEqual([
      'overall_score',
      'strengths',
      'justification',
      'confidence',
      'confidence_comment',
      'clarity',
    ]);
    expect(keys('reviewer')).toEqual(keys('author'));
    expect(keys('committee')).toEqual([
      'overall_score',
      'strengths',
      'justification',
      'confidence',
      'confidence_comment',
      'confidential_remarks_for_pc',
      'originality',
      'clarity',
    ]);
    const confidential = reviewRows(scored, form, 'committee').filter((row) => row.confidential);
    expect(confidential.map((row) => row.question.key)).toEqual(['confidential_remarks_for_pc', 'originality']);
  });

  it('reads a chair’s question from the answers, and names scores and choices', () => {
    const chair = fallbackQuestions({ answers: { artifact: 'yes' } }).at(-1);
    expect(chair).toMatchObject({ key: 'artifact', kind: 'text', label: { en: 'artifact' } });
    const novelty = form[0] && { ...form[0], key: 'novelty', builtin: false, min: 1, max: 5, value_labels: {} };
    if (!novelty) throw new Error('a question');
    const rows = reviewRows({ ...scored, answers: { novelty: 4 } }, [novelty], 'author');
    expect(rows).toEqual([{ question: novelty, confidential: false, kind: 'score', value: 4 }]);
    expect(scoreText(DEFAULT_REVIEW_FORM[0] as ReviewQuestionDto, 2, 'en')).toBe('+2 — Accept');
    expect(scoreText(novelty, 4, 'ar')).toBe('4');
  });
});
