/**
 * The PDF tasks of the worker pool (lib/worker-pool.ts): pdf.js parsing and the layout heuristics run in a pool
 * thread, never on the request thread. Each takes the bytes (moved to the thread by the caller, pdf-worker.ts) and
 * returns plain data; an unreadable PDF throws AppError 400 INVALID_PDF, which reaches the caller unchanged.
 */
import { isMainThread } from 'node:worker_threads';
import { extractMetadata, readPdfPageCount, readPdfText } from './index.ts';

type PdfInput = { pdf: Uint8Array; maxPages?: number };

const pageOptions = (input: PdfInput) => (input.maxPages === undefined ? undefined : { maxPages: input.maxPages });

export function pdfPageCount(input: PdfInput): Promise<number> {
  return readPdfPageCount(input.pdf);
}

export function pdfMetadata(input: PdfInput): ReturnType<typeof extractMetadata> {
  return extractMetadata(input.pdf, pageOptions(input));
}

export function pdfText(input: PdfInput): ReturnType<typeof readPdfText> {
  return readPdfText(input.pdf, pageOptions(input));
}

/** Where the tasks run (tests): never the main thread. */
export function pdfThread(): { mainThread: boolean } {
  return { mainThread: isMainThread };
}
