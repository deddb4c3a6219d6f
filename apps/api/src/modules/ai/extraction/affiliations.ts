import { resolveCountryCode } from '@confero/contracts';
import { withoutEmails } from './emails.ts';
import { continuesBlock, type Line, type Word, wordsText } from './layout.ts';
import { markerParts } from './names.ts';
import { isBoilerplate, isDateLine, isFrontMatterLabel } from './patterns.ts';
import { cleanText } from './text.ts';

/**
 * Affiliations: entries keyed by the markers that open them, lines joined into one address, and the country
 * read from its end.
 */

export const AFFILIATION_HINT =
  /\b(univ|universit|institut|instituto|istituto|department|dept|departamento|laborator|lab\b|labs\b|center|centre|centro|college|school|faculty|hospital|clinic|inc\b|ltd|gmbh|corp|company|research|academy|foundation|ministry|agency|council|division|program|museum|observatory|polytechnic|technolog|sciences?\b|engineering|medicine|medical|health)/i;
export const NOT_AFFILIATION =
  /^(present|current|permanent) address|^these authors|^equal(ly)? contribut|^deceased|^correspond|^e-?mail|^tel\b|^phone|^fax/i;

/**
 * Affiliations keyed by marker, from blocks that open with one ("¹Department of …", "†University of …"),
 * including paragraphs that list several in a row ("¹Dept A, Univ B, Italy, ²Dept C, …").
 */
export function markedAffiliations(lines: Line[], preferred: Set<number>): Map<string, string> {
  const entries = new Map<string, { text: string; preferred: boolean }>();
  const add = (keys: string[], parts: Part[], line: Line, widest: number) => {
    const affiliation = joinParts(parts, widest);
    if (keys.length === 0 || !affiliation || NOT_AFFILIATION.test(affiliation)) return;
    if (!AFFILIATION_HINT.test(affiliation) && !countryOf(affiliation)) return;
    const isPreferred = preferred.has(line.index);
    for (const key of keys) {
      const existing = entries.get(key);
      if (!existing || (isPreferred && !existing.preferred))
        entries.set(key, { text: affiliation, preferred: isPreferred });
    }
  };
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i] as Line;
    const symbol = /^([*†‡§¶#]+)\s*(?=\p{L})/u.exec(line.text);
    if (!line.words[0]?.sup && !symbol) continue;
    const block = [line];
    let previous = line;
    for (const next of lines.slice(i + 1)) {
      if (!continuesBlock(previous, next) || isFrontMatterLabel(next) || isBoilerplate(next) || isDateLine(next)) break;
      if (!next.words[0]?.sup && /^[*†‡§¶#]/u.test(next.text)) break;
      block.push(next);
      previous = next;
    }
    let keys: string[] = symbol && !line.words[0]?.sup ? [symbol[1] ?? ''] : [];
    let parts: Part[] = [];
    let owner = line;
    const widest = Math.max(...block.map((l) => l.x2 - l.x));
    for (const [b, current] of block.entries()) {
      let run: Word[] = [];
      const flush = () => {
        let text = cleanText(wordsText(run));
        if (b === 0 && symbol && parts.length === 0 && keys.length === 1) text = text.replace(/^[*†‡§¶#]+\s*/u, '');
        if (text) parts.push({ text, width: current.x2 - current.x, size: current.size });
        run = [];
      };
      for (const word of current.words) {
        if (!word.sup) {
          run.push(word);
          continue;
        }
        flush();
        if (parts.length > 0) {
          add(keys, parts, owner, widest);
          parts = [];
          keys = [];
        }
        keys.push(...markerParts(word.text));
        owner = current;
      }
      flush();
    }
    add(keys, parts, owner, widest);
    i += block.length - 1;
  }
  return new Map([...entries].map(([key, entry]) => [key, entry.text]));
}

function cleanAffiliation(text: string): string {
  return withoutEmails(text)
    .replace(/[\s,;]+(?:and|&)$/i, '')
    .replace(/\(\s*(?:\p{Lu}\.\s*[-‐]?\s*)+\)/gu, ' ')
    .replace(/\s+,/g, ',')
    .replace(/[\s.,;]+$/g, '')
    .replace(/^[\s,;]+/g, '')
    .trim();
}

const US_STATE_ZIP =
  /^(?:A[KLRZ]|C[AOT]|D[CE]|FL|GA|HI|I[ADLN]|K[SY]|LA|M[ADEINOST]|N[CDEHJMVY]|O[HKR]|PA|RI|S[CD]|T[NX]|UT|V[AT]|W[AIVY])\.?\s+\d{5}(?:-\d{4})?$/;

/**
 * The country of an affiliation: its last comma-separated parts checked against the country catalogue (any
 * English alias: "USA", "UK", "People's Republic of China"), postal codes set aside, "CA 94305" read as the USA.
 * Returns an ISO alpha-2 code or an empty string.
 */
export function countryOf(affiliation: string): string {
  const parts = affiliation
    .split(/[,;]/)
    .map((part) => part.replace(/\(.*?\)/g, ' ').trim())
    .filter(Boolean);
  for (const part of parts.reverse().slice(0, 3)) {
    const value = part.replace(/[.\s]+$/, '');
    if (US_STATE_ZIP.test(value)) return 'US';
    const withoutCodes = value
      .split(/\s+/)
      .filter((word) => !/\d/.test(word))
      .join(' ');
    const direct = resolveCountryCode(withoutCodes);
    if (direct && withoutCodes.length > 1) return direct;
    // "P.R. China", "Kingdom of Saudi Arabia": the country at the end of the part, unless it names a place
    // inside an institution ("University of Georgia").
    if (AFFILIATION_HINT.test(withoutCodes)) continue;
    const words = withoutCodes.split(' ');
    for (let start = 1; start < words.length; start += 1) {
      const tail = words.slice(start).join(' ');
      const code = tail.length > 2 ? resolveCountryCode(tail) : undefined;
      if (code) return code;
    }
  }
  return '';
}

type Part = { text: string; width: number; size: number };

/**
 * Joins the lines of an affiliation: a wrapped line runs on with a space ("…, Medical University of" /
 * "Vienna"), as does one ending in a small word or followed by a lower-case start ("Dept. of Computer Science" /
 * "and Engineering"); separate lines of an address get a comma ("Brain & Cognitive Sciences" / "MIT").
 */
function joinParts(parts: readonly Part[], widest: number): string {
  let text = '';
  parts.forEach((part, i) => {
    if (!text) {
      text = part.text;
      return;
    }
    const previous = parts[i - 1] as Part;
    // Wrapped: as wide as the widest line of a paragraph-wide block (short stacked address lines never are).
    const wrapped = previous.width >= 0.85 * widest && widest >= 30 * previous.size;
    if (/[-‐]$/.test(text)) text += part.text;
    else if (/[,;]$/.test(text) || /^\p{Ll}/u.test(part.text) || /\s\p{Ll}+$/u.test(text) || wrapped) {
      text += ` ${part.text}`;
    } else text += `, ${part.text}`;
  });
  return cleanAffiliation(text);
}

export function joinAffiliationLines(lines: readonly Line[]): string {
  const widest = Math.max(...lines.map((line) => line.x2 - line.x));
  return joinParts(
    lines.map((line) => ({ text: line.text.trim(), width: line.x2 - line.x, size: line.size })),
    widest,
  );
}
