import type { PageContent, TextItem } from './pdf-reader.ts';
import { cleanText, collapseLetterSpacing, textKey } from './text.ts';

/**
 * Page layout from pdf.js text items: words, lines (with superscript markers kept apart), reading order by
 * recursive XY cuts (columns and sidebars before bands, so two columns never interleave), and removal of page
 * furniture (running heads, page numbers). Coordinates are PDF points, y growing upwards.
 */

export type Word = {
  text: string;
  x: number;
  x2: number;
  y: number;
  size: number;
  font: string;
  /** Raised and smaller than its line: an affiliation or footnote marker. */
  sup: boolean;
  /** Whitespace separated it from the previous word of the same text item. */
  spaced: boolean;
  /** It opens its text item, so its distance to the word before is measured, not estimated. */
  first: boolean;
};

export type Line = {
  page: number;
  pageWidth: number;
  pageHeight: number;
  /** Every word, superscripts included, left to right. */
  words: Word[];
  /** The line's text without superscript markers, cleaned. */
  text: string;
  /** Comparison key of `text` (lower case, no punctuation, letter spacing collapsed). */
  key: string;
  x: number;
  x2: number;
  /** Baseline. */
  y: number;
  /** Dominant font size (by characters) of the non-superscript words. */
  size: number;
  /** Dominant font of the non-superscript words. */
  font: string;
  /** Position in reading order over all pages read. */
  index: number;
};

export type Layout = {
  lines: Line[];
  /** The most common font size of running text (by characters). */
  bodySize: number;
  /** The most common font of running text (by characters). */
  bodyFont: string;
};

function itemWords(item: TextItem): Word[] {
  const words: Word[] = [];
  const charWidth = item.width / Math.max(1, item.str.length);
  for (const match of item.str.matchAll(/\S+/g)) {
    const start = match.index ?? 0;
    const x = item.x + start * charWidth;
    words.push({
      text: match[0],
      x,
      x2: x + match[0].length * charWidth,
      y: item.y,
      size: item.size,
      font: item.font,
      sup: false,
      spaced: words.length > 0 || start > 0,
      first: words.length === 0,
    });
  }
  return words;
}

type Row = { y: number; size: number; words: Word[] };

function groupRows(words: Word[]): Row[] {
  const sorted = [...words].sort((a, b) => b.y - a.y || a.x - b.x);
  const rows: Row[] = [];
  for (const word of sorted) {
    let target: Row | undefined;
    for (let i = rows.length - 1; i >= 0; i -= 1) {
      const row = rows[i] as Row;
      if (row.y - word.y > 3 * Math.max(row.size, word.size)) break;
      if (Math.abs(row.y - word.y) <= 0.3 * Math.min(row.size, word.size)) {
        target = row;
        break;
      }
    }
    if (target) {
      target.words.push(word);
      target.size = Math.max(target.size, word.size);
    } else {
      rows.push({ y: word.y, size: word.size, words: [word] });
    }
  }
  return rows;
}

function horizontalDistance(a: { x: number; x2: number }, b: { x: number; x2: number }): number {
  if (a.x2 < b.x) return b.x - a.x2;
  if (b.x2 < a.x) return a.x - b.x2;
  return 0;
}

/**
 * Moves small raised words (affiliation markers, footnote symbols) and small lowered ones (subscripts) into the
 * line they belong to, when they sit right next to one of its words.
 */
/** What a superscript marker can look like: "1", "a,b", "1,2*", "†", "∗,‡". Raised words are never longer. */
const MARKER_TEXT = /^[\p{N}\p{Ll}*†‡§¶#∗⁎✉☯¤‖∥⋆✩★,.;\-–()+]{1,8}$/u;

/**
 * Moves small raised words (affiliation markers, footnote symbols, superscript runs such as "T (=DSM 1986T)")
 * and small lowered ones (subscripts) into the line they belong to. A marker may sit near any word of the line;
 * longer raised text only right after a word of the line (or after a word just moved there), so that a small
 * line that merely sits beside a big one ("First published" next to a "v2" badge) stays apart.
 */
function attachScripts(rows: Row[]): Row[] {
  for (let i = 0; i < rows.length; i += 1) {
    const row = rows[i] as Row;
    let chain: { row: Row; word: Word } | undefined;
    for (const word of [...row.words].sort((a, b) => a.x - b.x)) {
      const markerLike =
        word.text.length <= 8 && MARKER_TEXT.test(word.text) && (word.text.match(/\p{L}/gu)?.length ?? 0) <= 3;
      let best: { row: Row; sup: boolean } | undefined;
      for (let j = Math.max(0, i - 6); j < Math.min(rows.length, i + 7); j += 1) {
        const other = rows[j] as Row;
        if (j === i || word.size > 0.85 * other.size) continue;
        const dy = word.y - other.y;
        const raised = dy > 0.08 * other.size && dy <= 0.65 * other.size;
        const lowered = dy < -0.05 * other.size && dy >= -0.4 * other.size;
        const base = other.words.filter((w) => !w.sup && w.size * 0.85 >= word.size);
        let fits = false;
        if (raised && markerLike) fits = base.some((w) => horizontalDistance(word, w) <= 1.0 * w.size);
        else if (raised) {
          const follows = (w: Word) => word.x >= w.x2 - 0.3 * w.size && word.x - w.x2 <= 0.5 * w.size;
          fits = base.some(follows) || (chain?.row === other && word.x - chain.word.x2 <= 0.6 * other.size);
        } else if (lowered && word.text.length <= 4)
          fits = base.some((w) => horizontalDistance(word, w) <= 1.0 * w.size);
        if (fits && (!best || (raised && !best.sup))) best = { row: other, sup: raised };
      }
      if (best) {
        const moved = { ...word, sup: best.sup, y: best.row.y };
        row.words.splice(row.words.indexOf(word), 1);
        best.row.words.push(moved);
        chain = best.sup ? { row: best.row, word: moved } : undefined;
      } else chain = undefined;
    }
  }
  return rows.filter((row) => row.words.length > 0);
}

function dominant<T>(words: Word[], pick: (word: Word) => T): T | undefined {
  const weights = new Map<T, number>();
  for (const word of words) weights.set(pick(word), (weights.get(pick(word)) ?? 0) + word.text.length);
  let best: T | undefined;
  let bestWeight = -1;
  for (const [value, weight] of weights) {
    if (weight > bestWeight) {
      best = value;
      bestWeight = weight;
    }
  }
  return best;
}

/** Joins words into text: a space where the PDF had one or where the gap is wider than a thin space. */
export function wordsText(words: readonly Word[]): string {
  let text = '';
  let previous: Word | undefined;
  for (const word of words) {
    if (previous) {
      const gap = word.x - previous.x2;
      if (word.spaced || gap > 0.15 * Math.min(word.size, previous.size)) text += ' ';
    }
    text += word.text;
    previous = word;
  }
  return text;
}

function makeLine(words: Word[], page: PageContent): Line | undefined {
  const main = words.filter((w) => !w.sup);
  if (main.length === 0) return undefined;
  // A marker taken out leaves "Chiarotto , Terwee": no space before a comma.
  const text = cleanText(wordsText(main)).replace(/ ([,;])/g, '$1');
  if (!text) return undefined;
  const first = words[0] as Word;
  return {
    page: page.number,
    pageWidth: page.width,
    pageHeight: page.height,
    words,
    text,
    key: textKey(text),
    x: first.x,
    x2: Math.max(...words.map((w) => w.x2)),
    y: dominant(main, (w) => w.y) ?? first.y,
    size: dominant(main, (w) => Math.round(w.size * 10) / 10) ?? first.size,
    font: dominant(main, (w) => w.font) ?? first.font,
    index: 0,
  };
}

/** Whether a row has text on both sides of `x` and none over it: `x` lies in a column gutter there too. */
function gutterAt(row: Row, x: number, halfWidth: number): 'gutter' | 'covered' | 'none' {
  let left = false;
  let right = false;
  for (const word of row.words) {
    if (word.sup) continue;
    if (word.x < x + halfWidth && word.x2 > x - halfWidth) return 'covered';
    if (word.x2 <= x) left = true;
    else right = true;
  }
  return left && right ? 'gutter' : 'none';
}

/**
 * Splits a row into lines at column gutters and at wide gaps (an e-mail set apart from a name, authors set in
 * a grid). A gap of a few spaces is a gutter only when the rows just above or below leave the same place empty
 * while having text on both sides; justified text has wide spaces too, but they never line up.
 */
function splitRow(row: Row, neighbours: Row[], page: PageContent): Line[] {
  const words = [...row.words].sort((a, b) => a.x - b.x);
  const lines: Line[] = [];
  let current: Word[] = [];
  let previous: Word | undefined;
  for (const word of words) {
    if (previous) {
      const sizes = [word, previous].filter((w) => !w.sup).map((w) => w.size);
      const size = sizes.length > 0 ? Math.min(...sizes) : word.size;
      const gap = word.x - previous.x2;
      const sectionNumber = current.length === 1 && /^(\d+(\.\d+)*\.?|[IVX]+\.)$/.test(previous.text);
      const sizeJump = sizes.length === 2 && Math.max(...sizes) > 1.5 * size && gap > 0.5 * size;
      let split = sizeJump || (gap >= 2.5 * size && !(sectionNumber && gap < 4 * size));
      if (!split && gap >= 0.8 * size && !sectionNumber) {
        const middle = (previous.x2 + word.x) / 2;
        const verdicts = neighbours.map((other) => ({
          verdict: gutterAt(other, middle, Math.max(1, gap / 4)),
          near: Math.abs(other.y - row.y) <= 2.2 * size,
        }));
        const gutters = verdicts.filter((v) => v.verdict === 'gutter').length;
        const covered = verdicts.some((v) => v.near && v.verdict === 'covered');
        split = !covered && (gutters >= 2 || (gutters === 1 && gap >= 1.5 * size));
      }
      if (split) {
        const line = makeLine(current, page);
        if (line) lines.push(line);
        current = [];
      }
    }
    current.push(word);
    previous = word;
  }
  const line = makeLine(current, page);
  if (line) lines.push(line);
  return lines;
}

const sameSize = (a: Line, b: Line) => Math.abs(a.size - b.size) <= Math.max(0.6, 0.07 * Math.max(a.size, b.size));

/** How far two horizontal extents overlap (negative: the gap between them). */
export const horizontalOverlap = (a: { x: number; x2: number }, b: { x: number; x2: number }) =>
  Math.min(a.x2, b.x2) - Math.max(a.x, b.x);

/** The next line continues the same block: same page and size, just below, overlapping horizontally. */
export function continuesBlock(previous: Line, line: Line, maxGap = 1.9): boolean {
  const drop = previous.y - line.y;
  return (
    line.page === previous.page &&
    sameSize(previous, line) &&
    drop > 0.3 * line.size &&
    drop <= maxGap * Math.max(line.size, previous.size) &&
    horizontalOverlap(previous, line) > 0
  );
}

const top = (line: Line) => line.y + 0.75 * line.size;
const bottom = (line: Line) => line.y - 0.22 * line.size;

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

/** Columns side by side: groups separated by vertical white space, each pair overlapping in height. */
function splitColumns(lines: Line[]): Line[][] | undefined {
  const sorted = [...lines].sort((a, b) => a.x - b.x);
  const minGap = Math.max(5, 0.8 * median(lines.map((l) => l.size)));
  const groups: Line[][] = [];
  let current: Line[] = [];
  let right = Number.NEGATIVE_INFINITY;
  for (const line of sorted) {
    if (current.length > 0 && line.x - right >= minGap) {
      groups.push(current);
      current = [];
    }
    current.push(line);
    right = Math.max(right, line.x2);
  }
  groups.push(current);
  if (groups.length < 2) return undefined;
  for (let i = 1; i < groups.length; i += 1) {
    const a = groups[i - 1] as Line[];
    const b = groups[i] as Line[];
    const aTop = Math.max(...a.map(top));
    const aBottom = Math.min(...a.map(bottom));
    const bTop = Math.max(...b.map(top));
    const bBottom = Math.min(...b.map(bottom));
    const overlap = Math.min(aTop, bTop) - Math.max(aBottom, bBottom);
    if (overlap < 0.3 * Math.min(aTop - aBottom, bTop - bBottom)) return undefined;
  }
  return groups;
}

/**
 * Bands one above the other, cut at the widest horizontal white space (and any as wide), when it is taller
 * than line spacing. Cutting only the widest gap first lets the next level look for columns again, so a header
 * above two columns never makes the columns' lines interleave.
 */
function splitBands(lines: Line[]): Line[][] | undefined {
  const sorted = [...lines].sort((a, b) => top(b) - top(a));
  const gaps: { at: number; size: number }[] = [];
  let low = Number.POSITIVE_INFINITY;
  let lowSize = 0;
  sorted.forEach((line, i) => {
    if (i > 0) {
      const gap = low - top(line);
      if (gap >= 0.45 * Math.min(lowSize, line.size)) gaps.push({ at: i, size: gap });
    }
    if (bottom(line) < low) {
      low = bottom(line);
      lowSize = line.size;
    }
  });
  if (gaps.length === 0) return undefined;
  const widest = Math.max(...gaps.map((gap) => gap.size));
  const cuts = gaps.filter((gap) => gap.size >= 0.9 * widest).map((gap) => gap.at);
  const bands: Line[][] = [];
  let start = 0;
  for (const cut of cuts) {
    bands.push(sorted.slice(start, cut));
    start = cut;
  }
  bands.push(sorted.slice(start));
  return bands;
}

/** Recursive XY cut: columns first where they exist, then bands; leaves are read top to bottom. */
function readingOrder(lines: Line[]): Line[] {
  if (lines.length <= 1) return lines;
  const columns = splitColumns(lines);
  if (columns) return columns.flatMap((group) => readingOrder(group));
  const bands = splitBands(lines);
  if (bands) return bands.flatMap((group) => readingOrder(group));
  return [...lines].sort((a, b) => b.y - a.y || a.x - b.x);
}

function pageLines(page: PageContent): Line[] {
  const seen = new Set<string>();
  const words: Word[] = [];
  for (const item of page.items) {
    // Text drawn twice at the same place (fake bold, overprinting) counts once.
    const key = `${item.str}|${Math.round(item.x)}|${Math.round(item.y)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    words.push(...itemWords(item));
  }
  const rows = attachScripts(groupRows(words));
  const lines = rows.flatMap((row, i) => {
    const neighbours: Row[] = [];
    for (let j = Math.max(0, i - 3); j < Math.min(rows.length, i + 4); j += 1) {
      const other = rows[j] as Row;
      if (j !== i && Math.abs(other.y - row.y) <= 3.5 * row.size) neighbours.push(other);
    }
    return splitRow(row, neighbours, page);
  });
  return readingOrder(lines);
}

const PAGE_NUMBER = /^(page\s+)?\d{1,4}(\s+(of|\/)\s+\d{1,4})?$/i;

/**
 * Running heads and feet: lines in the top or bottom band of a page that repeat (digits aside) on another page
 * read, bare page numbers there, and short lines there that stand apart from everything else. Large lines (a
 * title at the very top of page 1) are never furniture.
 */
function removeFurniture(pages: Line[][], bodySize: number): Line[][] {
  const inBand = (line: Line) => line.y > line.pageHeight * 0.92 || line.y < line.pageHeight * 0.06;
  const shape = (line: Line) => line.key.replace(/\d+/g, '#');
  const counts = new Map<string, Set<number>>();
  for (const lines of pages) {
    for (const line of lines) {
      if (!inBand(line)) continue;
      const pagesWithShape = counts.get(shape(line)) ?? new Set<number>();
      pagesWithShape.add(line.page);
      counts.set(shape(line), pagesWithShape);
    }
  }
  return pages.map((lines) =>
    lines.filter((line) => {
      if (!inBand(line) || line.size > bodySize * 1.3) return true;
      if (PAGE_NUMBER.test(collapseLetterSpacing(line.text))) return false;
      if ((counts.get(shape(line))?.size ?? 0) >= 2) return false;
      if (line.text.split(' ').length > 15) return true;
      const apart = lines.every(
        (other) =>
          other === line ||
          Math.abs(other.y - line.y) < 0.3 * line.size ||
          Math.abs(other.y - line.y) >= 1.8 * Math.max(line.size, other.size),
      );
      return !apart;
    }),
  );
}

/** Lays out the pages read: lines in reading order over all pages, furniture removed. */
export function buildLayout(pages: readonly PageContent[]): Layout {
  const perPage = pages.map(pageLines);
  const all = perPage.flat();
  const bodySize = mostCommon(all, (line) => Math.round(line.size * 2) / 2) ?? 10;
  const bodyFont = mostCommon(all, (line) => line.font) ?? '';
  const lines = removeFurniture(perPage, bodySize).flat();
  lines.forEach((line, index) => {
    line.index = index;
  });
  return { lines, bodySize, bodyFont };
}

/** The value most of the text has (weighted by characters). */
function mostCommon<T>(lines: readonly Line[], pick: (line: Line) => T): T | undefined {
  const weights = new Map<T, number>();
  for (const line of lines) weights.set(pick(line), (weights.get(pick(line)) ?? 0) + line.text.length);
  let best: T | undefined;
  let bestWeight = 0;
  for (const [value, weight] of weights) {
    if (weight > bestWeight) {
      best = value;
      bestWeight = weight;
    }
  }
  return best;
}
