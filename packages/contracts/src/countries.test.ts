import { describe, expect, it } from 'vitest';
import { COUNTRIES, COUNTRY_CODES, countryName, resolveCountryCode } from './countries.ts';

describe('country catalogue', () => {
  it('holds every ISO 3166-1 alpha-2 code once, with English and Arabic names', () => {
    expect(COUNTRIES.length).toBeGreaterThanOrEqual(249);
    expect(new Set(COUNTRY_CODES).size).toBe(COUNTRY_CODES.length);
    for (const country of COUNTRIES) {
      expect(country.code).toMatch(/^[A-Z]{2}$/);
      expect(country.name_en.length).toBeGreaterThan(1);
      expect(country.name_ar).toMatch(/[\u0600-\u06FF]/);
    }
    expect(COUNTRY_CODES).toEqual(expect.arrayContaining(['EG', 'SA', 'US', 'GB', 'PS', 'FR', 'JP']));
  });

  it('is sorted by English name', () => {
    const names = COUNTRIES.map((country) => country.name_en);
    expect([...names].sort((a, b) => a.localeCompare(b, 'en'))).toEqual(names);
  });

  it.each([
    ['EG', 'EG'],
    ['eg', 'EG'],
    ['Egypt', 'EG'],
    ['  egypt ', 'EG'],
    ['مصر', 'EG'],
    ['السعودية', 'SA'],
    ['الإمارات العربية المتحدة', 'AE'],
    ['United States', 'US'],
    ['USA', 'US'],
    ['UK', 'GB'],
    ['Côte d’Ivoire', 'CI'],
    ['Turkey', 'TR'],
  ])('resolves %s to %s', (input, code) => {
    expect(resolveCountryCode(input)).toBe(code);
  });

  it.each(['', 'Atlantis', 'ZZ', 'E'])('resolves %j to nothing', (input) => {
    expect(resolveCountryCode(input)).toBeUndefined();
  });

  it('names a country in English and Arabic', () => {
    expect(countryName('EG')).toBe('Egypt');
    expect(countryName('EG', 'ar')).toBe('مصر');
    expect(countryName('QQ')).toBe('QQ');
  });
});
