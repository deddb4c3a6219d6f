import { STOP_WORDS, splitSentences as splitEnglishSentences, stem as stemEnglish } from '../insights/text.ts';

/*
 * The review assistant's text tools, over English and Arabic alike: sentences, words folded to a comparable form
 * (English: the insights' light stemmer; Arabic: diacritics and tatweel stripped, alef, yaa and taa marbuta forms
 * unified, the article and clinging prefixes and the common suffixes removed). Linear in the text's length.
 */

const ARABIC_LETTER = /\p{Script=Arabic}/u;
/** Arabic diacritics (harakat, tanween, shadda, sukun, superscript alef) and the tatweel. */
const ARABIC_MARKS = /[\u064B-\u065F\u0670\u06D6-\u06ED\u0640]/g;

/** Arabic folded for comparison: no diacritics nor tatweel; أ إ آ ٱ → ا, ى → ي, ة → ه, ؤ → و, ئ → ي. */
export function normalizeArabic(text: string): string {
  return text
    .replace(ARABIC_MARKS, '')
    .replace(/[أإآٱ]/g, 'ا')
    .replace(/ى/g, 'ي')
    .replace(/ة/g, 'ه')
    .replace(/ؤ/g, 'و')
    .replace(/ئ/g, 'ي');
}

const ARABIC_PREFIXES = ['وال', 'بال', 'كال', 'فال', 'لل', 'ال', 'و', 'ف', 'ب', 'ل'];
const ARABIC_SUFFIXES = ['هما', 'كما', 'ها', 'هم', 'ون', 'ين', 'ات', 'ان', 'ه', 'ي'];

/**
 * A light Arabic stem of a normalised word: one clinging prefix and one suffix off, at least three letters kept (four
 * after a one-letter prefix, which is as often the word's own first letter: واضح keeps its و).
 */
export function stemArabic(word: string): string {
  let w = word;
  for (const prefix of ARABIC_PREFIXES) {
    if (w.startsWith(prefix) && w.length - prefix.length >= (prefix.length === 1 ? 4 : 3)) {
      w = w.slice(prefix.length);
      break;
    }
  }
  for (const suffix of ARABIC_SUFFIXES) {
    if (w.endsWith(suffix) && w.length - suffix.length >= 3) {
      w = w.slice(0, -suffix.length);
      break;
    }
  }
  return w;
}

/** Arabic stop words (normalised), which say nothing about a paper. */
const ARABIC_STOP_WORDS = new Set(
  (
    'في من الي علي عن مع هذا هذه ذلك تلك التي الذي الذين هو هي هم ان او ثم قد لقد كان كانت يكون تكون ' +
    'ما لا لم لن ليس بين كل بعض عند حيث كما اذا اي غير بل لكن ايضا جدا فقط حتي منذ هناك هنا نحو وقد ' +
    'فيه فيها منه منها عليه عليها به بها له لها انه انها الا اما'
  ).split(/\s+/),
);

/** One word of a text: as written, and its comparable form (`key`). */
export type Word = { text: string; key: string; arabic: boolean };

/** A word: letters, digits and the marks on them (Arabic diacritics), joined by apostrophes or hyphens. */
const WORD = /[\p{L}\p{N}\p{M}]+(?:['’-][\p{L}\p{N}\p{M}]+)*/gu;

/** The comparable form of one word: an Arabic stem, or a lower-case English stem; numbers stay as written. */
export function wordKey(word: string): string {
  if (ARABIC_LETTER.test(word)) return stemArabic(normalizeArabic(word));
  const lower = word.toLowerCase().replace(/’/g, "'");
  return /^[a-z]+$/.test(lower) ? stemEnglish(lower) : lower;
}

/** The words of a text, in order. */
export function words(text: string): Word[] {
  const found: Word[] = [];
  for (const match of text.matchAll(WORD)) {
    const raw = match[0];
    const arabic = ARABIC_LETTER.test(raw);
    found.push({ text: raw, key: wordKey(raw), arabic });
  }
  return found;
}

/** Whether a word says nothing about a topic (an English or Arabic stop word). */
export function isStopWord(word: Word): boolean {
  if (word.arabic) return ARABIC_STOP_WORDS.has(normalizeArabic(word.text)) || ARABIC_STOP_WORDS.has(word.key);
  return STOP_WORDS.has(word.text.toLowerCase());
}

/**
 * A text cut into sentences: at line breaks, at Arabic sentence ends (. ؟ ! ؛ before an Arabic word), and in English
 * prose as the insights split it (abbreviations such as "Fig. 2", "e.g." and "et al." end none).
 */
export function sentencesOf(text: string): string[] {
  return text
    .split(/\n+|(?<=[.؟!؛])\s+(?=[\p{Script=Arabic}])|(?<=[؟])\s+/u)
    .flatMap((part) => (part.trim() ? splitEnglishSentences(part) : []))
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.length > 0);
}

/** A phrase as a sequence of word keys, to be found in a text's words (`containsPhrase`). */
export const phraseKeys = (phrase: string): string[] => words(phrase).map((word) => word.key);

/** Whether the words hold the phrase's keys in a row (the phrase's index of its start, or -1). */
export function findPhrase(text: readonly Word[], phrase: readonly string[]): number {
  if (phrase.length === 0) return -1;
  for (let i = 0; i + phrase.length <= text.length; i += 1) {
    let all = true;
    for (let j = 0; j < phrase.length; j += 1) {
      if (text[i + j]?.key !== phrase[j]) {
        all = false;
        break;
      }
    }
    if (all) return i;
  }
  return -1;
}
