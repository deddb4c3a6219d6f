import { describe, expect, it } from 'vitest';
import { extractMetadata, readPdfText } from './index.ts';
import {
  AUTHORS_PAPER,
  BANNER_PAPER,
  buildAuthorsPaper,
  buildBannerPaper,
  buildKeywordsPaper,
  buildMappedPaper,
  buildStructuredAbstractPaper,
  KEYWORD_SEPARATORS,
  MAPPED_ARABIC,
  MAPPED_LATIN,
  SPRINGER_KEYWORDS,
  STRUCTURED_ABSTRACT,
  STRUCTURED_PAPER,
} from './test-papers.ts';

/*
 * One layout feature per paper, each typeset by test-papers.ts: the heuristics are checked on the feature, not on
 * any publisher's file.
 */

describe('a text layer that is not language (a font with a broken character map)', () => {
  it('reads the same papers when their character map is right', async () => {
    const latin = await buildMappedPaper('latin', 0);
    const metadata = await extractMetadata(latin);
    expect(metadata.title).toBe(MAPPED_LATIN.title);
    expect(metadata.abstract).toBe(MAPPED_LATIN.abstract);
    expect(metadata.unreadable).toBeUndefined();
    const arabic = await buildMappedPaper('arabic', 0);
    expect((await extractMetadata(arabic)).title).toBe(MAPPED_ARABIC.title);
    const text = await readPdfText(arabic);
    expect(text.unreadable).toBe(false);
    expect(text.pages[0]).toContain('تهدف هذه الدراسة إلى تحليل');
  });

  it.each([
    ['Latin, every code shifted by 3 (letters into other letters)', 'latin', 3],
    ['Latin, every code shifted by -29 (letters into digits and punctuation)', 'latin', -29],
    ['Latin, every code shifted by 1', 'latin', 1],
    ['Arabic, every code shifted by 2', 'arabic', 2],
    ['Arabic, every code shifted by -1', 'arabic', -1],
  ] as const)('returns no field and says why: %s', async (_name, language, shift) => {
    const pdf = await buildMappedPaper(language, shift);
    expect(await extractMetadata(pdf)).toEqual({
      title: '',
      abstract: '',
      keywords: [],
      authors: [],
      unreadable: true,
    });
    // The stored text for affinity and insights is never the garbage either.
    expect(await readPdfText(pdf)).toEqual({ pageCount: 1, pages: [''], unreadable: true });
  });
});

describe('a title set in a font whose map is broken, on a page that reads well', () => {
  it.each([
    ['Latin', 'latin', MAPPED_LATIN],
    ['Arabic', 'arabic', MAPPED_ARABIC],
  ] as const)('returns no title but the other fields (%s)', async (_name, language, paper) => {
    const result = await extractMetadata(await buildMappedPaper(language, 0, 3));
    expect(result.title).toBe('');
    expect(result.unreadable).toBeUndefined();
    if (language === 'latin') expect(result.abstract).toBe(paper.abstract);
    expect((await extractMetadata(await buildMappedPaper(language, 0, 0))).title).toBe(paper.title);
  });
});

describe('a journal banner above the title', () => {
  it('takes the article title, not the journal name set larger in the banner', async () => {
    const { title, abstract, authors } = await extractMetadata(await buildBannerPaper());
    expect(title).toBe(BANNER_PAPER.title);
    expect(abstract).toBe(BANNER_PAPER.abstract);
    expect(authors.map((a) => `${a.first_name} ${a.last_name}`)).toEqual(['Lena Hoffmann', 'Pieter de Vries']);
  });
});

describe('a structured abstract in a two-column page', () => {
  it.each([
    ['sub-headings on lines of their own, followed by its keywords', true, false],
    ['sub-headings on lines of their own, followed directly by the body under "Background"', false, false],
    ['sub-headings run in, followed by its keywords', true, true],
    ['sub-headings run in, followed directly by the body under "Background"', false, true],
  ])('keeps every sub-heading and stops at the body: %s', async (_name, keywords, runIn) => {
    const result = await extractMetadata(await buildStructuredAbstractPaper({ keywords, runIn }));
    expect(result.abstract).toBe(STRUCTURED_ABSTRACT);
    expect(result.keywords).toEqual(keywords ? STRUCTURED_PAPER.keywords : []);
  });
});

describe('keyword separators', () => {
  it.each(KEYWORD_SEPARATORS.map((separator) => [separator]))(
    'splits keywords printed with "%s"',
    async (separator) => {
      expect((await extractMetadata(await buildKeywordsPaper(separator))).keywords).toEqual(SPRINGER_KEYWORDS);
    },
  );
});

describe('author lists over wrapped affiliations', () => {
  it('keeps multi-part given names whole and never takes an affiliation fragment for an author', async () => {
    const { authors } = await extractMetadata(await buildAuthorsPaper());
    expect(authors.map((a) => [a.first_name, a.last_name])).toEqual(AUTHORS_PAPER.authors);
    expect(authors[0]?.affiliation).toBe(
      'Institute of Limnology, Department of Freshwater Ecology, University of the Philippines, Quezon City, Philippines',
    );
    expect(authors[1]?.affiliation).toBe('Universidad de Granada, Granada, Spain');
    expect(authors[1]?.country).toBe('ES');
  });
});
