// Builds the web app when apps/web/dist is missing or older than any of its sources. A production install
// (`npm prune --omit=dev`) has no build tools: it serves the build it has, and stops clearly when there is none.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'apps/web/dist/index.html');
const sources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'packages/contracts/src',
];

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

export function isWebBuildStale() {
  if (!fs.existsSync(dist)) return true;
  const built = fs.statSync(dist).mtimeMs;
  return sources.some((source) => newestMtime(path.join(root, source)) > built);
}

/** Whether the web app's build tools (Vite, a dev dependency) are installed. */
export function hasWebBuildTools() {
  try {
    createRequire(path.join(root, 'apps/web/package.json')).resolve('vite/package.json');
    return true;
  } catch {
    return false;
  }
}

export function buildWeb({ force = false } = {}) {
  if (!force && !isWebBuildStale()) return;
  if (!hasWebBuildTools()) {
    if (!force && fs.existsSync(dist)) {
      console.warn(
        'The web app build is older than its sources and the build tools are not installed (a production ' +
          'install): serving the existing build. To rebuild: npm ci && npm run build && npm prune --omit=dev.',
      );
      return;
    }
    console.error(
      'The web app is not built and its build tools are not installed (a production install). Build it with the ' +
        'full install first: npm ci && npm run build && npm prune --omit=dev (docs/operations.md).',
    );
    process.exit(1);
  }
  console.log('Building the web app…');
  const result = spawnSync('npm', ['run', 'build', '-w', '@confero/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('The web build failed.');
    process.exit(result.status ?? 1);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) buildWeb({ force: process.argv.includes('--force') });
