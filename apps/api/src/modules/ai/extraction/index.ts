import { type AbstractResult, findAbstract } from './abstract.ts';
import { type ExtractedAuthor, findAuthors } from './authors.ts';
import { findKeywords, type KeywordsResult } from './keywords.ts';
import { buildLayout, continuesBlock, type Layout, type Line } from './layout.ts';
import { isSectionHeading } from './patterns.ts';
import { openPdf, type PageContent, readPdfContent } from './pdf-reader.ts';
import { isGarbledField, isReadable } from './readability.ts';
import { joinLines } from './text.ts';
import { findTitle } from './title.ts';

export type { ExtractedAuthor } from './authors.ts';

export type ExtractedMetadata = {
  title: string;
  abstract: string;
  keywords: string[];
  authors: ExtractedAuthor[];
  /**
   * True when the text layer is not language (a font with a broken character map: see readability.ts); every
   * field is then empty, since no field is better than a wrong one. Absent otherwise.
   */
  unreadable?: boolean;
};

/** readPdfText's answer; `unreadable` when a page's text was garbage and left out (its string is empty). */
export type PdfText = { pageCount: number; pages: string[]; unreadable: boolean };

const EMPTY_METADATA: ExtractedMetadata = { title: '', abstract: '', keywords: [], authors: [] };

/** The text of a laid-out document, for judging whether it reads as language. */
const layoutText = (layout: Layout) => layout.lines.map((line) => line.text).join('\n');

/** Title, authors and abstract sit on the first page, the end of a long abstract or the keywords on the second. */
const DEFAULT_METADATA_PAGES = 2;
const DEFAULT_TEXT_PAGES = 3;
/** Metadata never needs more; a larger maxPages is capped so a request cannot make the server read a book. */
const MAX_METADATA_PAGES = 5;

function pageLimit(value: number | undefined, fallback: number): number {
  if (value === undefined || !Number.isFinite(value)) return fallback;
  return Math.max(1, Math.floor(value));
}

type Inference = { metadata: ExtractedMetadata; abstract?: AbstractResult; keywords?: KeywordsResult };

function infer(layout: Layout): Inference {
  const title = findTitle(layout);
  const titleEnd = title ? Math.max(...title.lines.map((line) => line.index)) : -1;
  const abstract = findAbstract(layout, titleEnd);
  const keywords = findKeywords(layout);
  // The author lines end where the abstract, the keywords or the first section begin, in the title's column (a
  // sidebar's "Keywords" beside the authors does not end them).
  const titleLines = title?.lines ?? [];
  const left = Math.min(...titleLines.map((line) => line.x));
  const right = Math.max(...titleLines.map((line) => line.x2));
  const underTitle = (index: number | undefined) => {
    const line = index === undefined ? undefined : layout.lines[index];
    return line !== undefined && line.index > titleEnd && (!title || (line.x < right && line.x2 > left));
  };
  const firstSection = layout.lines.find((line) => underTitle(line.index) && isSectionHeading(line))?.index;
  const ends = [abstract?.startIndex, keywords?.index, firstSection].filter(
    (index): index is number => index !== undefined && underTitle(index),
  );
  const authors = findAuthors(layout, title, ends.length > 0 ? Math.min(...ends) : layout.lines.length);
  // A title in a font of its own whose map is broken, on a page that reads well: no title rather than garbage.
  const rest = layout.lines.filter((line) => !title?.lines.includes(line)).map((line) => line.text);
  const garbled = title !== undefined && isGarbledField(title.text, rest.join('\n'));
  return {
    metadata: {
      title: title && !garbled ? title.text : '',
      abstract: abstract?.text ?? '',
      keywords: keywords?.keywords ?? [],
      authors,
    },
    abstract,
    keywords,
  };
}

/** Infers the metadata from a laid-out document (see extractMetadata). */
export function inferMetadata(layout: Layout): ExtractedMetadata {
  return infer(layout).metadata;
}

/** Another page is worth reading when the abstract is missing or runs on, or keywords may follow it there. */
function needsNextPage(inference: Inference): boolean {
  const { abstract, keywords } = inference;
  if (!abstract?.complete) return true;
  const last = abstract.lines.at(-1);
  return !keywords && last !== undefined && (last.page > 1 || last.y < last.pageHeight * 0.3);
}

/**
 * Reads the first pages' text items with font size/position (pdf.js), builds lines and blocks, and infers the
 * fields with layout heuristics: the title from the largest type at the top of page 1, the authors (with
 * e-mails, affiliations and countries) from the lines between the title and the abstract, the abstract under its
 * heading (or the first paragraph of prose), the keywords after their label. Page 2 is read only when the
 * abstract or keywords may be there (up to `maxPages`, default 2). A field that cannot be found is empty; a PDF
 * without a text layer (a scan) gives empty fields, not an error. A text layer that is not language (a broken
 * character map) gives empty fields and `unreadable: true`.
 *
 * Throws AppError 400 INVALID_PDF for an unreadable PDF. The caller's bytes are not modified.
 */
export async function extractMetadata(pdf: Uint8Array, options?: { maxPages?: number }): Promise<ExtractedMetadata> {
  const maxPages = Math.min(pageLimit(options?.maxPages, DEFAULT_METADATA_PAGES), MAX_METADATA_PAGES);
  const document = await openPdf(pdf);
  try {
    const pages: PageContent[] = [];
    let inference: Inference | undefined;
    while (pages.length < Math.min(maxPages, document.pageCount)) {
      pages.push(await document.readPage(pages.length + 1));
      const layout = buildLayout(pages);
      if (!isReadable(layoutText(layout))) return { ...EMPTY_METADATA, unreadable: true };
      inference = infer(layout);
      if (!needsNextPage(inference)) break;
    }
    return inference?.metadata ?? { ...EMPTY_METADATA };
  } finally {
    await document.close();
  }
}

/**
 * The page count alone: the document is opened (parsed, so an unreadable PDF still throws INVALID_PDF) and no page
 * is read. About a tenth of the time of reading the first page's text, on the upload path.
 */
export async function readPdfPageCount(pdf: Uint8Array): Promise<number> {
  const handle = await openPdf(pdf);
  try {
    return handle.pageCount;
  } finally {
    await handle.close();
  }
}

/**
 * Page count and the plain text of the first pages (default three), one string per page in reading order:
 * columns read one after the other, running heads and page numbers left out, the lines of a paragraph of prose
 * joined (hyphenation undone), other lines (headings, names, affiliations) kept on lines of their own. For the
 * openai provider, insights and affinity. A page whose text is not language (a broken character map) gives an
 * empty string and `unreadable: true`, so garbage is never stored or sent on.
 *
 * Throws AppError 400 INVALID_PDF for an unreadable PDF.
 */
export async function readPdfText(pdf: Uint8Array, options?: { maxPages?: number }): Promise<PdfText> {
  const content = await readPdfContent(pdf, pageLimit(options?.maxPages, DEFAULT_TEXT_PAGES));
  const layout = buildLayout(content.pages);
  const pages = content.pages.map((page) => {
    const lines = layout.lines.filter((line) => line.page === page.number);
    const paragraphs: string[][] = [];
    let previous: Line | undefined;
    for (const line of lines) {
      // A line runs on into the next when it is full: about as wide as the widest lines of its size nearby.
      const full = previous !== undefined && previous.x2 - previous.x >= 0.8 * widestNear(lines, previous);
      if (previous && full && continuesBlock(previous, line, 1.6)) paragraphs.at(-1)?.push(line.text);
      else paragraphs.push([line.text]);
      previous = line;
    }
    return paragraphs.map((paragraph) => joinLines(paragraph)).join('\n');
  });
  const readable = pages.map((text) => isReadable(text));
  return {
    pageCount: content.pageCount,
    pages: pages.map((text, i) => (readable[i] ? text : '')),
    unreadable: readable.includes(false),
  };
}

function widestNear(lines: readonly Line[], line: Line): number {
  let widest = 0;
  for (const other of lines) {
    if (
      Math.abs(other.size - line.size) <= 0.6 &&
      Math.abs(other.y - line.y) <= 8 * line.size &&
      other.x < line.x2 &&
      other.x2 > line.x
    ) {
      widest = Math.max(widest, other.x2 - other.x);
    }
  }
  return widest;
}
