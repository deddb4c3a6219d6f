import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { localStoreFiles, type StoreFiles, startS3Server } from '../../test/s3-server.ts';
import { AppError } from './errors.ts';
import { createLocalStorage, type ListedObject, type Storage, storageKey } from './storage.ts';
import { createS3Storage } from './storage-s3.ts';

type OpenedStore = { storage: Storage; files: StoreFiles; close(): Promise<void> };

/** Both providers run the same contract: the local folder, and a bucket of a real S3-protocol server. */
const providers: { name: string; open(): Promise<OpenedStore> }[] = [
  {
    name: 'local',
    async open() {
      const root = fs.mkdtempSync(path.join(os.tmpdir(), 'confero-storage-'));
      const storage = createLocalStorage(root);
      return { storage, files: localStoreFiles(root), close: async () => fs.rmSync(root, { recursive: true }) };
    },
  },
  {
    name: 's3',
    async open() {
      const server = await startS3Server();
      // Pages of 2 keys, so the listings below read several pages.
      const storage = createS3Storage(server.settings, { pageSize: 2 });
      return {
        storage,
        files: server.files,
        async close() {
          storage.close();
          await server.stop();
        },
      };
    },
  },
];

const sha256 = (data: string | Buffer) => crypto.createHash('sha256').update(data).digest('hex');

/** A stored file's bytes as text; a refusal (thrown at once or by the stream) rejects either way. */
async function read(open: () => Readable): Promise<string> {
  return text(open());
}

/** A stream of `chunks` chunks of `size` bytes, produced lazily. */
function chunked(chunks: number, size: number, fill = 7): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent === chunks) this.push(null);
      else {
        sent += 1;
        this.push(Buffer.alloc(size, fill + sent));
      }
    },
  });
}

describe.each(providers)('$name storage', (provider) => {
  let storage: Storage;
  let files: StoreFiles;
  let opened: OpenedStore;
  beforeAll(async () => {
    opened = await provider.open();
    ({ storage, files } = opened);
  });
  afterAll(async () => {
    await opened.close();
  });
  beforeEach(() => files.clear());

  describe('storing and reading', () => {
    it('stores a body under its SHA-256 content address and reads it back', async () => {
      const body = 'Hello, Confero — مرحبا';
      const stored = await storage.put(Readable.from([body]));
      const digest = sha256(body);
      expect(stored).toEqual({
        key: `files/${digest.slice(0, 2)}/${digest.slice(2, 4)}/${digest}`,
        sha256: digest,
        size: Buffer.byteLength(body),
      });
      expect(storageKey(digest)).toBe(stored.key);
      expect(fs.readFileSync(files.fileOf(stored.key), 'utf8')).toBe(body);
      expect(await text(storage.get(stored.key))).toBe(body);
      expect(await storage.stat(stored.key)).toEqual({ size: Buffer.byteLength(body) });
      expect(files.keys()).toEqual([stored.key]);
    });

    it('reads a range of a stored file: its start included, its end excluded, an empty range nothing', async () => {
      const stored = await storage.put(Readable.from(['0123456789']));
      expect(await text(storage.get(stored.key, { start: 2, end: 5 }))).toBe('234');
      expect(await text(storage.get(stored.key, { start: 7, end: 10 }))).toBe('789');
      expect(await text(storage.get(stored.key, { start: 4, end: 4 }))).toBe('');
    });

    it('hashes a large body as it streams, chunk by chunk', async () => {
      const expected = crypto.createHash('sha256');
      for (let i = 1; i <= 64; i += 1) expected.update(Buffer.alloc(128 * 1024, 7 + i));
      const stored = await storage.put(chunked(64, 128 * 1024));
      expect(stored.size).toBe(64 * 128 * 1024);
      expect(stored.sha256).toBe(expected.digest('hex'));
      expect(fs.statSync(files.fileOf(stored.key)).size).toBe(stored.size);
    });

    it('reads nothing from a range starting at or past the end', async () => {
      const stored = await storage.put(Readable.from(['0123456789']));
      expect(await read(() => storage.get(stored.key, { start: 10, end: 20 }))).toBe('');
      expect(await read(() => storage.get(stored.key, { start: 8, end: 20 }))).toBe('89');
    });

    it('streams a large file, and a reader leaving midway frees the store for the next read', async () => {
      const stored = await storage.put(chunked(64, 128 * 1024));
      for (let round = 0; round < 3; round += 1) {
        const partial = storage.get(stored.key);
        const [first] = (await partial.take(1).toArray()) as Buffer[];
        expect(first?.[0]).toBe(8);
        partial.destroy();
        await new Promise((done) => partial.once('close', done));
      }
      let size = 0;
      for await (const chunk of storage.get(stored.key)) size += (chunk as Buffer).length;
      expect(size).toBe(stored.size);
    });

    it('stores identical content once', async () => {
      const first = await storage.put(Readable.from([Buffer.from('same bytes')]));
      const second = await storage.put(Readable.from([Buffer.from('same '), Buffer.from('bytes')]));
      expect(second).toEqual(first);
      expect(files.keys()).toEqual([first.key]);
    });

    it('refuses a body past maxBytes with 413 and leaves no file behind', async () => {
      const error = await storage.put(chunked(10, 1024), { maxBytes: 4096 }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ statusCode: 413, code: 'PAYLOAD_TOO_LARGE' });
      expect((error as AppError).message).toBe('The file is too large (the limit is 4096 bytes).');
      expect(files.keys()).toEqual([]);

      const exact = await storage.put(chunked(4, 1024), { maxBytes: 4096 });
      expect(exact.size).toBe(4096);
    });

    it('aborts an upload refused past maxBytes after some of its parts went up, leaving nothing', async () => {
      const mb = 1024 * 1024;
      const claims: unknown[] = [];
      const claim = async (object: unknown) => {
        claims.push(object);
      };
      const error = await storage.put(chunked(14, mb), { maxBytes: 13 * mb, claim }).catch((e: unknown) => e);
      expect(error).toMatchObject({ statusCode: 413, code: 'PAYLOAD_TOO_LARGE' });
      expect(claims).toEqual([]);
      expect(files.keys()).toEqual([]);
    });

    it('leaves nothing behind when the body stream fails', async () => {
      let sent = 0;
      const failing = new Readable({
        read() {
          sent += 1;
          if (sent <= 3) this.push(Buffer.alloc(1024, 1));
          else this.destroy(new Error('client went away'));
        },
      });
      await expect(storage.put(failing)).rejects.toThrow('client went away');
      expect(files.keys()).toEqual([]);
    });

    it('deletes idempotently, and treats missing or malformed keys as absent', async () => {
      const stored = await storage.put(Readable.from(['to be deleted']));
      await storage.delete(stored.key);
      await storage.delete(stored.key);
      expect(files.keys()).toEqual([]);
      expect(await storage.stat(stored.key)).toBeUndefined();
      await expect(read(() => storage.get(stored.key))).rejects.toMatchObject({
        statusCode: 404,
        code: 'NOT_FOUND',
        extra: { message_code: 'http.fileNotFound' },
      });

      files.write('secret.txt', 'outside the store');
      for (const key of ['../secret.txt', 'secret.txt', `files/../../${'a'.repeat(64)}`, 'files/ab/cd/xyz']) {
        await expect(read(() => storage.get(key))).rejects.toMatchObject({ statusCode: 404 });
        expect(await storage.stat(key)).toBeUndefined();
        await storage.delete(key);
      }
      expect(files.keys()).toEqual(['secret.txt']);
    });
  });

  describe('claim before place', () => {
    it('claims the complete, hashed object while only its temporary file exists, then places it', async () => {
      const seen: { object: unknown; placed: boolean; temporary: string[] }[] = [];
      const stored = await storage.put(Readable.from(['claimed bytes']), {
        claim: async (object) => {
          seen.push({
            object,
            placed: fs.existsSync(files.fileOf(object.key)),
            temporary: files.keys(),
          });
        },
      });
      expect(seen).toEqual([
        { object: stored, placed: false, temporary: [expect.stringMatching(/^tmp\/\d+-[0-9a-f]{16}\.part$/)] },
      ]);
      expect(stored).toEqual({ key: storageKey(sha256('claimed bytes')), sha256: sha256('claimed bytes'), size: 13 });
      expect(files.keys()).toEqual([stored.key]);
    });

    it('leaves no object and no temporary file when the claim throws', async () => {
      const claim = async () => {
        throw new Error('the registry is unreachable');
      };
      await expect(storage.put(Readable.from(['never placed']), { claim })).rejects.toThrow(
        'the registry is unreachable',
      );
      expect(files.keys()).toEqual([]);
    });

    it('claims identical bytes again and drops the second copy when the object is already in place', async () => {
      const claims: string[] = [];
      const claim = async (object: { key: string }) => {
        claims.push(object.key);
      };
      const first = await storage.put(Readable.from(['same again']), { claim });
      const written = fs.statSync(files.fileOf(first.key)).mtimeMs;
      const second = await storage.put(Readable.from(['same again']), { claim });
      expect(second).toEqual(first);
      expect(claims).toEqual([first.key, first.key]);
      expect(fs.statSync(files.fileOf(first.key)).mtimeMs).toBe(written);
      expect(files.keys()).toEqual([first.key]);
    });

    it('does not claim a body refused past maxBytes', async () => {
      const claims: unknown[] = [];
      const claim = async (object: unknown) => {
        claims.push(object);
      };
      await expect(storage.put(chunked(10, 1024), { maxBytes: 4096, claim })).rejects.toMatchObject({
        statusCode: 413,
      });
      expect(claims).toEqual([]);
      expect(files.keys()).toEqual([]);
    });
  });

  describe('concurrent writers', () => {
    it('stores the same bytes uploaded at once by many: one object, every upload answered with it', async () => {
      const bytes = Buffer.from(`racing bytes ${crypto.randomUUID()}`);
      const claims: string[] = [];
      const claim = async (object: { key: string }) => {
        claims.push(object.key);
      };
      const results = await Promise.all(
        Array.from({ length: 8 }, () => storage.put(Readable.from([bytes]), { claim })),
      );
      const key = storageKey(sha256(bytes));
      expect(results).toEqual(Array.from({ length: 8 }, () => ({ key, sha256: sha256(bytes), size: bytes.length })));
      expect(claims).toEqual(Array.from({ length: 8 }, () => key));
      expect(files.keys()).toEqual([key]);
      expect(await read(() => storage.get(key))).toBe(bytes.toString());
    });

    it('a delete racing uploads of the same bytes leaves the object whole or absent, never partial, and no temporary file', async () => {
      const bytes = Buffer.from(`deleted while uploaded ${crypto.randomUUID()}`);
      const first = await storage.put(Readable.from([bytes]));
      await Promise.all([
        storage.delete(first.key),
        storage.put(Readable.from([bytes])),
        storage.delete(first.key),
        storage.put(Readable.from([bytes])),
      ]);
      const keys = files.keys();
      expect(keys.filter((key) => key !== first.key)).toEqual([]);
      if (keys.length > 0) expect(await read(() => storage.get(first.key))).toBe(bytes.toString());
      // An upload after the delete has settled places the object again.
      await storage.delete(first.key);
      expect(await storage.put(Readable.from([bytes]))).toEqual(first);
      expect(await storage.stat(first.key)).toEqual({ size: bytes.length });
    });
  });

  describe('temporary files and listing', () => {
    async function listObjects(): Promise<ListedObject[]> {
      const listed: ListedObject[] = [];
      for await (const object of storage.objects()) listed.push(object);
      return listed.sort((a, b) => a.key.localeCompare(b.key));
    }

    /** A file in the temporary folder, last written `ageMs` ago. */
    const temporaryFile = (name: string, ageMs: number) =>
      files.write(`tmp/${name}`, 'partial upload', new Date(Date.now() - ageMs));

    it('sweeps .part files older than the age given, and keeps younger ones and other files', async () => {
      const hour = 60 * 60 * 1000;
      temporaryFile('1-crashed.part', 2 * hour);
      temporaryFile('2-crashed.part', hour + 60_000);
      temporaryFile('3-in-flight.part', hour - 60_000);
      temporaryFile('4-just-started.part', 0);
      temporaryFile('notes.txt', 5 * hour);
      expect(await storage.sweepTemporary(hour)).toBe(2);
      expect(files.keys()).toEqual(['tmp/3-in-flight.part', 'tmp/4-just-started.part', 'tmp/notes.txt']);
      expect(await storage.sweepTemporary(hour)).toBe(0);
    });

    it('sweeps nothing when no upload ever made the temporary folder', async () => {
      expect(await storage.sweepTemporary(0)).toBe(0);
    });

    it('lists and sweeps across pages of the listing', async () => {
      const stored = [];
      for (let index = 0; index < 5; index += 1) stored.push(await storage.put(Readable.from([`paged ${index}`])));
      for (let index = 0; index < 5; index += 1) temporaryFile(`${index}-crashed.part`, 2 * 60 * 60 * 1000);
      expect((await listObjects()).map((object) => object.key)).toEqual(stored.map((object) => object.key).sort());
      expect(await storage.sweepTemporary(60 * 60 * 1000)).toBe(5);
      expect(files.keys()).toEqual(stored.map((object) => object.key).sort());
    });

    it('lists every object with its size and time, and nothing else under the root', async () => {
      expect(await listObjects()).toEqual([]);
      const one = await storage.put(Readable.from(['first object']));
      const two = await storage.put(Readable.from(['second object, longer']));
      temporaryFile('5-upload.part', 0);
      files.write('files/stray.txt', 'not an object');
      const past = new Date('2024-01-02T03:04:05Z');
      fs.utimesSync(files.fileOf(one.key), past, past);
      expect(await listObjects()).toEqual(
        [
          { key: one.key, size: one.size, modifiedAt: past },
          { key: two.key, size: two.size, modifiedAt: expect.any(Date) },
        ].sort((a, b) => a.key.localeCompare(b.key)),
      );
    });
  });
});

describe('local storage writes', () => {
  it('stores an upload after its temporary folder was removed, and makes a content folder only for new content', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'confero-storage-'));
    try {
      const storage = createLocalStorage(root);
      const first = await storage.put(Readable.from(['first']));
      fs.rmSync(path.join(root, 'tmp'), { recursive: true });
      const second = await storage.put(Readable.from(['second']));
      expect(await read(() => storage.get(second.key))).toBe('second');
      const mkdir = vi.spyOn(fs.promises, 'mkdir');
      try {
        const again = await storage.put(Readable.from(['first']));
        expect(again).toEqual(first);
        expect(mkdir).not.toHaveBeenCalled();
        await storage.put(Readable.from(['third']));
        expect(mkdir).toHaveBeenCalledTimes(1);
      } finally {
        mkdir.mockRestore();
      }
      expect(fs.readdirSync(path.join(root, 'tmp'))).toEqual([]);
    } finally {
      fs.rmSync(root, { recursive: true });
    }
  });

  it('writes the chunks that arrived during a write together, instead of one write per chunk', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'confero-storage-'));
    // The store writes through an open file handle: count the writes of every handle.
    const probe = await fs.promises.open(path.join(root, 'probe'), 'w');
    const handles = Object.getPrototypeOf(probe) as fs.promises.FileHandle;
    await probe.close();
    const write = vi.spyOn(handles, 'write');
    const writev = vi.spyOn(handles, 'writev');
    try {
      const stored = await createLocalStorage(root).put(chunked(16, 64 * 1024));
      expect(stored.size).toBe(16 * 64 * 1024);
      expect(fs.statSync(localStoreFiles(root).fileOf(stored.key)).size).toBe(stored.size);
      // With the streams' default 64 KB buffers each 64 KB chunk waited for the previous one's write: 16 calls.
      const calls = write.mock.calls.length + writev.mock.calls.length;
      expect(calls).toBeGreaterThan(0);
      expect(calls).toBeLessThan(8);
    } finally {
      write.mockRestore();
      writev.mockRestore();
      fs.rmSync(root, { recursive: true });
    }
  });
});
