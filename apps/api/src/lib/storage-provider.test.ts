import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type S3TestServer, startS3Server } from '../../test/s3-server.ts';
import { loadConfig } from '../config.ts';
import { openStorage } from './storage-provider.ts';

let server: S3TestServer;
beforeAll(async () => {
  server = await startS3Server();
});
afterAll(async () => {
  await server.stop();
});
beforeEach(() => server.files.clear());

describe('openStorage', () => {
  it('opens the bucket an s3:// STORAGE_URL names, with the credentials of its user info', async () => {
    const { endpoint, bucket } = server.settings;
    const config = loadConfig({
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'confero-provider-')),
      SECRET_KEY: 'k'.repeat(40),
      STORAGE_URL: `s3://S3RVER:S3RVER@${bucket}?endpoint=${endpoint}`,
    });
    const storage = await openStorage(config.storage);
    try {
      const stored = await storage.put(Readable.from(['into the bucket']));
      expect(server.files.keys()).toEqual([stored.key]);
      expect(await text(storage.get(stored.key))).toBe('into the bucket');
      expect(fs.existsSync(path.join(config.dataDir, 'files'))).toBe(false);
    } finally {
      storage.close();
    }
  });

  it('fails an upload to a missing bucket with the service error (NoSuchBucket), storing nothing', async () => {
    const storage = await openStorage({ ...server.settings, bucket: 'no-such-bucket' });
    try {
      await expect(storage.put(Readable.from(['nowhere to go']))).rejects.toMatchObject({ name: 'NoSuchBucket' });
      expect(await storage.stat(`files/00/00/${'0'.repeat(64)}`)).toBeUndefined();
      expect(server.files.keys()).toEqual([]);
    } finally {
      storage.close();
    }
  });

  it('opens the local folder otherwise', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'confero-provider-'));
    const storage = await openStorage({ kind: 'local', dir });
    const stored = await storage.put(Readable.from(['into the folder']));
    expect(fs.readFileSync(path.join(dir, ...stored.key.split('/')), 'utf8')).toBe('into the folder');
    storage.close();
    fs.rmSync(dir, { recursive: true });
  });
});
