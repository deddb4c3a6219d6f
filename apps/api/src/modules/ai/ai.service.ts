import { type AiProviderName, REWRITE_INPUT_MAX_LENGTH } from '@confero/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { eventError, eventFieldError } from '../events/event-errors.ts';
import { type AiProvider, AiProviderError } from './providers/index.ts';

/**
 * Rewrites an event description with the configured provider. An empty description is refused with its fixed message
 * (part of the public API contract; keep it verbatim); a provider failure answers 502 AI_UNAVAILABLE with a clear
 * message (the cause is logged, not shown).
 */
export async function rewriteDescription(
  provider: AiProvider,
  description: string | null | undefined,
  log: FastifyBaseLogger,
): Promise<{ rewritten_description: string; provider: AiProviderName }> {
  const text = (description ?? '').trim();
  if (!text) throw eventFieldError('event_description', 'ai.descriptionRequired');
  if (text.length > REWRITE_INPUT_MAX_LENGTH) {
    throw eventFieldError('event_description', 'ai.descriptionTooLong', { max: REWRITE_INPUT_MAX_LENGTH });
  }
  try {
    return { rewritten_description: await provider.rewriteDescription(text), provider: provider.name };
  } catch (error) {
    if (!(error instanceof AiProviderError)) throw error;
    log.warn({ err: error, provider: provider.name }, 'AI provider failed to rewrite a description');
    throw eventError(502, 'AI_UNAVAILABLE', 'ai.unavailable');
  }
}
