import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddingsEndpoint } from '../../../../../../bench/affinity/embeddings.ts';
import { type FakeOpenAiServer, startCompletionsServer } from '../../../../test/fixtures/openai-server.ts';

/*
 * bench/affinity/run.ts's openai rows, run as a developer runs them (a Node process) against the local stand-in on a
 * small data set in the gold standard's layout: two reviewers, one of speech, one of proteins, who rated the same three
 * papers in opposite orders. The stand-in's bag-of-words embeddings order them as rated.
 */

const repoRoot = path.resolve(import.meta.dirname, '../../../../../..');
const run = promisify(execFile);

let fake: FakeOpenAiServer;
let root: string;
let data: string;
let cache: string;
/** Each bench process notes there the address of every TCP connection it opens (`guard.mjs`). */
let hostsFile: string;

const paper = (id: string, title: string, abstract: string) => JSON.stringify({ id, content: { title, abstract } });

beforeAll(async () => {
  fake = await startCompletionsServer();
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'confero-affinity-bench-'));
  data = path.join(root, 'data-set');
  cache = path.join(root, 'cache');
  hostsFile = path.join(root, 'hosts.txt');
  fs.writeFileSync(
    path.join(root, 'guard.mjs'),
    [
      "import { subscribe } from 'node:diagnostics_channel';",
      "import fs from 'node:fs';",
      "subscribe('net.client.socket', ({ socket }) => socket.once('connect', () =>",
      "  fs.appendFileSync(process.env.CONFERO_HOSTS_FILE, socket.remoteAddress + '\\n')));",
    ].join('\n'),
  );
  const version = path.join(data, 'evaluation_datasets', 'd_20_1');
  fs.mkdirSync(path.join(version, 'archives'), { recursive: true });
  fs.mkdirSync(path.join(data, 'data', 'txts'), { recursive: true });
  fs.writeFileSync(
    path.join(data, 'data', 'evaluations.csv'),
    [
      'ParticipantID\tPaper1\tPaper2\tPaper3\tExpertise1\tExpertise2\tExpertise3',
      'speaker\ts1\ts2\ts3\t5\t3\t1',
      'biologist\ts1\ts2\ts3\t1\t3\t5',
    ].join('\n'),
  );
  fs.writeFileSync(
    path.join(version, 'submissions.json'),
    JSON.stringify({
      s1: { content: { title: 'Acoustic speech recognition', abstract: 'Speech recognition with acoustic models.' } },
      s2: { content: { title: 'Speech of protein', abstract: 'Acoustic protein folding.' } },
      s3: { content: { title: 'Protein folding prediction', abstract: 'Protein structure and folding prediction.' } },
    }),
  );
  fs.writeFileSync(path.join(data, 'data', 'txts', 's1.txt'), 'Speech recognition: acoustic models of speech.');
  fs.writeFileSync(
    path.join(version, 'archives', '~speaker.jsonl'),
    [
      paper('p1', 'Speech recognition in noise', 'Acoustic models for speech recognition.'),
      paper('p2', 'Acoustic speech features', 'Speech features.'),
    ].join('\n'),
  );
  fs.writeFileSync(
    path.join(version, 'archives', '~biologist.jsonl'),
    paper('p3', 'Protein folding', 'Protein structure prediction and folding.'),
  );
});
afterAll(async () => {
  await fake.close();
  fs.rmSync(root, { recursive: true, force: true });
});

/** Runs the bench on the small data set with only PATH and `env` from this environment. */
async function bench(args: string[], env: Record<string, string>) {
  const { stdout } = await run(process.execPath, ['bench/affinity/run.ts', data, ...args], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_OPTIONS: `--import=${path.join(root, 'guard.mjs')}`,
      CONFERO_HOSTS_FILE: hostsFile,
      ...env,
    },
  });
  return stdout;
}

/** The printed row of a method: loss, easy, hard, versions, then the rest of the line. */
function row(stdout: string, method: string) {
  const line = stdout.split('\n').find((l) => l.startsWith(method));
  if (!line) throw new Error(`no row ${method} in:\n${stdout}`);
  const [loss, easy, hard, versions] = line.slice(method.length).trim().split(/\s+/);
  return { loss, easy, hard, versions, line };
}

describe('bench/affinity with the openai embeddings path', () => {
  it('prints one line saying the openai rows are skipped when no endpoint is configured', async () => {
    const stdout = await bench([], {});
    expect(stdout).toContain(
      'openai embeddings rows skipped: no endpoint configured (--provider openai with AI_BASE_URL)',
    );
    expect(stdout).not.toMatch(/^openai embeddings .*\(title\+abstract\)/m);
    expect(row(stdout, 'confero tf-idf (title+abstract)').versions).toBe('1');
  });

  it('measures the embeddings rows against the stand-in, every text embedded once, and not again from the cache', async () => {
    const env = { AI_BASE_URL: fake.url, AI_API_KEY: 'sk-bench', AI_EMBEDDING_MODEL: 'test-embedding' };
    const before = fake.received.length;
    const stdout = await bench(['--provider', 'openai', '--cache', cache], env);
    const requests = fake.received.slice(before);
    // 3 submissions, 3 reviewer papers, then s1's full text: 7 distinct texts, each sent once.
    expect(requests.flatMap((request) => request.body.input)).toHaveLength(7);
    for (const request of requests) {
      expect(request).toMatchObject({ url: '/v1/embeddings', authorization: 'Bearer sk-bench' });
      expect(request.body.model).toBe('test-embedding');
    }
    const summary = row(stdout, 'openai embeddings test-embedding (title+abstract)');
    // Every rated pair is ordered as the reviewers rated it; no pair is hard (both rated ≥ 4).
    expect(summary).toMatchObject({ loss: '0.000', easy: '1.000', hard: '–', versions: '1' });
    expect(summary.line).toContain('6 texts embedded, 0 cached');
    const full = row(stdout, 'openai embeddings test-embedding (full text where available)');
    expect(full).toMatchObject({ loss: '0.000', easy: '1.000' });
    expect(full.line).toContain('1 texts embedded, 6 cached');
    expect(stdout).toContain(`openai embeddings: test-embedding at ${fake.url}, inputs cut to 8191 tokens`);

    const again = fake.received.length;
    const second = await bench(['--provider', 'openai', '--cache', cache], env);
    expect(fake.received.length).toBe(again);
    expect(row(second, 'openai embeddings test-embedding (title+abstract)').line).toContain(
      '0 texts embedded, 6 cached',
    );
    // The first run connected to the stand-in, on 127.0.0.1, and nowhere else.
    expect(new Set(fs.readFileSync(hostsFile, 'utf8').trim().split('\n'))).toEqual(new Set(['127.0.0.1']));
  });

  it('takes the endpoint from the flags or the server’s settings, and refuses openai without a base URL', () => {
    expect(embeddingsEndpoint({}, { AI_BASE_URL: 'http://127.0.0.1:1/v1' })).toHaveProperty('skipped');
    expect(
      embeddingsEndpoint({}, { AI_BASE_URL: 'http://127.0.0.1:1/v1', AI_EMBEDDING_MODEL: 'm', AI_API_KEY: 'k' }),
    ).toEqual({ endpoint: { baseUrl: 'http://127.0.0.1:1/v1', apiKey: 'k', model: 'm' } });
    expect(
      embeddingsEndpoint(
        { provider: 'openai', 'base-url': 'http://127.0.0.1:2/v1', 'embedding-model': 'e', 'max-input-tokens': '512' },
        { AI_BASE_URL: 'http://127.0.0.1:1/v1', AI_EMBEDDING_MODEL: 'm' },
      ),
    ).toEqual({ endpoint: { baseUrl: 'http://127.0.0.1:2/v1', model: 'e', maxInputTokens: 512 } });
    expect(embeddingsEndpoint({ provider: 'local' }, { AI_PROVIDER: 'openai', AI_BASE_URL: 'x' })).toHaveProperty(
      'skipped',
    );
    expect(() => embeddingsEndpoint({ provider: 'openai' }, {})).toThrow('--provider openai needs --base-url');
    expect(() => embeddingsEndpoint({ provider: 'remote' }, {})).toThrow('--provider: local or openai');
  });
});
