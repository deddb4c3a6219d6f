import { stemEnglish } from './stemmer.ts';
import { ENGLISH_STOP_WORDS } from './stop-words.ts';

/** Longest word kept: longer runs are extraction debris (URLs without separators, base64, DNA strings). */
export const MAX_WORD_LENGTH = 40;

const NON_ASCII_RUN = /[\u0080-\uffff]+/g;
const HAS_NON_ASCII = /[\u0080-\uffff]/;
const COMBINING_MARKS = /\p{M}+/gu;
const LETTER_OR_NUMBER = /^[\p{L}\p{N}]$/u;
const LOWER_CASE_LETTER = /^\p{Ll}$/u;
const HAS_LETTER = /\p{L}/u;
const ASCII_LETTERS = /^[a-z]+$/;
const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/**
 * Unfolds compatibility forms (the `ﬁ` ligature becomes `fi`, 𝑥 becomes x) and removes accents
 * (`García` → `garcia`). Only runs of non-ASCII characters are touched, so plain English text costs one scan.
 */
export function foldText(text: string): string {
  if (!HAS_NON_ASCII.test(text)) return text;
  return text.replace(NON_ASCII_RUN, (run) => run.normalize('NFKD').replace(COMBINING_MARKS, ''));
}

/** ASCII: the lower-case code of a letter or digit, 0 for anything else. */
const ASCII_WORD = Uint8Array.from({ length: 128 }, (_, c) =>
  c >= 65 && c <= 90 ? c + 32 : (c >= 97 && c <= 122) || (c >= 48 && c <= 57) ? c : 0,
);
// Character classes beyond ASCII, computed on first use: 0 unknown, 1 yes, 2 no.
const wordCharClass = new Uint8Array(65536);
const lowerCaseClass = new Uint8Array(65536);

function isWordChar(c: number): boolean {
  return c < 128 ? ASCII_WORD[c] !== 0 : isOtherWordChar(c);
}

function isOtherWordChar(c: number): boolean {
  let k = wordCharClass[c] as number;
  if (k === 0) {
    k = c >= 0xd800 && c <= 0xdfff ? 2 : LETTER_OR_NUMBER.test(String.fromCharCode(c)) ? 1 : 2;
    wordCharClass[c] = k;
  }
  return k === 1;
}

function isLowerCaseLetter(c: number): boolean {
  if (c < 128) return c >= 97 && c <= 122;
  let k = lowerCaseClass[c] as number;
  if (k === 0) {
    k = LOWER_CASE_LETTER.test(String.fromCharCode(c)) ? 1 : 2;
    lowerCaseClass[c] = k;
  }
  return k === 1;
}

/** FNV-1a hash of a string's UTF-16 code units: the same value `scanWords` computes for an ASCII word. */
export function hashWord(word: string): number {
  let h = FNV_OFFSET;
  for (let i = 0; i < word.length; i++) h = Math.imul(h ^ word.charCodeAt(i), FNV_PRIME);
  return h;
}

/** Receives the words of a text, lower-cased: an ASCII word as a range of the folded text, others as strings. */
export type WordSink = {
  /** The word is text[start, end) with A–Z read as a–z; `hash` is its hashWord. */
  range(text: string, start: number, end: number, hash: number): void;
  /** A word that had to be built: non-ASCII letters, or re-joined across a line-end hyphen. */
  word(word: string): void;
};

/**
 * The one word scanner (everything that reads text goes through it): words are runs of letters and digits
 * (apostrophes, hyphens and punctuation split them); a word broken by a hyphen at a line end, as PDF
 * extraction leaves it (`recog-⏎nition`), is re-joined when the next line continues in lower case.
 */
export function scanWords(input: string, sink: WordSink): void {
  const text = foldText(input);
  const n = text.length;
  let i = 0;
  while (i < n) {
    if (!isWordChar(text.charCodeAt(i))) {
      i++;
      continue;
    }
    const start = i;
    let ascii = true;
    let hash = FNV_OFFSET;
    for (; i < n; i++) {
      const c = text.charCodeAt(i);
      if (c < 128) {
        const lower = ASCII_WORD[c] as number;
        if (lower === 0) break;
        hash = Math.imul(hash ^ lower, FNV_PRIME);
      } else {
        if (!isOtherWordChar(c)) break;
        ascii = false;
      }
    }
    let end = i;
    let joined: string | undefined;
    // Re-join `word-⏎continuation` (spaces or tabs may surround the line end).
    while (i < n && text.charCodeAt(i) === 45 /* - */) {
      let j = i + 1;
      while (j < n && (text.charCodeAt(j) === 32 || text.charCodeAt(j) === 9)) j++;
      if (j < n && text.charCodeAt(j) === 13) j++;
      if (j >= n || text.charCodeAt(j) !== 10) break;
      j++;
      while (j < n && (text.charCodeAt(j) === 32 || text.charCodeAt(j) === 9)) j++;
      if (j >= n || !isLowerCaseLetter(text.charCodeAt(j))) break;
      const next = j;
      while (j < n && isWordChar(text.charCodeAt(j))) j++;
      joined = (joined ?? text.slice(start, end)) + text.slice(next, j);
      i = j;
      end = j;
    }
    if (joined === undefined && ascii) sink.range(text, start, end, hash);
    else sink.word((joined ?? text.slice(start, end)).toLowerCase());
  }
}

/** The lower-cased words of a text, in order (see scanWords). */
export function splitWords(text: string): string[] {
  const out: string[] = [];
  scanWords(text, {
    range: (t, start, end) => {
      out.push(t.slice(start, end).toLowerCase());
    },
    word: (w) => {
      out.push(w);
    },
  });
  return out;
}

/**
 * The index term of one lower-cased word, or undefined when the word carries no content: shorter than two
 * characters, longer than {@link MAX_WORD_LENGTH}, without any letter (numbers, years), or a stop word.
 * Words of the letters a–z are stemmed (Porter2); others (`3d`, `bert2`, other scripts) are kept as they are.
 */
export function analyzeWord(word: string): string | undefined {
  if (word.length < 2 || word.length > MAX_WORD_LENGTH) return undefined;
  if (ENGLISH_STOP_WORDS.has(word)) return undefined;
  if (ASCII_LETTERS.test(word)) return stemEnglish(word);
  return HAS_LETTER.test(word) ? word : undefined;
}

/** The stemmed content words of a text, in order. */
export function analyze(text: string): string[] {
  const out: string[] = [];
  for (const word of splitWords(text)) {
    const term = analyzeWord(word);
    if (term !== undefined) out.push(term);
  }
  return out;
}

/**
 * Unigrams then bigrams of a sequence of stems. Bigrams join neighbours after stop-word removal
 * (`recognition of speech` gives `recognit speech`), as scikit-learn's TfidfVectorizer does.
 */
export function termsOf(stems: readonly string[]): string[] {
  const bigrams: string[] = [];
  for (let i = 0; i + 1 < stems.length; i++) bigrams.push(`${stems[i]} ${stems[i + 1]}`);
  return [...stems, ...bigrams];
}
