import {
  type ReviewFormDto,
  type ReviewFormKind,
  type ReviewQuestionDto,
  reviewFormRulesOf,
  reviewFormsEqual,
  type SavedReviewFormDto,
} from '@confero/contracts';
import type { ReviewForm } from './review-forms.queries.ts';

/** What a form's answer shows besides the form: the event, the reviews answered against it, the reader's rights. */
export type ReviewFormPresentation = {
  eventPublicId: string;
  /** Which of the event's forms. */
  kind: ReviewFormKind;
  /** How many reviews (or meta-reviews, for that form) hold answers against the version. */
  answeredReviews: number;
  /** The reader reads every question (else only those authors read). */
  readsAll: boolean;
  canEdit: boolean;
};

/** A version of an event's form as one reader may read it: the questions outside their reach are left out. */
export function presentReviewForm(form: ReviewForm, presentation: ReviewFormPresentation): ReviewFormDto {
  const questions: ReviewQuestionDto[] = presentation.readsAll
    ? [...form.questions]
    : form.questions.filter((question) => question.visibility === 'authors');
  return {
    event: presentation.eventPublicId,
    version: form.version,
    questions,
    answered_reviews: presentation.answeredReviews,
    is_default: reviewFormsEqual(form.questions, reviewFormRulesOf(presentation.kind).defaults),
    updated_at: form.updatedAt?.toISOString() ?? null,
    abilities: { edit: presentation.canEdit },
  };
}

/** The answer of `PUT`: the form as saved (for its editor, who reads every question), and whether it is a new version. */
export function presentSavedReviewForm(
  saved: { form: ReviewForm; newVersion: boolean; previousVersion: number },
  presentation: ReviewFormPresentation,
): SavedReviewFormDto {
  return {
    ...presentReviewForm(saved.form, presentation),
    new_version: saved.newVersion,
    previous_version: saved.previousVersion,
  };
}
