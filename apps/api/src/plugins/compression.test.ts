import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildSubmission } from '../../test/factories/submissions.ts';
import { buildUser } from '../../test/factories/users.ts';
import { signedInClient, type TestClient } from '../../test/http.ts';
import { COMPRESSION_THRESHOLD_BYTES } from './compression.ts';

let app: TestApp;
let author: TestClient;
let paperId: string;
let paperBytes: Buffer;

beforeAll(async () => {
  app = await buildTestApp();
  const user = await buildUser(app);
  author = await signedInClient(app, user);
  // Six papers: a list answer of a few KB, above the threshold.
  const submissions = [];
  for (let i = 0; i < 6; i += 1) submissions.push(await buildSubmission(app, { submitter: user }));
  const paper = submissions[0];
  if (!paper?.file) throw new Error('the factory stored no paper');
  paperId = paper.publicId;
  const download = await author.get(`/api/submissions/${paperId}/download_file/`);
  paperBytes = download.rawPayload;
});
afterAll(async () => app.close());

const list = (acceptEncoding?: string) =>
  author.get('/api/submissions/', acceptEncoding ? { headers: { 'accept-encoding': acceptEncoding } } : {});

describe('compression of API answers', () => {
  it('answers a JSON list with brotli when the client accepts it, the same JSON once decoded', async () => {
    const plain = await list('identity');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES * 2);
    expect(plain.json().count).toBe(6);

    const br = await list('gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.headers['content-type']).toContain('application/json');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('answers with gzip to a client that accepts only gzip, and as is to one that sends no Accept-Encoding', async () => {
    const gz = await list('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    const decoded = JSON.parse(zlib.gunzipSync(gz.rawPayload).toString('utf8'));
    expect(decoded.count).toBe(6);

    const none = await list();
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.json()).toEqual(decoded);
  });

  it('leaves answers below the threshold as they are', async () => {
    const csrf = await author.get('/api/auth/csrf/', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(csrf.statusCode).toBe(200);
    expect(csrf.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(csrf.headers['content-encoding']).toBeUndefined();
    expect(typeof csrf.json().csrftoken).toBe('string');
  });

  it('never compresses a PDF download, whatever the client accepts', async () => {
    const pdf = await author.get(`/api/submissions/${paperId}/download_file/`, {
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-encoding']).toBeUndefined();
    expect(Number(pdf.headers['content-length'])).toBe(paperBytes.length);
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.rawPayload.equals(paperBytes)).toBe(true);
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const head = await author.request('HEAD', `/api/submissions/${paperId}/download_file/`, undefined, {
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('application/pdf');
    expect(head.headers['content-encoding']).toBeUndefined();
    expect(Number(head.headers['content-length'])).toBe(paperBytes.length);
    expect(head.rawPayload.length).toBe(0);

    const listHead = await author.request('HEAD', '/api/submissions/', undefined, {
      headers: { 'accept-encoding': 'br' },
    });
    expect(listHead.statusCode).toBe(200);
    expect(listHead.rawPayload.length).toBe(0);
  });

  it('sends a short error answer as it is, its status and code unchanged', async () => {
    const missing = await author.get('/api/submissions/not-a-paper/', { headers: { 'accept-encoding': 'gzip' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-encoding']).toBeUndefined();
    expect(missing.json().code).toBe('NOT_FOUND');
  });
});
