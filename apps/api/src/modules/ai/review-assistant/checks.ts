import { type AssistantFindingKind, type AssistantSeverity, countWords } from '@confero/contracts';
import {
  GENERIC_REVIEW_WORDS,
  NEGATION_REACH,
  NEGATIONS,
  NEGATIVE_WORDS,
  PAPER_REFERENCE,
  POSITIVE_WORDS,
  SUGGESTION_PHRASES,
  SUGGESTION_VERBS,
  TONE_PHRASES,
} from './lexicons.ts';
import { numberKey, type PaperTerms } from './paper-terms.ts';
import { findPhrase, isStopWord, normalizeArabic, sentencesOf, type Word, words } from './text.ts';

/** A finding before it is worded: its kind, the question, the sentence, the message's key and placeholders. */
export type Finding = {
  kind: AssistantFindingKind;
  questionKey: string | null;
  sentence: string | null;
  messageKey: string;
  params: Record<string, string | number>;
  severity: AssistantSeverity;
};

/** A question of the form as the checks read it. */
export type AssistantQuestion = {
  key: string;
  kind: 'score' | 'choice' | 'text' | 'list';
  required: boolean;
  label: { en: string; ar: string };
  min?: number;
  max?: number;
};

/** A draft's answer to a question: a score or choice, a text, a list of texts, or none. */
export type DraftAnswer = number | string | readonly string[] | null | undefined;

/** Fewer words than this in an answer is too short to help, by question (a chair's text question: `text`). */
export const MIN_WORDS = { justification: 20, confidence_comment: 4, text: 8, listEntry: 3 } as const;

const isBlank = (answer: DraftAnswer): boolean =>
  answer === null ||
  answer === undefined ||
  (typeof answer === 'string' && answer.trim() === '') ||
  (Array.isArray(answer) && answer.every((entry) => typeof entry !== 'string' || entry.trim() === ''));

/** Required questions without an answer (a list needs one non-blank entry, a text a non-blank text). */
export function missingAnswers(
  questions: readonly AssistantQuestion[],
  answers: Record<string, DraftAnswer>,
): Finding[] {
  return questions
    .filter((question) => question.required && isBlank(answers[question.key]))
    .map((question) => ({
      kind: 'missing_answer',
      questionKey: question.key,
      sentence: null,
      messageKey: 'reviewAssistant.findings.missingAnswer',
      params: {},
      severity: 'warning',
    }));
}

/**
 * Text answers under their word floor (MIN_WORDS: the justification, the confidence comment, a chair's text
 * question) and list entries (strengths, weaknesses) under theirs. Blank answers are `missingAnswers`' findings.
 */
export function tooShortAnswers(
  questions: readonly AssistantQuestion[],
  answers: Record<string, DraftAnswer>,
): Finding[] {
  const found: Finding[] = [];
  for (const question of questions) {
    const answer = answers[question.key];
    if (isBlank(answer)) continue;
    if (question.kind === 'text' && typeof answer === 'string') {
      const min =
        question.key === 'justification'
          ? MIN_WORDS.justification
          : question.key === 'confidence_comment'
            ? MIN_WORDS.confidence_comment
            : MIN_WORDS.text;
      const count = countWords(answer);
      if (count < min) found.push(tooShort(question.key, answer.trim(), count, min));
    } else if (question.kind === 'list' && Array.isArray(answer)) {
      for (const entry of answer) {
        const count = typeof entry === 'string' ? countWords(entry) : 0;
        if (typeof entry === 'string' && entry.trim() && count < MIN_WORDS.listEntry) {
          found.push(tooShort(question.key, entry.trim(), count, MIN_WORDS.listEntry));
        }
      }
    }
  }
  return found;
}

const tooShort = (key: string, sentence: string, count: number, min: number): Finding => ({
  kind: 'too_short',
  questionKey: key,
  sentence,
  messageKey: 'reviewAssistant.findings.tooShort',
  params: { count, min },
  severity: 'info',
});

/**
 * Whether a sentence is about this paper: it names a place of the paper (a section, figure, table, equation…), one
 * of the numbers the paper states, or one of its distinctive terms (`paperTerms`), or quotes something. A sentence in
 * another language than the paper's (an Arabic review of an English paper) cannot share its terms: it is generic only
 * when every word of it is a stop word or a word every review uses (GENERIC_REVIEW_WORDS).
 */
export function isSpecific(sentence: string, paper: PaperTerms): boolean {
  if (PAPER_REFERENCE.test(sentence)) return true;
  if (/["“«][^"”»]{3,}["”»]/u.test(sentence)) return true;
  const sentenceWords = words(sentence);
  const arabicWords = sentenceWords.filter((word) => word.arabic).length;
  if (arabicWords * 2 > sentenceWords.length && !paper.arabic) {
    return sentenceWords.some(
      (word) =>
        !isStopWord(word) &&
        !GENERIC_REVIEW_WORDS.has(word.key) &&
        !(/^[\p{N}.,]+%?$/u.test(word.text) && !paper.numbers.has(numberKey(word.text))),
    );
  }
  for (const word of sentenceWords) {
    if (/^[\p{N}.,]+%?$/u.test(word.text)) {
      if (paper.numbers.has(numberKey(word.text))) return true;
      continue;
    }
    if (isStopWord(word) || GENERIC_REVIEW_WORDS.has(word.key)) continue;
    if (paper.terms.has(word.key)) return true;
    // A Latin term in an Arabic sentence (a method's or a data set's name) is compared as written.
    if (!word.arabic && paper.terms.has(word.text.toLowerCase())) return true;
  }
  return false;
}

/** Strengths' and weaknesses' sentences that say nothing about this paper (`isSpecific`). */
export function genericSentences(lists: { key: string; entries: readonly string[] }[], paper: PaperTerms): Finding[] {
  const found: Finding[] = [];
  for (const { key, entries } of lists) {
    for (const entry of entries) {
      for (const sentence of sentencesOf(entry)) {
        if (countWords(sentence) < 3 || isSpecific(sentence, paper)) continue;
        found.push({
          kind: 'generic',
          questionKey: key,
          sentence,
          messageKey:
            key === 'strengths'
              ? 'reviewAssistant.findings.genericStrength'
              : 'reviewAssistant.findings.genericWeakness',
          params: {},
          severity: 'info',
        });
      }
    }
  }
  return found;
}

/** The sentiment of a text: positive and negative judgements counted, a negation turning the next words around. */
export function sentiment(text: readonly Word[]): { positive: number; negative: number } {
  let positive = 0;
  let negative = 0;
  let negatedUntil = -1;
  text.forEach((word, index) => {
    if (NEGATIONS.has(word.key) || NEGATIONS.has(word.text.toLowerCase())) {
      negatedUntil = index + NEGATION_REACH;
      return;
    }
    const negated = index <= negatedUntil;
    if (POSITIVE_WORDS.has(word.key)) {
      if (negated) negative += 1;
      else positive += 1;
    } else if (NEGATIVE_WORDS.has(word.key)) {
      if (negated) positive += 1;
      else negative += 1;
    }
  });
  return { positive, negative };
}

/** How far one side of the sentiment must outweigh the other for the text to be strongly positive or negative. */
const STRONG_MARGIN = 3;

/**
 * A score that contradicts the text: the justification (and the comments to the authors) strongly positive while the
 * overall score is -2 or lower, or strongly negative while it is 2 or higher. The sentence quoted is the text's most
 * polar one on the side that contradicts.
 */
export function scoreContradiction(score: number | null | undefined, texts: readonly string[]): Finding[] {
  if (score === null || score === undefined || Math.abs(score) < 2) return [];
  const sentences = texts.flatMap((text) => sentencesOf(text));
  const scored = sentences.map((sentence) => ({ sentence, ...sentiment(words(sentence)) }));
  const positive = scored.reduce((sum, entry) => sum + entry.positive, 0);
  const negative = scored.reduce((sum, entry) => sum + entry.negative, 0);
  const textPositive = positive - negative >= STRONG_MARGIN && positive >= 3 * Math.max(negative, 1) - 1;
  const textNegative = negative - positive >= STRONG_MARGIN && negative >= 3 * Math.max(positive, 1) - 1;
  if (!((textPositive && score <= -2) || (textNegative && score >= 2))) return [];
  const side = (entry: (typeof scored)[number]) =>
    textPositive ? entry.positive - entry.negative : entry.negative - entry.positive;
  const quoted = scored.reduce<(typeof scored)[number] | undefined>(
    (best, entry) => (best === undefined || side(entry) > side(best) ? entry : best),
    undefined,
  );
  if (!quoted) return [];
  return [
    {
      kind: 'score_contradiction',
      questionKey: 'overall_score',
      sentence: quoted.sentence,
      messageKey: textPositive
        ? 'reviewAssistant.findings.positiveTextLowScore'
        : 'reviewAssistant.findings.negativeTextHighScore',
      params: { score },
      severity: 'warning',
    },
  ];
}

/** Sentences with dismissive or personal wording (TONE_PHRASES), in every text answer of the draft. */
export function toneFindings(texts: { key: string; text: string }[]): Finding[] {
  const found: Finding[] = [];
  for (const { key, text } of texts) {
    for (const sentence of sentencesOf(text)) {
      const sentenceWords = words(sentence);
      const phrase = TONE_PHRASES.find((keys) => findPhrase(sentenceWords, keys) >= 0);
      if (!phrase) continue;
      const at = findPhrase(sentenceWords, phrase);
      const quoted = sentenceWords
        .slice(at, at + phrase.length)
        .map((word) => word.text)
        .join(' ');
      found.push({
        kind: 'tone',
        questionKey: key,
        sentence,
        messageKey: 'reviewAssistant.findings.tone',
        params: { phrase: quoted },
        severity: 'warning',
      });
    }
  }
  return found;
}

/** Whether a text offers a way to improve: a suggestion phrase anywhere, or a sentence opening with an instruction. */
export function hasSuggestion(text: string): boolean {
  const textWords = words(text);
  if (SUGGESTION_PHRASES.some((keys) => findPhrase(textWords, keys) >= 0)) return true;
  return sentencesOf(text).some((sentence) => {
    const first = words(sentence)[0];
    return first !== undefined && SUGGESTION_VERBS.has(normalizeArabic(first.text.toLowerCase()));
  });
}

/** Weaknesses (each entry of the list) that offer no way to improve (`hasSuggestion`); the entry's first sentence is quoted. */
export function weaknessesWithoutSuggestion(entries: readonly string[]): Finding[] {
  return entries
    .filter((entry) => entry.trim() !== '' && countWords(entry) >= MIN_WORDS.listEntry && !hasSuggestion(entry))
    .map((entry) => ({
      kind: 'no_suggestion',
      questionKey: 'weaknesses',
      sentence: sentencesOf(entry)[0] ?? entry.trim(),
      messageKey: 'reviewAssistant.findings.noSuggestion',
      params: {},
      severity: 'info',
    }));
}
