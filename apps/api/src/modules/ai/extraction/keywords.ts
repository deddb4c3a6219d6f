import { followColumn } from './flow.ts';
import type { Layout } from './layout.ts';
import { abstractHeading, isBoilerplate, isFrontMatterLabel, isSectionHeading, keywordsLabel } from './patterns.ts';
import { joinLines, wordCount } from './text.ts';

export type KeywordsResult = { keywords: string[]; index: number };

/**
 * What publishers print between keywords besides commas: semicolons, middle dots and bullets of every kind
 * (Springer's "·", "•", "▪", the dot and bullet operators), and dashes or bars standing between spaces (a dash
 * inside a keyword, "Mann–Whitney", is no separator).
 */
const SEPARATORS = /\s*[;·•▪▫■□◦●∙⋅‧・]\s*|\s+[—–|]\s+/u;
const MAX_KEYWORDS = 20;

/** Splits a keyword list on the separators above (or on commas when there are none) and tidies each keyword. */
export function splitKeywords(text: string): string[] {
  const separators = new RegExp(`(?:${SEPARATORS.source})+`, 'u');
  const parts = SEPARATORS.test(text) ? text.split(separators) : text.split(/,/);
  return tidy(parts);
}

function tidy(parts: string[]): string[] {
  const seen = new Set<string>();
  const keywords: string[] = [];
  for (const part of parts) {
    const keyword = part
      .replace(/^[\s"“'‘(]+|[\s"”'’).:]+$/g, '')
      .replace(/\s+/g, ' ')
      .trim();
    const key = keyword.toLowerCase();
    if (!keyword || seen.has(key) || wordCount(keyword) > 10 || !/\p{L}/u.test(keyword)) continue;
    seen.add(key);
    keywords.push(keyword);
  }
  return keywords.slice(0, MAX_KEYWORDS);
}

/**
 * The keywords: the text after a "Keywords" / "Key words" / "Index Terms" label and the lines that continue it
 * in the same column, up to white space, a change of type, a heading or another label. Printed one per line
 * under a label of their own (Elsevier), each line is one keyword.
 */
export function findKeywords(layout: Layout): KeywordsResult | undefined {
  const lines = layout.lines;
  for (const [i, line] of lines.entries()) {
    if (line.page > 2) break;
    const rest = keywordsLabel(line);
    if (rest === undefined) continue;
    const reference = { size: line.size };
    const following = followColumn(
      lines,
      i + 1,
      {
        continueAcross: false,
        stop: (next, previous, taken) => {
          const before = previous ?? line;
          if (isSectionHeading(next) || isBoilerplate(next) || isFrontMatterLabel(next)) return true;
          if (abstractHeading(next) !== undefined || keywordsLabel(next) !== undefined) return true;
          if (/^\p{Lu}[\p{L} /-]{1,40}:/u.test(next.text)) return true;
          if (taken.length === 0 && !rest) reference.size = next.size;
          if (Math.abs(next.size - reference.size) > Math.max(0.6, 0.07 * reference.size)) return true;
          if (next.page !== before.page || before.y - next.y > 1.9 * next.size) return true;
          return taken.length >= (rest ? 3 : 12) || (!rest && wordCount(next.text) > 8);
        },
      },
      line,
    );
    const oneEach =
      !rest && following.length > 1 && following.every((l) => !SEPARATORS.test(l.text) && !/,\s*\S/.test(l.text));
    const keywords = oneEach
      ? tidy(following.map((l) => l.text))
      : splitKeywords(joinLines([rest, ...following.map((l) => l.text)]));
    if (keywords.length > 0) return { keywords, index: i };
  }
  return undefined;
}
