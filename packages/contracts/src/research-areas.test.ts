import { describe, expect, it } from 'vitest';
import {
  isResearchArea,
  isSubcategoryOf,
  RESEARCH_AREA_KEYS,
  RESEARCH_AREAS,
  researchArea,
  subcategoriesOf,
} from './research-areas.ts';

const ARABIC = /[\u0600-\u06FF]/u;
const LATIN = /[A-Za-z]/u;

describe('the research-area catalogue', () => {
  it('has the 27 keys the spec lists, in its order', () => {
    expect(RESEARCH_AREAS.map((area) => area.key)).toEqual([...RESEARCH_AREA_KEYS]);
    expect(RESEARCH_AREAS).toHaveLength(27);
  });

  it.each(RESEARCH_AREAS.map((area) => [area.key, area] as const))(
    '%s: 6 to 17 labelled subcategories',
    (_key, area) => {
      expect(area.subcategories.length).toBeGreaterThanOrEqual(6);
      expect(area.subcategories.length).toBeLessThanOrEqual(17);
      expect(area.name_en).toMatch(LATIN);
      expect(area.name_ar).toMatch(ARABIC);
      const keys = area.subcategories.map((entry) => entry.key);
      expect(new Set(keys).size).toBe(keys.length);
      for (const entry of area.subcategories) {
        expect(entry.key).toMatch(/^[a-z0-9]+(?:_[a-z0-9]+)*$/);
        expect(entry.name_en).toMatch(LATIN);
        expect(entry.name_en.trim()).toBe(entry.name_en);
        expect(entry.name_ar).toMatch(ARABIC);
        expect(entry.name_ar).not.toMatch(LATIN);
      }
      const names = area.subcategories.map((entry) => entry.name_en.toLowerCase());
      expect(new Set(names).size).toBe(names.length);
    },
  );

  it('contains the spec examples (Physics, Chemistry, Artificial Intelligence & Machine Learning)', () => {
    expect(subcategoriesOf('natural_sciences').map((entry) => entry.name_en)).toEqual(
      expect.arrayContaining(['Physics', 'Chemistry']),
    );
    expect(subcategoriesOf('computer_science').map((entry) => entry.name_en)).toContain(
      'Artificial Intelligence & Machine Learning',
    );
  });

  it('answers the helpers', () => {
    expect(isResearchArea('engineering')).toBe(true);
    expect(isResearchArea('alchemy')).toBe(false);
    expect(isResearchArea(42)).toBe(false);
    expect(researchArea('law_legal_studies')?.name_ar).toBe('القانون والدراسات القانونية');
    expect(subcategoriesOf('alchemy')).toEqual([]);
    expect(isSubcategoryOf('computer_science', 'networks')).toBe(true);
    expect(isSubcategoryOf('natural_sciences', 'networks')).toBe(false);
  });
});
