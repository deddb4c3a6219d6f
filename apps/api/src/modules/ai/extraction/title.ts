import type { Layout, Line } from './layout.ts';
import { isBanner, isBannerFurniture, isBoilerplate, opensRunningHeader } from './patterns.ts';
import { joinLines, wordCount } from './text.ts';

export type TitleResult = { text: string; lines: Line[] };

const sameSize = (a: number, b: number) => Math.abs(a - b) <= Math.max(0.5, 0.04 * Math.max(a, b));

/** Lines of one size that follow each other down the page (a title over several lines), top first. */
function runsOfSize(lines: Line[], size: number): Line[][] {
  const ofSize = lines.filter((line) => sameSize(line.size, size)).sort((a, b) => b.y - a.y || a.x - b.x);
  const runs: Line[][] = [];
  for (const line of ofSize) {
    const run = runs.at(-1);
    const last = run?.at(-1);
    const left = run ? Math.min(...run.map((l) => l.x)) : 0;
    const right = run ? Math.max(...run.map((l) => l.x2)) : 0;
    const overlaps = last !== undefined && line.x < right + line.size && line.x2 > left - line.size;
    if (run && last && overlaps && last.y - line.y <= 2.2 * size) run.push(line);
    else runs.push([line]);
  }
  return runs;
}

/** Drops what publishers append to a title: footnote symbols, "[v2; ref status: …]" tags, a final full stop. */
export function cleanTitle(text: string): string {
  let value = text.trim();
  value = value.replace(/\s*\[[^\]]*(?:\bv\d|version|ref status|https?:|doi)[^\]]*\]\s*$/i, '');
  value = value.replace(/[\s*†‡§¶#⋆✩★]+$/u, '');
  value = value.replace(/(?<![A-Z]\.\p{Lu}?)\.$/u, '');
  return value.trim();
}

/** The lines nearest above and below `line` on its page that share some of its width. */
function neighbours(layout: Layout, line: Line): Line[] {
  const beside = layout.lines.filter(
    (other) => other.page === line.page && other !== line && other.x < line.x2 && other.x2 > line.x,
  );
  const above = beside.filter((other) => other.y > line.y + 0.3 * line.size).sort((a, b) => a.y - b.y)[0];
  const below = beside.filter((other) => other.y < line.y - 0.3 * line.size).sort((a, b) => b.y - a.y)[0];
  return [above, below].filter(
    (other): other is Line => other !== undefined && Math.abs(other.y - line.y) <= 3 * line.size,
  );
}

/**
 * A journal's name in its banner, however large: one line, next to the banner's furniture ("Contents lists
 * available at", "journal homepage: …"), or the name that opens the running header's citation. An article's
 * title is rarely one line between such lines, and never the start of the running header.
 */
function isJournalName(layout: Layout, lines: Line[], text: string): boolean {
  const page = layout.lines.filter((line) => line.page === (lines[0] as Line).page);
  if (page.some((line) => !lines.includes(line) && opensRunningHeader(text, line.text))) return true;
  return lines.length === 1 && neighbours(layout, lines[0] as Line).some((line) => isBannerFurniture(line.text));
}

/**
 * The title: the block set in the largest type in the upper part of page 1, its consecutive lines of that size
 * merged. Banners (article types, journal names with their banner furniture or running header, URLs), lone words
 * and boilerplate are passed over, and a title must be set larger than the running text.
 */
export function findTitle(layout: Layout): TitleResult | undefined {
  const candidates = layout.lines.filter(
    (line) =>
      line.page === 1 &&
      line.y >= line.pageHeight * 0.3 &&
      line.size > layout.bodySize + 0.4 &&
      /\p{L}{2}/u.test(line.text) &&
      !isBoilerplate(line),
  );
  const sizes = [...new Set(candidates.map((line) => Math.round(line.size * 10) / 10))].sort((a, b) => b - a);
  const tried = new Set<number>();
  for (const size of sizes) {
    if ([...tried].some((seen) => sameSize(seen, size))) continue;
    tried.add(size);
    for (const run of runsOfSize(candidates, size)) {
      // A banner of the same size may sit right above or below the title: trim it off the ends only.
      let lines = run;
      while (lines.length > 0 && isBanner(cleanTitle((lines[0] as Line).text))) lines = lines.slice(1);
      while (lines.length > 0 && isBanner(cleanTitle((lines.at(-1) as Line).text))) lines = lines.slice(0, -1);
      if (lines.length === 0) continue;
      const text = cleanTitle(joinLines(lines.map((line) => line.text)));
      const words = wordCount(text);
      const letters = text.match(/\p{L}/gu)?.length ?? 0;
      if (words < 2 || words > 60 || letters < 0.5 * text.length || isBanner(text)) continue;
      if (isJournalName(layout, lines, text)) continue;
      return { text, lines };
    }
  }
  return fallbackTitle(layout);
}

/**
 * A manuscript set in one size throughout: the first run of lines near the top of page 1 in a type of its own
 * (bold, as a rule), of title length, that is neither a banner nor boilerplate.
 */
function fallbackTitle(layout: Layout): TitleResult | undefined {
  const page = layout.lines.filter((line) => line.page === 1 && line.y >= line.pageHeight * 0.4);
  for (let i = 0; i < page.length; i += 1) {
    const first = page[i] as Line;
    if (first.font === layout.bodyFont || isBanner(first.text) || isBoilerplate(first)) continue;
    const lines = [first];
    for (const next of page.slice(i + 1)) {
      const last = lines.at(-1) as Line;
      if (next.font !== first.font || !sameSize(next.size, first.size) || last.y - next.y > 2.2 * first.size) break;
      lines.push(next);
    }
    const text = cleanTitle(joinLines(lines.map((line) => line.text)));
    const words = wordCount(text);
    if (words >= 3 && words <= 40 && !isBanner(text) && !/[.:]$/.test(lines.at(-1)?.text ?? '')) return { text, lines };
    i += lines.length - 1;
  }
  return undefined;
}
