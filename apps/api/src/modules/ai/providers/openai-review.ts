import { ASSISTANT_MAX_QUESTIONS, ASSISTANT_QUESTION_MAX_LENGTH } from '@confero/contracts';
import { z } from 'zod';
import type { AssistantPaper } from '../review-assistant/index.ts';
import { type Complete, parseJsonAnswer } from './openai-papers.ts';
import { AiProviderError } from './types.ts';

/*
 * The openai provider's part of the review assistant (`docs/domain.md#review-assistant`): questions a careful reviewer
 * would ask about the paper, from its title, keywords, abstract and the beginning of its text. The reviewer's draft is
 * never sent: the model reads the paper only.
 */

/** How much of the paper's extracted text the model reads. */
const REVIEW_QUESTIONS_TEXT_LIMIT = 8_000;

const QUESTIONS_INSTRUCTIONS = [
  'You help a peer reviewer of an academic paper. From the paper given by the user, list the questions a careful',
  `reviewer would ask the authors: at most ${ASSISTANT_MAX_QUESTIONS}, each one sentence about this paper's own claims,`,
  'methods, data or results (never generic). Write them in the language named by the user.',
  'Answer one JSON object {"questions": [strings]} and nothing else.',
].join(' ');

const QuestionsAnswer = z.object({ questions: z.array(z.string()) });

/** The model's questions about a paper, checked: strings, trimmed, non-empty, at most ASSISTANT_MAX_QUESTIONS. */
export async function reviewQuestionsWithOpenAi(
  complete: Complete,
  paper: AssistantPaper,
  language: 'en' | 'ar',
): Promise<string[]> {
  const user = [
    `LANGUAGE OF THE QUESTIONS: ${language === 'ar' ? 'Arabic' : 'English'}`,
    `TITLE: ${paper.title.slice(0, 500)}`,
    `KEYWORDS: ${paper.keywords.join(', ').slice(0, 500)}`,
    `ABSTRACT: ${paper.abstract.slice(0, 4_000)}`,
    `TEXT (beginning): ${paper.text.slice(0, REVIEW_QUESTIONS_TEXT_LIMIT)}`,
  ].join('\n');
  const answer = await complete({
    messages: [
      { role: 'system', content: QUESTIONS_INSTRUCTIONS },
      { role: 'user', content: user },
    ],
    temperature: 0.2,
  });
  const parsed = QuestionsAnswer.safeParse(parseJsonAnswer(answer));
  if (!parsed.success) throw new AiProviderError('the AI answer does not have the questions shape');
  return parsed.data.questions
    .map((question) => question.replace(/\s+/g, ' ').trim())
    .filter((question) => question.length > 0 && question.length <= ASSISTANT_QUESTION_MAX_LENGTH)
    .slice(0, ASSISTANT_MAX_QUESTIONS);
}
