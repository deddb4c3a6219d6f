import { promisify } from 'node:util';
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

/** Answers above this size are compressed at the cheap levels, in zlib's thread pool (see below). */
export const LARGE_ANSWER_BYTES = 256 * 1024;

/** The levels by size: dense ones for ordinary answers, the cheapest for large ones (lists of every row, exports). */
export const COMPRESSION_LEVELS = {
  small: { br: 4, gzip: 4, zstd: 3 },
  large: { br: 1, gzip: 1, zstd: 1 },
} as const;

type Levels = (typeof COMPRESSION_LEVELS)[keyof typeof COMPRESSION_LEVELS];

const brotliOptions = (levels: Levels): zlib.BrotliOptions => ({
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: levels.br },
});
const zstdOptions = (levels: Levels): zlib.ZstdOptions => ({
  params: { [zlib.constants.ZSTD_c_compressionLevel]: levels.zstd },
});
/** The stream path works in 64 KB steps rather than zlib's 16 KB: a quarter of the trips to the thread pool. */
const STREAM_CHUNK_BYTES = 64 * 1024;

/**
 * The compressors handed to @fastify/compress as its `zlib`. The library compresses a buffered answer up to its
 * `syncThreshold` (here `LARGE_ANSWER_BYTES`) at once with the `…Sync` functions, on the request thread, and anything
 * larger (or a stream) through the `create…` streams, whose work runs in zlib's thread pool: so the size decides the
 * level. Decompression (of request bodies) is zlib's own.
 */
const compressors = {
  brotliCompressSync: (input: zlib.InputType) =>
    zlib.brotliCompressSync(input, brotliOptions(COMPRESSION_LEVELS.small)),
  gzipSync: (input: zlib.InputType) => zlib.gzipSync(input, { level: COMPRESSION_LEVELS.small.gzip }),
  zstdCompressSync: (input: zlib.InputType) => zlib.zstdCompressSync(input, zstdOptions(COMPRESSION_LEVELS.small)),
  createBrotliCompress: () =>
    zlib.createBrotliCompress({ ...brotliOptions(COMPRESSION_LEVELS.large), chunkSize: STREAM_CHUNK_BYTES }),
  createGzip: () => zlib.createGzip({ level: COMPRESSION_LEVELS.large.gzip, chunkSize: STREAM_CHUNK_BYTES }),
  createZstdCompress: () =>
    zlib.createZstdCompress({ ...zstdOptions(COMPRESSION_LEVELS.large), chunkSize: STREAM_CHUNK_BYTES }),
};

/** The encodings the API answers in, in order of preference. */
export const ANSWER_ENCODINGS = ['zstd', 'br', 'gzip'] as const;
export type AnswerEncoding = (typeof ANSWER_ENCODINGS)[number];

/**
 * The encoding to answer in, the first of `offered` (zstd, else brotli, else gzip) that `Accept-Encoding` allows
 * (`q=0` refuses one, `*` stands for the others).
 */
export function acceptedEncoding<E extends AnswerEncoding>(
  header: string | undefined,
  offered: readonly E[] = ANSWER_ENCODINGS as readonly AnswerEncoding[] as readonly E[],
): E | undefined {
  const weights = new Map<string, number>();
  for (const part of (header ?? '').toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim());
    const quality = params.find((param) => param.startsWith('q='));
    if (name) weights.set(name, quality ? Number(quality.slice(2)) || 0 : 1);
  }
  return offered.find((name) => (weights.get(name) ?? weights.get('*') ?? 0) > 0);
}

const compressAsync = {
  zstd: promisify(zlib.zstdCompress),
  br: promisify(zlib.brotliCompress),
  gzip: promisify(zlib.gzip),
};

/**
 * A large answer compressed once to be kept (the cached lists, `modules/submissions/list-cache.ts`): at the large
 * answers' levels, in zlib's thread pool, off the request thread.
 */
export function compressAnswer(input: Buffer, encoding: AnswerEncoding): Promise<Buffer> {
  const levels = COMPRESSION_LEVELS.large;
  if (encoding === 'zstd') return compressAsync.zstd(input, zstdOptions(levels));
  if (encoding === 'br') return compressAsync.br(input, brotliOptions(levels));
  return compressAsync.gzip(input, { level: levels.gzip });
}

/**
 * Compresses the API's answers with zstd, brotli or gzip, as the client accepts (in that order of preference), above
 * 1 KB. The work is per request, so the levels are cheap ones, by size (`docs/operations.md#compression`): up to
 * 256 KB brotli 4 / gzip 4 / zstd 3 (a few KB take well under a millisecond); above, brotli 1 / gzip 1 / zstd 1, which
 * compress the 2.2 MB list of 2,000 rows in ~1–2.5 ms where brotli 4 and gzip 4 take ~6–9 ms, at a ratio still above
 * 20:1. Partial answers (206, Content-Range) and answers that already carry a Content-Encoding (the precompressed web
 * assets) are left alone by the library. Registered before the routes: it hooks each route as it is declared.
 */
export const compressionPlugin = fp(async (app: FastifyInstance) => {
  await app.register(fastifyCompress, {
    global: true,
    encodings: ['zstd', 'br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD_BYTES,
    syncThreshold: LARGE_ANSWER_BYTES,
    customTypes: COMPRESSIBLE_TYPES,
    zlib: compressors,
  });
});
