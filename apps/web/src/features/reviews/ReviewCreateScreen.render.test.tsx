import type { MyReviewDto } from '@confero/contracts';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { myReviewDto, reviewDto, reviewFormDto, submissionDto } from '../../test/fixtures.ts';
import { renderHtml } from '../../test/render.tsx';
import { reviewFormKeys } from '../review-forms/api.ts';
import { submissionKeys } from '../submissions/api.ts';
import { reviewKeys } from './api.ts';
import { ReviewCreateScreen } from './components/ReviewCreateScreen.tsx';

const PAPER = '11-papera';

/** The review page of the fixture paper for a reviewer whose own review is `own`. */
async function render(own: MyReviewDto, language: 'en' | 'ar' = 'en', title = 'Graph kernels'): Promise<string> {
  const client = new QueryClient();
  client.setQueryData(
    submissionKeys.detail(PAPER),
    submissionDto({ title, abilities: { ...submissionDto().abilities, review: true } }),
  );
  client.setQueryData(reviewKeys.mine, [own]);
  client.setQueryData(
    reviewKeys.detail(own.public_id),
    reviewDto({ public_id: own.public_id, status: own.status, is_own: true, abilities: own.abilities }),
  );
  // The form the review was written against (version 1 of the paper's event).
  client.setQueryData(reviewFormKeys.version(submissionDto().event_public_id, 1), reviewFormDto());
  return renderHtml(<ReviewCreateScreen submissionId={PAPER} />, { client, language, url: `/reviews/create` });
}

const closed = { edit: false, submit: false, can_use_assistant: false };

describe('ReviewCreateScreen', () => {
  it('says that the review deadline passed, with its date, time and zone, and that nothing was submitted', async () => {
    const html = await render(myReviewDto({ review_deadline: '2020-03-10', timezone: 'AoE', abilities: closed }));
    expect(html).toContain('data-testid="review-read-only"');
    expect(html).toContain('data-reason="deadline"');
    expect(html).toContain(
      'The review deadline passed on Mar 10, 2020 at 23:59 (Anywhere on Earth, UTC−12). This review was never submitted: nothing was sent to the chairs',
    );
    expect(html).not.toContain('This review has been submitted');
    // The form is gone, the draft can still be read.
    expect(html).not.toContain('Submit Review');
    expect(html).toContain('href="/reviews/12-reviewaa"');
  });

  it('names an event zone, and speaks Arabic', async () => {
    const html = await render(
      myReviewDto({ review_deadline: '2020-03-10', timezone: 'America/New_York', abilities: closed }),
      'ar',
    );
    expect(html).toContain('انقضى الموعد النهائي للتحكيم في');
    expect(html).toContain('(America/New York)');
    expect(html).toContain('لم يُرسَل هذا التحكيم قط');
    expect(html).not.toContain('The review deadline');
  });

  it('keeps the submitted message for a submitted review, deadline or not', async () => {
    const html = await render(
      myReviewDto({
        status: 'completed',
        review_deadline: '2020-03-10',
        completed_at: '2020-03-01T00:00:00Z',
        abilities: closed,
      }),
    );
    expect(html).toContain('data-reason="submitted"');
    expect(html).toContain('This review has been submitted and can no longer be changed.');
    expect(html).not.toContain('deadline passed');
  });

  it('says only that an unsubmitted review can no longer be written when the deadline is still ahead', async () => {
    const html = await render(myReviewDto({ abilities: closed }));
    expect(html).toContain('data-reason="closed"');
    expect(html).toContain('This review was not submitted, and you can no longer write or change it.');
  });

  it('offers the form while the review may be changed, and lays the paper out in its own direction', async () => {
    const html = await render(myReviewDto(), 'ar', 'Graph kernels in practice');
    expect(html).not.toContain('data-testid="review-read-only"');
    expect(html).toMatch(/<h2[^>]*dir="auto"[^>]*>Graph kernels in practice<\/h2>/);
    expect(html).toContain('<bdi>ICML Test</bdi>');
    expect(html).toMatch(/<p[^>]*dir="auto"[^>]*>We study graph kernels.<\/p>/);
  });
});
