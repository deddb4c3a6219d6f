import { defineConfig } from 'vitest/config';

// Unit and API integration tests. Playwright specs live in e2e/ and are run by Playwright only.
export default defineConfig({
  test: {
    include: [
      'apps/api/{src,test}/**/*.test.ts',
      'packages/*/src/**/*.test.ts',
      'apps/web/src/**/*.test.{ts,tsx}',
      'scripts/**/*.test.mjs',
    ],
    globalSetup: ['apps/api/test/global-setup.ts'],
    setupFiles: ['apps/web/src/test/server-catalogues.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
    env: { PASSWORD_HASH_LOG2_N: '10', NODE_ENV: 'test' },
  },
});
