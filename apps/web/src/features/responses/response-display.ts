import { countWords, questionLabel, type ReleasedReviewDto, type ReviewAnswer } from '@confero/contracts';
import { choiceText, scoreText } from '../reviews/review-display.ts';

/*
 * Pure display helpers of the author response: the live word count (the server's `countWords`, so the browser and
 * the API agree on every text, Arabic included) and the answers of a released review in the interface language.
 */

export type Language = 'en' | 'ar';

export const languageOf = (language: string | undefined): Language => (language?.startsWith('ar') ? 'ar' : 'en');

/** The words of a response against the limit: the count, and whether it is over. */
export function wordCountOf(text: string, limit: number): { count: number; over: boolean } {
  const count = countWords(text);
  return { count, over: count > limit };
}

type Question = ReleasedReviewDto['questions'][number];

/**
 * An answer as text in the interface language, as the review screens write it: a score with its value's label
 * ("+2 — Accept" on a signed scale), a choice as its option's label, a text as written; a list is left to the caller
 * (one line per entry). Empty answers give ''.
 */
export function answerText(question: Question, answer: ReviewAnswer | undefined, language: Language): string {
  if (answer === null || answer === undefined || Array.isArray(answer)) return '';
  if (question.kind === 'score' && typeof answer === 'number') return scoreText(question, answer, language) ?? '';
  if (question.kind === 'choice') return choiceText(question, String(answer), language) ?? '';
  return String(answer);
}

/** The label of a question of a released review in the interface language. */
export const releasedQuestionLabel = (question: Question, language: Language) => questionLabel(question, language);

/** Whether a released review answered a question (an empty list or text, or no value, is left out of the view). */
export function isAnswered(answer: ReviewAnswer | undefined): boolean {
  if (answer === null || answer === undefined) return false;
  if (Array.isArray(answer)) return answer.length > 0;
  return String(answer).trim() !== '';
}

/** Where the response window stands: off, not open yet, open, or closed. */
export function phaseState(phase: {
  enabled: boolean;
  open: boolean;
  opens_at_utc: string | null;
}): 'off' | 'upcoming' | 'open' | 'closed' {
  if (!phase.enabled) return 'off';
  if (phase.open) return 'open';
  return phase.opens_at_utc && Date.now() < Date.parse(phase.opens_at_utc) ? 'upcoming' : 'closed';
}
