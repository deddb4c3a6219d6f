import { COUNTRIES, type Country, normalizeCountryName } from '@confero/contracts';

export type CountryOption = { value: string; label: string };

/** The picker's options in a language: every country's name in it, sorted the way that language sorts. */
export function countryOptions(language: string): CountryOption[] {
  const arabic = language.startsWith('ar');
  const collator = new Intl.Collator(arabic ? 'ar' : 'en');
  return COUNTRIES.map((country) => ({ value: country.code, label: arabic ? country.name_ar : country.name_en })).sort(
    (a, b) => collator.compare(a.label, b.label),
  );
}

const BY_CODE = new Map<string, Country>(COUNTRIES.map((country) => [country.code, country]));

/**
 * Whether a country matches what was typed: its name in either language (accents and letter case ignored, so
 * "cote" finds Côte d'Ivoire) or its two-letter code.
 */
export function countryMatches(code: string, query: string): boolean {
  const wanted = normalizeCountryName(query);
  if (!wanted) return true;
  const country = BY_CODE.get(code);
  if (!country) return false;
  if (country.code.toLowerCase() === wanted) return true;
  return [country.name_en, country.name_ar].some((name) => normalizeCountryName(name).includes(wanted));
}

/** Whether the picker should open upward: less than `threshold` pixels remain below the field. */
export function opensUpward(fieldBottom: number, viewportHeight: number, threshold: number): boolean {
  return viewportHeight - fieldBottom < threshold;
}
