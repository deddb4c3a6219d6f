// `npm test`: lint, type check, unit + API integration tests on PGlite and (with TEST_DATABASE_URL) again on
// PostgreSQL, the stored-files tests once more on S3, then the Playwright suite in Chromium. Ends with the plain line `N passed, N failed`.
// Options: --no-e2e (skip Playwright), --only=lint,imports,types,unit,postgres,s3,e2e (run a subset). The lint step
// also lists code the change writes twice (`duplicates`, where that command is installed; a report, not a failure).
import './check-node.mjs';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildWeb } from './build-web.mjs';

const root = path.resolve(import.meta.dirname, '..');
const reports = path.join(root, '.reports');
fs.rmSync(reports, { recursive: true, force: true });
fs.mkdirSync(reports, { recursive: true });

const args = process.argv.slice(2);
const only = args
  .find((a) => a.startsWith('--only='))
  ?.slice(7)
  .split(',');
const wants = (step) => (only ? only.includes(step) : !(step === 'e2e' && args.includes('--no-e2e')));

let passed = 0;
let failed = 0;
let skipped = 0;
const problems = [];

/** Tools run from node_modules/.bin directly (no npx), on the Node that runs this script. */
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

function run(label, command, commandArgs, env = {}) {
  console.log(`\n=== ${label}: ${command} ${commandArgs.join(' ')}`);
  const started = Date.now();
  const executable = command === 'npx' ? bin(commandArgs[0]) : command;
  const args = command === 'npx' ? commandArgs.slice(1) : commandArgs;
  const result = spawnSync(executable, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(
    `=== ${label}: ${result.status === 0 ? 'ok' : `failed (exit ${result.status})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return result.status === 0;
}

/** A check that is not a test runner (lint, types) counts as one test. */
function check(label, command, commandArgs) {
  if (run(label, command, commandArgs)) passed += 1;
  else {
    failed += 1;
    problems.push(label);
  }
}

/** A revision of the repository, or null when git does not know it. */
function revision(name) {
  const result = spawnSync('git', ['rev-parse', '--verify', '--quiet', `${name}^{commit}`], {
    cwd: root,
    encoding: 'utf8',
  });
  return result.status === 0 ? result.stdout.trim() : null;
}

/**
 * Lists the places where the change repeats code that already exists (or repeats itself): the uncommitted change
 * and the commits since the merge base with `origin/main` (else since the previous commit). `duplicates` is a
 * command of the maintainers' machines, not a dependency: where it is missing the step says so in one line. It
 * reports and never fails the run: a row is a place to look, and the pull request decides.
 */
function reportDuplicates() {
  const installed = (process.env.PATH ?? '')
    .split(path.delimiter)
    .some((dir) => dir && fs.existsSync(path.join(dir, 'duplicates')));
  if (!installed) {
    console.log('\n=== duplicates: skipped, the `duplicates` command is not installed');
    return;
  }
  const upstream = revision('origin/main');
  const mergeBase = upstream
    ? spawnSync('git', ['merge-base', 'HEAD', upstream], { cwd: root, encoding: 'utf8' }).stdout.trim()
    : '';
  const base = mergeBase || revision('HEAD~1') || 'HEAD';
  console.log(`\n=== duplicates: code the change writes again since ${base.slice(0, 12)} (a report, never a failure)`);
  spawnSync('duplicates', ['--change', '--base', base], { cwd: root, stdio: 'inherit' });
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

function vitest(label, file, extraArgs, env) {
  const ok = run(
    label,
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`, ...extraArgs],
    env,
  );
  const report = readJson(file);
  if (!report) {
    failed += 1;
    problems.push(`${label} (no report)`);
    return;
  }
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + report.numTodoTests;
  if (!ok || report.numFailedTests > 0 || report.numFailedTestSuites > 0) {
    if (report.numFailedTests === 0) failed += 1;
    problems.push(label);
  }
}

if (wants('lint')) {
  check('lint', 'npx', ['biome', 'check', '.']);
  reportDuplicates();
}
// The import rules of .dependency-cruiser.cjs (no cycles, layers, slices' entry points); prints each violation.
const importCheck = ['depcruise', '--config', '.dependency-cruiser.cjs', 'apps/api/src', 'apps/web/src', 'packages'];
if (wants('imports')) check('imports', 'npx', importCheck);
if (wants('types')) {
  for (const project of [
    'packages/contracts',
    'packages/i18n',
    'apps/api',
    'apps/web',
    'e2e',
    'bench/extraction',
    'bench/affinity',
    'bench/assignment',
    'bench/load',
    'bench/chair-table',
    'bench/exports',
    'bench/review-assistant',
    'bench/venue',
    'bench/insights',
  ]) {
    if (fs.existsSync(path.join(root, project, 'tsconfig.json')))
      check(`types ${project}`, 'npx', ['tsc', '-p', project]);
  }
}
if (wants('unit')) vitest('tests on PGlite', path.join(reports, 'vitest-pglite.json'), [], { TEST_DB: 'pglite' });
if (wants('postgres')) {
  if (process.env.TEST_DATABASE_URL) {
    vitest('API tests on PostgreSQL', path.join(reports, 'vitest-postgres.json'), ['apps/api'], {
      TEST_DB: 'postgres',
    });
  } else {
    console.log('\n=== PostgreSQL run skipped: TEST_DATABASE_URL is not set');
  }
}
// The tests of the stored files again with the S3 provider (TEST_STORAGE=s3: each app gets a bucket of its own on
// an S3-protocol server the tests start, apps/api/test/s3-server.ts), on PostgreSQL when it is there (its row
// locks are what the upload races exercise), else on PGlite. The storage contract itself runs on both providers
// in every pass (apps/api/src/lib/storage.test.ts).
const S3_TEST_FILES = [
  'apps/api/src/modules/submissions/stored-objects.test.ts',
  'apps/api/src/modules/submissions/submissions.upload-race.test.ts',
  'apps/api/src/modules/submissions/submissions.create.test.ts',
  'apps/api/src/modules/submissions/submissions.routes.test.ts',
  'apps/api/src/modules/final-versions/final-versions.race.test.ts',
  'apps/api/src/modules/final-versions/final-versions.routes.test.ts',
  'apps/api/src/modules/final-versions/proceedings.test.ts',
];
if (wants('s3')) {
  const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
  vitest(
    `stored files on S3 (${onPostgres ? 'PostgreSQL' : 'PGlite'})`,
    path.join(reports, 'vitest-s3.json'),
    S3_TEST_FILES,
    { TEST_STORAGE: 's3', TEST_DB: onPostgres ? 'postgres' : 'pglite' },
  );
}
if (wants('e2e')) {
  buildWeb();
  const file = path.join(reports, 'e2e.json');
  const ok = run(
    'end-to-end (Playwright, Chromium)',
    'npx',
    ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'],
    {
      PLAYWRIGHT_JSON_OUTPUT_NAME: file,
    },
  );
  const stats = readJson(file)?.stats;
  if (!stats) {
    failed += 1;
    problems.push('end-to-end (no report)');
  } else {
    passed += stats.expected + (stats.flaky ?? 0);
    failed += stats.unexpected;
    skipped += stats.skipped;
    if (!ok && stats.unexpected === 0) failed += 1;
    if (!ok) problems.push('end-to-end');
  }
}

if (problems.length > 0) console.log(`\nFailed: ${problems.join(', ')}`);
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || problems.length > 0 ? 1 : 0);
