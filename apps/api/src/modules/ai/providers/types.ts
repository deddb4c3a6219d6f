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
}

/** A provider could not answer (network, timeout, an error status, an unusable answer). Mapped to 502. */
export class AiProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'AiProviderError';
  }
}
