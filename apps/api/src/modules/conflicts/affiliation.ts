/*
 * Affiliations as people type them ("Dept. of CS, Cairo Univ.", "Cairo University", "جامعة القاهرة") compared
 * after normalisation: letters without accents or Arabic diacritics, lower case, punctuation and filler words
 * removed, common abbreviations spelled out. Two affiliations match when their normalised forms are equal, or when
 * they share a segment that names an institution (a university, institute, company…): a shared department name or
 * country alone is no conflict.
 */

const STOP_WORDS = new Set([
  'the',
  'of',
  'at',
  'for',
  'and',
  'in',
  'on',
  'de',
  'du',
  'des',
  'la',
  'le',
  'les',
  'di',
  'del',
  'della',
  'da',
  'do',
  'dos',
  'der',
  'die',
  'das',
  'und',
  'von',
  'fur',
  'y',
  'e',
  'et',
]);

const ABBREVIATIONS: Record<string, string> = {
  univ: 'university',
  uni: 'university',
  dept: 'department',
  dep: 'department',
  inst: 'institute',
  natl: 'national',
  nat: 'national',
  intl: 'international',
  lab: 'laboratory',
  labs: 'laboratories',
  ctr: 'center',
  centre: 'center',
  coll: 'college',
  acad: 'academy',
  corp: 'corporation',
  co: 'company',
  tech: 'technology',
  sci: 'science',
  sch: 'school',
  fac: 'faculty',
};

/** Words that make a segment the name of an institution (normalised spelling). */
const INSTITUTION_WORDS = [
  'university',
  'universite',
  'universidad',
  'universitat',
  'universita',
  'universiteit',
  'universidade',
  'universitet',
  'hochschule',
  'institute',
  'institut',
  'instituto',
  'istituto',
  'college',
  'academy',
  'akademie',
  'polytechnic',
  'politecnico',
  'polytechnique',
  'ecole',
  'hospital',
  'laboratory',
  'laboratories',
  'corporation',
  'company',
  'inc',
  'ltd',
  'llc',
  'gmbh',
  'جامعه',
  'معهد',
  'اكاديميه',
  'مستشفي',
  'شركه',
];

function normaliseText(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/ـ/g, '')
    .replace(/[أإآٱ]/g, 'ا')
    .replace(/ة/g, 'ه')
    .replace(/ى/g, 'ي')
    .replace(/&/g, ' and ');
}

function normaliseSegment(value: string): string {
  return normaliseText(value)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0 && !STOP_WORDS.has(word))
    .map((word) => ABBREVIATIONS[word] ?? word)
    .join(' ');
}

/** The normalised form of a whole affiliation ('' when empty). */
export function normaliseAffiliation(value: string): string {
  return normaliseSegment(value);
}

const memo = new Map<string, string[]>();
const MEMO_LIMIT = 20_000;

/** The keys an affiliation matches on: its whole normalised form, and each segment naming an institution. */
export function affiliationKeys(value: string): string[] {
  let keys = memo.get(value);
  if (!keys) {
    if (memo.size >= MEMO_LIMIT) memo.clear();
    keys = computeKeys(value);
    memo.set(value, keys);
  }
  return keys;
}

function computeKeys(value: string): string[] {
  const whole = normaliseAffiliation(value);
  if (!whole) return [];
  const keys = new Set([whole]);
  for (const part of value.split(/[,;،|/()–—]+|\s-\s/)) {
    const segment = normaliseSegment(part);
    if (segment.split(' ').some((word) => INSTITUTION_WORDS.includes(word))) keys.add(segment);
  }
  return [...keys];
}

/** Whether two affiliations name the same institution (see the module comment). */
export function isSameAffiliation(a: string, b: string): boolean {
  const keys = new Set(affiliationKeys(a));
  return keys.size > 0 && affiliationKeys(b).some((key) => keys.has(key));
}
