import path from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests against the real server: `node apps/api/src/server.ts` on
 * port 3100 with a fresh data directory, serving the built web app
 * (run `npm run build -w @confero/web` first). The browser is Debian's
 * Chromium; Playwright never downloads one.
 */
const repoRoot = path.resolve(import.meta.dirname, '..');
const PORT = 3100;
const DATA_DIR = '.e2e-data';
/** The platform admin the server creates at start; journeys that sign in use these. */
const ADMIN_EMAIL = 'admin@confero.test';
const ADMIN_PASSWORD = 'Admin-Passw0rd!';

const jsonReport = process.env.PLAYWRIGHT_JSON_OUTPUT_NAME;

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: path.join(repoRoot, 'test-results'),
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: jsonReport ? [['list'], ['json', { outputFile: jsonReport }]] : [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
    timezoneId: 'UTC',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-dev-shm-usage',
      ],
    },
  },
  webServer: {
    command: `rm -rf ${DATA_DIR} && mkdir -p ${DATA_DIR} && node_modules/.bin/node apps/api/src/server.ts`,
    cwd: repoRoot,
    url: `http://127.0.0.1:${PORT}/api/health/`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    env: {
      PORT: String(PORT),
      DATA_DIR,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      PUBLIC_URL: `http://localhost:${PORT}`,
      LOG_LEVEL: 'warn',
    },
  },
});
