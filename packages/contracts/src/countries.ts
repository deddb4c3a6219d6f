import arNames from 'i18n-iso-countries/langs/ar.json' with { type: 'json' };
import enNames from 'i18n-iso-countries/langs/en.json' with { type: 'json' };

/**
 * The country catalogue shared by the web picker and the API: ISO 3166-1 alpha-2 codes (plus XK, Kosovo, the
 * user-assigned code in common use) with English and Arabic names from the maintained `i18n-iso-countries`
 * package. Users are stored with the code; the API also accepts an English or Arabic name (any alias the
 * package knows) and stores its code.
 */
export type Country = { code: string; name_en: string; name_ar: string };

type LocaleNames = Record<string, string | string[]>;

const en = enNames.countries as LocaleNames;
const ar = arNames.countries as LocaleNames;

/** The first name of an entry is the official one; the rest are aliases. */
function primary(value: string | string[] | undefined): string {
  if (value === undefined) return '';
  return Array.isArray(value) ? (value[0] ?? '') : value;
}

function all(value: string | string[] | undefined): string[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/** Every country, sorted by English name. */
export const COUNTRIES: readonly Country[] = Object.keys(en)
  .map((code) => ({ code, name_en: primary(en[code]), name_ar: primary(ar[code]) || primary(en[code]) }))
  .sort((a, b) => a.name_en.localeCompare(b.name_en, 'en'));

export const COUNTRY_CODES: readonly string[] = COUNTRIES.map((country) => country.code);

const BY_CODE = new Map(COUNTRIES.map((country) => [country.code, country]));

/** Lower case, no diacritics, no punctuation, single spaces: "Côte d'Ivoire" and "cote divoire" compare equal. */
export function normalizeCountryName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f\u064b-\u0652]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

const BY_NAME = new Map<string, string>();
for (const code of Object.keys(en)) {
  for (const name of [...all(en[code]), ...all(ar[code])]) {
    const key = normalizeCountryName(name);
    if (key && !BY_NAME.has(key)) BY_NAME.set(key, code);
  }
}

/**
 * Resolves what a user or the picker sent (an alpha-2 code in any letter case, or an English or Arabic name or
 * alias) to the alpha-2 code; undefined when nothing matches.
 */
export function resolveCountryCode(input: string): string | undefined {
  const value = input.trim();
  if (!value) return undefined;
  const upper = value.toUpperCase();
  if (value.length === 2 && BY_CODE.has(upper)) return upper;
  return BY_NAME.get(normalizeCountryName(value));
}

/** The name of a country in a language (Arabic or English); the code itself when unknown. */
export function countryName(code: string, language: 'en' | 'ar' | string = 'en'): string {
  const country = BY_CODE.get(code.toUpperCase());
  if (!country) return code;
  return language === 'ar' ? country.name_ar : country.name_en;
}
