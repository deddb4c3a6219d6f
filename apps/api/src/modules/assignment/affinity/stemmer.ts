/**
 * The Snowball English stemmer ("Porter2", M. F. Porter, snowballstem.org/algorithms/english/stemmer.html),
 * written from the published algorithm. It expects one lower-case word of the letters a–z; anything else
 * (digits, other scripts) should be passed through unstemmed by the caller.
 *
 * Porter2 rather than the 1980 Porter algorithm: it fixes known over-stemmings (e.g. `generous`/`general`)
 * and is the stemmer most IR toolkits ship as "english". The R1 exception prefixes include those added in
 * later Snowball releases (`univers`, `organ`, `emerg`, `later`, `past`), which keep `university` apart from
 * `universe` and `organization` apart from `organ` — frequent words in scientific text.
 */

/** Whole-word exceptions, checked before any rule. */
const EXCEPTIONS = new Map<string, string>([
  ['skis', 'ski'],
  ['skies', 'sky'],
  ['dying', 'die'],
  ['lying', 'lie'],
  ['tying', 'tie'],
  ['idly', 'idl'],
  ['gently', 'gentl'],
  ['ugly', 'ugli'],
  ['early', 'earli'],
  ['only', 'onli'],
  ['singly', 'singl'],
  ['sky', 'sky'],
  ['news', 'news'],
  ['howe', 'howe'],
  ['atlas', 'atlas'],
  ['cosmos', 'cosmos'],
  ['bias', 'bias'],
  ['andes', 'andes'],
]);

/** Words left as they are once step 1a has run. */
const EXCEPTIONS_AFTER_1A = new Set([
  'inning',
  'outing',
  'canning',
  'herring',
  'earring',
  'proceed',
  'exceed',
  'succeed',
]);

/** Prefixes after which R1 starts, instead of after the first vowel–consonant pair. */
const R1_PREFIXES = ['gener', 'commun', 'arsen', 'past', 'univers', 'later', 'emerg', 'organ'];

const DOUBLES = new Set(['bb', 'dd', 'ff', 'gg', 'mm', 'nn', 'pp', 'rr', 'tt']);
const LI_ENDINGS = 'cdeghkmnrt';

type Rule = readonly [suffix: string, replacement: string];

// Step 2 and step 3 rules, longest suffix first; the conditional ones are handled in code.
const STEP2: readonly Rule[] = sortLongestFirst([
  ['tional', 'tion'],
  ['enci', 'ence'],
  ['anci', 'ance'],
  ['abli', 'able'],
  ['entli', 'ent'],
  ['izer', 'ize'],
  ['ization', 'ize'],
  ['ational', 'ate'],
  ['ation', 'ate'],
  ['ator', 'ate'],
  ['alism', 'al'],
  ['aliti', 'al'],
  ['alli', 'al'],
  ['fulness', 'ful'],
  ['ousli', 'ous'],
  ['ousness', 'ous'],
  ['iveness', 'ive'],
  ['iviti', 'ive'],
  ['biliti', 'ble'],
  ['bli', 'ble'],
  ['ogi', 'og'],
  ['fulli', 'ful'],
  ['lessli', 'less'],
  ['li', ''],
]);

const STEP3: readonly Rule[] = sortLongestFirst([
  ['tional', 'tion'],
  ['ational', 'ate'],
  ['alize', 'al'],
  ['icate', 'ic'],
  ['iciti', 'ic'],
  ['ical', 'ic'],
  ['ful', ''],
  ['ness', ''],
  ['ative', ''],
]);

const STEP4: readonly string[] = [
  'al',
  'ance',
  'ence',
  'er',
  'ic',
  'able',
  'ible',
  'ant',
  'ement',
  'ment',
  'ent',
  'ism',
  'ate',
  'iti',
  'ous',
  'ive',
  'ize',
  'ion',
].sort((a, b) => b.length - a.length);

function sortLongestFirst(rules: Rule[]): readonly Rule[] {
  return [...rules].sort((a, b) => b[0].length - a[0].length);
}

function isVowel(c: string | undefined): boolean {
  return c === 'a' || c === 'e' || c === 'i' || c === 'o' || c === 'u' || c === 'y';
}

/** A short syllable ends the word: consonant–vowel–consonant (last not w, x or Y), or a two-letter vowel–consonant word. */
function endsWithShortSyllable(w: string): boolean {
  const n = w.length;
  if (n === 2) return isVowel(w[0]) && !isVowel(w[1]);
  if (n < 3) return false;
  const last = w[n - 1];
  return !isVowel(w[n - 3]) && isVowel(w[n - 2]) && !isVowel(last) && last !== 'w' && last !== 'x' && last !== 'Y';
}

function hasVowel(w: string, end: number): boolean {
  for (let i = 0; i < end; i++) if (isVowel(w[i])) return true;
  return false;
}

/** Start of the region after the first consonant that follows a vowel, searching from `from`. */
function regionAfter(w: string, from: number): number {
  for (let i = from + 1; i < w.length; i++) if (isVowel(w[i - 1]) && !isVowel(w[i])) return i + 1;
  return w.length;
}

/** Stems one lower-case English word (a–z only). */
export function stemEnglish(input: string): string {
  if (input.length <= 2) return input;
  const exception = EXCEPTIONS.get(input);
  if (exception !== undefined) return exception;

  // Mark consonantal y: an initial y, and a y after a vowel.
  let w = input;
  if (w[0] === 'y') w = `Y${w.slice(1)}`;
  for (let i = 1; i < w.length; i++) if (w[i] === 'y' && isVowel(w[i - 1])) w = `${w.slice(0, i)}Y${w.slice(i + 1)}`;

  const prefix = R1_PREFIXES.find((p) => w.startsWith(p));
  const r1 = prefix ? prefix.length : regionAfter(w, 0);
  const r2 = regionAfter(w, r1);

  // Step 1a: plurals.
  if (w.endsWith('sses')) w = w.slice(0, -2);
  else if (w.endsWith('ied') || w.endsWith('ies')) w = w.length > 4 ? w.slice(0, -2) : w.slice(0, -1);
  else if (w.endsWith('us') || w.endsWith('ss')) {
    // kept
  } else if (w.endsWith('s') && hasVowel(w, w.length - 2)) w = w.slice(0, -1);

  if (EXCEPTIONS_AFTER_1A.has(w)) return w;

  // Step 1b: -eed, -ed, -ing and their -ly forms.
  const step1b = ['eedly', 'ingly', 'edly', 'eed', 'ing', 'ed'].find((s) => w.endsWith(s));
  if (step1b === 'eed' || step1b === 'eedly') {
    if (w.length - step1b.length >= r1) w = `${w.slice(0, -step1b.length)}ee`;
  } else if (step1b !== undefined) {
    const stem = w.slice(0, -step1b.length);
    if (hasVowel(stem, stem.length)) {
      w = stem;
      if (w.endsWith('at') || w.endsWith('bl') || w.endsWith('iz')) w += 'e';
      else if (DOUBLES.has(w.slice(-2))) w = w.slice(0, -1);
      else if (r1 >= w.length && endsWithShortSyllable(w)) w += 'e';
    }
  }

  // Step 1c: y → i after a consonant that is not the first letter.
  const lastLetter = w[w.length - 1];
  if ((lastLetter === 'y' || lastLetter === 'Y') && w.length > 2 && !isVowel(w[w.length - 2])) {
    w = `${w.slice(0, -1)}i`;
  }

  // Step 2: derivational suffixes in R1.
  const rule2 = STEP2.find(([suffix]) => w.endsWith(suffix));
  if (rule2 && w.length - rule2[0].length >= r1) {
    const [suffix, replacement] = rule2;
    const before = w[w.length - suffix.length - 1];
    if (suffix === 'ogi') {
      if (before === 'l') w = `${w.slice(0, -3)}og`;
    } else if (suffix === 'li') {
      if (before !== undefined && LI_ENDINGS.includes(before)) w = w.slice(0, -2);
    } else {
      w = w.slice(0, -suffix.length) + replacement;
    }
  }

  // Step 3: more derivational suffixes in R1 (-ative needs R2).
  const rule3 = STEP3.find(([suffix]) => w.endsWith(suffix));
  if (rule3 && w.length - rule3[0].length >= r1) {
    const [suffix, replacement] = rule3;
    if (suffix !== 'ative') w = w.slice(0, -suffix.length) + replacement;
    else if (w.length - suffix.length >= r2) w = w.slice(0, -suffix.length);
  }

  // Step 4: suffixes deleted in R2 (-ion only after s or t).
  const suffix4 = STEP4.find((suffix) => w.endsWith(suffix));
  if (suffix4 && w.length - suffix4.length >= r2) {
    if (suffix4 !== 'ion') w = w.slice(0, -suffix4.length);
    else {
      const before = w[w.length - 4];
      if (before === 's' || before === 't') w = w.slice(0, -3);
    }
  }

  // Step 5: final -e and -ll.
  if (w.endsWith('e')) {
    const at = w.length - 1;
    if (at >= r2 || (at >= r1 && !endsWithShortSyllable(w.slice(0, -1)))) w = w.slice(0, -1);
  } else if (w.endsWith('ll') && w.length - 1 >= r2) {
    w = w.slice(0, -1);
  }

  return w.replaceAll('Y', 'y');
}
