import { afterAll, describe, expect, it } from 'vitest';
import { brokenPdfs, PAPER_FIXTURES } from '../../../../test/fixtures/pdf/papers.ts';
import { AppError } from '../../../lib/errors.ts';
import { closeWorkerPool, defineWorkerTask, runInWorker } from '../../../lib/worker-pool.ts';
import { extractMetadata, readPdfPageCount, readPdfText } from './index.ts';
import { extractMetadataInWorker, readPdfPageCountInWorker, readPdfTextInWorker } from './pdf-worker.ts';

afterAll(closeWorkerPool);

const paper = PAPER_FIXTURES[0] as (typeof PAPER_FIXTURES)[number];

describe('PDF parsing in the worker pool', () => {
  it('runs in a pool thread, not on the calling thread', async () => {
    const where = defineWorkerTask<object, { mainThread: boolean }>(
      new URL('./pdf.task.ts', import.meta.url),
      'pdfThread',
    );
    expect(await runInWorker(where, {})).toEqual({ mainThread: false });
  });

  it('answers what the in-thread functions answer', async () => {
    const bytes = await paper.build();
    const [count, metadata, text] = await Promise.all([
      readPdfPageCountInWorker(bytes.slice()),
      extractMetadataInWorker(bytes.slice()),
      readPdfTextInWorker(bytes.slice(), { maxPages: 2 }),
    ]);
    expect(count).toBe(await readPdfPageCount(bytes));
    expect(metadata).toEqual(paper.truth);
    expect(metadata).toEqual(await extractMetadata(bytes));
    expect(text).toEqual(await readPdfText(bytes, { maxPages: 2 }));
  });

  it('moves the bytes to the thread instead of copying them, and copies a view of part of a buffer', async () => {
    const bytes = await paper.build();
    const whole = bytes.slice();
    await readPdfPageCountInWorker(whole);
    expect(whole.byteLength).toBe(0);
    // A view into a larger buffer (a pooled Buffer): the buffer's other bytes must stay usable.
    const larger = new Uint8Array(bytes.byteLength + 16);
    larger.set(bytes, 16);
    const view = larger.subarray(16);
    expect(await readPdfPageCountInWorker(view)).toBe(await readPdfPageCount(bytes));
    expect(larger.byteLength).toBe(bytes.byteLength + 16);
  });

  it('keeps the AppError of an unreadable PDF across the thread boundary', async () => {
    for (const broken of brokenPdfs()) {
      for (const run of [readPdfPageCountInWorker, extractMetadataInWorker, readPdfTextInWorker]) {
        const error = await run(broken.bytes.slice()).catch((thrown: unknown) => thrown);
        expect(error).toBeInstanceOf(AppError);
        expect(error).toMatchObject({
          statusCode: 400,
          code: 'INVALID_PDF',
          extra: { message_code: 'submissions.invalidPdf' },
        });
      }
    }
  });
});
