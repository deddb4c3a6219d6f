import { describe, expect, it } from 'vitest';
import {
  brokenPdfs,
  buildScannedPdf,
  PAPER_FIXTURES,
  type PaperFixture,
} from '../../../../test/fixtures/pdf/papers.ts';
import { AppError } from '../../../lib/errors.ts';
import { extractMetadata, readPdfPageCount, readPdfText } from './index.ts';

function fixture(name: string): PaperFixture {
  const found = PAPER_FIXTURES.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`no fixture ${name}`);
  return found;
}

async function extract(name: string) {
  return extractMetadata(await fixture(name).build());
}

describe('extractMetadata on generated papers', () => {
  it.each(PAPER_FIXTURES.map((paper) => [paper.name, paper] as const))(
    'recovers every field of %s',
    async (_name, paper) => {
      const result = await extractMetadata(await paper.build());
      expect(result).toEqual(paper.truth);
    },
  );

  it('merges a title set over two lines', async () => {
    const result = await extract('preprint-single-column');
    expect(result.title).toBe('Learning to Assign Reviewers: A Study of Bidding Behaviour in Large Conferences');
  });

  it('splits authors at commas, "and" and superscript markers, and maps the markers to affiliations', async () => {
    const { authors } = await extract('preprint-single-column');
    expect(authors.map((a) => [a.first_name, a.last_name, a.country])).toEqual([
      ['Alice', 'Martin', 'PT'],
      ['Bob', 'Chen', 'CH'],
      ['Carla', 'Díaz-Müller', 'PT'],
    ]);
    expect(authors[1]?.affiliation).toBe('Institute for Robotics, ETH Zurich, Zurich, Switzerland');
  });

  it('expands grouped e-mails and gives each to the author it names', async () => {
    const { authors } = await extract('preprint-single-column');
    expect(authors.map((a) => a.email)).toEqual([
      'alice.martin@ulisboa.pt',
      'bob.chen@ethz.ch',
      'carla.diaz@ulisboa.pt',
    ]);
  });

  it('reads keywords split by semicolons, commas, middle dots, or one per line', async () => {
    expect((await extract('preprint-single-column')).keywords).toHaveLength(4);
    expect((await extract('ieee-two-column')).keywords).toEqual([
      'peer review',
      'conflict of interest',
      'graph index',
      'bibliographic data',
    ]);
    expect((await extract('lncs-abstract-over-pages')).keywords).toEqual([
      'Peer review',
      'Reviewer agreement',
      'Aspect scores',
    ]);
    expect((await extract('elsevier-article-info')).keywords).toEqual([
      'Peer review',
      'Double-blind',
      'Reviewer workload',
      'Fairness',
    ]);
  });

  it('stops the abstract at the keywords and the first section heading, and undoes hyphenation', async () => {
    const { abstract } = await extract('preprint-single-column');
    expect(abstract.endsWith('without increasing load.')).toBe(true);
    expect(abstract).toContain('expert reviews by 18 percent');
    expect(abstract).not.toContain('Keywords');
    expect(abstract).not.toContain('Introduction');
  });

  it('keeps the two columns apart: the abstract in the left column never takes body text from the right', async () => {
    const paper = fixture('ieee-two-column');
    const result = await extractMetadata(await paper.build());
    expect(result.abstract).toBe(paper.truth.abstract);
    expect(result.abstract).not.toContain('Conference management systems');
    const { pages } = await readPdfText(await paper.build());
    const text = pages[0] ?? '';
    expect(text.indexOf('I. INTRODUCTION')).toBeGreaterThan(text.indexOf('Index Terms'));
    expect(text.indexOf('Index Terms')).toBeGreaterThan(text.indexOf('Abstract'));
  });

  it('reads an author grid column by column, with each affiliation and e-mail under its name', async () => {
    const { authors } = await extract('ieee-two-column');
    expect(authors[1]).toEqual({
      first_name: 'Emma',
      last_name: 'van der Berg',
      email: 'e.vanderberg@tudelft.nl',
      affiliation: 'Faculty of Electrical Engineering, Delft University of Technology, Delft, The Netherlands',
      country: 'NL',
    });
  });

  it('follows an abstract that runs on to page 2, past the running head', async () => {
    const paper = fixture('lncs-abstract-over-pages');
    const result = await extractMetadata(await paper.build());
    expect(result.abstract).toBe(paper.truth.abstract);
    const firstPageOnly = await extractMetadata(await paper.build(), { maxPages: 1 });
    expect(firstPageOnly.abstract.endsWith('most disagreement lies')).toBe(true);
    expect(firstPageOnly.keywords).toEqual([]);
  });

  it('takes the first paragraph of prose as the abstract when it has no heading', async () => {
    const paper = fixture('abstract-without-heading');
    const result = await extractMetadata(await paper.build());
    expect(result.abstract).toBe(paper.truth.abstract);
    expect(result.authors.map((a) => a.affiliation)).toEqual([
      'Department of Physics, University of Ghana, Legon, Ghana',
      'Department of Physics, University of Ghana, Legon, Ghana',
    ]);
  });

  it('keeps the sub-headings of a structured abstract set on lines of their own, and stops at the citation', async () => {
    const { abstract } = await extract('plos-structured-abstract');
    expect(abstract.startsWith('Background: Urban noise masks bird song')).toBe(true);
    expect(abstract).toContain('higher songs in cities. Methods: We recorded 120 males');
    expect(abstract.endsWith('Conclusions: Song pitch in cities is learned rather than fixed.')).toBe(true);
  });

  it('splits a paragraph of affiliations at its markers and ignores footnotes that are not affiliations', async () => {
    const { authors } = await extract('plos-structured-abstract');
    expect(authors.map((a) => [a.last_name, a.affiliation, a.country])).toEqual([
      ['Brennan', 'Department of Zoology, University of Cambridge, Cambridge, United Kingdom', 'GB'],
      ['Araya', 'Instituto de Ecología, Universidad de Chile, Santiago, Chile', 'CL'],
      ['Moreau', 'Department of Zoology, University of Cambridge, Cambridge, United Kingdom', 'GB'],
    ]);
  });

  it('tells apart two names set apart by a wide space only', async () => {
    const { authors } = await extract('abstract-without-heading');
    expect(authors.map((a) => `${a.first_name} ${a.last_name}`)).toEqual(['Kwame Mensah', 'Lucía Fernández']);
  });

  it('ignores rotated text such as an arXiv stamp in the margin, however large', async () => {
    const { pages } = await readPdfText(await fixture('preprint-single-column').build(), { maxPages: 1 });
    expect(pages[0]).not.toContain('arXiv');
    expect((await extract('preprint-single-column')).title.startsWith('Learning to Assign Reviewers')).toBe(true);
  });

  it('does not change the bytes it is given', async () => {
    const bytes = await fixture('preprint-single-column').build();
    const copy = bytes.slice();
    await extractMetadata(bytes);
    await readPdfText(bytes);
    expect(bytes.byteLength).toBe(copy.byteLength);
    expect(Buffer.from(bytes).equals(Buffer.from(copy))).toBe(true);
  });
});

describe('unreadable and image-only PDFs', () => {
  it.each(brokenPdfs().map((broken) => [broken.name, broken.bytes] as const))(
    'rejects %s with 400 INVALID_PDF',
    async (_name, bytes) => {
      const error = await extractMetadata(bytes).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ statusCode: 400, code: 'INVALID_PDF', message: 'File is not a valid PDF.' });
      await expect(readPdfText(bytes)).rejects.toMatchObject({ code: 'INVALID_PDF' });
      await expect(readPdfPageCount(bytes)).rejects.toMatchObject({ code: 'INVALID_PDF' });
    },
  );

  it('returns empty fields, not an error, for a scan without a text layer', async () => {
    const scanned = await buildScannedPdf();
    expect(await extractMetadata(scanned)).toEqual({ title: '', abstract: '', keywords: [], authors: [] });
    expect(await readPdfText(scanned)).toEqual({ pageCount: 2, pages: ['', ''], unreadable: false });
  });
});

describe('readPdfText', () => {
  it('gives the page count and the text of the first pages only', async () => {
    const bytes = await fixture('preprint-single-column').build();
    const all = await readPdfText(bytes);
    expect(all.pageCount).toBe(2);
    expect(all.pages).toHaveLength(2);
    expect(all.pages[0]).toContain('Learning to Assign Reviewers: A Study of Bidding');
    expect(all.pages[1]).toContain('Conference management systems coordinate submissions');
    const first = await readPdfText(bytes, { maxPages: 1 });
    expect(first).toEqual({ pageCount: 2, pages: [all.pages[0]], unreadable: false });
    expect(await readPdfPageCount(bytes)).toBe(2);
    expect(await readPdfPageCount(await buildScannedPdf())).toBe(2);
  });

  it('joins the lines of a paragraph and leaves page numbers out', async () => {
    const { pages } = await readPdfText(await fixture('preprint-single-column').build(), { maxPages: 1 });
    const lines = (pages[0] ?? '').split('\n');
    expect(lines).toContain('Abstract');
    expect(
      lines.some((line) => line.startsWith('Reviewer assignment decides') && line.endsWith('increasing load.')),
    ).toBe(true);
    expect(lines).not.toContain('1');
  });
});
