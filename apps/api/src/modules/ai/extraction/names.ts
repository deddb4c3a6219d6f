import { resolveCountryCode } from '@confero/contracts';
import { type Line, type Word, wordsText } from './layout.ts';
import { isBanner } from './patterns.ts';
import { cleanText } from './text.ts';

/**
 * Author-name lines: tokens (words, separators, markers), name pieces, and the test that tells a line of
 * names ("Jonas Fritzsch¹, Ana Cristina Franco da Silva²") from an affiliation ("Iowa State University").
 */

export type Token =
  | { kind: 'word'; text: string; line?: number }
  | { kind: 'sep' }
  | { kind: 'marker'; text: string }
  | { kind: 'break' };

/** A name's words and markers; `line` is the index (within its group) of the line it starts on. */
export type NamePiece = { words: string[]; markers: string[]; line?: number };

/** Lower-case particles that belong to the family name ("van Tulder", "da Silva", "de la Cruz"). */
export const PARTICLES = new Set(
  'van von der den de del della delle dei degli da das do dos du di la las le les lo los y e ten ter te bin ibn bint al el zu af av auf vander'.split(
    ' ',
  ),
);

const SUFFIXES = new Set(['jr', 'jr.', 'sr', 'sr.', 'ii', 'iii', 'iv']);

const DEGREES = new Set(
  (
    'phd ph.d ph.d. md m.d m.d. msc m.sc m.sc. bsc b.sc ma m.a. ba b.a. mph rn dvm dphil mbbs mbchb frcp frcpc facs ' +
    'facp mba ms m.s. bs b.s. meng beng dsc d.sc scd pharmd pharm.d dds dmd bpharm mpharm mres mphil llb llm jd'
  ).split(' '),
);

/** Titles printed before a name ("Dr.", "Prof."): dropped wherever they stand. */
const TITLES = new Set('prof prof. dr dr. professor'.split(' '));

/**
 * Words that never occur in a person's name but fill affiliations, labels and banners. A piece holding one of
 * them is not a name.
 */
const NOT_NAME_WORDS = new Set(
  (
    'university universities univ universidad universidade universite université universitat universität ' +
    'universita università universiteit uniwersytet institute institutes institut instituto istituto inst ' +
    'department departments dept departamento departement département dipartimento laboratory laboratories lab labs ' +
    'laboratoire laboratorio center centre centro centrum college school faculty hospital hospitals clinic clinics ' +
    'inc ltd llc gmbh corp corporation company plc ag research sciences science engineering technology ' +
    'technologies technological polytechnic foundation academy program programme division unit group council ' +
    'ministry agency service services network society consortium medicine medical national international federal ' +
    'street road rd avenue ave campus building box city county province district republic kingdom states ' +
    'state usa uk abstract introduction keywords editor editors received accepted published correspondence email ' +
    'e-mail address january february march july ' +
    'september october november december fig figure table vol volume journal proceedings conference ' +
    'workshop symposium preprint arxiv copyright license licence open access article review letter paper ' +
    'supplementary information contributions contributed equally present current visiting collaboration ' +
    'collaborations team committee project initiative working ' +
    'corresponding museum observatory office bureau library studies study health care system systems ' +
    'data learning analysis model models network networks theory'
  ).split(' '),
);

/**
 * Names of disciplines, by their endings ("Ecology", "Biología", "Chemistry", "Mathematics", "Agronomy",
 * "Geography"): the words of a department's name, never of a person's.
 */
const DISCIPLINE = /\p{Ll}(?:olog(?:y|ie|ia|ía|ies)|istry|(?:mat|nom|phys|ist|ron|tron)ics|onomy|ography)$/u;

/** Society grades printed after names ("Alice Smith, Member, IEEE"): dropped, neither names nor clutter. */
const MEMBERSHIP_WORDS = new Set(
  'member members fellow senior student life graduate associate ieee acm siam aaai ams iet'.split(' '),
);

export const isMembership = (words: readonly string[]) =>
  words.length > 0 && words.every((word) => MEMBERSHIP_WORDS.has(word.toLowerCase().replace(/[^a-z]/g, '')));

const NAME_WORD =
  /^(?:\p{Lu}[\p{Ll}\p{Lu}'’`\-‐.]*\p{L}?\.?|\p{Lu}\.?(?:[-‐]\p{Lu}\.?)*|(?:d|D|O|L|Mc|Mac)['’]?\p{Lu}[\p{L}'’\-‐]*)$/u;

const SEPARATOR_WORDS = new Set(['and', '&', 'und', 'AND', '·', '•', '|', '/']);
const MARKER_SYMBOLS = /[*†‡§¶#✉∗⁎∥‖☯¤⋆✩★]+$/u;

/** The separate marks of a marker group: "1,2*" → 1, 2, *; "2¶" → 2, ¶; "a,∗," → a, *. */
export function markerParts(text: string): string[] {
  return [...text.replace(/[∗⁎]/g, '*').matchAll(/\d+|\p{L}+|[^\s,;.()[\]\d\p{L}]/gu)].map((match) => match[0]);
}

function pushWord(tokens: Token[], raw: string): void {
  let text = raw;
  const leadingSep = /^[,;]/.test(text);
  if (leadingSep) {
    tokens.push({ kind: 'sep' });
    text = text.replace(/^[,;]+/, '');
  }
  const trailingSep = /[,;:]$/.test(text);
  text = text.replace(/[,;:]+$/, '');
  if (!text) {
    if (trailingSep) tokens.push({ kind: 'sep' });
    return;
  }
  if (SEPARATOR_WORDS.has(text)) {
    tokens.push({ kind: 'sep' });
    return;
  }
  // Bare numbers in a name line are affiliation numbers set on the baseline (or in a symbol font).
  if (/^\d{1,3}(?:,\d{1,3})*$/.test(text)) {
    for (const part of markerParts(text)) tokens.push({ kind: 'marker', text: part });
    if (trailingSep) tokens.push({ kind: 'sep' });
    return;
  }
  const markers: string[] = [];
  const symbols = MARKER_SYMBOLS.exec(text);
  if (symbols) {
    markers.push(...[...symbols[0]].map((ch) => (ch === '∗' || ch === '⁎' ? '*' : ch)));
    text = text.slice(0, symbols.index);
  }
  // "Ulrich1", "Wang1,2": affiliation numbers set on the baseline.
  const digits = /^(\p{L}[\p{L}'’.\-‐]*\p{L})(\d{1,2}(?:,\d{1,2})*)$/u.exec(text);
  if (digits) {
    text = digits[1] ?? text;
    markers.unshift(...markerParts(digits[2] ?? ''));
  }
  // Unicode superscript digits ("Smith¹²").
  const superscripts = /^(.*?)([¹²³⁰⁴-⁹,]+)$/u.exec(text);
  if (superscripts?.[1]) {
    text = superscripts[1];
    markers.push(...[...(superscripts[2] ?? '')].filter((ch) => ch !== ','));
  }
  if (text) tokens.push({ kind: 'word', text });
  for (const marker of markers) tokens.push({ kind: 'marker', text: marker });
  if (trailingSep) tokens.push({ kind: 'sep' });
}

/**
 * Words, separators and markers of a line, superscripts turned into markers. The text between superscripts is
 * cleaned as a whole first, so accents printed apart ("Gu¨ nter") are joined before words are split.
 */
export function tokenize(line: Line): Token[] {
  const tokens: Token[] = [];
  let run: Word[] = [];
  const flush = () => {
    // A space far wider than a word space separates two names set apart without a comma.
    const chunks: Word[][] = [];
    for (const word of run) {
      const previous = chunks.at(-1)?.at(-1);
      if (previous && word.first && word.x - previous.x2 > 0.8 * Math.min(word.size, previous.size))
        chunks.push([word]);
      else if (previous) chunks.at(-1)?.push(word);
      else chunks.push([word]);
    }
    chunks.forEach((chunk, i) => {
      if (i > 0) tokens.push({ kind: 'sep' });
      // A parenthesised aside ("(University X)", "(Member, IEEE)") separates names and is no part of them.
      const text = cleanText(wordsText(chunk))
        .replace(/\s*\([^()]*\)\s*/g, ' , ')
        .replace(/\b(?:https?:\/\/|www\.)\S+/gi, ' , ');
      for (const raw of text.split(' ')) if (raw) pushWord(tokens, raw);
    });
    run = [];
  };
  for (const word of line.words) {
    if (!word.sup) {
      run.push(word);
      continue;
    }
    flush();
    for (const text of markerParts(word.text)) tokens.push({ kind: 'marker', text });
    if (/[,;]$/.test(word.text)) tokens.push({ kind: 'sep' });
  }
  flush();
  return tokens;
}

const plainWord = (word: string) => word.toLowerCase().replace(/^[^\p{L}]+|[^\p{L}.]+$/gu, '');

const isDegree = (word: string) => {
  const key = plainWord(word);
  return DEGREES.has(key) || DEGREES.has(key.replace(/\.$/, ''));
};

/**
 * Drops academic titles and degrees ("Dr.", "PhD", "MD") from a piece's words. Degrees follow a name, so a word
 * spelt like a degree but set as a given name at the start of a name that goes on ("Ma Lourdes Santos", "Md
 * Rahman", "Ba Tuan") is kept; a piece of degrees only ("MD, PhD" after a comma) is dropped whole.
 */
export function stripDegrees(words: readonly string[]): string[] {
  const isTitle = (word: string) => TITLES.has(plainWord(word)) || TITLES.has(plainWord(word).replace(/\.$/, ''));
  const rest = words.filter((word) => !isTitle(word));
  if (rest.every(isDegree)) return [];
  const firstName = rest.findIndex((word) => !isDegree(word));
  return rest.filter((word, i) => {
    if (!isDegree(word)) return true;
    // "Ma", "Md", "Ba" leading a name, cased as a name (not "MA", "M.A."), with a name after it: a given name.
    return i === 0 && firstName === 1 && /^\p{Lu}\p{Ll}+$/u.test(word) && rest.length >= 2;
  });
}

export function isSuffix(word: string): boolean {
  return SUFFIXES.has(word.toLowerCase());
}

/** Whether the words of a piece read as one person's name. */
export function isName(words: readonly string[]): boolean {
  if (words.length < 2 || words.length > 6 || isMembership(words) || isBanner(words.join(' '))) return false;
  const core = isSuffix(words.at(-1) ?? '') ? words.slice(0, -1) : [...words];
  if (core.length < 2) return false;
  for (const [i, word] of core.entries()) {
    if (/\d/.test(word)) return false;
    const lower = plainWord(word);
    if (NOT_NAME_WORDS.has(lower) || NOT_NAME_WORDS.has(lower.replace(/\.$/, ''))) return false;
    if (DISCIPLINE.test(lower)) return false;
    if (PARTICLES.has(word)) {
      if (i === 0 || i === core.length - 1) return false;
      continue;
    }
    if (!NAME_WORD.test(word)) return false;
  }
  const last = core.at(-1) ?? '';
  if (!/\p{L}{2}/u.test(last) || /^\p{Lu}\.?$/u.test(last)) return false;
  if (resolveCountryCode(core.join(' '))) return false;
  return true;
}

/** Splits a token stream into pieces at separators and markers; markers stay with the piece they follow. */
export function piecesOf(tokens: readonly Token[]): NamePiece[] {
  const pieces: NamePiece[] = [];
  let current: NamePiece = { words: [], markers: [] };
  const close = () => {
    if (current.words.length > 0) pieces.push(current);
    current = { words: [], markers: [] };
  };
  for (const [i, token] of tokens.entries()) {
    if (token.kind === 'word') {
      // A word after markers starts a new piece ("Fritzsch¹ Justus Bogner¹").
      if (current.markers.length > 0) close();
      if (current.words.length === 0) current.line = token.line;
      current.words.push(token.text);
    } else if (token.kind === 'marker') {
      if (current.words.length > 0) current.markers.push(token.text);
      else {
        const previous = pieces.at(-1);
        // "Labrenz,¹ Jana": a marker after the comma still belongs to the name before it.
        if (previous && (tokens[i - 1]?.kind !== 'break' || previous.markers.length === 0)) {
          previous.markers.push(token.text);
        }
      }
    } else if (token.kind === 'sep') {
      close();
    } else {
      // A line break ends a piece unless the name visibly runs on ("Ana Cristina Franco da" / "Silva¹").
      const last = current.words.at(-1);
      if (current.words.length === 0 || current.markers.length > 0) continue;
      const nextWords: string[] = [];
      let terminated = false;
      for (const next of tokens.slice(i + 1)) {
        if (next.kind === 'word') nextWords.push(next.text);
        else {
          terminated = next.kind !== 'break';
          break;
        }
      }
      const runsOn =
        current.words.length === 1 ||
        (last !== undefined && PARTICLES.has(last)) ||
        (nextWords.length === 1 && terminated && !NOT_NAME_WORDS.has(plainWord(nextWords[0] ?? '')));
      if (!runsOn) close();
    }
  }
  close();
  return pieces;
}

export type LineAnalysis = { names: number; others: number; pieces: NamePiece[] };

/** Counts the name pieces and the pieces that are clearly something else (an institution, a place). */
export function analyseNameLine(line: Line): LineAnalysis {
  const pieces = piecesOf(tokenize(line))
    .map((piece) => ({ ...piece, words: stripDegrees(piece.words) }))
    .filter((piece) => piece.words.length > 0 && !isMembership(piece.words));
  let names = 0;
  let others = 0;
  for (const piece of pieces) {
    if (isName(piece.words)) names += 1;
    else if (piece.words.length > 1 || piece.words.some((w) => NOT_NAME_WORDS.has(plainWord(w)))) others += 1;
    else if (resolveCountryCode(piece.words.join(' '))) others += 1;
  }
  return { names, others, pieces };
}

/** Title-cases a name printed in capitals ("JOHN SMITH" → "John Smith"); other names are kept as printed. */
export function fixCapitals(words: readonly string[]): string[] {
  const long = words.filter((word) => /\p{L}{2}/u.test(word));
  if (long.length === 0 || !long.every((word) => word === word.toUpperCase())) return [...words];
  return words.map((word) =>
    /\p{L}{2}/u.test(word)
      ? word.toLowerCase().replace(/(^|[-‐'’\s])(\p{L})/gu, (_m, sep: string, ch: string) => sep + ch.toUpperCase())
      : word,
  );
}

/** First and last name: the last word is the family name, with any particles before it and a suffix after it. */
export function splitName(words: readonly string[]): { first_name: string; last_name: string } {
  const parts = fixCapitals(words);
  const suffix = parts.length > 2 && isSuffix(parts.at(-1) ?? '') ? parts.pop() : undefined;
  let start = parts.length - 1;
  while (start > 1 && PARTICLES.has(parts[start - 1] ?? '')) start -= 1;
  const last = parts.slice(start).join(' ');
  return {
    first_name: parts.slice(0, start).join(' '),
    last_name: suffix ? `${last} ${suffix}` : last,
  };
}
