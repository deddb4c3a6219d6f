import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { messageText } from '@confero/i18n/catalogue';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, openTestDatabase, type TestApp } from '../../test/build-test-app.ts';
import { AppError } from '../lib/errors.ts';
import { WELL_FORMED_TOKENS_KEPT, wellFormedChecker } from './csrf.ts';
import { securityHeaders, securityOptions } from './security.ts';

function cookieValue(setCookie: string | string[] | undefined, name: string): string | undefined {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const line = all.find((c) => c.startsWith(`${name}=`));
  return line?.slice(name.length + 1).split(';')[0];
}

/** Routes that exist only in these tests, to exercise the cross-cutting plugins. */
function testRoutes(app: FastifyInstance) {
  app.post(
    '/api/test/echo/',
    { schema: { body: z.object({ title: z.string().min(1), count: z.number().int().positive() }) } },
    async (request) => ({ received: request.body }),
  );
  app.post(
    '/api/test/keyed/',
    {
      schema: {
        body: z.object({
          note: z.string().max(5, 'validation.tooLong'),
          kind: z.enum(['a', 'b']),
          name: z.string().max(3),
          area: z.string().max(3, 'events.typeInvalid'),
        }),
      },
    },
    async (request) => ({ received: request.body }),
  );
  app.get('/api/test/boom/', async () => {
    throw new Error('database password is hunter2');
  });
  app.get('/api/test/conflict/', async () => {
    throw new AppError(409, 'DUPLICATE_TITLE', 'A duplicate.', { fields: { title: ['taken'] } });
  });
  app.get('/api/test/limited/', { config: { rateLimit: { max: 3, timeWindow: 60_000 } } }, async () => ({ ok: true }));
}

const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'confero-web-'));
const localesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'confero-locales-'));
fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Confero shell</title>');
fs.mkdirSync(path.join(webDist, 'assets'));
fs.writeFileSync(path.join(webDist, 'assets', 'app.js'), 'console.log(1)');
fs.mkdirSync(path.join(localesDir, 'ar'));
fs.writeFileSync(path.join(localesDir, 'ar', 'translation.json'), '{"hello":"مرحبا"}');

let app: TestApp;
let csrf: string;
beforeAll(async () => {
  app = await buildTestApp({ webDist, localesDir }, { beforeReady: testRoutes });
  const response = await app.inject({ method: 'GET', url: '/api/auth/csrf/' });
  csrf = response.json().csrftoken;
});
afterAll(async () => app.close());

const withCsrf = () => ({ cookie: `csrftoken=${csrf}`, 'x-csrftoken': csrf });

describe('CSRF', () => {
  it('GET /api/auth/csrf/ sets a readable csrftoken cookie equal to the body', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/auth/csrf/' });
    const body = response.json();
    expect(body.csrftoken).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(cookieValue(response.headers['set-cookie'], 'csrftoken')).toBe(body.csrftoken);
    expect(String(response.headers['set-cookie'])).not.toContain('HttpOnly');
  });

  it('refuses an unsafe request without the header', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/echo/',
      headers: { cookie: `csrftoken=${csrf}` },
      payload: { title: 'x', count: 1 },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      detail: 'CSRF Failed: CSRF token missing or incorrect.',
      code: 'CSRF_FAILED',
      message_code: 'http.csrfFailed',
    });
  });

  it('refuses a header that does not match the cookie, and a token the server did not sign', async () => {
    const mismatch = await app.inject({
      method: 'POST',
      url: '/api/test/echo/',
      headers: { cookie: `csrftoken=${csrf}`, 'x-csrftoken': `${csrf}x` },
      payload: { title: 'x', count: 1 },
    });
    expect(mismatch.statusCode).toBe(403);
    const forged = 'abc.def';
    const unsigned = await app.inject({
      method: 'POST',
      url: '/api/test/echo/',
      headers: { cookie: `csrftoken=${forged}`, 'x-csrftoken': forged },
      payload: { title: 'x', count: 1 },
    });
    expect(unsigned.json().code).toBe('CSRF_FAILED');
  });

  it('remembers the tokens it found well formed, never one signed with another secret or forged', () => {
    const check = wellFormedChecker('secret one');
    const other = wellFormedChecker('secret two');
    const nonce = 'n0nce';
    const signature = crypto.createHmac('sha256', 'secret one').update(`csrf:${nonce}`).digest('base64url');
    const token = `${nonce}.${signature.slice(0, 32)}`;
    expect([check(token), check(token)]).toEqual([true, true]);
    expect(other(token)).toBe(false);
    expect([check(`${token}x`), check('abc.def'), check(undefined), check('')]).toEqual([false, false, false, false]);
    // Past its bound the oldest are forgotten: every token is still answered right.
    const tokens = Array.from({ length: WELL_FORMED_TOKENS_KEPT + 5 }, (_, i) => {
      const n = `n${i}`;
      return `${n}.${crypto.createHmac('sha256', 'secret one').update(`csrf:${n}`).digest('base64url').slice(0, 32)}`;
    });
    expect(tokens.every((t) => check(t))).toBe(true);
    expect(tokens.every((t) => check(t) && !other(t))).toBe(true);
    expect(check(`${tokens[0]}x`)).toBe(false);
  });

  it('accepts a matching header, and exempts requests authenticated only by a Bearer header', async () => {
    const ok = await app.inject({
      method: 'POST',
      url: '/api/test/echo/',
      headers: withCsrf(),
      payload: { title: 'x', count: 1 },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ received: { title: 'x', count: 1 } });
    const bearer = await app.inject({
      method: 'POST',
      url: '/api/test/echo/',
      headers: { authorization: 'Bearer some.jwt.value' },
      payload: { title: 'y', count: 2 },
    });
    expect(bearer.statusCode).toBe(200);
    const bearerWithCookie = await app.inject({
      method: 'POST',
      url: '/api/test/echo/',
      headers: { authorization: 'Bearer some.jwt.value', cookie: 'access_token=abc' },
      payload: { title: 'y', count: 2 },
    });
    expect(bearerWithCookie.statusCode).toBe(403);
  });
});

describe('errors', () => {
  it('answers validation errors with fields and a stable code', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/echo/',
      headers: withCsrf(),
      payload: { title: '', count: -1 },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(Object.keys(body.fields).sort()).toEqual(['count', 'title']);
    expect(body.detail).toMatch(/^(title|count): /);
  });

  it("gives every schema problem its message key: the schema's own key with its text, else a generic key", async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/keyed/',
      headers: withCsrf(),
      payload: { note: 'too long', kind: 'c', name: 'long', area: 'long' },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({
      code: 'VALIDATION_ERROR',
      message_code: 'http.invalidInput',
      detail: 'note: Ensure this field has no more than 5 characters.',
      field_codes: {
        note: ['validation.tooLong'],
        kind: ['validation.invalidChoice'],
        name: ['validation.tooLong'],
        area: ['events.typeInvalid'],
      },
      field_params: { note: [{ maximum: 5 }], name: [{ maximum: 3 }] },
    });
    expect(body.params).toBeUndefined();
    expect(body.fields.note).toEqual(['Ensure this field has no more than 5 characters.']);
    // A module's key of the API catalogue is a key too: its English text, never the key itself.
    expect(body.fields.area).toEqual([messageText('events.typeInvalid')]);
    expect(body.fields.area[0]).not.toBe('events.typeInvalid');
    // A problem the schema worded itself keeps zod's wording; its key tells a client what to show instead.
    expect(body.fields.kind).toHaveLength(1);
    expect(body.fields.kind[0]).not.toBe('validation.invalidChoice');
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/echo/',
      headers: { ...withCsrf(), 'content-type': 'application/json' },
      payload: '{"title":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('BAD_REQUEST');
  });

  it('hides internals of a 500 and gives the request id', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/boom/', headers: { 'x-request-id': 'req-42' } });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('hunter2');
    expect(response.json()).toEqual({
      detail: 'An internal error occurred. Please try again later.',
      code: 'INTERNAL_ERROR',
      message_code: 'http.internalError',
      request_id: 'req-42',
    });
    expect(response.headers['x-request-id']).toBe('req-42');
  });

  it('serialises an AppError with its status, code and fields, and the key of its status when it has none', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/conflict/' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      detail: 'A duplicate.',
      code: 'DUPLICATE_TITLE',
      message_code: 'http.conflict',
      fields: { title: ['taken'] },
    });
  });

  it('answers an unknown API path with the JSON 404', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/no-such-thing/' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Not found.', code: 'NOT_FOUND', message_code: 'http.notFound' });
  });
});

describe('security headers', () => {
  it('sends a strict CSP and the usual hardening headers', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health/' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('same-origin');
    // An error answer carries them too.
    const missing = await app.inject({ method: 'GET', url: '/api/no-such-thing/' });
    expect(missing.headers['content-security-policy']).toBe(csp);
  });

  it('sends, worked out once, exactly the headers helmet sets on a response', () => {
    for (const hsts of [false, true]) {
      const options = securityOptions(hsts);
      const request = new http.IncomingMessage(new net.Socket());
      const response = new http.ServerResponse(request);
      let called = false;
      helmet(options)(request, response, () => {
        called = true;
      });
      expect(called).toBe(true);
      const expected = Object.fromEntries(Object.entries(response.getHeaders()).map(([k, v]) => [k, String(v)]));
      expect(securityHeaders(options)).toEqual(expected);
      expect('strict-transport-security' in expected).toBe(hsts);
      expect(Object.keys(expected).length).toBeGreaterThan(8);
    }
  });
});

describe('web app and translations', () => {
  it('serves index.html for client routes and real files for assets', async () => {
    const root = await app.inject({ method: 'GET', url: '/' });
    expect(root.statusCode).toBe(200);
    expect(root.body).toContain('Confero shell');
    const page = await app.inject({ method: 'GET', url: '/events/12-abcdefgh' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Confero shell');
    const asset = await app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(asset.body).toBe('console.log(1)');
    expect(asset.headers['cache-control']).toContain('immutable');
    const missingAsset = await app.inject({ method: 'GET', url: '/assets/missing.js' });
    expect(missingAsset.statusCode).toBe(404);
  });

  it('serves /locales/{lng}/translation.json and 404s unknown languages', async () => {
    const ar = await app.inject({ method: 'GET', url: '/locales/ar/translation.json' });
    expect(ar.statusCode).toBe(200);
    expect(ar.json()).toEqual({ hello: 'مرحبا' });
    const missing = await app.inject({ method: 'GET', url: '/locales/xx/translation.json' });
    expect(missing.statusCode).toBe(404);
    const traversal = await app.inject({ method: 'GET', url: '/locales/..%2F..%2Fetc/translation.json' });
    expect(traversal.statusCode).toBe(404);
  });
});

describe('OpenAPI', () => {
  it('documents the API at /api/docs', async () => {
    const spec = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(spec.statusCode).toBe(200);
    expect(spec.json().paths['/api/health/']).toBeDefined();
    const ui = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger');
  });
});

describe('rate limiting', () => {
  it('holds across two API processes that share the database', async () => {
    const database = await openTestDatabase();
    const first = await buildTestApp({}, { database, beforeReady: testRoutes });
    const second = await buildTestApp({}, { database, beforeReady: testRoutes });
    try {
      const statuses: number[] = [];
      for (const target of [first, second, first, second]) {
        statuses.push((await target.inject({ method: 'GET', url: '/api/test/limited/' })).statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      const limited = await first.inject({ method: 'GET', url: '/api/test/limited/' });
      const seconds = limited.json().params?.seconds;
      expect(seconds).toBeGreaterThan(0);
      expect(limited.json()).toEqual({
        detail: `Too many requests. Please try again in ${seconds} seconds.`,
        code: 'RATE_LIMITED',
        message_code: 'http.tooManyRequestsFor',
        params: { seconds },
      });
      expect(Number(limited.headers['retry-after'])).toBe(seconds);
    } finally {
      await first.close();
      await second.close();
      await database.close();
    }
  });

  it('multiplies every route limit by RATE_LIMIT_SCALE', async () => {
    const scaled = await buildTestApp({ rateLimitScale: 2 }, { beforeReady: testRoutes });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 7; i += 1)
        statuses.push((await scaled.inject({ method: 'GET', url: '/api/test/limited/' })).statusCode);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429]);
    } finally {
      await scaled.close();
    }
  });
});
