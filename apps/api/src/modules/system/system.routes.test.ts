import { APP_VERSION } from '@confero/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => app.close());

describe('GET /api/health/', () => {
  it('answers ok with the database kind and version', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health/' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ok',
      database: process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite',
      version: APP_VERSION,
    });
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('GET /api/config/', () => {
  it('tells anyone the upload limit the server was configured with', async () => {
    const limited = await buildTestApp({ maxUploadBytes: 7 * 1024 * 1024 });
    try {
      const response = await limited.inject({ method: 'GET', url: '/api/config/' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ max_upload_mb: 7 });
    } finally {
      await limited.close();
    }
    expect((await app.inject({ method: 'GET', url: '/api/config/' })).json()).toEqual({ max_upload_mb: 20 });
  });
});
