import type { ReviewDto } from '@confero/contracts';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { REVIEW_FORM, reviewDto } from '../../test/fixtures.ts';
import { renderHtml } from '../../test/render.tsx';
import { reviewKeys } from './api.ts';
import { ReviewDetailScreen } from './components/ReviewDetailScreen.tsx';

const REVIEW = '12-reviewaa';

const review = reviewDto;

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
      structured_review: { ...REVIEW_FORM, criteria: [] },
    });
    const html = await render(unscored);
    expect(html).not.toMatch(/CHAIR-ONLY|PC-ONLY/);
    expect(html).not.toContain('data-testid="review-confidential"');
    expect(html).not.toContain('data-testid="review-criteria"');
  });

  it('tells its reviewer that a draft past the review deadline was never submitted, and offers no Edit', async () => {
    const draft = review({
      is_own: true,
      status: 'in_progress',
      completed_at: null,
      review_deadline: '2020-03-10',
      timezone: 'Asia/Riyadh',
      abilities: { edit: false, submit: false, can_use_assistant: false },
    });
    const html = await render(draft);
    expect(html).toContain('data-reason="deadline"');
    expect(html).toContain(
      'The review deadline passed on Mar 10, 2020 at 23:59 (Asia/Riyadh). This review was never submitted',
    );
    expect(html).not.toContain('has been submitted');
    expect(html).not.toContain('href="/reviews/create?submissionId=');
    // A submitted review of its own needs no notice; nor does a chair's view of someone else's review.
    expect(await render(review({ is_own: true }))).not.toContain('data-testid="review-read-only"');
    expect(await render(review({ status: 'in_progress', review_deadline: '2020-03-10' }))).not.toContain(
      'data-testid="review-read-only"',
    );
  });

  it('speaks Arabic', async () => {
    const html = await render(chairView, 'ar');
    expect(html).toContain('العودة إلى الورقة');
    expect(html).toContain('درجات المعايير');
    expect(html).toContain('الأصالة');
    expect(html).toContain('تعليقات للمؤلفين');
  });
});
