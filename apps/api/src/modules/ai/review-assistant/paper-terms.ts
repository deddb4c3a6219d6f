import { GENERIC_REVIEW_WORDS } from './lexicons.ts';
import { isStopWord, words } from './text.ts';

/** The paper as the assistant reads it: its title, abstract, keywords and extracted text. */
export type AssistantPaper = { title: string; abstract: string; keywords: readonly string[]; text: string };

/** How much of the extracted text is read: the analysis stays linear and bounded whatever the paper's length. */
export const PAPER_TEXT_LIMIT = 200_000;

/** The paper's own vocabulary: its distinctive word keys, and the numbers it states. */
export type PaperTerms = {
  terms: ReadonlySet<string>;
  numbers: ReadonlySet<string>;
  /** The paper is written in Arabic (at least a fifth of its terms are): Arabic sentences can share its terms. */
  arabic: boolean;
};

/** A number as compared: digits only ("2,400" and "2400" meet; "97%" is "97"). */
export const numberKey = (text: string): string => text.replace(/[^0-9٠-٩.]/g, '').replace(/\.$/, '');

/**
 * The paper's distinctive terms: every word key of its title, keywords, abstract and text (the first
 * PAPER_TEXT_LIMIT characters) that is neither a stop word nor a word every review uses (GENERIC_REVIEW_WORDS), of
 * at least three letters; and its numbers. One pass over the text.
 */
export function paperTerms(paper: AssistantPaper): PaperTerms {
  const terms = new Set<string>();
  const numbers = new Set<string>();
  let arabicTerms = 0;
  const text = [paper.title, paper.keywords.join(', '), paper.abstract, paper.text.slice(0, PAPER_TEXT_LIMIT)].join(
    '\n',
  );
  for (const word of words(text)) {
    if (/^[\p{N}.,]+%?$/u.test(word.text)) {
      const key = numberKey(word.text);
      if (key.length > 0) numbers.add(key);
      continue;
    }
    if (word.key.length < 3 || isStopWord(word) || GENERIC_REVIEW_WORDS.has(word.key)) continue;
    if (!terms.has(word.key) && word.arabic) arabicTerms += 1;
    terms.add(word.key);
  }
  return { terms, numbers, arabic: arabicTerms * 5 >= terms.size && terms.size > 0 };
}
