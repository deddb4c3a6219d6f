import { REWRITE_INPUT_MAX_LENGTH } from '@confero/contracts';
import { analyzeWithOpenAi, extractWithOpenAi } from './openai-papers.ts';
import { reviewQuestionsWithOpenAi } from './openai-review.ts';
import { type AiProvider, AiProviderError } from './types.ts';

export type OpenAiOptions = {
  /** e.g. https://api.openai.com/v1 or http://127.0.0.1:11434/v1 (any OpenAI-compatible server). */
  baseUrl: string;
  apiKey?: string;
  /** The chat model; the server's default name for small models when unset. */
  model?: string;
  timeoutMs?: number;
};

export type ChatMessage = { role: 'system' | 'user' | 'assistant'; content: string };

export const DEFAULT_OPENAI_MODEL = 'gpt-4o-mini';
const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * One call to `{baseUrl}/chat/completions`; returns the first choice's text. Every failure (network, timeout,
 * status ≥ 400, malformed JSON, missing text) becomes an AiProviderError whose message names the cause but no
 * secret.
 */
export async function chatCompletion(
  options: OpenAiOptions,
  request: { messages: ChatMessage[]; temperature?: number; maxTokens?: number },
): Promise<string> {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
      },
      body: JSON.stringify({
        model: options.model || DEFAULT_OPENAI_MODEL,
        messages: request.messages,
        temperature: request.temperature ?? 0.2,
        ...(request.maxTokens ? { max_tokens: request.maxTokens } : {}),
      }),
      signal: AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
    });
  } catch (error) {
    throw new AiProviderError(`the AI endpoint could not be reached (${(error as Error).name})`, { cause: error });
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    throw new AiProviderError(`the AI endpoint answered ${response.status}`);
  }
  let payload: unknown;
  try {
    payload = await response.json();
  } catch (error) {
    throw new AiProviderError('the AI endpoint answered with invalid JSON', { cause: error });
  }
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

/** The `openai` provider: the model rewrites; its answer is checked (non-empty, length-bounded) before use. */
export function createOpenAiProvider(options: OpenAiOptions): AiProvider {
  return {
    name: 'openai',
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
