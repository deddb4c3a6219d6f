import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const LOCALES_DIR = path.resolve(import.meta.dirname, '../locales');
const REFERENCE = 'en';
const LOCALES = ['en', 'ar'] as const;
/** The catalogues of each locale: the web's strings, the API's messages (`index.ts`), the mails' texts (`mail.ts`). */
const CATALOGUES = ['translation', 'server', 'mail'] as const;
type CatalogueName = (typeof CATALOGUES)[number];

/** i18next plural suffixes: Arabic needs six forms where English needs two, so plural groups compare by base key. */
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

type Leaves = Map<string, unknown>;

/** Flattens nested objects to dotted keys; every leaf is kept, whatever its type, so non-strings can be reported. */
function flatten(value: unknown, prefix = '', into: Leaves = new Map()): Leaves {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, into);
  } else {
    into.set(prefix, value);
  }
  return into;
}

function keySet(leaves: Leaves): Set<string> {
  return new Set([...leaves.keys()].map((key) => key.replace(PLURAL_SUFFIX, '_<plural>')));
}

/** Keys present in `a` and absent from `b`. */
function missingFrom(a: Set<string>, b: Set<string>): string[] {
  return [...a].filter((key) => !b.has(key)).sort();
}

function emptyOrNonString(leaves: Leaves): string[] {
  return [...leaves]
    .filter(([, value]) => typeof value !== 'string' || value.trim() === '')
    .map(([key]) => key)
    .sort();
}

function placeholders(value: unknown): string[] {
  return typeof value === 'string'
    ? [...value.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1] ?? '').sort()
    : [];
}

function load(locale: string, catalogue: CatalogueName = 'translation'): Leaves {
  const file = path.join(LOCALES_DIR, locale, `${catalogue}.json`);
  return flatten(JSON.parse(fs.readFileSync(file, 'utf8')));
}

describe('the key comparison itself', () => {
  it('reports keys missing on either side, and empty values', () => {
    const a = flatten({ nav: { home: 'Home', about: 'About' }, title: 'T' });
    const b = flatten({ nav: { home: 'الرئيسية' }, title: '', extra: { deep: 'x' } });
    expect(missingFrom(keySet(a), keySet(b))).toEqual(['nav.about']);
    expect(missingFrom(keySet(b), keySet(a))).toEqual(['extra.deep']);
    expect(emptyOrNonString(b)).toEqual(['title']);
    expect(emptyOrNonString(flatten({ n: 3, list: ['a'] }))).toEqual(['list', 'n']);
  });

  it('groups plural forms by their base key', () => {
    const en = flatten({ papers_one: '{{count}} paper', papers_other: '{{count}} papers' });
    const ar = flatten({ papers_zero: 'لا أوراق', papers_one: 'ورقة واحدة', papers_few: '{{count}} أوراق' });
    expect(missingFrom(keySet(en), keySet(ar))).toEqual([]);
    expect(missingFrom(keySet(ar), keySet(en))).toEqual([]);
  });
});

const PAIRS = CATALOGUES.flatMap((catalogue) =>
  LOCALES.filter((locale) => locale !== REFERENCE).map((locale) => [catalogue, locale] as const),
);

describe.each(PAIRS)('%s.json: locale %s against en', (catalogue, locale) => {
  const reference = load(REFERENCE, catalogue);
  const translated = load(locale, catalogue);

  it('has every English key', () => {
    expect(missingFrom(keySet(reference), keySet(translated))).toEqual([]);
  });

  it('has no key that English lacks', () => {
    expect(missingFrom(keySet(translated), keySet(reference))).toEqual([]);
  });

  it('uses the same interpolation variables as English', () => {
    const mismatched = [...reference]
      .filter(([key]) => translated.has(key))
      .filter(([key, value]) => placeholders(value).join() !== placeholders(translated.get(key)).join())
      .map(([key]) => key);
    expect(mismatched).toEqual([]);
  });
});

describe.each(LOCALES)('locale %s', (locale) => {
  it('has only non-empty string values', () => {
    for (const catalogue of CATALOGUES) {
      const leaves = load(locale, catalogue);
      expect(leaves.size).toBeGreaterThan(50);
      expect(emptyOrNonString(leaves)).toEqual([]);
    }
  });
});

describe('the catalogues of one locale', () => {
  it('share no key, so a message key names one text (the API reads both, `catalogue.ts`)', () => {
    const server = keySet(load(REFERENCE, 'server'));
    expect([...keySet(load(REFERENCE, 'translation'))].filter((key) => server.has(key))).toEqual([]);
  });

  it("write the API's messages in Arabic script in Arabic", () => {
    const latinOnly = [...load('ar', 'server')].filter(([, value]) => !/[\u0600-\u06ff]/.test(String(value)));
    expect(latinOnly.map(([key]) => key)).toEqual([]);
  });
});
