import { followColumn } from './flow.ts';
import { continuesBlock, type Layout, type Line } from './layout.ts';
import { abstractHeading, isBoilerplate, isFrontMatterLabel, isSectionHeading, keywordsLabel } from './patterns.ts';
import { joinLines, wordCount } from './text.ts';

export type AbstractResult = {
  text: string;
  /** Reading-order index of the heading, or of the first line when there is none. */
  startIndex: number;
  lines: Line[];
  /** The text ends a sentence; otherwise it runs on beyond the pages read. */
  complete: boolean;
};

const MAX_WORDS = 1000;

function median(values: number[]): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

const STRUCTURE_WORDS =
  'background|objectives?|aims?|purpose|context|rationale|methods?|methodology|design|setting|settings|participants|patients|interventions?|measurements|main outcome measures?|materials and methods|methods and findings|methodology/principal findings|principal findings|findings|results|discussion|conclusions?|conclusions/significance|significance|interpretation|implications|limitations|trial registration|case presentation|case description';
const STRUCTURE_LABEL = new RegExp(
  `^(?:${STRUCTURE_WORDS})(?:\\s*(?:/|and|&)\\s*(?:${STRUCTURE_WORDS}))*\\s*[.:]?$`,
  'i',
);

/** A sub-heading of a structured abstract standing on its own line ("Background", "Methods/Design"). */
const isStructureLabel = (line: Line) => STRUCTURE_LABEL.test(line.text.trim());

/** The parts that close a structured abstract: after one of them, a part that opens one starts the body. */
const CLOSING_LABEL = /^(?:conclusions?|interpretation|significance|implications|trial registration)\b/i;
const labelKey = (line: Line) => line.text.trim().toLowerCase().replace(/[.:]$/, '').replace(/\s+/g, ' ');

const startsWithMarker = (line: Line) => line.words[0]?.sup === true || /^[*†‡§¶]/.test(line.text);

/**
 * Where an abstract ends: keywords, a section heading, licence or correspondence boilerplate, another
 * heading-like label, a change of type size, or white space much taller than its line spacing (a footnote
 * after a gap, too).
 */
function endsAbstract(line: Line, previous: Line | undefined, taken: readonly Line[]): boolean {
  if (keywordsLabel(line) !== undefined || isSectionHeading(line) || isBoilerplate(line)) return true;
  if (isFrontMatterLabel(line)) return true;
  if (taken.length > 0 && abstractHeading(line) === '') return true;
  const reference = taken[0];
  if (!reference) return false;
  if (Math.abs(line.size - reference.size) > Math.max(0.6, 0.07 * reference.size)) return true;
  if (wordCount(taken.map((l) => l.text).join(' ')) > MAX_WORDS) return true;
  if (previous && line.page === previous.page && line.y < previous.y) {
    const drop = previous.y - line.y;
    const steps: number[] = [];
    for (let i = 1; i < taken.length; i += 1) {
      const a = taken[i - 1] as Line;
      const b = taken[i] as Line;
      if (a.page === b.page && a.y > b.y) steps.push(a.y - b.y);
    }
    const leading = median(steps) ?? 1.25 * reference.size;
    if (drop > 2.6 * leading) return true;
    if (drop > 1.4 * leading && startsWithMarker(line)) return true;
  }
  return false;
}

const TERMINAL = /[.!?…)"”’\]]$/u;

/**
 * An abstract that stops mid-sentence near the bottom of its column was cut by page furniture (a licence block,
 * a footnote): it goes on at the top of the next column, or of the next page.
 */
function continuation(lines: readonly Line[], taken: readonly Line[]): Line[] {
  const last = taken.at(-1);
  const reference = taken[0];
  if (!last || !reference || TERMINAL.test(last.text) || last.y > last.pageHeight * 0.4) return [];
  let skipped = 0;
  for (let i = last.index + 1; i < lines.length; i += 1) {
    const line = lines[i] as Line;
    if (line.page > last.page + 1) break;
    const nextColumn = line.page === last.page && line.x > (last.x + last.x2) / 2 && line.y > last.y;
    if (!nextColumn && line.page === last.page) continue;
    if (isSectionHeading(line) || skipped > 4) break;
    // The sentence goes on: a lower-case start, or a break after a hyphen or a comma.
    const runsOn = /^[\p{Ll}\p{N}]/u.test(line.text) || /[-‐,;:]$/.test(last.text);
    if (Math.abs(line.size - reference.size) > Math.max(0.6, 0.07 * reference.size)) {
      skipped += 1;
      continue;
    }
    if (!runsOn) break;
    return followColumn(lines, i, {
      continueAcross: false,
      stop: (next, previous, more) => endsAbstract(next, previous, [...taken, ...more]),
    });
  }
  return [];
}

function result(
  lines: readonly Line[],
  taken: Line[],
  firstText: string | undefined,
  startIndex: number,
): AbstractResult | undefined {
  const all = [...taken, ...continuation(lines, taken)];
  const texts = all.map((line, i) => {
    if (i === 0 && firstText !== undefined) return firstText;
    return isStructureLabel(line) ? `${line.text.replace(/[.:]$/, '')}:` : line.text;
  });
  // A run-in "Abstract" that was not told apart from the text (same type, no punctuation) is still no part of it.
  const text = joinLines(texts).replace(/^(?:ABSTRACT|Abstract)\s*[.:—–-]?\s+(?=\p{Lu})/u, '');
  if (wordCount(text) < 5) return undefined;
  return { text, startIndex, lines: all, complete: TERMINAL.test(text) };
}

function lowercaseShare(text: string): number {
  const words = text.match(/\p{L}+/gu) ?? [];
  if (words.length === 0) return 0;
  return words.filter((word) => /^\p{Ll}/u.test(word)).length / words.length;
}

/**
 * The abstract: the text under an "Abstract" heading (or run into it), followed down its column and on into the
 * next column or page, up to keywords, the first section heading or a change of type. Without a heading, the
 * first substantial paragraph of running prose after `afterIndex` (the title) and before the first section.
 */
export function findAbstract(layout: Layout, afterIndex: number): AbstractResult | undefined {
  const lines = layout.lines;
  const options = { continueAcross: true, stop: endsAbstract };
  // Under a heading, sub-headings on lines of their own ("Background", "Methods", …) belong to the abstract
  // when it opens with one; a lone "Background" after a plain abstract is the first section instead.
  // Each part comes once and in order, so a sub-heading met again ("Background" as the body's first section) or
  // an opening one after a closing one ("Methods" after "Conclusions") is the body's.
  const structuredOptions = () => {
    let structured = false;
    const seen = new Set<string>();
    let closed = false;
    return {
      continueAcross: true,
      stop: (line: Line, previous: Line | undefined, taken: readonly Line[]) => {
        const body = taken.find((l) => !isStructureLabel(l));
        const heading = body !== undefined && line.size > body.size + 1.5;
        if (isStructureLabel(line) && (taken.length === 0 || structured) && !heading) {
          const key = labelKey(line);
          const closing = CLOSING_LABEL.test(key);
          if (seen.has(key) || (closed && !closing)) return true;
          seen.add(key);
          closed ||= closing;
          structured = true;
          return false;
        }
        return endsAbstract(
          line,
          previous,
          taken.filter((l) => !isStructureLabel(l)),
        );
      },
    };
  };
  const headings = lines
    .map((line, i) => ({
      line,
      i,
      // Title-sized lines are never the abstract heading ("Abstract Interpretation of …" as a title).
      rest: line.page <= 2 && line.size <= 1.6 * layout.bodySize ? abstractHeading(line) : undefined,
    }))
    .filter((entry) => entry.rest !== undefined)
    .sort((a, b) => Number(a.line.index <= afterIndex) - Number(b.line.index <= afterIndex) || a.i - b.i);
  for (const { line, i, rest } of headings) {
    const found = rest
      ? result(lines, followColumn(lines, i, options), rest, i)
      : result(lines, followColumn(lines, i + 1, structuredOptions(), line), undefined, i);
    if (found) return found;
  }

  const firstSection = lines.findIndex((line) => line.index > afterIndex && isSectionHeading(line));
  const end = firstSection === -1 ? lines.length : firstSection;
  for (let i = afterIndex + 1; i < end; i += 1) {
    const first = lines[i] as Line;
    if (first.page > 1) break;
    let j = i;
    while (j + 1 < end && continuesBlock(lines[j] as Line, lines[j + 1] as Line)) j += 1;
    const block = lines.slice(i, j + 1);
    const text = joinLines(block.map((line) => line.text));
    const width = Math.max(...block.map((l) => l.x2)) - Math.min(...block.map((l) => l.x));
    const prose =
      wordCount(text) >= 35 &&
      first.size >= 0.85 * layout.bodySize &&
      width >= 0.3 * first.pageWidth &&
      lowercaseShare(text) >= 0.45 &&
      !startsWithMarker(first) &&
      !isBoilerplate(first) &&
      !isFrontMatterLabel(first);
    if (prose) return result(lines, followColumn(lines, i, options), undefined, i);
    i = j;
  }
  return undefined;
}
