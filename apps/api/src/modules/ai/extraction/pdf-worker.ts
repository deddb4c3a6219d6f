import { defineWorkerTask, runInWorker, type WorkerPriority, type WorkerTask } from '../../../lib/worker-pool.ts';
import type { ExtractedMetadata, PdfText } from './index.ts';

/*
 * The request thread's side of the PDF tasks (pdf.task.ts): the same answers as readPdfPageCount, extractMetadata
 * and readPdfText of index.ts, computed in the worker pool. The bytes are moved to the pool thread, not copied: a
 * Uint8Array that spans its whole buffer is emptied by the call (pass `pdf.slice()` to keep it); one that views
 * part of a larger buffer (a pooled Buffer) is copied once, so the buffer's other views are left alone.
 *
 * The page count and the metadata extraction are what an upload and the extraction preview wait for: they run at the
 * request threads' priority. The full text (the insights job) runs in the background pool, at a lower priority,
 * unless the caller waits for it (`priority: 'request'`).
 */

type PdfInput = { pdf: Uint8Array; maxPages?: number };

const taskModule = new URL('./pdf.task.ts', import.meta.url);
const pageCountTask = defineWorkerTask<PdfInput, number>(taskModule, 'pdfPageCount');
const metadataTask = defineWorkerTask<PdfInput, ExtractedMetadata>(taskModule, 'pdfMetadata');
const textTask = defineWorkerTask<PdfInput, PdfText>(taskModule, 'pdfText');

function moved(pdf: Uint8Array): Uint8Array<ArrayBuffer> {
  const whole = pdf.buffer instanceof ArrayBuffer && pdf.byteOffset === 0 && pdf.byteLength === pdf.buffer.byteLength;
  return whole ? (pdf as Uint8Array<ArrayBuffer>) : pdf.slice();
}

function runPdfTask<Output>(
  task: WorkerTask<PdfInput, Output>,
  pdf: Uint8Array,
  maxPages: number | undefined,
  priority: WorkerPriority,
): Promise<Output> {
  const bytes = moved(pdf);
  const input: PdfInput = maxPages === undefined ? { pdf: bytes } : { pdf: bytes, maxPages };
  return runInWorker(task, input, { transferList: [bytes.buffer], priority });
}

/** readPdfPageCount in the pool: the page count; AppError 400 INVALID_PDF for an unreadable PDF. */
export function readPdfPageCountInWorker(pdf: Uint8Array): Promise<number> {
  return runPdfTask(pageCountTask, pdf, undefined, 'request');
}

/** extractMetadata in the pool: the title, authors, abstract and keywords; INVALID_PDF for an unreadable PDF. */
export function extractMetadataInWorker(pdf: Uint8Array, options?: { maxPages?: number }): Promise<ExtractedMetadata> {
  return runPdfTask(metadataTask, pdf, options?.maxPages, 'request');
}

/**
 * readPdfText in the pool: the page count and the first pages' text; INVALID_PDF for an unreadable PDF. In the
 * background pool unless `priority` is 'request'.
 */
export function readPdfTextInWorker(
  pdf: Uint8Array,
  options?: { maxPages?: number; priority?: WorkerPriority },
): Promise<PdfText> {
  return runPdfTask(textTask, pdf, options?.maxPages, options?.priority ?? 'background');
}
