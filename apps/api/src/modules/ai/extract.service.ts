import { countryName, type ExtractionResponseDto, submissionMessage } from '@confero/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { countPdfPages } from '../submissions/files.ts';
import type { ExtractedMetadata } from './extraction/index.ts';
import { extractMetadataInWorker } from './extraction/pdf-worker.ts';
import { type AiProvider, AiProviderError } from './providers/index.ts';

/**
 * `ai/extract/`: the metadata of a paper with the configured provider (`docs/domain.md#ai-features`). The PDF is parsed
 * first (page count; 400 INVALID_PDF when unreadable). When the openai provider fails or answers something that does
 * not validate, the local extractor answers instead — the author gets a filled form rather than an error — and the
 * answer says so (`provider: 'local'`, message ai.extractFallback). Nothing is stored.
 */
export async function extractPaper(
  provider: AiProvider,
  pdf: Uint8Array,
  log: FastifyBaseLogger,
): Promise<ExtractionResponseDto> {
  // Parsing runs in the worker pool, which takes the bytes it is given: copies go there, `pdf` stays for the fallback.
  const pageCount = await countPdfPages(pdf.slice());
  let metadata: ExtractedMetadata;
  let name = provider.name;
  let fellBack = false;
  try {
    metadata = await provider.extractMetadata(pdf.slice());
  } catch (error) {
    if (!(error instanceof AiProviderError)) throw error;
    log.warn(
      { err: error, provider: provider.name },
      'AI provider failed to extract metadata; using the local extractor',
    );
    metadata = await extractMetadataInWorker(pdf);
    name = 'local';
    fellBack = true;
  }
  // A text layer that is not language gives no field (extraction/readability.ts); the author is told to type them.
  const unreadable = metadata.unreadable === true;
  const messageCode = unreadable ? 'ai.extractUnreadable' : fellBack ? 'ai.extractFallback' : 'ai.extractSuccess';
  return {
    success: true,
    data: {
      title: metadata.title,
      abstract: metadata.abstract,
      keywords: metadata.keywords,
      authors: metadata.authors.map((author, index) => ({
        first_name: author.first_name,
        last_name: author.last_name,
        email: author.email,
        affiliation: author.affiliation,
        country: author.country,
        country_name: author.country ? countryName(author.country, 'en') : '',
        is_corresponding: index === 0,
        order: index + 1,
      })),
    },
    message: submissionMessage(messageCode),
    message_code: messageCode,
    provider: name,
    page_count: pageCount,
    unreadable,
  };
}
