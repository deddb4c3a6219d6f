/**
 * Whether a text layer reads as language. A font whose character map is broken gives text that pdf.js (and
 * pdftotext) decode faithfully into garbage: every code shifted by a constant ("+HOOR" for "Hello", "Khoor" for
 * "Hello"), or symbols and private-use code points. Such text is not returned as a title or stored for affinity:
 * no field is better than a wrong one. Two independent signals, per script:
 *
 * - character classes: letters make up most of what is printed in prose (digits, punctuation, symbols, control and
 *   private-use code points do not); in Latin script, vowels are about two fifths of the letters and nearly every
 *   word holds one;
 * - a dictionary: the commonest words of a language (articles, prepositions, pronouns, "in", "of", "في", "من")
 *   are a large share of any running text in it and nearly absent from garbage.
 *
 * Latin text is unreadable when it has neither signal; Arabic-script text (letters in logical or visual order,
 * presentation forms folded to letters) when neither common words nor the article "ال" are found. Text in other
 * scripts, and texts too short to judge, are taken as readable: this check only ever says no when it is sure.
 */

export type Readability = {
  readable: boolean;
  /** The script most letters are in; `none` when there is too little text to judge. */
  script: 'latin' | 'arabic' | 'other' | 'none';
  /** Why the text was judged unreadable. */
  reason?: 'symbols' | 'not-language';
};

/** Fewer printed characters than this (about a dozen words) are not judged. */
const MIN_CHARACTERS = 80;
/** Fewer words of the dominant script than this are not judged by words. */
const MIN_WORDS = 15;

/**
 * The commonest words of the languages papers are written in with Latin letters: English first, then French,
 * German, Spanish, Portuguese, Italian, Dutch, Indonesian, Turkish, Polish and Czech, so a paper in one of them is not taken
 * for garbage. Only words of two letters or more (one-letter words are as likely in garbage).
 */
const LATIN_COMMON = new Set(
  // English
  (
    'the of and to in is for with on that by we as are this be from an at or our which it its these their not ' +
    'can has have was were been between using used than also such into more other all two one both each when ' +
    'where how what how while over under based results study method data paper show new model these those ' +
    'there may most only first however through about after they them he she his her who whose but if no so ' +
    'do does any some well most would could should will per via within without among about across ' +
    // French
    'le la les des du un une et est dans pour par sur au aux que qui en ce cette ces son sa ses pas plus ' +
    // German
    'der die das und ist ein eine den dem des mit von zu im auf für nicht sich als auch bei aus wird werden ' +
    // Spanish, Portuguese, Italian
    'el los las del con por para una que se su sus es al lo como más entre sobre fue son ' +
    'os da do das dos em um uma não com ao na no nas nos pelo pela ' +
    'il di che della delle degli nel nella sono gli alla ' +
    // Dutch, Indonesian, Turkish
    'het een van en op te zijn voor dat met niet worden ' +
    'yang dan di untuk dengan ini dari dalam pada adalah itu tidak ' +
    've bir bu için ile da de olarak daha gibi ' +
    // Polish, Czech
    'na do nie się jest oraz od po za przez dla że ze je se pro jako které'
  ).split(' '),
);

/**
 * The commonest words of Arabic (and of Persian and Urdu, written in the same letters), without diacritics:
 * prepositions, conjunctions, pronouns, demonstratives, relatives.
 */
const ARABIC_COMMON = new Set(
  (
    'في من على إلى الى أن ان عن مع هذا هذه التي الذي الذين كان كانت ما لا أو او بين كل قد ثم هو هي لم لن ' +
    'إن ذلك تلك عند حيث كما بعد قبل خلال حول أي غير منها فيها عليها به بها له لها هناك وفي ومن وعلى وأن ' +
    'وهو وهي إذا يتم تم أكثر أيضا لدى ضمن نحو دون منذ عبر ' +
    // Persian, Urdu
    'در از به که این را با برای است آن یک کے میں کی اور سے ہے کو'
  ).split(' '),
);

const LATIN_VOWELS = /[aeiouyàáâãäåæèéêëìíîïòóôõöøùúûüýÿœ]/u;
const ARABIC_DIACRITICS = /[\u064B-\u065F\u0670\u0640]/gu;

type Counts = { characters: number; letters: number; latin: number; arabic: number; odd: number };

function countCharacters(text: string): Counts {
  const counts: Counts = { characters: 0, letters: 0, latin: 0, arabic: 0, odd: 0 };
  for (const ch of text) {
    if (/\s/u.test(ch)) continue;
    counts.characters += 1;
    if (/\p{L}/u.test(ch)) {
      counts.letters += 1;
      if (/\p{Script=Latin}/u.test(ch)) counts.latin += 1;
      else if (/\p{Script=Arabic}/u.test(ch)) counts.arabic += 1;
    } else if (/[\p{Cc}\p{Co}\p{Cn}\uFFFD]/u.test(ch)) counts.odd += 1;
  }
  return counts;
}

/** Latin text: the share of its words that are common words, and whether its letters look like language. */
function judgeLatin(text: string): boolean {
  const words = (text.toLowerCase().match(/\p{Script=Latin}+/gu) ?? []).filter((word) => word.length > 0);
  if (words.length < MIN_WORDS) return true;
  const hits = words.filter((word) => LATIN_COMMON.has(word));
  const common = hits.length / words.length;
  // Running text uses many different common words; a shifted alphabet hits one or two by chance ("to" → "je").
  const varied = new Set(hits).size >= Math.min(4, Math.ceil(words.length / 25));
  if (common >= 0.06 && varied) return true;
  const letters = words.join('');
  const vowels = [...letters].filter((ch) => LATIN_VOWELS.test(ch)).length / letters.length;
  const long = words.filter((word) => word.length >= 3);
  const withoutVowel = long.filter((word) => !LATIN_VOWELS.test(word)).length / Math.max(1, long.length);
  // Language: about 35–45% vowels and almost no vowelless words; a shifted alphabet moves both.
  const lettersLookLikeLanguage = vowels >= 0.3 && vowels <= 0.55 && withoutVowel <= 0.1;
  // Common words (nearly) missing from a long text is garbage even when its letter statistics happen to pass.
  return lettersLookLikeLanguage && (words.length < 4 * MIN_WORDS || (common >= 0.015 && varied));
}

/** Arabic-script text: common words or the article "ال", read in logical or in visual (reversed) order. */
function judgeArabic(text: string): boolean {
  const words = (
    text
      .normalize('NFKC')
      .replace(ARABIC_DIACRITICS, '')
      .match(/\p{Script=Arabic}+/gu) ?? []
  ).filter((word) => /\p{L}/u.test(word));
  if (words.length < MIN_WORDS) return true;
  const share = (test: (word: string) => boolean) => words.filter(test).length / words.length;
  const reversed = (word: string) => [...word].reverse().join('');
  // As in Latin text: enough common words, and of several kinds (a shift may turn one word into another).
  const commonShare = (order: (word: string) => string) => {
    const hits = words.map(order).filter((word) => ARABIC_COMMON.has(word));
    return new Set(hits).size >= Math.min(3, Math.ceil(words.length / 30)) ? hits.length / words.length : 0;
  };
  const common = Math.max(
    commonShare((word) => word),
    commonShare(reversed),
  );
  const article = Math.max(
    share((word) => /^(?:[وفبلك])?ال\p{L}{2}/u.test(word)),
    share((word) => /^(?:[وفبلك])?ال\p{L}{2}/u.test(reversed(word))),
  );
  return common >= 0.04 || article >= 0.08;
}

/**
 * Judges a text (a page, or the pages read) as language or not; see the module comment. Presentation forms and
 * ligatures are folded (NFKC) first, as the text a user would copy.
 */
export function assessReadability(text: string): Readability {
  const folded = text.normalize('NFKC');
  const counts = countCharacters(folded);
  if (counts.characters < MIN_CHARACTERS) return { readable: true, script: 'none' };
  const script = counts.arabic > counts.latin ? 'arabic' : counts.latin > 0 ? 'latin' : 'other';
  const dominant = script === 'arabic' ? counts.arabic : script === 'latin' ? counts.latin : counts.letters;
  // Prose is mostly letters; a broken map that sends letters to digits, punctuation, controls or private-use
  // code points is not.
  if (counts.letters < 0.5 * counts.characters || counts.odd > 0.1 * counts.characters) {
    return { readable: false, script, reason: 'symbols' };
  }
  if (script === 'other' || dominant < 0.5 * counts.letters) return { readable: true, script };
  const readable = script === 'arabic' ? judgeArabic(folded) : judgeLatin(folded);
  return readable ? { readable, script } : { readable, script, reason: 'not-language' };
}

/** Whether a text reads as language (see assessReadability). */
export const isReadable = (text: string): boolean => assessReadability(text).readable;

/** The first five letters of a word: enough to match "lakes" with "lake" and "drift" with "drifting". */
const stem = (word: string) => [...word].slice(0, 5).join('');

/**
 * Whether a short field (a title) set in a font of its own is garbage although the page reads as language: none of
 * its words is a common word, and none of its longer words (four letters or more) stands, even inflected, anywhere
 * in the rest of the page, which always repeats some of a title's words. Says no when the rest of the page is too
 * short to tell.
 */
export function isGarbledField(field: string, rest: string): boolean {
  const wordsOf = (text: string) =>
    text
      .normalize('NFKC')
      .toLowerCase()
      .match(/\p{L}+/gu) ?? [];
  const words = wordsOf(field);
  if (words.length < 2 || words.some((word) => LATIN_COMMON.has(word) || ARABIC_COMMON.has(word))) return false;
  const context = new Set(
    wordsOf(rest)
      .filter((word) => word.length >= 4)
      .map(stem),
  );
  const content = words.filter((word) => word.length >= 4);
  if (context.size < 30 || content.length === 0) return false;
  return content.every((word) => !context.has(stem(word)));
}
