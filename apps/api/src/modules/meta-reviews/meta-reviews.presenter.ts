import { type MetaReviewDto, questionReadBy, type ReviewAnswers } from '@confero/contracts';
import { abilitiesFrom } from '../../lib/authorize.ts';
import type { ReviewForm } from '../review-forms/review-forms.queries.ts';
import type { MetaReviewContext } from './meta-review-access.ts';
import { metaReviewAudience, metaReviewPolicies, metaReviewViewer, readsMetaReviewer } from './meta-reviews.policy.ts';

/**
 * A paper's meta-review for one viewer, against the form it is written in (or the current one while none is saved):
 * only the questions their audience reads (`questionReadBy`) and their answers; the area chair's identity only for the
 * committee and the area chair; `abilities.edit` from the write rule while the paper is undecided.
 */
export function presentMetaReview(context: MetaReviewContext, form: ReviewForm): MetaReviewDto {
  const viewer = metaReviewViewer(context.access);
  const audience = metaReviewAudience(viewer);
  const questions = audience ? form.questions.filter((question) => questionReadBy(question, audience)) : [];
  const stored: ReviewAnswers = context.metaReview?.answers ?? {};
  const answers: ReviewAnswers = Object.fromEntries(
    questions
      .filter((question) => question.key in stored)
      .map((question) => [question.key, stored[question.key] ?? null]),
  );
  const { write } = abilitiesFrom(metaReviewPolicies, context.access, undefined, { write: 'metaReview.write' });
  const row = context.metaReview;
  return {
    id: row?.publicId ?? null,
    submission: context.submission.publicId,
    status: row?.status ?? null,
    version: row?.version ?? 0,
    form_version: form.version,
    questions,
    answers,
    ...(readsMetaReviewer(viewer)
      ? {
          area_chair: context.author
            ? { id: context.author.publicId, name: `${context.author.firstName} ${context.author.lastName}`.trim() }
            : null,
        }
      : {}),
    completed_at: row?.completedAt?.toISOString() ?? null,
    updated_at: row?.updatedAt.toISOString() ?? null,
    abilities: { edit: write && !context.access.isDecided },
  };
}
