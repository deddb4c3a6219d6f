import type { AiProviderName } from '@confero/contracts';
import type { ExtractedMetadata } from '../extraction/index.ts';
import type { InsightsBody, InsightsInput } from '../insights/index.ts';
import type { AssistantPaper } from '../review-assistant/index.ts';

/**
 * What every AI provider offers (`docs/domain.md#ai-features`). `local` works offline and deterministically;
 * `openai` calls any OpenAI-compatible endpoint. Every feature has a local implementation, so the product works
 * with no network.
 */
export interface AiProvider {
  readonly name: AiProviderName;
  /** A clearer, structured version of an event description that keeps every fact (no invented content). */
  rewriteDescription(description: string): Promise<string>;
  /**
   * Title, abstract, keywords and authors of a paper from its PDF (`ai/extract/`). Throws AppError 400 INVALID_PDF
   * for an unreadable PDF, AiProviderError when a remote provider cannot give a valid answer. The bytes may be
   * moved to a worker thread (the caller's array emptied): pass a copy to keep them.
   */
  extractMetadata(pdf: Uint8Array): Promise<ExtractedMetadata>;
  /** Insights on a submission, validated against the same schema whatever the provider. */
  analyzeSubmission(input: InsightsInput): Promise<InsightsBody>;
  /**
   * Questions a careful reviewer would ask about a paper, from its text, in the language asked (the review assistant,
   * `docs/domain.md#review-assistant`). The local provider has none; it never calls the network.
   */
  reviewQuestions(paper: AssistantPaper, language: 'en' | 'ar'): Promise<string[]>;
  /**
   * Text embeddings, for reviewer matching by embeddings (`ai/embeddings/`): only a provider with an embeddings
   * endpoint has them. The local provider matches reviewers with TF-IDF (`assignment/affinity/`) instead.
   */
  readonly embeddings?: TextEmbeddings;
}

/** Dense vectors of texts from one model: similar texts get vectors with a high cosine. */
export interface TextEmbeddings {
  /** Names the model, so that vectors of different models are never compared or cached together. */
  readonly model: string;
  /** Longest input in tokens: a longer text is cut to a prefix that surely fits before it is sent. */
  readonly maxInputTokens: number;
  /**
   * One unit-length vector per text, in the order given (all of one dimension). Texts must not be empty. Throws
   * AiProviderError when the endpoint cannot give a valid answer.
   */
  embed(texts: readonly string[]): Promise<Float32Array[]>;
}

/** A provider could not answer (network, timeout, an error status, an unusable answer). Mapped to 502. */
export class AiProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'AiProviderError';
  }
}
