import { z } from 'zod';
import { AI_PROVIDERS } from './events.ts';
import { SaveReviewBody } from './reviews.ts';

/**
 * The review assistant (`docs/domain.md#review-assistant`): on their own draft, a reviewer asks for findings. It never
 * writes nor submits the review; what it saw and said is stored nowhere and shown to no one else.
 */

/** What a finding is about, in the order the screen groups them. `question` comes from the `openai` provider only. */
export const ASSISTANT_FINDING_KINDS = [
  'missing_answer',
  'too_short',
  'score_contradiction',
  'tone',
  'generic',
  'no_suggestion',
  'question',
] as const;
export type AssistantFindingKind = (typeof ASSISTANT_FINDING_KINDS)[number];

/** `warning`: the review is likely to be refused or hurt the authors as it is; `info`: it would be better with it. */
export const ASSISTANT_SEVERITIES = ['warning', 'info'] as const;
export type AssistantSeverity = (typeof ASSISTANT_SEVERITIES)[number];

/** How many questions the `openai` provider may add, and how long each may be. */
export const ASSISTANT_MAX_QUESTIONS = 5;
export const ASSISTANT_QUESTION_MAX_LENGTH = 300;

/**
 * `POST reviews/{id}/assistant/`: the draft as the review editor holds it, in the shape of a review save (the draft
 * need not be saved; the fields sent lie over the saved review). Nothing sent, or an empty object: the saved draft.
 */
export const ReviewAssistantBody = SaveReviewBody.nullish();
export type ReviewAssistantBody = z.infer<typeof ReviewAssistantBody>;

/** The language of the findings' messages; without it, the request's Accept-Language (English by default). */
export const ReviewAssistantQuery = z.object({
  lang: z.enum(['en', 'ar'], { error: 'validation.invalid' }).optional(),
});
export type ReviewAssistantQuery = z.infer<typeof ReviewAssistantQuery>;

export const AssistantFindingDto = z.object({
  kind: z.enum(ASSISTANT_FINDING_KINDS),
  /** The question of the review form the finding concerns (null for a paper question). */
  question_key: z.string().nullable(),
  /** The sentence of the draft concerned, as written (null when the finding is about a whole answer). */
  sentence: z.string().nullable(),
  /** Why, in the caller's language. */
  message: z.string(),
  /** The message's key in `server.json` (`reviewAssistant.findings.*`). */
  message_code: z.string(),
  severity: z.enum(ASSISTANT_SEVERITIES),
});
export type AssistantFindingDto = z.infer<typeof AssistantFindingDto>;

export const ReviewAssistantDto = z.object({
  findings: z.array(AssistantFindingDto),
  /** Questions a careful reviewer would ask about the paper (the `openai` provider; empty with `local`). */
  questions: z.array(z.string()),
  /** The provider whose findings these are (`local` when the `openai` one failed, with the notice saying so). */
  provider: z.enum(AI_PROVIDERS),
  notice: z.object({ code: z.string(), message: z.string() }).nullable(),
});
export type ReviewAssistantDto = z.infer<typeof ReviewAssistantDto>;
