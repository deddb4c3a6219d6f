import { extractMetadata } from '../extraction/index.ts';
import { analyzeLocally } from '../insights/index.ts';
import { tidyDescription } from '../local/tidy-description.ts';
import type { AiProvider } from './types.ts';

/** The default provider: offline, deterministic, and never inventing content. */
export function createLocalProvider(): AiProvider {
  return {
    name: 'local',
    async rewriteDescription(description) {
      return tidyDescription(description);
    },
    async extractMetadata(pdf) {
      return extractMetadata(pdf);
    },
    async analyzeSubmission(input) {
      return analyzeLocally(input);
    },
    async reviewQuestions() {
      return [];
    },
  };
}
