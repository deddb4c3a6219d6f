import type { ReviewDto, StructuredReviewDto } from '@confero/contracts';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { renderHtml } from '../../test/render.tsx';
import { reviewKeys } from './api.ts';
import { ReviewDetailScreen } from './components/ReviewDetailScreen.tsx';

const REVIEW = '12-reviewaa';

const FORM: StructuredReviewDto = {
  overall_evaluation: {
    score: 1,
    summary: { strengths: ['Clear writing'], weaknesses: ['No baselines'] },
    justification: 'Solid but incremental.',
  },
  confidence: { score: 4, comment: 'I work on this.' },
  criteria: [
    { id: 'originality', name: 'Originality', description: '', min_score: 1, max_score: 10, score: 7 },
    { id: 'clarity', name: 'Clarity', description: '', min_score: 1, max_score: 10, score: 9 },
    { id: 'relevance', name: 'Relevance', description: '', min_score: 1, max_score: 10, score: null },
  ],
};

/** A completed review with two scored criteria, one unscored, and comments to the authors of their own. */
const review = (overrides: Partial<ReviewDto> = {}): ReviewDto => ({
  id: 12,
  public_id: REVIEW,
  submission: {
    id: 4,
    public_id: '4-paperaaa',
    title: 'Graph kernels',
    event: { id: 1, public_id: '1-eventaaa', title: 'ICML Test' },
  },
  status: 'completed',
  status_display: 'Completed',
  recommendation: 'weak_accept',
  recommendation_display: 'Weak accept',
  overall_score: 1,
  confidence: 4,
  assigned_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-02T00:00:00Z',
  completed_at: '2026-01-02T00:00:00Z',
  reviewer_label: 'Reviewer 1',
  ordinal: 1,
  is_own: false,
  structured_review: FORM,
  comments_to_author: 'Please compare with the 2019 baseline.',
  abilities: { edit: false, submit: false },
  ...overrides,
});

async function render(data: ReviewDto, language: 'en' | 'ar' = 'en'): Promise<string> {
  const client = new QueryClient();
  client.setQueryData(reviewKeys.detail(REVIEW), data);
  return renderHtml(<ReviewDetailScreen reviewId={REVIEW} />, { client, language, url: `/reviews/${REVIEW}` });
}

describe('ReviewDetailScreen', () => {
  const chairView = review({
    reviewer: {
      public_id: '5-revaaaaa',
      first_name: 'Ada',
      last_name: 'Lovelace',
      full_name: 'Ada Lovelace',
      email: 'ada@example.org',
      affiliation: 'Analytical Engines',
    },
    comments_to_chair: 'CHAIR-ONLY',
    confidential_remarks_for_pc: 'PC-ONLY',
  });

  it('shows a chair the scored criteria, the comments to the authors, and links back to the submission', async () => {
    const html = await render(chairView);
    expect(html).toContain('href="/submissions/4-paperaaa"');
    expect(html).toContain('Back to the submission');
    expect(html).not.toContain('Back to your reviews');
    expect(html.match(/data-testid="review-criterion"/g)).toHaveLength(2);
    expect(html).toContain('data-criterion="originality"');
    expect(html).not.toContain('data-criterion="relevance"');
    expect(html).toContain('7 / 10');
    expect(html).toContain('9 / 10');
    expect(html).toContain('data-testid="review-comments-to-author"');
    expect(html).toContain('Please compare with the 2019 baseline.');
    expect(html).toContain('data-testid="review-confidential"');
    expect(html).toContain('CHAIR-ONLY');
    expect(html).toContain('Ada Lovelace');
  });

  it('links its own reviewer back to their reviews, and leaves out comments that repeat the justification', async () => {
    const html = await render(review({ is_own: true, comments_to_author: 'Solid but incremental.' }));
    expect(html).toContain('href="/reviews"');
    expect(html).toContain('Back to your reviews');
    expect(html).not.toContain('data-testid="review-comments-to-author"');
  });

  it('never renders confidential parts for a reader outside the committee, and has no criteria block when none is scored', async () => {
    const unscored = review({
      comments_to_chair: 'CHAIR-ONLY',
      confidential_remarks_for_pc: 'PC-ONLY',
      structured_review: { ...FORM, criteria: [] },
    });
    const html = await render(unscored);
    expect(html).not.toMatch(/CHAIR-ONLY|PC-ONLY/);
    expect(html).not.toContain('data-testid="review-confidential"');
    expect(html).not.toContain('data-testid="review-criteria"');
  });

  it('speaks Arabic', async () => {
    const html = await render(chairView, 'ar');
    expect(html).toContain('العودة إلى الورقة');
    expect(html).toContain('درجات المعايير');
    expect(html).toContain('الأصالة');
    expect(html).toContain('تعليقات للمؤلفين');
  });
});
