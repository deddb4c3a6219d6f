import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { downloadFileName } from '@confero/contracts';
import { describe, expect, it } from 'vitest';
import { createLocalStorage } from '../../lib/storage.ts';
import { pdfGuard, readStoredBytes, readUploadedBytes, storageSink } from './files.ts';

async function guard(chunks: Buffer[], options: { max?: number; truncated?: boolean } = {}) {
  const out: Buffer[] = [];
  const source = { truncated: options.truncated ?? false };
  await pipeline(Readable.from(chunks), pdfGuard(source, options.max ?? 10_000), async (stream) => {
    for await (const chunk of stream) out.push(chunk as Buffer);
  });
  return Buffer.concat(out);
}

describe('pdfGuard', () => {
  it('passes a PDF through unchanged, even when the header arrives in pieces', async () => {
    const body = Buffer.from('%PDF-1.7\nbody bytes\n%%EOF');
    expect(await guard([body.subarray(0, 2), body.subarray(2, 7), body.subarray(7)])).toEqual(body);
    const junkFirst = Buffer.concat([Buffer.alloc(100, 0x20), body]);
    expect(await guard([junkFirst])).toEqual(junkFirst);
  });

  it('refuses what has no PDF header in its first 1024 bytes (415)', async () => {
    await expect(guard([Buffer.alloc(2000, 0x41)])).rejects.toMatchObject({
      statusCode: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
    await expect(guard([Buffer.from('GIF89a')])).rejects.toMatchObject({ statusCode: 415 });
  });

  it('refuses an empty file (400) and one over the limit or truncated by the parser (413)', async () => {
    await expect(guard([])).rejects.toMatchObject({ statusCode: 400, code: 'EMPTY_FILE' });
    await expect(guard([Buffer.from('%PDF-'), Buffer.alloc(200)], { max: 100 })).rejects.toMatchObject({
      statusCode: 413,
      code: 'PAYLOAD_TOO_LARGE',
    });
    await expect(guard([Buffer.from('%PDF-1.4 ok')], { truncated: true })).rejects.toMatchObject({ statusCode: 413 });
  });
});

describe('readStoredBytes', () => {
  it("reads a stored object whole, into one array of the registry's size when given", async () => {
    const storage = createLocalStorage(fs.mkdtempSync(path.join(os.tmpdir(), 'confero-files-')));
    // Larger than one read of the store's stream (64 KB), so the bytes come in several chunks.
    const body = Buffer.alloc(200_000);
    for (let i = 0; i < body.length; i += 1) body[i] = (i * 7) % 251;
    const stored = await storage.put(Readable.from([body.subarray(0, 70_000), body.subarray(70_000)]));
    const sized = await readStoredBytes(storage, stored.key, stored.size);
    expect(sized.byteLength).toBe(body.length);
    expect(sized.buffer.byteLength).toBe(body.length);
    expect(Buffer.from(sized).equals(body)).toBe(true);
    expect(Buffer.from(await readStoredBytes(storage, stored.key)).equals(body)).toBe(true);
  });

  it('refuses bytes that do not fill the size exactly, and a file the sweep freed (400 UPLOAD_INCOMPLETE)', async () => {
    const storage = createLocalStorage(fs.mkdtempSync(path.join(os.tmpdir(), 'confero-files-')));
    const stored = await storage.put(Readable.from([Buffer.from('%PDF-1.7 twenty bytes')]));
    const incomplete = { statusCode: 400, code: 'UPLOAD_INCOMPLETE' };
    await expect(readUploadedBytes(storage, { ...stored, size: stored.size + 1 })).rejects.toMatchObject(incomplete);
    await expect(readUploadedBytes(storage, { ...stored, size: stored.size - 1 })).rejects.toMatchObject(incomplete);
    await storage.delete(stored.key);
    await expect(readUploadedBytes(storage, stored)).rejects.toMatchObject(incomplete);
  });
});

describe('storageSink', () => {
  const body = Buffer.alloc(150_000);
  for (let i = 0; i < body.length; i += 1) body[i] = (i * 13) % 251;
  const claimed: string[] = [];
  const claim = async (object: { key: string }) => {
    claimed.push(object.key);
  };

  it('keeps the bytes of an upload up to its bound while they stream to the store, so none is read back', async () => {
    const storage = createLocalStorage(fs.mkdtempSync(path.join(os.tmpdir(), 'confero-files-')));
    const sink = storageSink(storage, 1_000_000, claim, body.length);
    const upload = await sink(Readable.from([body.subarray(0, 70_000), body.subarray(70_000)]));
    expect(upload).toMatchObject({ size: body.length });
    expect(claimed).toContain(upload.key);
    expect(Buffer.from(upload.bytes ?? new Uint8Array()).equals(body)).toBe(true);
    expect(Buffer.from(await readStoredBytes(storage, upload.key, upload.size)).equals(body)).toBe(true);
    // The kept bytes are what the page count gets: the store is not asked again.
    await storage.delete(upload.key);
    expect(await readUploadedBytes(storage, upload)).toBe(upload.bytes);
  });

  it('keeps nothing of a larger upload, which is then read back from the store', async () => {
    const storage = createLocalStorage(fs.mkdtempSync(path.join(os.tmpdir(), 'confero-files-')));
    const sink = storageSink(storage, 1_000_000, claim, body.length - 1);
    const upload = await sink(Readable.from([body.subarray(0, 70_000), body.subarray(70_000)]));
    expect(upload.bytes).toBeUndefined();
    expect(Buffer.from(await readUploadedBytes(storage, upload)).equals(body)).toBe(true);
  });

  it('keeps nothing and stores nothing when the upload fails (413 past the size limit)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'confero-files-'));
    const sink = storageSink(createLocalStorage(dir), 100_000, claim);
    await expect(sink(Readable.from([body]))).rejects.toMatchObject({ statusCode: 413 });
    expect(fs.readdirSync(path.join(dir, 'tmp'))).toEqual([]);
    expect(fs.existsSync(path.join(dir, 'files'))).toBe(false);
  });
});

describe('downloadFileName', () => {
  it.each([
    ['Graph Neural Networks: A Survey', 'graph_neural_networks_a_survey.pdf'],
    ['  Deep   Learning, (Revisited)!  ', 'deep_learning_revisited.pdf'],
    ['تحليل البيانات: دراسة', 'تحليل_البيانات_دراسة.pdf'],
    ['???', 'submission.pdf'],
    ['', 'submission.pdf'],
  ])('%s → %s', (title, name) => {
    expect(downloadFileName(title)).toBe(name);
  });
});
