import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { preferredEncoding } from './web.ts';

/** A built web app as the build leaves it: each text file with its `.br` and `.gz` beside it. */
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'confero-web-dist-'));
const localesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'confero-web-locales-'));
const script = Buffer.from(`export const words = ${JSON.stringify('conference review '.repeat(400))};\n`);
const shell = Buffer.from(`<!doctype html><title>Confero shell</title>${'<!-- padding -->'.repeat(100)}`);
const translation = Buffer.from(JSON.stringify({ greeting: 'مرحبا', filler: 'نص '.repeat(800) }));

function writeWithCompressed(file: string, content: Buffer) {
  fs.writeFileSync(file, content);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(content));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content));
}

let app: TestApp;
beforeAll(async () => {
  fs.mkdirSync(path.join(webDist, 'assets'));
  writeWithCompressed(path.join(webDist, 'assets', 'app-4f2a9c1e.js'), script);
  writeWithCompressed(path.join(webDist, 'index.html'), shell);
  fs.mkdirSync(path.join(localesDir, 'ar'));
  fs.writeFileSync(path.join(localesDir, 'ar', 'translation.json'), translation);
  app = await buildTestApp({ webDist, localesDir });
});
afterAll(async () => {
  await app.close();
  fs.rmSync(webDist, { recursive: true, force: true });
  fs.rmSync(localesDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

describe('the built web app', () => {
  it('sends a hashed asset precompressed with brotli, cached for a year, the same bytes once decoded', async () => {
    const response = await get('/assets/app-4f2a9c1e.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^(?:text|application)\/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    // The build's copy as it is on disk, not one compressed for this request.
    expect(response.rawPayload.equals(fs.readFileSync(path.join(webDist, 'assets', 'app-4f2a9c1e.js.br')))).toBe(true);
    expect(zlib.brotliDecompressSync(response.rawPayload).equals(script)).toBe(true);
  });

  it('sends the gzip copy to a client that accepts only gzip, and the file itself to one that accepts neither', async () => {
    const gz = await get('/assets/app-4f2a9c1e.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.equals(fs.readFileSync(path.join(webDist, 'assets', 'app-4f2a9c1e.js.gz')))).toBe(true);
    expect(zlib.gunzipSync(gz.rawPayload).equals(script)).toBe(true);
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const plain = await get('/assets/app-4f2a9c1e.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(script)).toBe(true);
    // Even the uncompressed answer depends on Accept-Encoding: a shared cache must not hand it to a brotli client.
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
  });

  it('sends index.html precompressed for client routes, revalidated on each visit', async () => {
    for (const url of ['/', '/events/12-abcdefgh']) {
      const response = await get(url, { 'accept-encoding': 'br' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(zlib.brotliDecompressSync(response.rawPayload).equals(shell)).toBe(true);
    }
  });

  it('answers a byte range of an asset with 206 and those bytes', async () => {
    const response = await get('/assets/app-4f2a9c1e.js', { range: 'bytes=0-9' });
    expect(response.statusCode).toBe(206);
    expect(response.headers['content-range']).toBe(`bytes 0-9/${script.length}`);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.rawPayload.equals(script.subarray(0, 10))).toBe(true);
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const response = await app.inject({ method: 'HEAD', url: '/assets/app-4f2a9c1e.js' });
    expect(response.statusCode).toBe(200);
    expect(Number(response.headers['content-length'])).toBe(script.length);
    expect(response.headers['cache-control']).toContain('immutable');
    expect(response.rawPayload.length).toBe(0);
  });

  it('404s a missing asset with the JSON error shape', async () => {
    const response = await get('/assets/missing-00000000.js', { 'accept-encoding': 'br' });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('NOT_FOUND');
  });
});

describe('the translation files', () => {
  it('are sent compressed as the client accepts, and revalidated on each use', async () => {
    const response = await get('/locales/ar/translation.json', { 'accept-encoding': 'gzip, br' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.rawPayload.length).toBeLessThan(translation.length / 10);
    expect(zlib.brotliDecompressSync(response.rawPayload).equals(translation)).toBe(true);

    const gz = await get('/locales/ar/translation.json', { 'accept-encoding': 'gzip, br;q=0' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).equals(translation)).toBe(true);

    const plain = await get('/locales/ar/translation.json');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json().greeting).toBe('مرحبا');
  });

  it('answers 304 to a client holding the current version, and the new texts once the file changed', async () => {
    const file = path.join(localesDir, 'ar', 'translation.json');
    const first = await get('/locales/ar/translation.json', { 'accept-encoding': 'br' });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);

    const unchanged = await get('/locales/ar/translation.json', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.rawPayload.length).toBe(0);

    const updated = Buffer.from(JSON.stringify({ greeting: 'أهلا' }));
    fs.writeFileSync(file, updated);
    fs.utimesSync(file, new Date(), new Date(Date.now() + 5_000));
    try {
      const changed = await get('/locales/ar/translation.json', { 'accept-encoding': 'br', 'if-none-match': etag });
      expect(changed.statusCode).toBe(200);
      expect(changed.headers.etag).not.toBe(etag);
      expect(JSON.parse(zlib.brotliDecompressSync(changed.rawPayload).toString('utf8'))).toEqual({ greeting: 'أهلا' });
    } finally {
      fs.writeFileSync(file, translation);
    }
  });

  it('404s a language that has no file, and paths outside the folder', async () => {
    for (const url of ['/locales/xx/translation.json', '/locales/..%2F..%2Fetc/translation.json']) {
      const response = await get(url, { 'accept-encoding': 'br' });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
    }
  });
});

describe('preferredEncoding', () => {
  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['*', 'br'],
    ['identity', undefined],
    ['gzip;q=0, br;q=0', undefined],
    [undefined, undefined],
  ])('reads %s as %s', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });
});
