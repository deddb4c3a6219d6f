import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.ts';
import {
  checkAuthors,
  checkMetadata,
  checkNewSubmission,
  checkSubmissionEdit,
  formInputFromFields,
  parseKeywords,
} from './submission-input.ts';

function failure(fn: () => unknown): { detail: string; key: string | undefined } {
  try {
    fn();
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const codes = (error.extra?.field_codes ?? {}) as Record<string, string[]>;
    return { detail: error.message, key: Object.values(codes)[0]?.[0] };
  }
  throw new Error('expected a validation error');
}

const author = (overrides: Record<string, unknown> = {}) => ({
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.org',
  affiliation: 'Analytical Society',
  country: 'United Kingdom',
  is_corresponding: true,
  ...overrides,
});

const valid = () => ({
  title: 'A title',
  abstract: 'An abstract.',
  keywords: ['a, b, c'],
  authors: JSON.stringify([author()]),
});

describe('parseKeywords', () => {
  it('splits on commas and semicolons, trims, drops empties and repeats in any case', () => {
    expect(parseKeywords(['Peer review; bidding ,, Bidding', ' assignment ', ''])).toEqual([
      'Peer review',
      'bidding',
      'assignment',
    ]);
    expect(parseKeywords(['["graphs", "trees, forests"]'])).toEqual(['graphs', 'trees', 'forests']);
  });
});

describe('checkNewSubmission (in order)', () => {
  it('answers the first failing rule', () => {
    expect(failure(() => checkNewSubmission({ ...valid(), title: ' ', abstract: '', keywords: [] })).key).toBe(
      'submissions.validations.titleRequired',
    );
    expect(failure(() => checkNewSubmission({ ...valid(), abstract: '', keywords: [] })).key).toBe(
      'submissions.validations.abstractRequired',
    );
    expect(failure(() => checkNewSubmission({ ...valid(), keywords: ['a,b'], authors: '[]' })).key).toBe(
      'submissions.validations.keywordsMinRequired',
    );
    expect(
      failure(() => checkNewSubmission({ ...valid(), authors: JSON.stringify([author({ country: '' })]) })).key,
    ).toBe('submissions.validations.authorRequired');
    expect(
      failure(() => checkNewSubmission({ ...valid(), authors: JSON.stringify([author({ is_corresponding: false })]) }))
        .detail,
    ).toBe('At least one author must be designated as corresponding');
    expect(failure(() => checkNewSubmission({ ...valid(), authors: '[]' })).detail).toBe(
      'At least one author is required',
    );
    expect(failure(() => checkNewSubmission({ ...valid(), authors: undefined })).detail).toBe(
      'At least one author is required',
    );
  });

  it('returns normalised values, authors in their order with country codes', () => {
    const values = checkNewSubmission({
      ...valid(),
      title: '  Spaced   title ',
      authors: JSON.stringify([
        author({ email: 'b@example.org', order: 2, is_corresponding: false, country: 'eg' }),
        author({ order: 1, webpage: 'https://ada.example.org' }),
      ]),
    });
    expect(values.title).toBe('Spaced title');
    expect(values.keywords).toEqual(['a', 'b', 'c']);
    expect(values.authors.map((a) => [a.position, a.email, a.country, a.isCorresponding, a.webpage])).toEqual([
      [1, 'ada@example.org', 'GB', true, 'https://ada.example.org/'],
      [2, 'b@example.org', 'EG', false, null],
    ]);
  });

  it('refuses invalid e-mails, repeated e-mails, unknown countries and bad web pages', () => {
    expect(failure(() => checkAuthors([author({ email: 'not-an-email' })], 'create')).detail).toBe(
      'not-an-email is not a valid email address',
    );
    expect(
      failure(() => checkAuthors([author(), author({ email: 'ADA@example.org', is_corresponding: false })], 'create'))
        .key,
    ).toBe('submissions.validations.duplicateAuthorEmail');
    expect(failure(() => checkAuthors([author({ webpage: 'javascript:alert(1)' })], 'create')).key).toBe(
      'submissions.validations.webpageInvalid',
    );
    expect(failure(() => checkAuthors('{"a":1}', 'create')).key).toBe('submissions.validations.authorsInvalid');
  });
});

describe('checkSubmissionEdit', () => {
  const current = { title: 'Old', abstract: 'Old abstract', keywords: ['x', 'y', 'z'] };

  it('keeps what was not sent and needs one keyword', () => {
    expect(checkSubmissionEdit(current, { keywords: ['only'] })).toEqual({
      title: 'Old',
      abstract: 'Old abstract',
      keywords: ['only'],
      authors: undefined,
    });
    expect(failure(() => checkSubmissionEdit(current, { keywords: [' '] })).detail).toBe(
      'Please provide at least 1 keyword(s)',
    );
  });

  it('names each missing author field', () => {
    const edit = (overrides: Record<string, unknown>) => () =>
      checkSubmissionEdit(current, { authors: [author(overrides)] });
    expect(failure(edit({ last_name: '' })).key).toBe('submissions.validations.authorRequired');
    expect(failure(edit({ email: '' })).key).toBe('submissions.validations.emailRequired');
    expect(failure(edit({ affiliation: '' })).key).toBe('submissions.validations.affiliationRequired');
    expect(failure(edit({ country: '' })).detail).toBe('All authors must have a country selected');
  });
});

describe('form fields and metadata', () => {
  it('reads multipart fields, keeping repeated keywords', () => {
    const input = formInputFromFields(
      new Map([
        ['title', ['T']],
        ['keywords', ['a', 'b;c']],
        ['event_id', ['12']],
        ['track', ['']],
      ]),
    );
    expect(input).toEqual({ title: 'T', keywords: ['a', 'b;c'], event: '12', track: '' });
  });

  it('accepts a JSON object as metadata and refuses anything else', () => {
    expect(checkMetadata('{"method":"ai_assisted","fileSize":1200}')).toEqual({
      method: 'ai_assisted',
      fileSize: 1200,
    });
    expect(checkMetadata(undefined)).toEqual({});
    expect(failure(() => checkMetadata('[1,2]')).key).toBe('submissions.validations.metadataInvalid');
    expect(failure(() => checkMetadata('{oops')).key).toBe('submissions.validations.metadataInvalid');
  });
});
