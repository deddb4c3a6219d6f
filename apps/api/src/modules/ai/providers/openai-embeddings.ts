import { type OpenAiOptions, postJson, type RetryPolicy } from './openai-http.ts';
import { AiProviderError, type TextEmbeddings } from './types.ts';

/*
 * The openai provider's embeddings: `POST {baseUrl}/embeddings` of an OpenAI-compatible server, in batches that stay
 * within the endpoint's limits, each input cut to a length that surely fits the model, retried when the server is
 * busy or failing. The answer is checked (one finite, non-zero vector per input, one dimension) and the vectors are
 * returned unit-length in the order of the inputs, whatever order the server lists them in.
 */

export const DEFAULT_EMBEDDING_MODEL = 'text-embedding-3-small';

export const EMBEDDING_LIMITS = {
  /** OpenAI's embedding models read 8,191 tokens of one input. */
  maxInputTokens: 8_191,
  /** Inputs per request (OpenAI accepts 2,048; smaller requests keep one retry cheap). */
  maxBatchInputs: 128,
  /** Tokens per request, all inputs together (OpenAI accepts 300,000). */
  maxBatchTokens: 250_000,
  /** Special tokens a model may add around an input ([CLS], [SEP], an end-of-text token…). */
  specialTokens: 16,
} as const;

const EMBEDDING_RETRY: RetryPolicy = { retries: 2, delayMs: 1_000 };

export type EmbeddingOptions = {
  maxInputTokens?: number;
  maxBatchInputs?: number;
  maxBatchTokens?: number;
  retry?: RetryPolicy;
};

const encoder = new TextEncoder();

/**
 * The longest prefix of `text` that surely holds at most `maxTokens` tokens, without a tokenizer: every token of a
 * byte-level BPE (OpenAI's) covers at least one UTF-8 byte, and every WordPiece or SentencePiece token at least one
 * character, so a prefix of at most maxTokens bytes fits any of them. Cut at the last space when there is one in the
 * prefix's last tenth, so no word is split.
 */
export function cutToTokenLimit(text: string, maxTokens: number): string {
  if (text.length <= maxTokens / 3 || encoder.encode(text).length <= maxTokens) return text;
  const bytes = encoder.encode(text.slice(0, maxTokens));
  let end = Math.min(bytes.length, maxTokens);
  while (end > 0 && ((bytes[end] as number) & 0xc0) === 0x80) end--; // not inside a multi-byte character
  const prefix = new TextDecoder().decode(bytes.subarray(0, end));
  const space = prefix.search(/\s\S*$/u);
  return space > prefix.length * 0.9 ? prefix.slice(0, space) : prefix;
}

/** Inputs grouped so that each request stays under both the count and the token limits. */
function batches(inputs: string[], maxInputs: number, maxTokens: number): string[][] {
  const out: string[][] = [];
  let current: string[] = [];
  let tokens = 0;
  for (const input of inputs) {
    const size = encoder.encode(input).length + EMBEDDING_LIMITS.specialTokens;
    if (current.length > 0 && (current.length >= maxInputs || tokens + size > maxTokens)) {
      out.push(current);
      current = [];
      tokens = 0;
    }
    current.push(input);
    tokens += size;
  }
  if (current.length > 0) out.push(current);
  return out;
}

/** The vectors of one answer, by input index, unit-length; an AiProviderError when the answer is not usable. */
function readVectors(payload: unknown, count: number): Float32Array[] {
  const data = (payload as { data?: unknown })?.data;
  if (!Array.isArray(data) || data.length !== count) {
    throw new AiProviderError(
      `the AI endpoint answered ${Array.isArray(data) ? data.length : 'no'} embeddings for ${count} inputs`,
    );
  }
  const vectors: (Float32Array | undefined)[] = new Array(count);
  let dimension = -1;
  data.forEach((item: { index?: unknown; embedding?: unknown }, position) => {
    const index = item?.index === undefined ? position : item.index;
    const embedding = item?.embedding;
    if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= count || vectors[index]) {
      throw new AiProviderError('the AI endpoint answered embeddings with wrong indexes');
    }
    if (!Array.isArray(embedding) || embedding.length === 0 || (dimension >= 0 && embedding.length !== dimension)) {
      throw new AiProviderError('the AI endpoint answered embeddings of different or no dimensions');
    }
    dimension = embedding.length;
    let norm = 0;
    for (const value of embedding) {
      if (typeof value !== 'number' || !Number.isFinite(value)) {
        throw new AiProviderError('the AI endpoint answered an embedding that is not a list of numbers');
      }
      norm += value * value;
    }
    if (norm === 0) throw new AiProviderError('the AI endpoint answered a zero embedding');
    const scale = 1 / Math.sqrt(norm);
    vectors[index] = Float32Array.from(embedding as number[], (value) => value * scale);
  });
  return vectors as Float32Array[];
}

/** The embeddings of the openai provider, on the server of `options` with `options.embeddingModel`. */
export function createOpenAiEmbeddings(options: OpenAiOptions, limits: EmbeddingOptions = {}): TextEmbeddings {
  const model = options.embeddingModel || DEFAULT_EMBEDDING_MODEL;
  const maxInputTokens = limits.maxInputTokens ?? EMBEDDING_LIMITS.maxInputTokens;
  const maxBatchInputs = limits.maxBatchInputs ?? EMBEDDING_LIMITS.maxBatchInputs;
  const maxBatchTokens = limits.maxBatchTokens ?? EMBEDDING_LIMITS.maxBatchTokens;
  const inputLimit = Math.max(1, maxInputTokens - EMBEDDING_LIMITS.specialTokens);
  return {
    model,
    maxInputTokens,
    async embed(texts) {
      const inputs = texts.map((text) => {
        if (text.trim() === '') throw new RangeError('an empty text has no embedding');
        return cutToTokenLimit(text, inputLimit);
      });
      const out: Float32Array[] = [];
      let dimension = -1;
      for (const batch of batches(inputs, maxBatchInputs, maxBatchTokens)) {
        const payload = await postJson(
          options,
          'embeddings',
          { model, input: batch, encoding_format: 'float' },
          limits.retry ?? EMBEDDING_RETRY,
        );
        for (const vector of readVectors(payload, batch.length)) {
          if (dimension >= 0 && vector.length !== dimension) {
            throw new AiProviderError('the AI endpoint answered embeddings of different dimensions');
          }
          dimension = vector.length;
          out.push(vector);
        }
      }
      return out;
    },
  };
}
