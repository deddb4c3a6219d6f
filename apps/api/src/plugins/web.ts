import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { notFound } from '../lib/errors.ts';
import { acceptedEncoding } from './compression.ts';

const LOCALE_FILE = /^\/locales\/([a-z]{2,3}(?:-[A-Za-z]{2,4})?)\/translation\.json$/;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

type Encoding = 'br' | 'gzip';
/** A file with its brotli and gzip copies and a validator, as read at one modification time. */
type CompressedFile = { etag: string; identity: Buffer } & Record<Encoding, Buffer>;

/**
 * The translation files, compressed once at the best ratio (brotli 11, gzip 9: 133 KB of English become ~27 KB)
 * instead of on every page load, and read again when they change on disk. The promise is what is kept, so requests
 * arriving together share one read.
 */
function compressedFiles() {
  const cache = new Map<string, { version: string; file: Promise<CompressedFile> }>();
  const load = async (file: string): Promise<CompressedFile> => {
    const identity = await fs.promises.readFile(file);
    const [br, gz] = await Promise.all([
      brotli(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY } }),
      gzip(identity, { level: zlib.constants.Z_BEST_COMPRESSION }),
    ]);
    // Weak: the same validator stands for the three encodings of the same content.
    const etag = `W/"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`;
    return { etag, identity, br, gzip: gz };
  };
  return async (file: string): Promise<CompressedFile | undefined> => {
    const stat = await fs.promises.stat(file).catch(() => undefined);
    if (!stat?.isFile()) return undefined;
    const version = `${stat.mtimeMs}:${stat.size}`;
    let entry = cache.get(file);
    if (entry?.version !== version) {
      entry = { version, file: load(file) };
      cache.set(file, entry);
    }
    return entry.file;
  };
}

/** The encoding to answer in: brotli, else gzip, when `Accept-Encoding` allows it (`q=0` refuses). */
export function preferredEncoding(header: string | undefined): Encoding | undefined {
  return acceptedEncoding<Encoding>(header, ['br', 'gzip']);
}

/**
 * Serves the translation files and the built web app on the API's origin,
 * with index.html as the fallback for client routes; anything else unknown answers
 * the JSON 404 of the error shape. Hashed files under /assets/ are cached for a year (immutable), index.html and
 * the translation files are revalidated on each use (no-cache).
 */
export const webPlugin = fp(
  async (app: FastifyInstance, options: { webDist: string | undefined; localesDir: string }) => {
    const localeFile = compressedFiles();
    app.get('/locales/:lng/translation.json', { schema: { hide: true } }, async (request, reply) => {
      const match = LOCALE_FILE.exec(request.url.split('?')[0] ?? '');
      const file = match
        ? await localeFile(path.join(options.localesDir, match[1] ?? '', 'translation.json'))
        : undefined;
      if (!file) {
        throw notFound();
      }
      // Revalidated on each use: an unchanged file costs a 304, a new release's texts arrive at once.
      reply.header('cache-control', 'no-cache').header('etag', file.etag).header('vary', 'accept-encoding');
      if (request.headers['if-none-match']?.split(',').some((tag) => tag.trim() === file.etag)) {
        return reply.code(304).send();
      }
      const encoding = preferredEncoding(request.headers['accept-encoding']);
      if (encoding) reply.header('content-encoding', encoding);
      return reply.type('application/json; charset=utf-8').send(encoding ? file[encoding] : file.identity);
    });

    if (options.webDist) {
      await app.register(fastifyStatic, {
        root: options.webDist,
        wildcard: false,
        index: false,
        // The build writes `file.br` and `file.gz` beside each text file: sent as they are to a client that accepts
        // them (Content-Encoding and `Vary: Accept-Encoding` set by the plugin), so nothing is compressed per request.
        preCompressed: true,
        setHeaders: (res, filePath) => {
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    }

    app.setNotFoundHandler((request, reply) => {
      const pathname = request.url.split('?')[0] ?? '';
      const isPage = (request.method === 'GET' || request.method === 'HEAD') && !pathname.startsWith('/api/');
      if (isPage && options.webDist && !path.extname(pathname)) {
        reply.header('cache-control', 'no-cache');
        return reply.sendFile('index.html');
      }
      if (isPage && !options.webDist && pathname === '/') {
        return reply
          .type('text/plain; charset=utf-8')
          .send('The web app is not built. Run `npm start` (it builds it) or `npm run build`.');
      }
      throw notFound();
    });
  },
);
