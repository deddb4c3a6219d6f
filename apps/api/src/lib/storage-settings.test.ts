import path from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { loggerOptions } from './logging.ts';
import { parseStorageUrl, StorageUrlError } from './storage-settings.ts';

const dataDir = '/srv/confero';
const parse = (url: string | undefined, fallbackRegion?: string) => parseStorageUrl(url, { dataDir, fallbackRegion });

describe('parseStorageUrl', () => {
  it('keeps files in DATA_DIR/files when unset, and in the folder of a file:// URL', () => {
    expect(parse(undefined)).toEqual({ kind: 'local', dir: path.join(dataDir, 'files') });
    expect(parse('file:///var/lib/confero%20files')).toEqual({ kind: 'local', dir: '/var/lib/confero files' });
  });

  it('reads an S3-compatible service: endpoint, region, path-style by default, credentials from the user info', () => {
    expect(
      parse('s3://AKIA%2F1:se%2Bcret%40x@papers-2026?endpoint=https://s3.example.org&region=eu-central-1'),
    ).toEqual({
      kind: 's3',
      bucket: 'papers-2026',
      region: 'eu-central-1',
      endpoint: 'https://s3.example.org',
      forcePathStyle: true,
      credentials: { accessKeyId: 'AKIA/1', secretAccessKey: 'se+cret@x' },
    });
  });

  it('reads AWS itself: virtual-host style, the region from AWS_REGION or us-east-1, the SDK credential chain', () => {
    expect(parse('s3://papers', 'eu-west-3')).toEqual({
      kind: 's3',
      bucket: 'papers',
      region: 'eu-west-3',
      endpoint: undefined,
      forcePathStyle: false,
      credentials: undefined,
    });
    expect(parse('s3://papers')).toMatchObject({ region: 'us-east-1' });
    expect(parse('s3://papers?endpoint=http://127.0.0.1:9000/&path_style=false')).toMatchObject({
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: false,
    });
    expect(parse('s3://papers?path_style=true')).toMatchObject({ forcePathStyle: true });
  });

  it.each([
    ['http://bucket', 'must be a file:// or s3:// URL'],
    ['s3://', 's3:// needs a bucket name (s3://bucket?region=…)'],
    ['s3://Bad_Bucket', 's3:// needs a bucket name (s3://bucket?region=…)'],
    ['s3://papers/prefix', 's3:// takes a bucket name only, without port or path (s3://bucket?endpoint=…)'],
    ['s3://papers:9000', 's3:// takes a bucket name only, without port or path (s3://bucket?endpoint=…)'],
    ['s3://papers?endpiont=https://x', 'unknown parameter "endpiont" (known: endpoint, region, path_style)'],
    ['s3://papers?endpoint=s3.example.org', 'endpoint must be an http:// or https:// address without a path'],
    ['s3://papers?endpoint=https://x/base', 'endpoint must be an http:// or https:// address without a path'],
    ['s3://papers?path_style=yes', 'path_style must be true or false'],
    ['s3://papers?region=EU%20West', 'region must be a region name such as eu-west-1'],
    ['s3://key-only@papers', 'the user info must hold both the access key id and the secret (s3://id:secret@bucket)'],
  ])('refuses %s: %s', (url, message) => {
    expect(() => parse(url)).toThrow(new StorageUrlError(message));
  });
});

describe('STORAGE_URL in the configuration', () => {
  it('stops the start naming STORAGE_URL, without repeating a secret key', () => {
    const error = (() => {
      try {
        loadConfig({ DATA_DIR: dataDir, SECRET_KEY: 'k'.repeat(40), STORAGE_URL: 's3://id:TOPSECRET@papers?x=1' });
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      'STORAGE_URL: unknown parameter "x" (known: endpoint, region, path_style)',
    ]);
    expect((error as Error).message).not.toContain('TOPSECRET');
    expect(() => loadConfig({ DATA_DIR: dataDir, SECRET_KEY: 'k'.repeat(40), STORAGE_URL: 'ftp://x' })).toThrow(
      'STORAGE_URL: must be a file:// URL (a local folder) or an s3:// URL (a bucket)',
    );
  });

  it('gives the app the bucket, the region from AWS_REGION when the URL names none', () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      SECRET_KEY: 'k'.repeat(40),
      STORAGE_URL: 's3://papers?endpoint=http://minio:9000',
      AWS_REGION: 'ap-south-1',
    });
    expect(config.storage).toEqual({
      kind: 's3',
      bucket: 'papers',
      region: 'ap-south-1',
      endpoint: 'http://minio:9000',
      forcePathStyle: true,
      credentials: undefined,
    });
  });

  it('never logs the secret key: the configuration logged has its credentials redacted', () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      SECRET_KEY: 'k'.repeat(40),
      STORAGE_URL: 's3://AKIAEXAMPLE:TOPSECRET@papers?region=eu-west-1',
    });
    const lines: string[] = [];
    const log = Fastify({ logger: loggerOptions('info', { write: (line: string) => lines.push(line) }) }).log;
    log.info({ config }, 'starting');
    log.info({ storage: config.storage }, 'store');
    expect(lines).toHaveLength(2);
    expect(lines.join('')).not.toMatch(/TOPSECRET|AKIAEXAMPLE/);
    expect(JSON.parse(lines[1] ?? '{}').storage).toMatchObject({ bucket: 'papers', credentials: '[Redacted]' });
  });
});
