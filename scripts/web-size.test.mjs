import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundledPackages, FIRST_VISIT_GZIP_JS_BUDGET, LANDING_ROUTE, measureFirstVisit } from './web-size.mjs';

const root = path.resolve(import.meta.dirname, '..');
let dist = '';

// A build of its own (in a temporary folder), so that the test neither needs nor replaces apps/web/dist.
beforeAll(() => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'confero-web-size-'));
  const vite = path.join(root, 'node_modules/.bin/vite');
  const result = spawnSync(vite, ['build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'error'], {
    cwd: path.join(root, 'apps/web'),
    encoding: 'utf8',
    // The test runner sets NODE_ENV=test, which would bundle React's development build.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  expect(result.stderr).not.toMatch(/error/i);
  expect(result.status).toBe(0);
}, 180_000);

afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

describe('the first visit of the landing page', () => {
  it('downloads at most 250 KB of gzipped JavaScript', () => {
    const { rows, js } = measureFirstVisit(dist);
    expect(rows.some((row) => row.file.includes('Landing.route'))).toBe(true);
    expect(js.gzip).toBeGreaterThan(50 * 1024);
    expect(js.gzip).toBeLessThanOrEqual(FIRST_VISIT_GZIP_JS_BUDGET);
  });

  it('loads no schema library, date picker, chart or other screen', () => {
    const { rows } = measureFirstVisit(dist);
    const files = rows.map((row) => row.file);
    const packages = bundledPackages(dist, files);
    expect(packages.has('react-dom')).toBe(true);
    for (const name of ['zod', '@mantine/dates', 'dayjs', '@mantine/charts', 'recharts', '@mantine/form']) {
      expect(packages, name).not.toContain(name);
    }
    expect(files.filter((file) => /\.route-/.test(file))).toEqual([expect.stringMatching(/Landing\.route-/)]);
    expect(LANDING_ROUTE).toBe('src/routes/Landing.route.tsx');
  });
});
