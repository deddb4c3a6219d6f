import { COUNTRY_PICKER_UPWARD_PX } from '@confero/contracts';
import { describe, expect, it } from 'vitest';
import { countryMatches, countryOptions, opensUpward } from './country-options.ts';

describe('countryOptions', () => {
  it('names about 195+ countries in the interface language, sorted in it', () => {
    const english = countryOptions('en');
    const arabic = countryOptions('ar');
    expect(english.length).toBeGreaterThanOrEqual(195);
    expect(arabic.length).toBe(english.length);
    expect(english.find((option) => option.value === 'EG')?.label).toBe('Egypt');
    expect(arabic.find((option) => option.value === 'EG')?.label).toBe('مصر');
    const labels = english.map((option) => option.label);
    expect(labels).toEqual([...labels].sort(new Intl.Collator('en').compare));
  });
});

describe('countryMatches', () => {
  it('finds a country by either name, without accents, or by code', () => {
    expect(countryMatches('CI', 'cote')).toBe(true);
    expect(countryMatches('FR', 'fra')).toBe(true);
    expect(countryMatches('FR', 'فرنسا')).toBe(true);
    expect(countryMatches('DE', 'de')).toBe(true);
    expect(countryMatches('FR', 'germ')).toBe(false);
    expect(countryMatches('FR', '')).toBe(true);
  });
});

describe('opensUpward', () => {
  it(`opens upward when less than ${COUNTRY_PICKER_UPWARD_PX} px remain below the field`, () => {
    expect(opensUpward(600, 800, COUNTRY_PICKER_UPWARD_PX)).toBe(true);
    expect(opensUpward(500, 800, COUNTRY_PICKER_UPWARD_PX)).toBe(false);
    expect(opensUpward(501, 800, COUNTRY_PICKER_UPWARD_PX)).toBe(true);
  });
});
