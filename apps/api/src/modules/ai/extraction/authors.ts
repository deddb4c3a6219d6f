import { AFFILIATION_HINT, countryOf, joinAffiliationLines, markedAffiliations } from './affiliations.ts';
import { findEmails, matchEmails, withoutEmails } from './emails.ts';
import { continuesBlock, horizontalOverlap, type Layout, type Line } from './layout.ts';
import {
  analyseNameLine,
  isName,
  isSuffix,
  type NamePiece,
  piecesOf,
  splitName,
  stripDegrees,
  type Token,
  tokenize,
} from './names.ts';
import { isBoilerplate, isDateLine, isFrontMatterLabel, plain } from './patterns.ts';
import type { TitleResult } from './title.ts';

export type ExtractedAuthor = {
  first_name: string;
  last_name: string;
  email: string;
  affiliation: string;
  /** ISO 3166-1 alpha-2 code of the affiliation's country; empty when none is printed. */
  country: string;
};

type Kind = 'name' | 'email' | 'label' | 'skip' | 'text';
type Classified = { line: Line; kind: Kind; emails: string[] };
type Draft = { piece: NamePiece; line: Line; group: number; email: string; affiliation: string };

/** A line without its e-mail words, for reading the names printed next to an address. */
function withoutEmailWords(line: Line): Line {
  const words = line.words.filter(
    (word) => !word.text.includes('@') && !/^[{(]/.test(word.text) && !/^e-?mail:?$/i.test(word.text),
  );
  return { ...line, words };
}

/** A line that stops in the middle of a phrase: on a preposition, a conjunction, a comma or a hyphen. */
const endsMidPhrase = (text: string) =>
  /(?:[,&‐-]|\b(?:of|for|and|de|del|der|des|di|du|la|le|für|und|et|y|e|in|on|at|the))\s*$/iu.test(text);

function classify(region: Line[], layout: Layout, titleRange: { x: number; x2: number }): Classified[] {
  const result: Classified[] = [];
  let skipping: Line | undefined;
  for (const line of region) {
    if (skipping) {
      if (continuesBlock(skipping, line)) {
        skipping = line;
        result.push({ line, kind: 'skip', emails: findEmails(line.text) });
        continue;
      }
      skipping = undefined;
    }
    if (isFrontMatterLabel(line)) {
      // A label alone heads a block that is not an author list (editors, correspondence, funding).
      if (!/:\s*\S/.test(plain(line))) skipping = line;
      result.push({ line, kind: 'label', emails: findEmails(line.text) });
      continue;
    }
    if (isBoilerplate(line) || isDateLine(line)) {
      result.push({ line, kind: 'skip', emails: [] });
      continue;
    }
    const emails = findEmails(line.text);
    const rest = emails.length > 0 ? withoutEmails(line.text) : line.text;
    if (emails.length > 0 && !/\p{L}{2}/u.test(rest)) {
      result.push({ line, kind: 'email', emails });
      continue;
    }
    const candidate = emails.length > 0 ? withoutEmailWords(line) : line;
    // A line that carries on a text left mid-phrase above it ("Department of" / "Freshwater Ecology") is the rest
    // of that text (a wrapped affiliation), whatever it reads like.
    const above = result.at(-1);
    if (above?.kind === 'text' && endsMidPhrase(above.line.text) && continuesBlock(above.line, line)) {
      result.push({ line, kind: 'text', emails });
      continue;
    }
    const analysis = analyseNameLine(candidate);
    // "³Arbeitsbereich Medizinische …": a marker opening the line, text right after it, heads an affiliation.
    const tokens = tokenize(candidate);
    const firstWord = tokens.findIndex((token) => token.kind !== 'marker');
    const opensWithMarker = firstWord > 0 && tokens[firstWord]?.kind === 'word';
    const isNameLine =
      !opensWithMarker &&
      analysis.names > 0 &&
      analysis.names >= 0.6 * (analysis.names + analysis.others) &&
      line.size >= 0.8 * layout.bodySize &&
      horizontalOverlap(line, { x: titleRange.x - 0.2 * line.pageWidth, x2: titleRange.x2 + 0.2 * line.pageWidth }) > 0;
    result.push({ line: candidate, kind: isNameLine ? 'name' : 'text', emails });
  }
  // The same "name" printed twice is an institution in an author grid ("UC San Diego" under each author).
  const counts = new Map<string, number>();
  for (const entry of result) counts.set(entry.line.key, (counts.get(entry.line.key) ?? 0) + 1);
  result.forEach((entry, i) => {
    if (entry.kind !== 'name') return;
    if ((counts.get(entry.line.key) ?? 0) > 1) {
      entry.kind = 'text';
      return;
    }
    // Stacked under a name, in another type, one name-like piece without markers: the first line of that
    // author's affiliation ("Siemens AG" under "Jane Doe"), not a second author.
    const above = result[i - 1];
    const single = analyseNameLine(entry.line);
    if (above?.kind === 'name' && single.pieces.length === 1 && single.pieces[0]?.markers.length === 0) {
      const drop = above.line.y - entry.line.y;
      const stacked =
        entry.line.page === above.line.page &&
        drop > 0.3 * entry.line.size &&
        drop <= 2.2 * Math.max(entry.line.size, above.line.size) &&
        horizontalOverlap(above.line, entry.line) > 0;
      const otherType = entry.line.font !== above.line.font || Math.abs(entry.line.size - above.line.size) > 0.5;
      if (stacked && otherType) {
        entry.kind = 'text';
        return;
      }
    }
    // Between a name and the one address printed under it sits an affiliation, not a second person.
    const next = result[i + 1];
    if (
      above?.kind === 'name' &&
      next?.kind === 'email' &&
      next.emails.length === 1 &&
      single.pieces.length === 1 &&
      single.pieces[0]?.markers.length === 0
    ) {
      entry.kind = 'text';
    }
  });
  return result;
}

/** Name lines grouped when they follow each other; each group's tokens joined with line breaks. */
function nameGroups(classified: Classified[]): { tokens: Token[]; lines: Line[]; start: number; end: number }[] {
  const groups: { tokens: Token[]; lines: Line[]; start: number; end: number }[] = [];
  classified.forEach((entry, i) => {
    if (entry.kind !== 'name') return;
    const group = groups.at(-1);
    const last = group?.lines.at(-1);
    const adjacent = group !== undefined && group.end === i - 1 && last !== undefined;
    const sameRow = adjacent && Math.abs(last.y - entry.line.y) < 0.3 * entry.line.size;
    const tagged = (position: number) =>
      tokenize(entry.line).map((token) => (token.kind === 'word' ? { ...token, line: position } : token));
    if (adjacent && (sameRow || continuesBlock(last, entry.line, 2.2))) {
      group.tokens.push(sameRow ? { kind: 'sep' } : { kind: 'break' }, ...tagged(group.lines.length));
      group.lines.push(entry.line);
      group.end = i;
    } else {
      groups.push({ tokens: tagged(0), lines: [entry.line], start: i, end: i });
    }
  });
  return groups;
}

/**
 * Authors from the lines between the title and the abstract: name lines split at commas, "and", markers and
 * footnote symbols; degrees dropped; e-mails matched by name (then by position); affiliations by marker, else
 * the block printed under the names; the country taken from the affiliation.
 */
export function findAuthors(layout: Layout, title: TitleResult | undefined, endIndex: number): ExtractedAuthor[] {
  const titleEnd = title ? Math.max(...title.lines.map((line) => line.index)) : -1;
  const titleRange = title
    ? { x: Math.min(...title.lines.map((l) => l.x)), x2: Math.max(...title.lines.map((l) => l.x2)) }
    : { x: 0, x2: Number.POSITIVE_INFINITY };
  const region = layout.lines.filter((line) => line.page === 1 && line.index > titleEnd && line.index < endIndex);
  const classified = classify(region, layout, titleRange);
  const groups = nameGroups(classified);

  const drafts: Draft[] = [];
  groups.forEach((group, g) => {
    for (const piece of piecesOf(group.tokens)) {
      const words = stripDegrees(piece.words);
      if (words.length === 0) continue;
      const previous = drafts.at(-1);
      if (words.length === 1 && isSuffix(words[0] ?? '') && previous?.group === g) {
        previous.piece.words.push(words[0] ?? '');
        continue;
      }
      if (!isName(words)) continue;
      drafts.push({
        piece: { words, markers: piece.markers },
        line: group.lines[piece.line ?? 0] ?? (group.lines[0] as Line),
        group: g,
        email: '',
        affiliation: '',
      });
    }
  });
  if (drafts.length === 0) return [];
  const names = drafts.map((draft) => splitName(draft.piece.words));

  // Affiliations by marker, from anywhere on page 1 (the header first, then footnotes).
  const page1 = layout.lines.filter((line) => line.page === 1);
  const marked = markedAffiliations(page1, new Set(region.map((line) => line.index)));
  for (const draft of drafts) {
    const found = [...new Set(draft.piece.markers.map((marker) => marked.get(marker)).filter((a): a is string => !!a))];
    draft.affiliation = found.join('; ');
  }
  // Otherwise the lines printed under a group of names, up to the next names.
  groups.forEach((group, g) => {
    const next = groups[g + 1]?.start ?? classified.length;
    const nameSize = group.lines[0]?.size ?? 0;
    const lines = classified
      .slice(group.end + 1, next)
      .filter(
        (entry) =>
          entry.kind === 'text' &&
          !entry.line.words[0]?.sup &&
          !/^[*†‡§¶#]/u.test(entry.line.text) &&
          entry.line.size <= nameSize + 0.5,
      )
      .map((entry) => entry.line)
      .slice(0, 6);
    const shared = lines.length > 0 ? joinAffiliationLines(lines) : '';
    // Names side by side in a row over affiliations side by side: each author takes the lines under it.
    const row = group.lines.every((line) => Math.abs(line.y - (group.lines[0] as Line).y) < 0.3 * line.size);
    const members = drafts.filter((draft) => draft.group === g);
    const over = (line: Line, draft: Draft) => line.x < draft.line.x2 && line.x2 > draft.line.x;
    const columns = lines.every((line) => members.filter((draft) => over(line, draft)).length <= 1);
    if (group.lines.length > 1 && row && columns) {
      for (const draft of members.filter((d) => !d.affiliation)) {
        const under = lines.filter((line) => over(line, draft));
        if (under.length > 0) draft.affiliation = joinAffiliationLines(under);
      }
      return;
    }
    // Printed right under one name (an author grid), the lines are that author's, whatever they say.
    const name = group.lines.at(-1);
    const first = lines[0];
    const underName =
      group.lines.length === 1 &&
      name !== undefined &&
      first !== undefined &&
      first.page === name.page &&
      name.y - first.y > 0 &&
      name.y - first.y <= 2.2 * name.size &&
      first.x < name.x2 &&
      first.x2 > name.x;
    if (!shared || !(AFFILIATION_HINT.test(shared) || countryOf(shared) || underName)) return;
    for (const draft of drafts) if (draft.group === g && !draft.affiliation) draft.affiliation = shared;
  });

  // E-mails: by name anywhere on page 1, then the header's remaining addresses by position.
  const allEmails = [...new Set(page1.flatMap((line) => findEmails(line.text)))];
  const byName = matchEmails(allEmails, names);
  for (const [email, index] of byName) (drafts[index] as Draft).email = email;
  const headerEmails = [...new Set(classified.flatMap((entry) => entry.emails))].filter((email) => !byName.has(email));
  const withoutEmail = drafts.filter((draft) => !draft.email);
  if (headerEmails.length > 0 && headerEmails.length === withoutEmail.length) {
    withoutEmail.forEach((draft, i) => {
      draft.email = headerEmails[i] ?? '';
    });
  }

  return drafts.map((draft, i) => {
    const name = names[i] as { first_name: string; last_name: string };
    const firstAffiliation = draft.affiliation.split('; ')[0] ?? '';
    return {
      first_name: name.first_name,
      last_name: name.last_name,
      email: draft.email,
      affiliation: draft.affiliation,
      country: firstAffiliation ? countryOf(firstAffiliation) : '',
    };
  });
}
