import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';
import { createLocalStorage, type ListedObject, type Storage, storageKey } from './storage.ts';

let root: string;
let storage: Storage;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'confero-storage-'));
  storage = createLocalStorage(root);
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

const sha256 = (data: string | Buffer) => crypto.createHash('sha256').update(data).digest('hex');
/** Every file under the store, relative to its root. */
const listFiles = (dir = root): string[] =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { withFileTypes: true })
        .flatMap((entry) =>
          entry.isDirectory()
            ? listFiles(path.join(dir, entry.name))
            : [path.relative(root, path.join(dir, entry.name))],
        )
    : [];

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

describe('local storage', () => {
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
    expect(fs.readFileSync(path.join(root, stored.key), 'utf8')).toBe(body);
    expect(await text(storage.get(stored.key))).toBe(body);
    expect(await storage.stat(stored.key)).toEqual({ size: Buffer.byteLength(body) });
    expect(listFiles()).toEqual([stored.key]);
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
    expect(fs.statSync(path.join(root, stored.key)).size).toBe(stored.size);
  });

  it('stores identical content once', async () => {
    const first = await storage.put(Readable.from([Buffer.from('same bytes')]));
    const second = await storage.put(Readable.from([Buffer.from('same '), Buffer.from('bytes')]));
    expect(second).toEqual(first);
    expect(listFiles()).toEqual([first.key]);
  });

  it('refuses a body past maxBytes with 413 and leaves no file behind', async () => {
    const error = await storage.put(chunked(10, 1024), { maxBytes: 4096 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ statusCode: 413, code: 'PAYLOAD_TOO_LARGE' });
    expect((error as AppError).message).toBe('The file is too large (the limit is 4096 bytes).');
    expect(listFiles()).toEqual([]);
    expect(fs.readdirSync(path.join(root, 'tmp'))).toEqual([]);

    const exact = await storage.put(chunked(4, 1024), { maxBytes: 4096 });
    expect(exact.size).toBe(4096);
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
    expect(listFiles()).toEqual([]);
    expect(fs.readdirSync(path.join(root, 'tmp'))).toEqual([]);
  });

  it('deletes idempotently, and treats missing or malformed keys as absent', async () => {
    const stored = await storage.put(Readable.from(['to be deleted']));
    await storage.delete(stored.key);
    await storage.delete(stored.key);
    expect(listFiles()).toEqual([]);
    expect(await storage.stat(stored.key)).toBeUndefined();
    expect(() => storage.get(stored.key)).toThrow(expect.objectContaining({ statusCode: 404, code: 'NOT_FOUND' }));

    fs.writeFileSync(path.join(root, 'secret.txt'), 'outside the store');
    for (const key of ['../secret.txt', 'secret.txt', `files/../../${'a'.repeat(64)}`, 'files/ab/cd/xyz']) {
      expect(() => storage.get(key)).toThrow(expect.objectContaining({ statusCode: 404 }));
      expect(await storage.stat(key)).toBeUndefined();
      await storage.delete(key);
    }
    expect(fs.existsSync(path.join(root, 'secret.txt'))).toBe(true);
  });
});

describe('claim before place', () => {
  it('claims the complete, hashed object while only its temporary file exists, then places it', async () => {
    const seen: { object: unknown; placed: boolean; temporary: string[] }[] = [];
    const stored = await storage.put(Readable.from(['claimed bytes']), {
      claim: async (object) => {
        seen.push({
          object,
          placed: fs.existsSync(path.join(root, object.key)),
          temporary: fs.readdirSync(path.join(root, 'tmp')),
        });
      },
    });
    expect(seen).toEqual([
      { object: stored, placed: false, temporary: [expect.stringMatching(/^\d+-[0-9a-f]{16}\.part$/)] },
    ]);
    expect(stored).toEqual({ key: storageKey(sha256('claimed bytes')), sha256: sha256('claimed bytes'), size: 13 });
    expect(listFiles()).toEqual([stored.key]);
  });

  it('leaves no object and no temporary file when the claim throws', async () => {
    const claim = async () => {
      throw new Error('the registry is unreachable');
    };
    await expect(storage.put(Readable.from(['never placed']), { claim })).rejects.toThrow(
      'the registry is unreachable',
    );
    expect(listFiles()).toEqual([]);
    expect(fs.readdirSync(path.join(root, 'tmp'))).toEqual([]);
  });

  it('claims identical bytes again and drops the second copy when the object is already in place', async () => {
    const claims: string[] = [];
    const claim = async (object: { key: string }) => {
      claims.push(object.key);
    };
    const first = await storage.put(Readable.from(['same again']), { claim });
    const written = fs.statSync(path.join(root, first.key)).mtimeMs;
    const second = await storage.put(Readable.from(['same again']), { claim });
    expect(second).toEqual(first);
    expect(claims).toEqual([first.key, first.key]);
    expect(fs.statSync(path.join(root, first.key)).mtimeMs).toBe(written);
    expect(listFiles()).toEqual([first.key]);
  });

  it('does not claim a body refused past maxBytes', async () => {
    const claims: unknown[] = [];
    const claim = async (object: unknown) => {
      claims.push(object);
    };
    await expect(storage.put(chunked(10, 1024), { maxBytes: 4096, claim })).rejects.toMatchObject({ statusCode: 413 });
    expect(claims).toEqual([]);
    expect(listFiles()).toEqual([]);
  });
});

describe('temporary files and listing', () => {
  async function listObjects(): Promise<ListedObject[]> {
    const listed: ListedObject[] = [];
    for await (const object of storage.objects()) listed.push(object);
    return listed.sort((a, b) => a.key.localeCompare(b.key));
  }

  /** A file in the temporary folder, last written `ageMs` ago. */
  function temporaryFile(name: string, ageMs: number): string {
    const file = path.join(root, 'tmp', name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, 'partial upload');
    const at = new Date(Date.now() - ageMs);
    fs.utimesSync(file, at, at);
    return file;
  }

  it('sweeps .part files older than the age given, and keeps younger ones and other files', async () => {
    const hour = 60 * 60 * 1000;
    temporaryFile('1-crashed.part', 2 * hour);
    temporaryFile('2-crashed.part', hour + 60_000);
    temporaryFile('3-in-flight.part', hour - 60_000);
    temporaryFile('4-just-started.part', 0);
    temporaryFile('notes.txt', 5 * hour);
    expect(await storage.sweepTemporary(hour)).toBe(2);
    expect(fs.readdirSync(path.join(root, 'tmp')).sort()).toEqual([
      '3-in-flight.part',
      '4-just-started.part',
      'notes.txt',
    ]);
    expect(await storage.sweepTemporary(hour)).toBe(0);
  });

  it('sweeps nothing when no upload ever made the temporary folder', async () => {
    expect(await storage.sweepTemporary(0)).toBe(0);
  });

  it('lists every object with its size and time, and nothing else under the root', async () => {
    expect(await listObjects()).toEqual([]);
    const one = await storage.put(Readable.from(['first object']));
    const two = await storage.put(Readable.from(['second object, longer']));
    temporaryFile('5-upload.part', 0);
    fs.writeFileSync(path.join(root, 'files', 'stray.txt'), 'not an object');
    const past = new Date('2024-01-02T03:04:05Z');
    fs.utimesSync(path.join(root, one.key), past, past);
    expect(await listObjects()).toEqual(
      [
        { key: one.key, size: one.size, modifiedAt: past },
        { key: two.key, size: two.size, modifiedAt: expect.any(Date) },
      ].sort((a, b) => a.key.localeCompare(b.key)),
    );
  });
});
