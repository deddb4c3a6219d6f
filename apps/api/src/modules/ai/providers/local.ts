import { extractMetadataInWorker } from '../extraction/pdf-worker.ts';
import { analyzeLocallyInWorker } from '../insights/insights-worker.ts';
import { tidyDescription } from '../local/tidy-description.ts';
import type { AiProvider } from './types.ts';

/**
 * The default provider: offline, deterministic, and never inventing content. It has no `embeddings`: reviewers are
 * matched by the TF-IDF model of `assignment/affinity/`.
 */
export function createLocalProvider(): AiProvider {
  return {
    name: 'local',
    async rewriteDescription(description) {
      return tidyDescription(description);
    },
    async extractMetadata(pdf) {
      return extractMetadataInWorker(pdf);
    },
    async analyzeSubmission(input) {
      return analyzeLocallyInWorker(input);
    },
    async reviewQuestions() {
      return [];
    },
  };
}
