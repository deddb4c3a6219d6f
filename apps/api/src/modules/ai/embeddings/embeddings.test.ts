import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FakeOpenAiServer,
  hashedEmbedding,
  startCompletionsServer,
} from '../../../../test/fixtures/openai-server.ts';
import { loadConfig } from '../../../config.ts';
import { AiProviderError, createAiProvider, type TextEmbeddings } from '../providers/index.ts';
import {
  createOpenAiEmbeddings,
  cutToTokenLimit,
  DEFAULT_EMBEDDING_MODEL,
  type EmbeddingOptions,
} from '../providers/openai-embeddings.ts';
import { cachedEmbeddings, scoreWithEmbeddings } from './index.ts';

let fake: FakeOpenAiServer;
/** Every host a TCP connection was opened to while these tests ran (fetch's connections included). */
const hosts: string[] = [];
const onSocket = (message: unknown) => {
  const socket = (message as { socket: import('node:net').Socket }).socket;
  socket.once('connect', () => hosts.push(socket.remoteAddress ?? '?'));
};

beforeAll(async () => {
  subscribe('net.client.socket', onSocket);
  fake = await startCompletionsServer();
});
afterAll(async () => {
  unsubscribe('net.client.socket', onSocket);
  await fake.close();
});

const FAST_RETRY = { retries: 2, delayMs: 5 };
const client = (limits: EmbeddingOptions = {}, extra: { timeoutMs?: number } = {}) =>
  createOpenAiEmbeddings(
    { baseUrl: fake.url, apiKey: 'sk-test-key', embeddingModel: 'test-embedding', ...extra },
    { retry: FAST_RETRY, ...limits },
  );

const unit = (values: number[]) => {
  const norm = Math.sqrt(values.reduce((sum, v) => sum + v * v, 0));
  return Array.from(Float32Array.from(values, (v) => v / norm));
};

describe('the openai provider’s embeddings', () => {
  it('sends the inputs in batches of the configured size and returns unit vectors in the order of the inputs', async () => {
    const texts = ['graph neural networks', 'speech recognition', 'protein folding', 'a', 'bb words', 'x y z', 'seven'];
    const before = fake.received.length;
    const vectors = await client({ maxBatchInputs: 3 }).embed(texts);
    const requests = fake.received.slice(before);
    expect(requests.map((request) => request.body.input)).toEqual([texts.slice(0, 3), texts.slice(3, 6), ['seven']]);
    for (const request of requests) {
      expect(request.url).toBe('/v1/embeddings');
      expect(request.authorization).toBe('Bearer sk-test-key');
      expect(request.body).toMatchObject({ model: 'test-embedding', encoding_format: 'float' });
    }
    // The stand-in lists each batch's embeddings last input first: the client puts them back by index.
    expect(vectors.map((vector) => Array.from(vector))).toEqual(texts.map((text) => unit(hashedEmbedding(text))));
  });

  it('starts a new batch before the batch’s tokens would pass the limit', async () => {
    const texts = ['a'.repeat(40), 'b'.repeat(40), 'c'.repeat(40)];
    const before = fake.received.length;
    // Each input counts its 40 bytes and 16 special tokens: two make 112 > 100.
    await client({ maxBatchTokens: 100 }).embed(texts);
    expect(fake.received.slice(before).map((request) => request.body.input)).toEqual(texts.map((text) => [text]));
  });

  it('cuts an input to a prefix of at most the token limit in bytes, at a word or character boundary', async () => {
    const words = Array.from({ length: 4000 }, (_, i) => `word${i}`).join(' ');
    const cut = cutToTokenLimit(words, 1000);
    expect(Buffer.byteLength(cut)).toBeLessThanOrEqual(1000);
    expect(Buffer.byteLength(cut)).toBeGreaterThan(900);
    expect(words.startsWith(cut)).toBe(true);
    expect(words[cut.length]).toBe(' ');
    const arabic = 'تعلم الآلة للغة العربية '.repeat(200);
    const arabicCut = cutToTokenLimit(arabic, 501);
    expect(Buffer.byteLength(arabicCut)).toBeLessThanOrEqual(501);
    expect(arabic.startsWith(arabicCut)).toBe(true);
    const emoji = '😀'.repeat(300);
    const emojiCut = cutToTokenLimit(emoji, 10);
    expect(emojiCut).toBe('😀😀');
    expect(cutToTokenLimit('short text', 1000)).toBe('short text');

    const before = fake.received.length;
    await client({ maxInputTokens: 216 }).embed([words]);
    const sent = fake.received[before]?.body.input as string[];
    expect(Buffer.byteLength(sent[0] as string)).toBeLessThanOrEqual(200);
    expect(words.startsWith(sent[0] as string)).toBe(true);
  });

  it('retries a busy or failing server and then answers', async () => {
    fake.embeddingReplies.push(
      { status: 503, body: '{}' },
      { status: 429, body: '{}', headers: { 'retry-after': '0' } },
    );
    const before = fake.received.length;
    const [vector] = await client().embed(['retried text']);
    expect(fake.received.length - before).toBe(3);
    expect(Array.from(vector as Float32Array)).toEqual(unit(hashedEmbedding('retried text')));
  });

  it('gives up with AiProviderError after the bounded retries, and does not retry a refused request', async () => {
    fake.embeddingReplies.push(...Array.from({ length: 3 }, () => ({ status: 500, body: '{}' })));
    let before = fake.received.length;
    await expect(client().embed(['x text'])).rejects.toThrow(new AiProviderError('the AI endpoint answered 500'));
    expect(fake.received.length - before).toBe(3);
    fake.embeddingReplies.push({ status: 400, body: '{"error":{"message":"bad model"}}' });
    before = fake.received.length;
    await expect(client().embed(['x text'])).rejects.toThrow(new AiProviderError('the AI endpoint answered 400'));
    expect(fake.received.length - before).toBe(1);
  });

  it('maps a time-out and an unreachable server to AiProviderError', async () => {
    fake.embeddingReplies.push({ body: '{}', delayMs: 2_000 });
    const slow = client({ retry: { retries: 0, delayMs: 0 } }, { timeoutMs: 100 });
    await expect(slow.embed(['slow text'])).rejects.toThrow(
      new AiProviderError('the AI endpoint could not be reached (TimeoutError)'),
    );
    const closed = await startCompletionsServer();
    await closed.close();
    const unreachable = createOpenAiEmbeddings({ baseUrl: closed.url }, { retry: { retries: 1, delayMs: 1 } });
    await expect(unreachable.embed(['text'])).rejects.toThrow(AiProviderError);
  });

  it.each([
    ['invalid JSON', 'not json', 'the AI endpoint answered with invalid JSON'],
    ['no data', '{"object":"list"}', 'the AI endpoint answered no embeddings for 2 inputs'],
    [
      'one vector short',
      '{"data":[{"index":0,"embedding":[1,0]}]}',
      'the AI endpoint answered 1 embeddings for 2 inputs',
    ],
    [
      'an index twice',
      '{"data":[{"index":0,"embedding":[1,0]},{"index":0,"embedding":[0,1]}]}',
      'the AI endpoint answered embeddings with wrong indexes',
    ],
    [
      'an index out of range',
      '{"data":[{"index":0,"embedding":[1,0]},{"index":2,"embedding":[0,1]}]}',
      'the AI endpoint answered embeddings with wrong indexes',
    ],
    [
      'two dimensions',
      '{"data":[{"index":0,"embedding":[1,0]},{"index":1,"embedding":[0,1,0]}]}',
      'the AI endpoint answered embeddings of different or no dimensions',
    ],
    [
      'a string in a vector',
      '{"data":[{"index":0,"embedding":[1,"0"]},{"index":1,"embedding":[0,1]}]}',
      'the AI endpoint answered an embedding that is not a list of numbers',
    ],
    [
      'a zero vector',
      '{"data":[{"index":0,"embedding":[0,0]},{"index":1,"embedding":[0,1]}]}',
      'the AI endpoint answered a zero embedding',
    ],
  ])('rejects an answer with %s as AiProviderError', async (_, body, message) => {
    fake.embeddingReplies.push({ body });
    await expect(client().embed(['first text', 'second text'])).rejects.toThrow(new AiProviderError(message));
  });

  it('refuses an empty text before calling the endpoint', async () => {
    const before = fake.received.length;
    await expect(client().embed(['text', '  '])).rejects.toThrow(RangeError);
    expect(fake.received.length).toBe(before);
  });

  it('is offered by the openai provider with the configured model, and not by the local provider', async () => {
    const env = { AI_PROVIDER: 'openai', AI_BASE_URL: fake.url };
    const configured = createAiProvider(loadConfig({ ...env, AI_EMBEDDING_MODEL: 'nomic-embed-text' }).ai);
    expect(configured.embeddings?.model).toBe('nomic-embed-text');
    const before = fake.received.length;
    await configured.embeddings?.embed(['through the provider']);
    expect(fake.received[before]).toMatchObject({
      url: '/v1/embeddings',
      authorization: undefined,
      body: { model: 'nomic-embed-text', input: ['through the provider'] },
    });
    expect(createAiProvider(loadConfig(env).ai).embeddings?.model).toBe(DEFAULT_EMBEDDING_MODEL);
    expect(createAiProvider(loadConfig({}).ai).embeddings).toBeUndefined();
  });
});

describe('cached embeddings', () => {
  it('embeds each distinct text once per run, and once across runs sharing a folder', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'confero-embeddings-'));
    try {
      const first = cachedEmbeddings(client(), { dir });
      let before = fake.received.length;
      const a = await first.embed(['alpha text', 'beta text', 'alpha text']);
      expect(fake.received.slice(before).map((request) => request.body.input)).toEqual([['alpha text', 'beta text']]);
      const b = await first.embed(['beta text', 'gamma text']);
      expect(fake.received.length - before).toBe(2);
      expect(fake.received.at(-1)?.body.input).toEqual(['gamma text']);
      expect(first.stats).toEqual({ requested: 5, cached: 2, embedded: 3 });
      expect(Array.from(b[0] as Float32Array)).toEqual(Array.from(a[1] as Float32Array));

      before = fake.received.length;
      const second = cachedEmbeddings(client(), { dir });
      const again = await second.embed(['gamma text', 'alpha text']);
      expect(fake.received.length).toBe(before);
      expect(second.stats).toEqual({ requested: 2, cached: 2, embedded: 0 });
      expect(Array.from(again[1] as Float32Array)).toEqual(Array.from(a[0] as Float32Array));
      // Another model does not read these vectors.
      const other = cachedEmbeddings(
        createOpenAiEmbeddings({ baseUrl: fake.url, embeddingModel: 'other-model' }, { retry: FAST_RETRY }),
        { dir },
      );
      await other.embed(['alpha text']);
      expect(fake.received.length).toBe(before + 1);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('affinity from embeddings', () => {
  it('scores the mean cosine over the reviewer’s documents, the profile at half weight, full text mixed in, in [0, 1]', async () => {
    // Hand-chosen vectors: cosines are read off directly.
    const table: Record<string, number[]> = {
      'Paper A': [1, 0, 0],
      'Paper B': [0, 1, 0],
      'Paper C': [0, 0, 1],
      'Sub one': [0.6, 0.8, 0],
      'Sub two': [0, 0, 1],
      'Sub two body': [1, 0, 0],
      Opposite: [-0.6, 0, 0.8],
      'My expertise': [0, 1, 0],
    };
    for (const [text, vector] of Object.entries(table)) fake.vectors.set(text, vector);
    const submissions = [
      { id: 's1', title: 'Sub one' },
      { id: 's2', title: 'Sub two', fullText: 'Sub two body' },
      { id: 's3' },
    ];
    const reviewers = [
      {
        id: 'r1',
        expertise: 'My expertise',
        papers: [
          { id: 'a', title: 'Paper A' },
          { id: 'b', title: 'Paper B' },
          { id: 'a', title: 'Paper A' },
          { id: 'empty' },
        ],
      },
      {
        id: 'r2',
        papers: [
          { id: 'c', title: 'Paper C' },
          { id: 'o', title: 'Opposite' },
        ],
      },
      { id: 'r3', papers: [] },
    ];
    const before = fake.received.length;
    const { scores, reasons } = await scoreWithEmbeddings(client(), reviewers, submissions);
    // One request: each distinct text once.
    expect(fake.received.length - before).toBe(1);
    expect(new Set(fake.received[before]?.body.input)).toEqual(
      new Set(['Sub one', 'Sub two', 'Sub two body', 'Paper A', 'Paper B', 'My expertise', 'Paper C', 'Opposite']),
    );
    expect(fake.received[before]?.body.input).toHaveLength(8);
    // s2 = unit([0,0,1] + [1,0,0]) = [0.7071, 0, 0.7071].
    const h = Math.SQRT1_2;
    const expected = [
      // r1: A, B and the profile (weight ½), three documents (the repeated A and the empty paper left out).
      (0.6 + 0.8 + 0.5 * 0.8) / 3,
      (h + 0 + 0) / 3,
      0,
      // r2: C and Opposite; with s1 their mean is (0 − 0.6) / 2, clamped to 0.
      0,
      (h + 0.2 * h) / 2,
      0,
      // r3 has no document.
      0,
      0,
      0,
    ];
    expect(scores).toHaveLength(expected.length);
    expected.forEach((value, i) => {
      expect(scores[i]).toBeCloseTo(value, 6);
    });
    expect(reasons(0, 0)).toEqual(['Paper B', 'Paper A']);
    expect(reasons(0, 1)).toEqual(['Paper A']);
    expect(reasons(1, 1)).toEqual(['Paper C', 'Opposite']);
    expect(reasons(1, 0)).toEqual([]);
    expect(reasons(0, 2)).toEqual([]);
  });

  it('puts the reviewer whose papers share the submission’s words first (the stand-in’s hashed words)', async () => {
    const embeddings: TextEmbeddings = cachedEmbeddings(client());
    const submissions = [
      { id: 's1', title: 'Speech recognition with neural acoustic models', keywords: ['speech', 'acoustic'] },
      { id: 's2', title: 'Protein structure prediction from sequence', abstract: 'We predict protein folding.' },
    ];
    const reviewers = [
      { id: 'bio', papers: [{ id: 'p1', title: 'Protein folding and structure prediction' }] },
      { id: 'speech', papers: [{ id: 'p2', title: 'Acoustic models for speech recognition' }] },
    ];
    const { scores } = await scoreWithEmbeddings(embeddings, reviewers, submissions);
    expect(scores[1 * 2 + 0]).toBeGreaterThan(scores[0 * 2 + 0] as number);
    expect(scores[0 * 2 + 1]).toBeGreaterThan(scores[1 * 2 + 1] as number);
  });

  it('opened connections to 127.0.0.1 only', () => {
    expect(hosts.length).toBeGreaterThan(0);
    expect(new Set(hosts)).toEqual(new Set(['127.0.0.1']));
  });
});
