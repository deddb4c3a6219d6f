import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { buildZip } from '../../../test/fixtures/final-versions.ts';
import type { Storage } from '../../lib/storage.ts';
import { assertZipOpens } from './final-version-uploads.ts';

/*
 * A supplementary ZIP's central directory is read from the store by byte ranges (`assertZipOpens`): yauzl asks for a
 * range per entry, so each must read its own bytes, never the file from its start (a ZIP of many small entries would
 * otherwise read the whole file once per entry).
 */

/** A store holding one file in memory, counting the bytes its reads stream. */
function countingStore(bytes: Buffer) {
  const counted = { bytes: 0, reads: 0 };
  const storage = {
    get(_key: string, range?: { start: number; end: number }) {
      const slice = range ? bytes.subarray(range.start, range.end) : bytes;
      counted.reads += 1;
      counted.bytes += slice.length;
      const chunks: Buffer[] = [];
      for (let at = 0; at < slice.length; at += 64 * 1024) chunks.push(slice.subarray(at, at + 64 * 1024));
      return Readable.from(chunks);
    },
  } as unknown as Storage;
  return { storage, counted };
}

describe('assertZipOpens', () => {
  it('reads each entry of the central directory by its range, so the bytes read stay near the file size', async () => {
    const entries: Record<string, string> = { 'data.bin': crypto.randomBytes(256 * 1024).toString('base64') };
    for (let index = 0; index < 200; index += 1) entries[`notes/${index}.txt`] = `note ${index}`;
    const zip = await buildZip(entries);
    const { storage, counted } = countingStore(zip);
    const object = { key: 'files/00/00/zip', sha256: '', size: zip.length };
    expect(await assertZipOpens(storage, object)).toBe(201);
    expect(counted.reads).toBeGreaterThan(200);
    expect(counted.bytes).toBeLessThan(zip.length);
  });

  it('refuses what does not open as a ZIP (400 on supplementary)', async () => {
    const bytes = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), crypto.randomBytes(4096)]);
    const { storage } = countingStore(bytes);
    await expect(
      assertZipOpens(storage, { key: 'files/00/00/bad', sha256: '', size: bytes.length }),
    ).rejects.toMatchObject({ statusCode: 400, fields: { supplementary: [expect.any(String)] } });
  });
});
