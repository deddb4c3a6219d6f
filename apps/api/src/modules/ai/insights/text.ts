/*
 * Small text tools for the local insights: sentences, words, light English and Arabic stemmers and stop words. Deterministic
 * and dependency-free; tuned for scholarly prose (abbreviations such as "e.g.", "et al.", "Fig. 2" do not end a
 * sentence).
 */

const ABBREVIATIONS = [
  'e.g',
  'i.e',
  'et al',
  'etc',
  'vs',
  'cf',
  'fig',
  'figs',
  'eq',
  'eqs',
  'sec',
  'secs',
  'ref',
  'refs',
  'tab',
  'no',
  'nos',
  'vol',
  'pp',
  'dr',
  'mr',
  'mrs',
  'ms',
  'prof',
  'approx',
  'resp',
  'al',
  'st',
  'viz',
  'ca',
  'inc',
  'ltd',
  'co',
  'jr',
  'sr',
];
const ABBREVIATION_SET = new Set(ABBREVIATIONS);

/** Folds ligatures and compatibility forms, joins hyphenated line breaks, collapses white space. */
export function normalizeText(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/(\p{L})-\s*\n\s*(\p{Ll})/gu, '$1$2')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Splits prose into sentences at . ! ? followed by a space and a capital, a digit or an opening bracket, except
 * after the usual abbreviations, single initials ("J. Smith") and numbers ("3.5").
 */
export function splitSentences(text: string): string[] {
  const normalized = normalizeText(text);
  const sentences: string[] = [];
  let start = 0;
  const boundary = /[.!?]["'”’)\]]?\s+(?=["'“‘([]?[\p{Lu}\p{N}])/gu;
  for (let match = boundary.exec(normalized); match; match = boundary.exec(normalized)) {
    const end = match.index + 1;
    const before = normalized.slice(start, end - 1);
    const lastWord = /([\p{L}.]+)$/u.exec(before)?.[1]?.toLowerCase() ?? '';
    const isInitial = /(^|\s)\p{Lu}$/u.test(before);
    if (ABBREVIATION_SET.has(lastWord.replace(/\.$/, '')) || isInitial) continue;
    sentences.push(normalized.slice(start, match.index + match[0].trimEnd().length).trim());
    start = match.index + match[0].length;
  }
  const rest = normalized.slice(start).trim();
  if (rest) sentences.push(rest);
  return sentences.filter((sentence) => sentence.length > 0);
}

/** Common English words and the words every paper uses, which say nothing about its topic. */
export const STOP_WORDS = new Set(
  (
    'a about above after again against all almost also although always am among an and another any are around as ' +
    'at be because been before being below between both but by can cannot could did do does doing done down due ' +
    'during each either else enough especially even ever every few for from further furthermore had has have having ' +
    'he her here hers herself him himself his how however i if in into is it its itself just least less like made ' +
    'make makes many may me might more moreover most mostly much must my myself near nearly neither no nor not now ' +
    'of off often on once one only onto or other others otherwise our ours ourselves out over own per perhaps rather ' +
    'same several shall she should since so some such than that the their theirs them themselves then there thereby ' +
    'therefore these they this those though through thus to too toward towards under until up upon us use used uses ' +
    'using very via was we well were what whatever when where whereas whether which while who whom whose why will ' +
    'with within without would yet you your yours yourself ' +
    'paper papers article study studies work works approach approaches method methods result results show shows ' +
    'shown propose proposed proposes present presents presented new novel based provide provides provided different ' +
    'various first second third two three four five main general other related given specific particular also often ' +
    'able however within across including include includes included order case cases number numbers high low large ' +
    'small good better best well important significant significantly respectively section sections figure figures ' +
    'table tables et al fig eq doi http https www org com author authors university department introduction ' +
    'conclusion conclusions abstract keywords index terms copyright preprint journal conference proceedings'
  ).split(/\s+/),
);

/** Arabic function words and the words every paper uses, in the normalised spelling of `normalizeArabic`. */
const ARABIC_STOP_WORDS = new Set(
  (
    'في من على الي عن مع هذا هذه ذلك تلك التي الذي الذين اللذين و او ثم قد لا ما لم لن ان كان كانت يكون تكون بين عند ' +
    'خلال بعد قبل حتي كل اي نحو ضمن تم هو هي هم هما نحن انا انت كما لكن بل اذا اذ حيث منذ عبر لدي لها له لهم بها به فيه ' +
    'فيها منها منه عليه عليها كذلك ايضا غير دون بعض جميع مدي اكثر اقل وقد وفي ومن وعلي ' +
    'دراسه بحث ورقه نتائج نتيجه هدف طريقه'
  ).split(/\s+/),
);

/** Folds the spellings of Arabic letters that vary in practice (hamza seats, tā' marbūṭa, alif maqṣūra, vowel marks). */
export function normalizeArabic(word: string): string {
  return word
    .replace(/[\u064B-\u0652\u0640]/g, '')
    .replace(/[أإآ]/g, 'ا')
    .replace(/ة/g, 'ه')
    .replace(/ى/g, 'ي');
}

const ARABIC_PREFIXES = ['وال', 'بال', 'كال', 'فال', 'لل', 'ال'];
const ARABIC_SUFFIXES = ['ها', 'ان', 'ات', 'ون', 'ين', 'يه', 'ه', 'ي'];

/**
 * A light Arabic stemmer (after Larkey's light10): drops one article-bearing prefix and the common plural, dual,
 * adjectival and pronoun suffixes, so that "التعليمية" and "تعليم" meet. Stems keep at least two letters.
 */
function stemArabic(word: string): string {
  let w = normalizeArabic(word);
  for (const prefix of ARABIC_PREFIXES) {
    if (w.startsWith(prefix) && w.length - prefix.length >= 2) {
      w = w.slice(prefix.length);
      break;
    }
  }
  if (w.length > 3 && w.startsWith('و')) w = w.slice(1);
  for (const suffix of ARABIC_SUFFIXES) {
    if (w.endsWith(suffix) && w.length - suffix.length >= 3) w = w.slice(0, -suffix.length);
  }
  return w;
}

const isArabic = (word: string) => /[\u0600-\u06FF]/.test(word);

/** An Arabic stop word, with or without its article ("الدراسة" as "دراسة"). */
function isArabicStopWord(word: string): boolean {
  const normalized = normalizeArabic(word);
  return ARABIC_STOP_WORDS.has(normalized) || ARABIC_STOP_WORDS.has(normalized.replace(/^و?ال/, ''));
}

/**
 * A light English stemmer: strips the common inflectional and derivational endings so that "networks",
 * "networking" and "networked" meet, "studies" and "study" too. Stems keep at least three letters.
 */
export function stem(word: string): string {
  if (isArabic(word)) return stemArabic(word);
  let w = word.toLowerCase();
  if (w.length <= 3 || !/^[a-z]+$/.test(w)) return w;
  const rules: [RegExp, string][] = [
    [/ational$/, ''],
    [/(iz|is)ations?$/, ''],
    [/ations?$/, ''],
    [/at(e[sd]?|ing)$/, ''],
    [/i[sz](e[sd]?|ing)$/, ''],
    [/ical(ly)?$/, 'ic'],
    [/ies$/, 'y'],
    [/ied$/, 'y'],
    [/ness$/, ''],
    [/ments?$/, ''],
    [/it(y|ies)$/, ''],
    [/ings?$/, ''],
    [/ions?$/, ''],
    [/ers?$/, ''],
    [/ed$/, ''],
    [/ly$/, ''],
    [/al$/, ''],
    [/ics$/, 'ic'],
    [/sses$/, 'ss'],
    [/([^su])s$/, '$1'],
  ];
  for (const [pattern, replacement] of rules) {
    if (!pattern.test(w)) continue;
    const candidate = w.replace(pattern, replacement);
    if (candidate.length >= 3) {
      w = candidate;
      break;
    }
  }
  if (w.length > 4 && w.endsWith('e')) w = w.slice(0, -1);
  if (w.length > 4 && w.endsWith('y')) w = w.slice(0, -1);
  if (/ic$/.test(w) && w.length > 5) w = w.slice(0, -2);
  return w;
}

export type Token = { stem: string; word: string };

/** The content words of a text in order, with their stems (stop words, numbers and one-letter words left out). */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const match of normalizeText(text).matchAll(/[\p{L}][\p{L}\p{N}'’-]*/gu)) {
    const word = match[0]
      .toLowerCase()
      .replace(/['’]s$/, '')
      .replace(/^-+|-+$/g, '');
    for (const part of word.split('-')) {
      if (part.length < 2 || STOP_WORDS.has(part) || (isArabic(part) && isArabicStopWord(part))) continue;
      tokens.push({ stem: stem(part), word: part });
    }
  }
  return tokens;
}

/** Stem counts of a text, each occurrence weighted by `weight`. */
export function addCounts(counts: Map<string, number>, tokens: readonly Token[], weight = 1): Map<string, number> {
  for (const token of tokens) counts.set(token.stem, (counts.get(token.stem) ?? 0) + weight);
  return counts;
}

/** The most frequent surface form of each stem (to show terms as words). */
export function surfaceForms(tokens: readonly Token[]): Map<string, string> {
  const tally = new Map<string, Map<string, number>>();
  for (const token of tokens) {
    const forms = tally.get(token.stem) ?? new Map<string, number>();
    forms.set(token.word, (forms.get(token.word) ?? 0) + 1);
    tally.set(token.stem, forms);
  }
  const best = new Map<string, string>();
  for (const [key, forms] of tally) {
    const [word] = [...forms.entries()].sort((a, b) => b[1] - a[1] || a[0].length - b[0].length)[0] ?? [key];
    best.set(key, word);
  }
  return best;
}

/** Cosine similarity of two count vectors, on log-scaled counts. */
export function cosine(a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>): number {
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (const [key, value] of a) {
    const x = Math.log1p(value);
    normA += x * x;
    const other = b.get(key);
    if (other !== undefined) dot += x * Math.log1p(other);
  }
  for (const value of b.values()) {
    const y = Math.log1p(value);
    normB += y * y;
  }
  return normA === 0 || normB === 0 ? 0 : dot / Math.sqrt(normA * normB);
}
