import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError, notFound } from './errors.ts';

export type StoredObject = { key: string; sha256: string; size: number };

export interface Storage {
  /** Streams the body to a temporary file while hashing and counting; moves it to its content address
   *  (files/ab/cd/<sha256>) only when complete. Throws AppError 413 (PAYLOAD_TOO_LARGE) past maxBytes, removing
   *  the partial file. An aborted/erroring stream leaves nothing behind. */
  put(body: Readable, options?: { maxBytes?: number }): Promise<StoredObject>;
  /** Throws notFound() when missing. */
  get(key: string): Readable;
  stat(key: string): Promise<{ size: number } | undefined>;
  /**
   * Idempotent. Identical content is stored once, so delete a key only when no
   * row refers to it any more.
   */
  delete(key: string): Promise<void>;
}

const KEY_PATTERN = /^files\/[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f]{64}$/;

/** The content address of a SHA-256 digest: `files/ab/cd/abcd…`. */
export function storageKey(sha256: string): string {
  return `files/${sha256.slice(0, 2)}/${sha256.slice(2, 4)}/${sha256}`;
}

function formatLimit(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return Number.isInteger(mb) ? `${mb} MB` : `${bytes} bytes`;
}

export const fileTooLarge = (maxBytes: number) =>
  new AppError(413, 'PAYLOAD_TOO_LARGE', `The file is too large (the limit is ${formatLimit(maxBytes)}).`, {
    extra: { max_bytes: maxBytes },
  });

/**
 * The local content-addressed store (DATA_DIR/files by default). A file's key is
 * derived from its SHA-256, computed while the upload streams through, so the
 * same content is stored once and a key can never point at other bytes. Uploads
 * land in `<root>/tmp` first and are renamed into place only when complete, so a
 * reader never sees a partial file.
 */
export function createLocalStorage(rootDir: string): Storage {
  const root = path.resolve(rootDir);
  const tmpDir = path.join(root, 'tmp');
  /** A malformed key names no file (and can never escape the root). */
  const fileOf = (key: string) => (KEY_PATTERN.test(key) ? path.join(root, ...key.split('/')) : undefined);

  return {
    async put(body, options = {}) {
      const maxBytes = options.maxBytes ?? Number.POSITIVE_INFINITY;
      await fs.promises.mkdir(tmpDir, { recursive: true });
      const tmpFile = path.join(tmpDir, `${Date.now()}-${crypto.randomBytes(8).toString('hex')}.part`);
      const hash = crypto.createHash('sha256');
      let size = 0;
      const meter = new Transform({
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
      try {
        // flush: the bytes are on disk before the rename, so a committed row never names a short file.
        await pipeline(body, meter, fs.createWriteStream(tmpFile, { flags: 'wx', flush: true }));
        const sha256 = hash.digest('hex');
        const key = storageKey(sha256);
        const target = path.join(root, ...key.split('/'));
        await fs.promises.mkdir(path.dirname(target), { recursive: true });
        if (fs.existsSync(target)) {
          await fs.promises.rm(tmpFile, { force: true });
        } else {
          await fs.promises.rename(tmpFile, target);
          await syncDirectory(path.dirname(target));
        }
        return { key, sha256, size };
      } catch (error) {
        await fs.promises.rm(tmpFile, { force: true });
        throw error;
      }
    },

    get(key) {
      const file = fileOf(key);
      if (!file || !fs.existsSync(file)) throw notFound('File not found.');
      return fs.createReadStream(file);
    },

    async stat(key) {
      const file = fileOf(key);
      if (!file) return undefined;
      try {
        const stats = await fs.promises.stat(file);
        return { size: stats.size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },

    async delete(key) {
      const file = fileOf(key);
      if (file) await fs.promises.rm(file, { force: true });
    },
  };
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
