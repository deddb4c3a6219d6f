import type { Line } from './layout.ts';

/**
 * Following a text down its column: lines of other columns or sidebars that the reading order puts in between
 * are stepped over while the column goes on below; when it ends, the text may continue at the top of the next
 * column or page.
 */

export type FlowOptions = {
  /** Whether the text may go on in the next column or on the next page once its column ends. */
  continueAcross: boolean;
  /** Ends the flow before this line. */
  stop: (line: Line, previous: Line | undefined, taken: readonly Line[]) => boolean;
};

const overlapRatio = (a: Line, range: { x: number; x2: number }) => {
  const width = Math.min(a.x2 - a.x, range.x2 - range.x);
  if (width <= 0) return 0;
  return (Math.min(a.x2, range.x2) - Math.max(a.x, range.x)) / width;
};

/**
 * Lines taken from `lines[from]` on, following the column that `lines[from]` sits in, or, given a heading as
 * `seed`, the column under that heading.
 */
export function followColumn(lines: readonly Line[], from: number, options: FlowOptions, seed?: Line): Line[] {
  const taken: Line[] = [];
  const start = seed ?? lines[from];
  if (!start) return taken;
  let column = { x: start.x, x2: start.x2 };
  let previous: Line | undefined = seed;
  for (let i = from; i < lines.length; i += 1) {
    const line = lines[i] as Line;
    const inColumn =
      previous === undefined ||
      (line.page === previous.page && overlapRatio(line, column) >= 0.5 && line.y < previous.y + 0.3 * line.size);
    if (!inColumn && previous) {
      const before = previous;
      const columnGoesOn = lines
        .slice(i + 1, i + 80)
        .some(
          (later) =>
            later.page === before.page &&
            overlapRatio(later, column) >= 0.5 &&
            later.y < before.y &&
            before.y - later.y < 3 * before.size,
        );
      if (columnGoesOn) continue;
      if (!options.continueAcross) break;
      // The next column starts higher on the same page, or the text runs on to the next page.
      const nextColumn = line.page === before.page && line.y > before.y;
      const nextPage = line.page === before.page + 1 && before.y < before.pageHeight * 0.3;
      if (!nextColumn && !nextPage) break;
      column = { x: line.x, x2: line.x2 };
    }
    if (options.stop(line, previous, taken)) break;
    taken.push(line);
    if (taken.length === 1 && seed) column = { x: line.x, x2: line.x2 };
    else if (overlapRatio(line, column) >= 0.5) {
      column = { x: Math.min(column.x, line.x), x2: Math.max(column.x2, line.x2) };
    }
    previous = line;
  }
  return taken;
}
