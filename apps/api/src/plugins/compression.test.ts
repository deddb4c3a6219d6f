import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildSubmission } from '../../test/factories/submissions.ts';
import { buildUser } from '../../test/factories/users.ts';
import { signedInClient, type TestClient } from '../../test/http.ts';
import {
  COMPRESSION_LEVELS,
  COMPRESSION_THRESHOLD_BYTES,
  compressionPlugin,
  LARGE_ANSWER_BYTES,
} from './compression.ts';

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

/** A JSON list of `rows` rows of varied words (a fixed sequence), like the submission lists. */
function listText(rows: number): string {
  const words = ['graph', 'neural', 'review', 'bidding', 'fair', 'robust', 'sparse', 'model', 'learning', 'data'];
  let seed = 7;
  const next = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed;
  };
  const phrase = (length: number) => Array.from({ length }, () => words[next() % words.length]).join(' ');
  return JSON.stringify(
    Array.from({ length: rows }, (_, id) => ({
      id,
      public_id: `${id}-${next().toString(36)}`,
      title: phrase(8),
      authors: [{ first_name: phrase(1), last_name: `${phrase(1)}${next() % 997}` }],
      created: new Date(1_700_000_000_000 + next()).toISOString(),
    })),
  );
}

describe('compression levels by size', () => {
  let bare: FastifyInstance;
  const small = listText(300);
  const large = listText(4000);

  beforeAll(async () => {
    bare = Fastify();
    await bare.register(compressionPlugin);
    bare.get('/small', async (_request, reply) => reply.type('application/json').send(small));
    bare.get('/large', async (_request, reply) => reply.type('application/json').send(large));
    await bare.ready();
  });
  afterAll(async () => bare.close());

  const get = (url: string, acceptEncoding: string) =>
    bare.inject({ method: 'GET', url, headers: { 'accept-encoding': acceptEncoding } });

  it('compresses an answer up to 256 KB at the dense levels and a larger one at the cheap levels', async () => {
    expect(Buffer.byteLength(small)).toBeLessThan(LARGE_ANSWER_BYTES);
    expect(Buffer.byteLength(large)).toBeGreaterThan(LARGE_ANSWER_BYTES);
    const gzipOf = (text: string, level: number) => zlib.gzipSync(text, { level }).length;
    const brotliOf = (text: string, quality: number) =>
      zlib.brotliCompressSync(text, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality } }).length;
    // The two levels give different sizes on these texts, so the sizes tell which level was used.
    expect(gzipOf(large, 1)).not.toBe(gzipOf(large, 4));
    expect(brotliOf(large, 1)).not.toBe(brotliOf(large, 4));

    const smallGzip = await get('/small', 'gzip');
    expect(smallGzip.headers['content-encoding']).toBe('gzip');
    expect(smallGzip.rawPayload.length).toBe(gzipOf(small, COMPRESSION_LEVELS.small.gzip));
    const largeGzip = await get('/large', 'gzip');
    expect(largeGzip.headers['content-encoding']).toBe('gzip');
    expect(largeGzip.rawPayload.length).toBe(gzipOf(large, COMPRESSION_LEVELS.large.gzip));
    expect(zlib.gunzipSync(largeGzip.rawPayload).toString('utf8')).toBe(large);

    const smallBrotli = await get('/small', 'br');
    expect(smallBrotli.rawPayload.length).toBe(brotliOf(small, COMPRESSION_LEVELS.small.br));
    const largeBrotli = await get('/large', 'br');
    expect(largeBrotli.headers['content-encoding']).toBe('br');
    expect(largeBrotli.rawPayload.length).toBe(brotliOf(large, COMPRESSION_LEVELS.large.br));
    expect(zlib.brotliDecompressSync(largeBrotli.rawPayload).toString('utf8')).toBe(large);
    // Still well compressed: the cheap levels keep a ratio above 3:1 on this text (of random words).
    expect(largeBrotli.rawPayload.length * 3).toBeLessThan(Buffer.byteLength(large));
  });

  it('prefers zstd when the client accepts it (as current browsers do), the same text once decoded', async () => {
    for (const [url, text] of [
      ['/small', small],
      ['/large', large],
    ] as const) {
      const zstd = await get(url, 'gzip, deflate, br, zstd');
      expect(zstd.headers['content-encoding']).toBe('zstd');
      expect(zlib.zstdDecompressSync(zstd.rawPayload).toString('utf8')).toBe(text);
      expect(zstd.rawPayload.length * 3).toBeLessThan(Buffer.byteLength(text));
    }
    expect((await get('/large', 'gzip, deflate, br')).headers['content-encoding']).toBe('br');
  });
});
