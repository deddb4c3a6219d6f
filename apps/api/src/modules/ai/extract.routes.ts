import { ExtractionResponseDto } from '@confero/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSignedIn } from '../../plugins/auth.ts';
import { memorySink, notValidPdfError, readMultipartForm, registerUploads } from '../submissions/files.ts';
import { submissionFieldError, withErrorField } from '../submissions/submission-errors.ts';
import { extractPaper } from './extract.service.ts';
import { createAiProvider } from './providers/index.ts';

/**
 * `POST ai/extract/`: multipart {file, event_id}; the PDF goes through the same checks as a submission
 * (first bytes, MAX_UPLOAD_MB, a parse) but is read into memory only and never stored. Signed-in users only; rate
 * limited per user, since a call may cost money with the openai provider. Errors carry an `error` field.
 */
export const aiExtractRoutes: FastifyPluginAsyncZod = async (app) => {
  await registerUploads(app);
  const provider = createAiProvider(app.config.ai);
  const maxBytes = app.config.maxUploadBytes;

  requireSignedIn(app);

  app.post(
    '/api/ai/extract/',
    {
      schema: {
        tags: ['ai'],
        summary: 'Extract title, abstract, keywords and authors from a PDF (multipart: file, event_id); nothing stored',
        multipartBody: z.object({
          file: z.file().mime('application/pdf').describe('The paper: a PDF of at most MAX_UPLOAD_MB'),
          event_id: z.string().optional().describe('The event the paper is meant for'),
        }),
        response: { 200: ExtractionResponseDto },
      },
      config: {
        rateLimit: {
          max: 30,
          timeWindow: 60_000,
          keyGenerator: (request: FastifyRequest) => `ai:extract:${request.actor?.id}`,
          allowList: (request: FastifyRequest) => request.actor === null,
        },
      },
    },
    async (request) => {
      try {
        const form = await readMultipartForm<Buffer>(request, { maxBytes, sink: memorySink, notPdf: notValidPdfError });
        if (!form.file) throw submissionFieldError('file', 'ai.fileRequired');
        return await extractPaper(provider, new Uint8Array(form.file.result), request.log);
      } catch (error) {
        throw withErrorField(error);
      }
    },
  );
};
