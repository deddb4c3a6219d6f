import type { MetaReviewDto, ReviewAnswer, ReviewAnswers, ReviewQuestionDto } from '@confero/contracts';
import { type ReviewRow, reviewRows } from '../reviews/review-display.ts';

/*
 * A meta-review on a screen (`docs/domain.md#meta-review`): its questions are all answered in `answers` (none is
 * built in), so the review screens' rows (`reviewRows`) show it as they show a chair's own questions. The API sends
 * only the questions the reader reads.
 */

/** The rows of a meta-review, in its form's order, as the API let the reader read them. */
export function metaReviewRows(metaReview: Pick<MetaReviewDto, 'questions' | 'answers'>): ReviewRow[] {
  return reviewRows(
    {
      status: 'completed',
      overall_score: null,
      confidence: null,
      structured_review: null,
      answers: metaReview.answers,
    },
    metaReview.questions,
    'committee',
  );
}

/** An answer in the editor: a text (a score as its digits, a choice as its value) or a list's entries. */
export type EditorAnswer = string | string[];

/** The answers the editor starts from: the saved ones, a score as its digits, none as ''. */
export function editorAnswers(metaReview: Pick<MetaReviewDto, 'questions' | 'answers'>): Record<string, EditorAnswer> {
  return Object.fromEntries(
    metaReview.questions.map((question) => {
      const value = metaReview.answers[question.key];
      if (question.kind === 'list') return [question.key, Array.isArray(value) ? value : []];
      return [question.key, value === null || value === undefined || Array.isArray(value) ? '' : String(value)];
    }),
  );
}

/** The answers as the API takes them: a score as a number, an empty answer as null. */
export function answersToSend(
  questions: readonly ReviewQuestionDto[],
  values: Record<string, EditorAnswer>,
): ReviewAnswers {
  return Object.fromEntries(
    questions.map((question): [string, ReviewAnswer] => {
      const value = values[question.key] ?? '';
      if (Array.isArray(value)) return [question.key, value];
      if (value.trim() === '') return [question.key, null];
      return [question.key, question.kind === 'score' ? Number(value) : value];
    }),
  );
}
