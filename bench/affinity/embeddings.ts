import {
  type CachedEmbeddings,
  cachedEmbeddings,
  scoreWithEmbeddings,
} from '../../apps/api/src/modules/ai/embeddings/index.ts';
import { createOpenAiEmbeddings } from '../../apps/api/src/modules/ai/providers/openai-embeddings.ts';
import type { Predictions } from '../../apps/api/src/modules/assignment/affinity/index.ts';
import { type FullTexts, loadVersion, toPredictions } from './dataset.ts';

/*
 * The `openai` provider's embeddings path of bench/affinity: the rated papers and the reviewers' archives embedded by
 * an OpenAI-compatible endpoint and scored by `ai/embeddings/` (the local model's aggregation over cosines of
 * embeddings), for the same evaluator as the TF-IDF rows.
 */

export type EmbeddingsEndpoint = {
  baseUrl: string;
  apiKey?: string;
  model?: string;
  /** A folder where vectors are kept between runs (`cachedEmbeddings`); memory only when unset. */
  cacheDir?: string;
  maxInputTokens?: number;
};

export type EndpointFlags = {
  provider?: string;
  'base-url'?: string;
  'embedding-model'?: string;
  cache?: string;
  'max-input-tokens'?: string;
};

/**
 * The endpoint the flags and the environment name (the server's own settings: AI_PROVIDER, AI_BASE_URL, AI_API_KEY,
 * AI_EMBEDDING_MODEL; a flag wins over its variable), or why the embeddings rows are skipped. The rows run when the
 * provider is `openai` — `--provider openai`, AI_PROVIDER=openai, or with neither both AI_BASE_URL and
 * AI_EMBEDDING_MODEL set — and a base URL is known; `--provider local` skips them. Throws when `openai` is asked for
 * without a base URL.
 */
export function embeddingsEndpoint(
  flags: EndpointFlags,
  env: NodeJS.ProcessEnv,
): { endpoint: EmbeddingsEndpoint } | { skipped: string } {
  const provider =
    flags.provider ?? env.AI_PROVIDER ?? (env.AI_BASE_URL && env.AI_EMBEDDING_MODEL ? 'openai' : 'local');
  if (provider !== 'openai' && provider !== 'local') throw new Error(`--provider: local or openai, not ${provider}`);
  const baseUrl = flags['base-url'] ?? env.AI_BASE_URL;
  if (provider === 'local') {
    return { skipped: 'openai embeddings rows skipped: no endpoint configured (--provider openai with AI_BASE_URL)' };
  }
  if (!baseUrl) throw new Error('--provider openai needs --base-url or AI_BASE_URL');
  const maxInputTokens = flags['max-input-tokens'] ? Number(flags['max-input-tokens']) : undefined;
  if (maxInputTokens !== undefined && !(Number.isInteger(maxInputTokens) && maxInputTokens > 16)) {
    throw new Error('--max-input-tokens: an integer above 16');
  }
  return {
    endpoint: {
      baseUrl,
      apiKey: env.AI_API_KEY || undefined,
      model: flags['embedding-model'] ?? (env.AI_EMBEDDING_MODEL || undefined),
      cacheDir: flags.cache,
      maxInputTokens,
    },
  };
}

/** The embeddings of an endpoint, each distinct text embedded once for the whole run (and kept in `cacheDir`). */
export function openEmbeddings(endpoint: EmbeddingsEndpoint): CachedEmbeddings {
  const source = createOpenAiEmbeddings(
    { baseUrl: endpoint.baseUrl, apiKey: endpoint.apiKey, embeddingModel: endpoint.model, timeoutMs: 60_000 },
    { maxInputTokens: endpoint.maxInputTokens },
  );
  return cachedEmbeddings(source, { dir: endpoint.cacheDir });
}

/** Predictions of every version of the data set from embeddings, with full text (`fullTexts`) or without. */
export async function embeddingPredictions(
  embeddings: CachedEmbeddings,
  folder: string,
  versions: string[],
  fullTexts: FullTexts | undefined,
): Promise<Predictions[]> {
  const predictions: Predictions[] = [];
  for (const name of versions) {
    const version = loadVersion(folder, name, fullTexts);
    const { scores } = await scoreWithEmbeddings(embeddings, version.reviewers, version.submissions);
    predictions.push(toPredictions(version, scores));
  }
  return predictions;
}
