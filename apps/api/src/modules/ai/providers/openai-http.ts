import { AiProviderError } from './types.ts';

export type OpenAiOptions = {
  /** e.g. https://api.openai.com/v1 or http://127.0.0.1:11434/v1 (any OpenAI-compatible server). */
  baseUrl: string;
  apiKey?: string;
  /** The chat model; the server's default name for small models when unset. */
  model?: string;
  /** The embeddings model (`openai-embeddings.ts`); DEFAULT_EMBEDDING_MODEL when unset. */
  embeddingModel?: string;
  /** Per attempt. */
  timeoutMs?: number;
};

const DEFAULT_TIMEOUT_MS = 30_000;

/** How a call retries: up to `retries` more attempts after a network error, a time-out, 429 or a 5xx answer. */
export type RetryPolicy = {
  retries: number;
  /** The first wait; each later one doubles. A `Retry-After` of the answer is honoured up to MAX_RETRY_WAIT_MS. */
  delayMs: number;
};

const NO_RETRY: RetryPolicy = { retries: 0, delayMs: 0 };
const MAX_RETRY_WAIT_MS = 20_000;

/** Whether a failed attempt may succeed when repeated: the server was busy or failing, not refusing the request. */
const retryable = (status: number) => status === 408 || status === 429 || status >= 500;

/**
 * One JSON call `POST {baseUrl}/{path}` to an OpenAI-compatible server, the only HTTP code of the provider; returns
 * the parsed answer. Every failure (network, time-out per attempt, status ≥ 400, malformed JSON) becomes an
 * AiProviderError whose message names the cause but no secret; transient ones are retried as `retry` says.
 */
export async function postJson(
  options: OpenAiOptions,
  path: string,
  body: unknown,
  retry: RetryPolicy = NO_RETRY,
): Promise<unknown> {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/${path}`;
  const payload = JSON.stringify(body);
  for (let attempt = 0; ; attempt++) {
    const last = attempt >= retry.retries;
    const backoff = retry.delayMs * 2 ** attempt;
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
        },
        body: payload,
        signal: AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
      });
    } catch (error) {
      if (last) {
        throw new AiProviderError(`the AI endpoint could not be reached (${(error as Error).name})`, { cause: error });
      }
      await sleep(backoff);
      continue;
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      if (last || !retryable(response.status)) {
        throw new AiProviderError(`the AI endpoint answered ${response.status}`);
      }
      const after = Number(response.headers.get('retry-after'));
      await sleep(Number.isFinite(after) && after > 0 ? Math.min(after * 1000, MAX_RETRY_WAIT_MS) : backoff);
      continue;
    }
    try {
      return await response.json();
    } catch (error) {
      throw new AiProviderError('the AI endpoint answered with invalid JSON', { cause: error });
    }
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
