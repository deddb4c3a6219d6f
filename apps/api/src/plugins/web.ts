import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { notFound } from '../lib/errors.ts';

const LOCALE_FILE = /^\/locales\/([a-z]{2,3}(?:-[A-Za-z]{2,4})?)\/translation\.json$/;

/**
 * Serves the translation files and the built web app on the API's origin,
 * with index.html as the fallback for client routes; anything else unknown answers
 * the JSON 404 of the error shape. Hashed files under /assets/ are cached for a year (immutable), index.html and
 * the translation files are revalidated on each use (no-cache).
 */
export const webPlugin = fp(
  async (app: FastifyInstance, options: { webDist: string | undefined; localesDir: string }) => {
    app.get('/locales/:lng/translation.json', { schema: { hide: true } }, async (request, reply) => {
      const match = LOCALE_FILE.exec(request.url.split('?')[0] ?? '');
      const file = match ? path.join(options.localesDir, match[1] ?? '', 'translation.json') : undefined;
      if (!file || !fs.existsSync(file)) {
        throw notFound();
      }
      reply.header('cache-control', 'no-cache');
      return reply.type('application/json; charset=utf-8').send(fs.createReadStream(file));
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
