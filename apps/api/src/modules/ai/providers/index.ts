import type { Config } from '../../../config.ts';
import { createLocalProvider } from './local.ts';
import { createOpenAiProvider } from './openai.ts';
import type { AiProvider } from './types.ts';

export type { AiProvider } from './types.ts';
export { AiProviderError, type TextEmbeddings } from './types.ts';

/**
 * The provider the configuration names (AI_PROVIDER): `local` by default, `openai` with AI_BASE_URL (its chat model
 * AI_MODEL, its embeddings model AI_EMBEDDING_MODEL).
 */
export function createAiProvider(config: Config['ai']): AiProvider {
  if (config.provider === 'openai' && config.baseUrl) {
    return createOpenAiProvider({
      baseUrl: config.baseUrl,
      apiKey: config.apiKey,
      model: config.model,
      embeddingModel: config.embeddingModel,
    });
  }
  return createLocalProvider();
}
