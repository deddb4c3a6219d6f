import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { messageError, notFound } from './errors.ts';

export type StoredObject = { key: string; sha256: string; size: number };

/** What a caller records before an object takes its content address (see `Storage.put`). */
export type ClaimObject = (object: StoredObject) => Promise<void>;

export type PutOptions = {
  maxBytes?: number;
  /**
   * Runs after the body is complete and hashed, before the object is moved into its content address. Whoever may
   * delete stored objects must first take what the claim records, so an object is only placed once it is claimed;
   * a claim that throws leaves nothing behind.
   */
  claim?: ClaimObject;
};

/** A range of a stored file's bytes: from `start` (included) to `end` (excluded). */
export type ByteRange = { start: number; end: number };

/** An object in the store, as listed by `Storage.objects`. */
export type ListedObject = { key: string; size: number; modifiedAt: Date };

export interface Storage {
  /** Streams the body to a temporary file while hashing and counting, calls `options.claim`, then moves it to its
   *  content address (files/ab/cd/<sha256>), or drops it when that address already holds the same bytes. Throws
   *  AppError 413 (PAYLOAD_TOO_LARGE) past maxBytes. A failing stream or claim leaves no temporary file. */
  put(body: Readable, options?: PutOptions): Promise<StoredObject>;
  /**
   * Streams a stored file; with a range, only its bytes (`start` included, `end` excluded). A missing file is a
   * notFound() AppError: thrown at once by the local store, emitted as the stream's error by S3, which learns it only
   * when the stream starts. Callers read the stream's errors either way (`stat` first where the answer depends on it).
   */
  get(key: string, range?: ByteRange): Readable;
  stat(key: string): Promise<{ size: number } | undefined>;
  /**
   * Idempotent. Identical content is stored once, so delete a key only when no
   * row refers to it any more.
   */
  delete(key: string): Promise<void>;
  /** Every object in the store, read directory by directory (never the whole listing at once). */
  objects(): AsyncIterable<ListedObject>;
  /**
   * Removes temporary files last written more than `maxAgeMs` ago: what an upload left when its process died.
   * An upload in progress writes its temporary file as the bytes arrive, so it stays younger. Returns how many
   * were removed.
   */
  sweepTemporary(maxAgeMs: number): Promise<number>;
  /** Frees what the store holds open (the S3 client's connections); the store is not used afterwards. */
  close(): void;
}

const KEY_PATTERN = /^files\/[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f]{64}$/;

/** Whether `key` is a content address (`files/ab/cd/<sha256>`): any other key names no object in either store. */
export const isStorageKey = (key: string) => KEY_PATTERN.test(key);

/** The name of an upload's temporary object: its start time first, so a listing reads oldest first. */
export const temporaryName = () => `${Date.now()}-${crypto.randomBytes(8).toString('hex')}.part`;

/**
 * How many bytes of an upload may wait in each stage of its stream (the meter, the file being written) before the
 * stage asks the request to pause. Streams default to 64 KB, one chunk of a request: every chunk then waited for its
 * own write to finish in the thread pool and for the event loop to come back to the request, one after the other,
 * so a 1 MB upload took 16 turns of a busy loop to arrive (p50 87 ms, p99 716 ms of an upload's time at 50 uploads/s
 * and 500 reads/s). Chunks queued behind one write are written together (writev).
 */
export const UPLOAD_STREAM_BUFFER_BYTES = 1024 * 1024;

/**
 * The stage every upload streams through: it hashes and counts the bytes, and fails with 413 (PAYLOAD_TOO_LARGE)
 * as soon as they pass `maxBytes`. `object()` is the content address once the stream has ended.
 */
export function uploadMeter(maxBytes = Number.POSITIVE_INFINITY): { meter: Transform; object(): StoredObject } {
  const hash = crypto.createHash('sha256');
  let size = 0;
  const meter = new Transform({
    highWaterMark: UPLOAD_STREAM_BUFFER_BYTES,
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > maxBytes) {
        callback(fileTooLarge(maxBytes));
        return;
      }
      hash.update(chunk);
      callback(null, chunk);
    },
  });
  return {
    meter,
    object() {
      const sha256 = hash.digest('hex');
      return { key: storageKey(sha256), sha256, size };
    },
  };
}

/** The content address of a SHA-256 digest: `files/ab/cd/abcd…`. */
export function storageKey(sha256: string): string {
  return `files/${sha256.slice(0, 2)}/${sha256.slice(2, 4)}/${sha256}`;
}

function formatLimit(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return Number.isInteger(mb) ? `${mb} MB` : `${bytes} bytes`;
}

export const fileTooLarge = (maxBytes: number) =>
  messageError(
    413,
    'PAYLOAD_TOO_LARGE',
    'http.fileOverLimit',
    { limit: formatLimit(maxBytes) },
    { max_bytes: maxBytes },
  );

/**
 * The local content-addressed store (DATA_DIR/files by default). A file's key is
 * derived from its SHA-256, computed while the upload streams through, so the
 * same content is stored once and a key can never point at other bytes. Uploads
 * land in `<root>/tmp` first and are renamed into place only when complete and
 * claimed, so a reader never sees a partial file and nothing is placed that its
 * owner does not know of. A process killed mid-upload leaves its `.part` file in
 * `<root>/tmp` for `sweepTemporary`.
 */
export function createLocalStorage(rootDir: string): Storage {
  const root = path.resolve(rootDir);
  const tmpDir = path.join(root, 'tmp');
  /** A malformed key names no file (and can never escape the root). */
  const fileOf = (key: string) => (isStorageKey(key) ? path.join(root, ...key.split('/')) : undefined);

  /*
   * Each step of an upload waits for the file system's thread pool and then for the event loop, a few milliseconds
   * each on a busy server: the temporary folder is made by the first upload (and again only if it went missing), the
   * content's folder only when the content is new.
   */
  let tmpDirMade = false;
  const openTemporary = async (tmpFile: string): Promise<fs.promises.FileHandle> => {
    if (!tmpDirMade) {
      await fs.promises.mkdir(tmpDir, { recursive: true });
      tmpDirMade = true;
    }
    try {
      return await fs.promises.open(tmpFile, 'wx');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      await fs.promises.mkdir(tmpDir, { recursive: true });
      return fs.promises.open(tmpFile, 'wx');
    }
  };

  return {
    async put(body, options = {}) {
      const tmpFile = path.join(tmpDir, temporaryName());
      const { meter, object } = uploadMeter(options.maxBytes);
      try {
        const file = await openTemporary(tmpFile);
        // flush: the bytes are on disk before the rename, so a committed row never names a short file.
        await pipeline(body, meter, file.createWriteStream({ flush: true, highWaterMark: UPLOAD_STREAM_BUFFER_BYTES }));
        const stored = object();
        await options.claim?.(stored);
        const target = path.join(root, ...stored.key.split('/'));
        if (fs.existsSync(target)) {
          await fs.promises.rm(tmpFile, { force: true });
        } else {
          await fs.promises.mkdir(path.dirname(target), { recursive: true });
          await fs.promises.rename(tmpFile, target);
          await syncDirectory(path.dirname(target));
        }
        return stored;
      } catch (error) {
        await fs.promises.rm(tmpFile, { force: true });
        throw error;
      }
    },

    get(key, range) {
      const file = fileOf(key);
      if (!file || !fs.existsSync(file)) throw notFound('http.fileNotFound');
      if (range && range.end <= range.start) return Readable.from([]);
      return fs.createReadStream(file, range ? { start: range.start, end: range.end - 1 } : undefined);
    },

    async stat(key) {
      const file = fileOf(key);
      const stats = file ? await statOrUndefined(file) : undefined;
      return stats ? { size: stats.size } : undefined;
    },

    async delete(key) {
      const file = fileOf(key);
      if (file) await fs.promises.rm(file, { force: true });
    },

    async *objects() {
      const filesDir = path.join(root, 'files');
      for (const first of await subdirectories(filesDir)) {
        for (const second of await subdirectories(path.join(filesDir, first))) {
          const dir = path.join(filesDir, first, second);
          for (const name of await fileNames(dir)) {
            const key = `files/${first}/${second}/${name}`;
            if (!isStorageKey(key)) continue;
            const stats = await statOrUndefined(path.join(dir, name));
            if (stats) yield { key, size: stats.size, modifiedAt: stats.mtime };
          }
        }
      }
    },

    async sweepTemporary(maxAgeMs) {
      const cutoff = Date.now() - maxAgeMs;
      let removed = 0;
      for (const name of await fileNames(tmpDir)) {
        if (!name.endsWith('.part')) continue;
        const file = path.join(tmpDir, name);
        const stats = await statOrUndefined(file);
        if (!stats || stats.mtimeMs >= cutoff) continue;
        await fs.promises.rm(file, { force: true });
        removed += 1;
      }
      return removed;
    },

    close() {},
  };
}

/** The entries of a directory that satisfy `keep`; none when the directory does not exist. */
async function entriesOf(dir: string, keep: (entry: fs.Dirent) => boolean): Promise<string[]> {
  try {
    const entries = await fs.promises.readdir(dir, { withFileTypes: true });
    return entries.filter(keep).map((entry) => entry.name);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

const subdirectories = (dir: string) => entriesOf(dir, (entry) => entry.isDirectory());
const fileNames = (dir: string) => entriesOf(dir, (entry) => entry.isFile());

/** A file's stats, or undefined when it is gone (removed meanwhile). */
async function statOrUndefined(file: string): Promise<fs.Stats | undefined> {
  try {
    return await fs.promises.stat(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Makes a rename in `dir` durable (the directory entry itself is flushed). Best effort where not supported. */
async function syncDirectory(dir: string): Promise<void> {
  let handle: fs.promises.FileHandle | undefined;
  try {
    handle = await fs.promises.open(dir, 'r');
    await handle.sync();
  } catch {
    // Some file systems (and Windows) cannot open or sync a directory; the file itself is already flushed.
  } finally {
    await handle?.close();
  }
}
