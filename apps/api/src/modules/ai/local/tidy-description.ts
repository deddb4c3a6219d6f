/*
 * The `local` provider's description rewrite: a deterministic clean-up that works offline and never invents anything.
 * It only changes whitespace, punctuation, the case of a sentence's first letter, and the layout (paragraphs and bullet
 * lists); every word, number, date, URL and e-mail address of the input stays, in its order. tidy-description.test.ts
 * checks this as a property over random texts.
 */

/** URLs (with a scheme or starting with www.) and e-mail addresses are copied verbatim, never touched. */
const PROTECTED = /(?:https?:\/\/|www\.)[^\s<>"']+|[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/giu;
const PRIVATE_USE = /[\uE000-\uF8FF]/g;
const PLACEHOLDER_BASE = 0xe000;
const PLACEHOLDER_LIMIT = 0xf8ff - PLACEHOLDER_BASE;
const IS_PLACEHOLDER = /[\uE000-\uF8FF]/u;

const BULLET = /^(?:[-*•‣◦▪–—]|(\d{1,3}[.)]))\s+(.*)$/u;
const TERMINAL = /[.!?؟…]/u;
const SENTENCE_END = /([.!?؟…]+["'”’»)\]]*)(\s+)(?=\S)/gu;
const ENDS_WITH_TERMINAL = /[.!?؟…:]["'”’»)\]]*$/u;

const ABBREVIATIONS = new Set([
  'e.g',
  'i.e',
  'etc',
  'vs',
  'cf',
  'al',
  'dr',
  'prof',
  'mr',
  'mrs',
  'ms',
  'st',
  'jr',
  'sr',
  'no',
  'nos',
  'vol',
  'pp',
  'fig',
  'figs',
  'eq',
  'approx',
  'dept',
  'univ',
  'inc',
  'ltd',
  'co',
  'corp',
  'est',
  'jan',
  'feb',
  'mar',
  'apr',
  'jun',
  'jul',
  'aug',
  'sep',
  'sept',
  'oct',
  'nov',
  'dec',
]);

/** Words after which a list of items may follow ("Topics include a, b and c"). */
const LIST_TRIGGER =
  /^(.+?(?::|\b(?:include|includes|including|such as|comprise|comprises|covers|covering|limited to|are as follows)\b:?))\s+(.+)$/isu;
const LIST_NOUN = /\b(?:topics?|themes?|areas?|tracks?|subjects?|fields?|interests?|questions?|domains?|issues?)\b/iu;
const LIST_ARE = /^(.+?\bare\b:?)\s+(.+)$/isu;

const MAX_ITEM_WORDS = 8;
const MAX_ITEM_LENGTH = 80;
const SHORT_LINE = 55;
const WALL = 500;
const PARAGRAPH_TARGET = 420;

/** Replaces protected spans with single private-use characters; `restore` puts them back. */
function protect(text: string): { text: string; restore: (value: string) => string } {
  const spans: string[] = [];
  const replaced = text.replace(PROTECTED, (match) => {
    if (spans.length >= PLACEHOLDER_LIMIT) return match;
    let core = match;
    let tail = '';
    for (;;) {
      const last = core.at(-1) ?? '';
      const unbalanced = last === ')' && (core.match(/\(/g)?.length ?? 0) < (core.match(/\)/g)?.length ?? 0);
      if (core.length > 1 && ('.,;:!?\'"»”’'.includes(last) || unbalanced)) {
        tail = last + tail;
        core = core.slice(0, -1);
      } else break;
    }
    spans.push(core);
    return String.fromCharCode(PLACEHOLDER_BASE + spans.length - 1) + tail;
  });
  return {
    text: replaced,
    restore: (value) => value.replace(PRIVATE_USE, (char) => spans[char.charCodeAt(0) - PLACEHOLDER_BASE] ?? ''),
  };
}

/** Spacing and punctuation inside one line; never removes a letter or a digit, never joins two words. */
export function tidyInline(line: string): string {
  return line
    .replace(/\s+/gu, ' ')
    .trim()
    .replace(/ +([,;،؛])/gu, '$1')
    .replace(/ +([:.!?؟])(?=\s|$|[,;:.!?)\]])/gu, '$1')
    .replace(/([([{]) +/gu, '$1')
    .replace(/ +([)\]}])/gu, '$1')
    .replace(/([!?,;،؛؟])\1+/gu, '$1')
    .replace(/\.{4,}/gu, '...')
    .replace(/([,;،؛])(?=\p{L})/gu, '$1 ');
}

/** Upper-cases the first letter of a text when that is safe: a plain lower-case word ("iPhone" stays). */
export function capitalizeFirst(text: string): string {
  const match = /[\p{L}\p{N}\uE000-\uF8FF]/u.exec(text);
  if (!match) return text;
  const index = match.index;
  const char = match[0];
  if (IS_PLACEHOLDER.test(char) || !/\p{Ll}/u.test(char)) return text;
  const word = /^[\p{L}\p{N}\p{M}]+/u.exec(text.slice(index))?.[0] ?? char;
  if (/\p{Lu}|\p{Lt}|\p{N}/u.test(word)) return text;
  const upper = char.toUpperCase();
  if (upper.length !== 1 || upper.toLowerCase() !== char) return text;
  return text.slice(0, index) + upper + text.slice(index + 1);
}

function isAbbreviation(before: string, punctuation: string): boolean {
  if (!punctuation.startsWith('.') || punctuation.startsWith('..')) return false;
  const token = /(\S+)$/u.exec(before)?.[1]?.replace(/^[("'“‘«[]+/u, '') ?? '';
  const bare = token.toLowerCase();
  if (ABBREVIATIONS.has(bare)) return true;
  if (/^\p{L}$/u.test(token)) return true; // an initial: "J. Smith"
  return /^(?:\p{L}\.)+\p{L}?$/u.test(token); // "e.g", "U.S"
}

/** Splits prose into sentences at terminal punctuation followed by a space, skipping abbreviations. */
export function splitSentences(text: string): string[] {
  const sentences: string[] = [];
  let start = 0;
  for (const match of text.matchAll(SENTENCE_END)) {
    const punctuation = match[1] ?? '';
    const end = (match.index ?? 0) + punctuation.length;
    const before = text.slice(start, match.index);
    const next = text.charAt(end + (match[2]?.length ?? 0));
    if (isAbbreviation(before, punctuation)) continue;
    if (punctuation.startsWith('…') || punctuation.startsWith('...')) {
      if (!/\p{Lu}/u.test(next)) continue;
    }
    sentences.push(text.slice(start, end));
    start = end + (match[2]?.length ?? 0);
  }
  const rest = text.slice(start).trim();
  if (rest) sentences.push(rest);
  return sentences;
}

type ListBlock = { leadIn: string; items: string[]; conjunction: string; terminal: string };

/** "Topics include a, b, and c." → lead-in "Topics include" with the items a, b, c joined by "and". */
export function findEnumeration(sentence: string): ListBlock | undefined {
  const terminalMatch = /([.!?؟…]+["'”’»)\]]*)$/u.exec(sentence);
  const terminal = terminalMatch?.[1] ?? '';
  const body = terminal ? sentence.slice(0, -terminal.length) : sentence;
  let match = LIST_TRIGGER.exec(body);
  if (!match) {
    const are = LIST_ARE.exec(body);
    if (are && LIST_NOUN.test(are[1] ?? '')) match = are;
  }
  if (!match) return undefined;
  const leadIn = (match[1] ?? '').trim();
  const list = (match[2] ?? '').trim();
  if (!/[\p{L}\p{N}]/u.test(leadIn)) return undefined;
  // Commas between digits belong to numbers ("1,250"), not to the list.
  const separator = /[;؛]/u.test(list) ? /\s*[;؛]\s*/u : /\s*(?:،|,(?!\d)|(?<!\d),)\s*/u;
  const parts = list.split(separator);
  if (parts.some((part) => part.length === 0)) return undefined;
  let conjunction = '';
  const last = parts.at(-1) ?? '';
  const leading = /^(and|or)\s+(.+)$/iu.exec(last);
  if (leading) {
    conjunction = leading[1] ?? '';
    parts[parts.length - 1] = leading[2] ?? '';
  } else if (parts.length >= 2) {
    const inner = /^(.+?)\s+(and|or)\s+(.+)$/iu.exec(last);
    if (inner) {
      parts.splice(parts.length - 1, 1, inner[1] ?? '', inner[3] ?? '');
      conjunction = inner[2] ?? '';
    }
  }
  if (parts.length < 3) return undefined;
  const fits = (item: string) =>
    item.length > 0 &&
    item.length <= MAX_ITEM_LENGTH &&
    item.split(/\s+/u).length <= MAX_ITEM_WORDS &&
    !TERMINAL.test(item.replace(/\.(?=\S)/gu, ''));
  if (!parts.every(fits)) return undefined;
  return { leadIn, items: parts, conjunction, terminal };
}

function renderList(list: ListBlock): string {
  const leadIn = list.leadIn.endsWith(':') ? list.leadIn : `${list.leadIn}:`;
  const lines = list.items.map((item, index) => {
    const lastIndex = list.items.length - 1;
    if (index === lastIndex) return `- ${item}${list.terminal || '.'}`;
    if (index === lastIndex - 1 && list.conjunction) return `- ${item}; ${list.conjunction}`;
    return `- ${item};`;
  });
  return [capitalizeFirst(leadIn), ...lines].join('\n');
}

function endParagraph(text: string): string {
  if (ENDS_WITH_TERMINAL.test(text)) return text;
  const last = text.at(-1) ?? '';
  return /[\p{L}\p{N}]/u.test(last) ? `${text}.` : text;
}

/** A run of prose: sentences capitalised, enumerations as bullet lists, a wall of text cut into paragraphs. */
function renderProse(text: string): string[] {
  const blocks: string[] = [];
  const sentences = splitSentences(tidyInline(text)).map(capitalizeFirst);
  const total = sentences.reduce((sum, sentence) => sum + sentence.length + 1, 0);
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length > 0) blocks.push(endParagraph(paragraph.join(' ')));
    paragraph = [];
  };
  for (const sentence of sentences) {
    const list = findEnumeration(sentence);
    if (list) {
      flush();
      blocks.push(renderList(list));
      continue;
    }
    const length = paragraph.reduce((sum, entry) => sum + entry.length + 1, 0);
    if (total > WALL && paragraph.length >= 2 && length + sentence.length > PARAGRAPH_TARGET) flush();
    paragraph.push(sentence);
  }
  flush();
  return blocks;
}

type Line = { kind: 'item'; marker: string; text: string } | { kind: 'text'; text: string };

function parseLine(line: string): Line {
  const bullet = BULLET.exec(line);
  if (bullet) return { kind: 'item', marker: bullet[1] ?? '-', text: bullet[2] ?? '' };
  return { kind: 'text', text: line };
}

/** A block (text between blank lines): lists and short lines keep their lines; prose is reflowed. */
function renderBlock(lines: string[]): string[] {
  const parsed = lines.map(parseLine);
  const out: string[] = [];
  let run: string[] = [];
  let current: string[] = [];
  const flushRun = () => {
    if (run.length === 0) return;
    const mean = run.reduce((sum, line) => sum + line.length, 0) / run.length;
    if (mean > SHORT_LINE) {
      if (current.length > 0) out.push(current.join('\n'));
      current = [];
      out.push(...renderProse(run.join(' ')));
    } else {
      current.push(...run.map((line) => capitalizeFirst(tidyInline(line))));
    }
    run = [];
  };
  for (const line of parsed) {
    if (line.kind === 'text') {
      run.push(line.text);
      continue;
    }
    flushRun();
    current.push(`${line.marker} ${capitalizeFirst(tidyInline(line.text))}`);
  }
  flushRun();
  if (current.length > 0) out.push(current.join('\n'));
  return out;
}

/**
 * Tidies and structures an event description without inventing anything: normalises whitespace and punctuation,
 * capitalises sentence starts, turns inline enumerations ("topics include a, b and c") into bullet lists and cuts
 * a wall of text into paragraphs. Paragraphs are separated by a blank line; bullets start with "- ".
 */
export function tidyDescription(input: string): string {
  const cleaned = input.normalize('NFC').replace(PRIVATE_USE, ' ').replace(/\r\n?/g, '\n');
  const { text, restore } = protect(cleaned);
  const blocks: string[][] = [[]];
  for (const raw of text.split('\n')) {
    const line = raw.replace(/[^\S\n]+/gu, ' ').trim();
    if (line) blocks.at(-1)?.push(line);
    else if ((blocks.at(-1)?.length ?? 0) > 0) blocks.push([]);
  }
  const rendered = blocks.filter((block) => block.length > 0).flatMap(renderBlock);
  return restore(rendered.join('\n\n'));
}
