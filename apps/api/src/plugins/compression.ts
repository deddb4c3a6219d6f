import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The types worth compressing on the fly: JSON (the API's answers and errors), text (CSV exports, the translation
 * files), XML and JavaScript. Server-sent events stay as they are (each event must reach the client when written),
 * and so do PDFs, ZIPs and spreadsheets, which are compressed already (@fastify/compress still asks mime-db for a
 * type not matched here, and mime-db calls none of those compressible).
 */
const COMPRESSIBLE_TYPES =
  /^text\/(?!event-stream)|^application\/(?:[\w.-]+\+)?(?:json|xml)(?:;|$)|^application\/javascript/;

/** Answers smaller than this are sent as they are: the framing costs more than it saves. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Compresses the API's answers with brotli or gzip, as the client accepts (brotli first), above 1 KB. The levels
 * are the cheap ones, since the work is per request: brotli quality 4 and gzip level 4 compress an 860 KB list of
 * 2,000 rows to ~88 KB in ~12–20 ms (quality 5: ~78 KB in ~1.5× the time; quality 11, used for the prebuilt web
 * assets, takes seconds). Partial answers (206, Content-Range) and answers that already carry a Content-Encoding
 * (the precompressed web assets) are left alone by the library. Registered before the routes: it hooks each route as
 * it is declared.
 */
export const compressionPlugin = fp(async (app: FastifyInstance) => {
  await app.register(fastifyCompress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD_BYTES,
    customTypes: COMPRESSIBLE_TYPES,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 4 },
  });
});
