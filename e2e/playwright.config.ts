import path from 'node:path';
import { defineConfig } from '@playwright/test';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  APP_PORT,
  MAIL_SINK_HTTP_PORT,
  MAIL_SINK_SMTP_PORT,
  MAIL_SINK_URL,
  SMTP_URL,
} from './support/env.ts';

/**
 * End-to-end tests against the real server: `node apps/api/src/server.ts` on
 * port 3100 with a fresh data directory, serving the built web app
 * (run `npm run build -w @confero/web` first). The browser is Debian's
 * Chromium; Playwright never downloads one. Mails go through a real SMTP
 * exchange to the mail sink (support/mail-sink.ts), started first.
 */
const repoRoot = path.resolve(import.meta.dirname, '..');
const PORT = APP_PORT;
const DATA_DIR = '.e2e-data';

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
  webServer: [
    {
      command: 'node_modules/.bin/node e2e/support/mail-sink.ts',
      cwd: repoRoot,
      url: `${MAIL_SINK_URL}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
      env: { MAIL_SINK_SMTP_PORT: String(MAIL_SINK_SMTP_PORT), MAIL_SINK_HTTP_PORT: String(MAIL_SINK_HTTP_PORT) },
    },
    {
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
        SMTP_URL,
        LOG_LEVEL: 'warn',
        // Every spec signs up its own users from 127.0.0.1; the limits themselves are covered by API tests.
        RATE_LIMIT_SCALE: '20',
        // The journeys test behaviour on a CI machine that also builds and tests: a lagging event loop or slow reads
        // must not shed their requests (shedding and the web app's retry are covered by API and web tests).
        SHED_MAX_EVENT_LOOP_DELAY_MS: '60000',
        SHED_MAX_QUEUE_DELAY_MS: '60000',
      },
    },
  ],
});
