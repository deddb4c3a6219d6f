import { REWRITE_INPUT_MAX_LENGTH } from '@confero/contracts';
import { createOpenAiEmbeddings } from './openai-embeddings.ts';
import { type OpenAiOptions, postJson } from './openai-http.ts';
import { analyzeWithOpenAi, extractWithOpenAi } from './openai-papers.ts';
import { reviewQuestionsWithOpenAi } from './openai-review.ts';
import { type AiProvider, AiProviderError } from './types.ts';

export type { OpenAiOptions } from './openai-http.ts';

export type ChatMessage = { role: 'system' | 'user' | 'assistant'; content: string };

export const DEFAULT_OPENAI_MODEL = 'gpt-4o-mini';

/**
 * One call to `{baseUrl}/chat/completions` (no retry: a person is waiting, and the callers fall back to the local
 * provider); returns the first choice's text, or an AiProviderError (see postJson; also a missing text).
 */
export async function chatCompletion(
  options: OpenAiOptions,
  request: { messages: ChatMessage[]; temperature?: number; maxTokens?: number },
): Promise<string> {
  const payload = await postJson(options, 'chat/completions', {
    model: options.model || DEFAULT_OPENAI_MODEL,
    messages: request.messages,
    temperature: request.temperature ?? 0.2,
    ...(request.maxTokens ? { max_tokens: request.maxTokens } : {}),
  });
  const content = (payload as { choices?: { message?: { content?: unknown } }[] })?.choices?.[0]?.message?.content;
  if (typeof content !== 'string') throw new AiProviderError('the AI endpoint answered without a message');
  return content;
}

const REWRITE_INSTRUCTIONS = [
  'You edit the descriptions of academic events (conferences, workshops, books, journals).',
  'Rewrite the description you are given so that it is clear, well structured and professional.',
  'Keep every fact exactly: names, numbers, dates, deadlines, places, URLs and e-mail addresses. Add no fact, no',
  'claim and no placeholder that is not in the original. Write in the language of the original.',
  'Use plain text: short paragraphs separated by a blank line, and "- " bullet lists where the text enumerates',
  'items such as topics. Answer with the rewritten description only, without any preamble or comment.',
].join(' ');

/** Removes a code fence or surrounding quotes a model sometimes adds around its answer. */
function unwrap(text: string): string {
  const trimmed = text.trim();
  const fenced = /^```[\w-]*\n([\s\S]*?)\n```$/u.exec(trimmed);
  return (fenced?.[1] ?? trimmed).trim();
}

/**
 * The `openai` provider: the model rewrites; its answer is checked (non-empty, length-bounded) before use. It also
 * embeds texts (`openai-embeddings.ts`) for reviewer matching by embeddings (`ai/embeddings/`).
 */
export function createOpenAiProvider(options: OpenAiOptions): AiProvider {
  return {
    name: 'openai',
    embeddings: createOpenAiEmbeddings(options),
    async rewriteDescription(description) {
      const answer = unwrap(
        await chatCompletion(options, {
          messages: [
            { role: 'system', content: REWRITE_INSTRUCTIONS },
            { role: 'user', content: description },
          ],
          temperature: 0.2,
        }),
      );
      if (!answer) throw new AiProviderError('the AI endpoint answered with an empty text');
      const limit = Math.min(REWRITE_INPUT_MAX_LENGTH, Math.max(2_000, description.length * 3));
      if (answer.length > limit) {
        throw new AiProviderError(`the AI answer is too long (${answer.length} characters, limit ${limit})`);
      }
      return answer;
    },
    async extractMetadata(pdf) {
      return extractWithOpenAi((request) => chatCompletion(options, request), pdf);
    },
    async analyzeSubmission(input) {
      return analyzeWithOpenAi((request) => chatCompletion(options, request), input);
    },
    async reviewQuestions(paper, language) {
      return reviewQuestionsWithOpenAi((request) => chatCompletion(options, request), paper, language);
    },
  };
}
