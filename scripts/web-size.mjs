// What the first visit of a page of the web app downloads: every JS and CSS file, with its gzip and brotli size.
// It follows the build's manifest (apps/web/dist/.vite/manifest.json): index.html's entry with its static imports
// (the modulepreload links) and CSS, then the lazy module of the page's route and its static imports.
//   node scripts/web-size.mjs            build the web app, then print the landing page's files and totals
//   node scripts/web-size.mjs --no-build  measure the existing build
//   node scripts/web-size.mjs --route=src/routes/PublicLayout.route.tsx,src/routes/Login.route.tsx   another page
//     (its route modules, comma-separated: the layout and the screen)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');

/** The first visit of `/` (signed out) must stay under this many bytes of gzipped JavaScript. */
export const FIRST_VISIT_GZIP_JS_BUDGET = 250 * 1024;
export const LANDING_ROUTE = 'src/routes/Landing.route.tsx';

/** Sizes as a browser receives them: gzip at level 9 and brotli at quality 11, as the build precompresses. */
export function compressedSizes(buffer) {
  return {
    raw: buffer.length,
    gzip: zlib.gzipSync(buffer, { level: 9 }).length,
    brotli: zlib.brotliCompressSync(buffer, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: buffer.length,
      },
    }).length,
  };
}

/** The files (relative to dist) of the entry and of `routes`, with everything they import statically, and their CSS. */
export function firstVisitFiles(manifest, routes) {
  const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry)?.[0];
  if (!entry) throw new Error('The build manifest has no entry');
  const missing = routes.find((route) => !manifest[route]);
  if (missing) throw new Error(`The build manifest has no chunk for ${missing}`);
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entry);
  for (const route of routes) visit(route);
  return [...files];
}

/** Measures the first visit of a page (its route modules) in a built `dist`: one row per file and the totals per kind. */
export function measureFirstVisit(dist, routes = [LANDING_ROUTE]) {
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
  const rows = firstVisitFiles(manifest, routes).map((file) => ({
    file,
    kind: file.endsWith('.css') ? 'css' : 'js',
    ...compressedSizes(fs.readFileSync(path.join(dist, file))),
  }));
  rows.sort((a, b) => b.gzip - a.gzip);
  const total = (kind) =>
    rows
      .filter((row) => row.kind === kind)
      .reduce((sum, row) => ({ raw: sum.raw + row.raw, gzip: sum.gzip + row.gzip, brotli: sum.brotli + row.brotli }), {
        raw: 0,
        gzip: 0,
        brotli: 0,
      });
  return { rows, js: total('js'), css: total('css') };
}

/** The npm packages bundled into `files` (JS files relative to dist), read from their source maps. */
export function bundledPackages(dist, files) {
  const packages = new Set();
  for (const file of files) {
    const map = path.join(dist, `${file}.map`);
    if (!file.endsWith('.js') || !fs.existsSync(map)) continue;
    for (const source of JSON.parse(fs.readFileSync(map, 'utf8')).sources) {
      const name = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source)?.[1];
      if (name) packages.add(name);
    }
  }
  return packages;
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`.padStart(10);

function print(route, { rows, js, css }) {
  console.log(`First visit of ${route}: ${rows.length} files`);
  console.log(`${'file'.padEnd(52)}${'raw'.padStart(10)}${'gzip'.padStart(10)}${'brotli'.padStart(10)}`);
  for (const row of rows) console.log(`${row.file.padEnd(52)}${kb(row.raw)}${kb(row.gzip)}${kb(row.brotli)}`);
  console.log(`${'total JS'.padEnd(52)}${kb(js.raw)}${kb(js.gzip)}${kb(js.brotli)}`);
  console.log(`${'total CSS'.padEnd(52)}${kb(css.raw)}${kb(css.gzip)}${kb(css.brotli)}`);
  const budget = FIRST_VISIT_GZIP_JS_BUDGET;
  console.log(`gzipped JS budget ${kb(budget).trim()}: ${js.gzip <= budget ? 'within' : 'OVER'}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const routes = args
    .find((arg) => arg.startsWith('--route='))
    ?.slice(8)
    .split(',') ?? [LANDING_ROUTE];
  if (!args.includes('--no-build')) {
    const result = spawnSync('npm', ['run', 'build', '-w', '@confero/web'], { cwd: root, stdio: 'ignore' });
    if (result.status !== 0) {
      console.error('The web build failed: npm run build -w @confero/web');
      process.exit(1);
    }
  }
  const measured = measureFirstVisit(path.join(root, 'apps/web/dist'), routes);
  print(routes.join(' + '), measured);
  process.exit(measured.js.gzip <= FIRST_VISIT_GZIP_JS_BUDGET ? 0 : 1);
}
