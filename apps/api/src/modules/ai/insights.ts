import { AiAnalysis } from '@confero/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { InsightsInput } from './insights/index.ts';
import { analyzeLocallyInWorker } from './insights/insights-worker.ts';
import { type AiProvider, AiProviderError } from './providers/index.ts';

export type { InsightsInput } from './insights/index.ts';

/**
 * AI insights on a submission (`docs/domain.md#insights`) with the configured provider, validated against AiAnalysis.
 * When the openai provider cannot give a valid answer, the local provider's insights are used instead (and say so in
 * `provider`): insights run in a background job, which should not fail for an outage it can do without. The local
 * analysis runs in the worker pool.
 */
export async function computeInsights(
  provider: AiProvider,
  input: InsightsInput,
  log: FastifyBaseLogger,
  now: Date = new Date(),
): Promise<AiAnalysis> {
  let body: Awaited<ReturnType<AiProvider['analyzeSubmission']>>;
  let name = provider.name;
  try {
    body = await provider.analyzeSubmission(input);
  } catch (error) {
    if (!(error instanceof AiProviderError)) throw error;
    log.warn(
      { err: error, provider: provider.name },
      'AI provider failed to analyse a submission; using local insights',
    );
    body = await analyzeLocallyInWorker(input);
    name = 'local';
  }
  return AiAnalysis.parse({ provider: name, generated_at: now.toISOString(), ...body });
}
