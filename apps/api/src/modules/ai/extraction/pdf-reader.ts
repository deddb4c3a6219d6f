import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument, Util } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { type AppError, messageError } from '../../../lib/errors.ts';

/** One run of text as pdf.js reports it, in page coordinates with y growing upwards from the page bottom. */
export type TextItem = {
  str: string;
  /** Left end of the baseline. */
  x: number;
  /** Baseline height above the bottom of the page. */
  y: number;
  width: number;
  /** Font size on the page: the length of the text matrix's vertical axis. */
  size: number;
  /** pdf.js's id of the font (one per font program): a change marks a change of face, weight or style. */
  font: string;
};

export type PageContent = { number: number; width: number; height: number; items: TextItem[] };
export type PdfContent = { pageCount: number; pages: PageContent[] };

const pdfjsRoot = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
// pdf.js reads these with the file system in Node: plain paths, each ending in a separator.
const STANDARD_FONT_DATA_URL = `${path.join(pdfjsRoot, 'standard_fonts')}${path.sep}`;
const CMAP_URL = `${path.join(pdfjsRoot, 'cmaps')}${path.sep}`;

/** More text than any first page of a paper holds; past it a page is a table dump and the rest is dropped. */
const MAX_ITEMS_PER_PAGE = 20_000;

export function invalidPdf(): AppError {
  return messageError(400, 'INVALID_PDF', 'submissions.invalidPdf');
}

type RawTextItem = { str: string; transform: number[]; width: number; fontName: string };

function isTextItem(item: unknown): item is RawTextItem {
  return typeof item === 'object' && item !== null && 'str' in item && 'transform' in item;
}

/** An open document: its page count and its pages' text, read on demand. Close it when done. */
export type PdfHandle = {
  pageCount: number;
  readPage(number: number): Promise<PageContent>;
  close(): Promise<void>;
};

/**
 * Opens a PDF with pdf.js. The caller's bytes are copied first, because pdf.js takes ownership of (detaches) the
 * buffer it is given. Throws AppError 400 INVALID_PDF when pdf.js cannot open the document (not a PDF, damaged
 * beyond repair, password protected).
 */
export async function openPdf(pdf: Uint8Array): Promise<PdfHandle> {
  if (pdf.byteLength === 0) throw invalidPdf();
  const task = getDocument({
    data: pdf.slice(),
    standardFontDataUrl: STANDARD_FONT_DATA_URL,
    cMapUrl: CMAP_URL,
    cMapPacked: true,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: false,
    verbosity: 0,
  });
  let document: PdfDocument & { numPages: number };
  try {
    document = await task.promise;
  } catch {
    await task.destroy();
    throw invalidPdf();
  }
  return {
    pageCount: document.numPages,
    readPage: (number) => readPage(document, number),
    close: () => task.destroy(),
  };
}

/**
 * Reads the text items of the first `maxPages` pages with their position, size and font. Upright text only:
 * rotated runs (arXiv side stamps, vertical margin notes) and vertical writing are left out. A page that fails
 * on its own yields no items rather than failing the whole document. Throws INVALID_PDF like openPdf.
 */
export async function readPdfContent(pdf: Uint8Array, maxPages: number): Promise<PdfContent> {
  const handle = await openPdf(pdf);
  try {
    const pages: PageContent[] = [];
    for (let number = 1; number <= Math.min(handle.pageCount, Math.max(0, maxPages)); number += 1) {
      pages.push(await handle.readPage(number));
    }
    return { pageCount: handle.pageCount, pages };
  } finally {
    await handle.close();
  }
}

type PdfDocument = { getPage(number: number): Promise<PdfPage> };
type PdfPage = {
  getViewport(options: { scale: number }): { width: number; height: number; transform: number[] };
  getTextContent(): Promise<{ items: unknown[]; styles: Record<string, { vertical?: boolean }> }>;
  cleanup(): unknown;
};

async function readPage(document: PdfDocument, number: number): Promise<PageContent> {
  let page: PdfPage;
  try {
    page = await document.getPage(number);
  } catch {
    return { number, width: 0, height: 0, items: [] };
  }
  const viewport = page.getViewport({ scale: 1 });
  const items: TextItem[] = [];
  try {
    const content = await page.getTextContent();
    for (const item of content.items) {
      if (items.length >= MAX_ITEMS_PER_PAGE) break;
      if (!isTextItem(item) || !item.str.trim()) continue;
      if (content.styles[item.fontName]?.vertical) continue;
      // Into display space (rotation and crop box applied, y down), then flipped so y grows upwards.
      const m = Util.transform(viewport.transform, item.transform);
      const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0] = m;
      const size = Math.hypot(c, d);
      if (size < 1) continue;
      const upright = a > 0 && d < 0 && Math.abs(b) < 0.02 * size && Math.abs(c) < 0.02 * size;
      if (!upright) continue;
      const width = item.width > 0 ? item.width : item.str.length * size * 0.5;
      items.push({ str: item.str, x: e, y: viewport.height - f, width, size, font: item.fontName });
    }
  } catch {
    // A damaged content stream: this page has no readable text.
  } finally {
    page.cleanup();
  }
  return { number, width: viewport.width, height: viewport.height, items };
}
