/// <reference types="vitest/config" />
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** The API (and the translation files it serves) runs on port 8000 during development. */
const API_ORIGIN = 'http://localhost:8000';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
/** Text files worth compressing; source maps are left alone (only developers' tools fetch them). */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt)$/;
/** Below this size a compressed copy saves less than the headers it costs. */
const MIN_COMPRESS_BYTES = 1024;

/**
 * Writes `name.br` (brotli, quality 11) and `name.gz` (gzip, level 9) next to every compressible file of the
 * build, for the API's static file server to send as they are (`preCompressed`): the best ratio, paid once at build
 * time instead of on every request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'confero:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle() {
      const entries = await fs.readdir(outDir, { recursive: true, withFileTypes: true });
      const files = entries
        .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
        .map((entry) => path.join(entry.parentPath, entry.name))
        .filter((file) => !file.includes(`${path.sep}.vite${path.sep}`));
      await Promise.all(
        files.map(async (file) => {
          const content = await fs.readFile(file);
          if (content.length < MIN_COMPRESS_BYTES) return;
          const [br, gz] = await Promise.all([
            brotli(content, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
  test: { setupFiles: ['src/test/server-catalogues.ts'] },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: API_ORIGIN, changeOrigin: false },
      '/locales': { target: API_ORIGIN, changeOrigin: false },
      '/dev': { target: API_ORIGIN, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // .vite/manifest.json: the module graph scripts/web-size.mjs follows to measure a page's first visit.
    manifest: true,
    rolldownOptions: {
      output: {
        // No group for Mantine: one chunk of every component any screen uses would load on every page. Left to
        // the bundler, each page pulls the components it renders (the date pickers and charts only with their
        // screens); scripts/web-size.mjs and its test hold the landing page's first visit under 250 KB gzipped.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            { name: 'i18n', test: /node_modules[\\/](i18next|react-i18next)[\\/]/ },
          ],
        },
      },
    },
  },
});
