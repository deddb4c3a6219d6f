import { DEFAULT_REVIEW_FORM, type ReviewDto, type ReviewQuestionDto } from '@confero/contracts';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { reviewDto, reviewFormDto, reviewQuestionDto } from '../../test/fixtures.ts';
import { renderHtml } from '../../test/render.tsx';
import { reviewFormKeys } from '../review-forms/api.ts';
import { reviewKeys } from './api.ts';
import { ReviewComparisonTable } from './components/ReviewComparisonTable.tsx';
import { ReviewDetailScreen } from './components/ReviewDetailScreen.tsx';
import { SubmissionReviewBody } from './components/SubmissionReviewBody.tsx';

/*
 * The review views driven by the review's form: the author's view, the detail page and the side-by-side comparison
 * show the chair's questions with their labels in the reader's language (a choice by its option's label, a score as
 * "value — label"), in the form's order, and never a question the reader's audience does not read, even when a
 * payload carried its answer.
 */

const question = reviewQuestionDto;

const FORM: ReviewQuestionDto[] = [
  ...DEFAULT_REVIEW_FORM.map((item) =>
    item.key === 'justification' ? { ...item, label: { en: 'Why this score', ar: 'لماذا هذه الدرجة' } } : item,
  ),
  question('reproducibility', {
    kind: 'choice',
    label: { en: 'Reproducibility', ar: 'قابلية إعادة الإنتاج' },
    options: [
      { value: 'easily', label: { en: 'Easily', ar: 'بسهولة' } },
      { value: 'not_possible', label: { en: 'Not possible', ar: 'غير ممكن' } },
    ],
  }),
  question('novelty', {
    kind: 'score',
    label: { en: 'Novelty', ar: 'الجِدّة' },
    min: 1,
    max: 5,
    value_labels: { '4': { en: 'Quite new', ar: 'جديد إلى حدّ ما' } },
  }),
  question('pc_only', { label: { en: 'Committee note', ar: 'ملاحظة اللجنة' }, visibility: 'committee' }),
  question('best_paper', {
    kind: 'choice',
    label: { en: 'Best-paper nomination', ar: 'الترشيح لجائزة أفضل ورقة' },
    visibility: 'chairs',
    options: [
      { value: 'yes', label: { en: 'Yes', ar: 'نعم' } },
      { value: 'no', label: { en: 'No', ar: 'لا' } },
    ],
  }),
];

const ANSWERS = { reproducibility: 'easily', novelty: 4, pc_only: 'COMMITTEE-NOTE', best_paper: 'yes' };

function client() {
  const queries = new QueryClient();
  queries.setQueryData(reviewFormKeys.version('1-eventaaa', 1), reviewFormDto({ questions: FORM }));
  return queries;
}

describe('the views of a review written against a chair’s form', () => {
  it('shows an author the chair’s questions they read, by label, and nothing of the committee’s or the chairs’', async () => {
    // A payload that carried every answer: the view still renders only what authors read.
    const html = await renderHtml(<SubmissionReviewBody review={reviewDto({ answers: ANSWERS })} reader="author" />, {
      client: client(),
    });
    expect(html).toContain('data-testid="review-field-reproducibility"');
    expect(html).toContain('Reproducibility');
    expect(html).toContain('Easily');
    expect(html).not.toContain('>easily<');
    expect(html).toContain('Quite new');
    expect(html).toContain('Why this score');
    expect(html).not.toMatch(/COMMITTEE-NOTE|Committee note|Best-paper nomination/);
    expect(html).not.toContain('data-testid="review-item-confidential"');
    // The form's order: the justification before the chair's questions.
    expect(html.indexOf('Why this score')).toBeLessThan(html.indexOf('Reproducibility'));
  });

  it('shows the committee every question, the chairs-only ones in the confidential block, in Arabic', async () => {
    const html = await renderHtml(
      <SubmissionReviewBody review={reviewDto({ answers: ANSWERS })} reader="committee" />,
      { client: client(), language: 'ar' },
    );
    expect(html).toContain('قابلية إعادة الإنتاج');
    expect(html).toContain('بسهولة');
    expect(html).toContain('COMMITTEE-NOTE');
    const confidential = html.slice(html.indexOf('data-testid="review-item-confidential"'));
    expect(confidential).toContain('الترشيح لجائزة أفضل ورقة');
    expect(confidential).toContain('نعم');
  });

  it('reads the review detail page from the form: a score as "value — label", a choice by its label', async () => {
    const queries = client();
    const own: ReviewDto = reviewDto({ is_own: true, answers: ANSWERS });
    queries.setQueryData(reviewKeys.detail(own.public_id), own);
    const html = await renderHtml(<ReviewDetailScreen reviewId={own.public_id} />, { client: queries });
    expect(html).toContain('Further questions');
    expect(html).toContain('4 — Quite new');
    expect(html).toContain('data-testid="review-question-reproducibility"');
    expect(html).toContain('Easily');
    expect(html).toContain('Best-paper nomination');
  });

  it('adds the chair’s score and choice questions to the comparison, each as the reader may read them', async () => {
    const reviews = [
      reviewDto({ public_id: '1-r', ordinal: 1, answers: ANSWERS }),
      reviewDto({ public_id: '2-r', ordinal: 2, answers: { ...ANSWERS, novelty: 2, reproducibility: 'not_possible' } }),
    ];
    const committee = await renderHtml(<ReviewComparisonTable reviews={reviews} />, { client: client() });
    expect(committee).toContain('data-row="question:novelty"');
    expect(committee).toContain('data-row="question:reproducibility"');
    expect(committee).toContain('data-row="question:best_paper"');
    expect(committee).toContain('Not possible');
    // The novelty's average over both reviews.
    expect(committee).toMatch(/data-testid="comparison-average"[\s\S]*?>3<\/p>/);
    // Text questions are no row of the table.
    expect(committee).not.toContain('data-row="question:pc_only"');

    const reviewer = await renderHtml(<ReviewComparisonTable reviews={reviews} reader="reviewer" />, {
      client: client(),
    });
    expect(reviewer).toContain('data-row="question:novelty"');
    expect(reviewer).not.toContain('data-row="question:best_paper"');
  });
});
