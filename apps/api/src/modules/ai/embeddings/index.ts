/**
 * Reviewer matching by text embeddings (the `openai` provider's `embeddings`): the local TF-IDF model's aggregation
 * over vectors from an embeddings endpoint, and a cache so a text is embedded once. README.md says how it compares.
 */
export { type CachedEmbeddings, cachedEmbeddings, type EmbeddingCacheStats } from './cache.ts';
export { documentTexts, profileText, scoreWithEmbeddings } from './scorer.ts';
