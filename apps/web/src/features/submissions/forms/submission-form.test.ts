import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addAuthor,
  addKeywords,
  applyExtraction,
  authorsPayload,
  createSubmissionFormData,
  emptySubmissionForm,
  isPdfFile,
  moveAuthor,
  newAuthor,
  removeAuthor,
  type SubmissionFormValues,
  setCorresponding,
  splitKeywordText,
  submissionMetadata,
  updateSubmissionFormData,
  validateNewSubmission,
  validateSubmissionEdit,
} from './submission-form.ts';

const pdf = () => new File([new Uint8Array([0x25, 0x50, 0x44, 0x46])], 'paper.pdf', { type: 'application/pdf' });

function complete(overrides: Partial<SubmissionFormValues> = {}): SubmissionFormValues {
  return {
    title: 'A paper',
    abstract: 'What it says.',
    keywords: ['one', 'two', 'three'],
    track: null,
    authors: [
      newAuthor({
        first_name: 'Ada',
        last_name: 'Lovelace',
        email: 'ada@example.org',
        affiliation: 'Analytical Society',
        country: 'GB',
        is_corresponding: true,
      }),
    ],
    file: pdf(),
    ...overrides,
  };
}

describe('keyword entry', () => {
  it('adds trimmed keywords and ignores empties and repeats in any case', () => {
    expect(addKeywords([], '  deep learning ')).toEqual(['deep learning']);
    expect(addKeywords(['Deep Learning'], 'deep learning')).toEqual(['Deep Learning']);
    expect(addKeywords(['a'], '   ')).toEqual(['a']);
  });

  it('splits pasted text on commas and semicolons', () => {
    expect(addKeywords(['x'], 'a, b; c ;; ,d')).toEqual(['x', 'a', 'b', 'c', 'd']);
    expect(splitKeywordText('one;two,  three  four')).toEqual(['one', 'two', 'three four']);
    expect(splitKeywordText('التحكيم، الشفافية؛ النشر')).toEqual(['التحكيم', 'الشفافية', 'النشر']);
  });

  it('never holds an empty keyword, a separator or a repeat, whatever is typed', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 20 }), { maxLength: 8 }), (inputs) => {
        const keywords = inputs.reduce<string[]>((list, text) => addKeywords(list, text), []);
        const lowered = keywords.map((keyword) => keyword.toLocaleLowerCase());
        expect(new Set(lowered).size).toBe(keywords.length);
        for (const keyword of keywords) {
          expect(keyword).toBe(keyword.trim());
          expect(keyword).not.toBe('');
          expect(keyword).not.toMatch(/[,;،؛]/);
        }
      }),
    );
  });
});

describe('authors (exactly one corresponding, at least one author)', () => {
  it('choosing a corresponding author clears the others', () => {
    const authors = addAuthor(addAuthor([newAuthor({ is_corresponding: true })]));
    const chosen = setCorresponding(authors, authors[2]?.key ?? '');
    expect(chosen.map((author) => author.is_corresponding)).toEqual([false, false, true]);
  });

  it('removing the corresponding author makes the first remaining one corresponding', () => {
    const authors = setCorresponding(addAuthor(addAuthor([newAuthor()])), '');
    const withSecond = setCorresponding(authors, authors[1]?.key ?? '');
    const removed = removeAuthor(withSecond, withSecond[1]?.key ?? '');
    expect(removed).toHaveLength(2);
    expect(removed.map((author) => author.is_corresponding)).toEqual([true, false]);
  });

  it('keeps the last author', () => {
    const only = [newAuthor({ is_corresponding: true })];
    expect(removeAuthor(only, only[0]?.key ?? '')).toHaveLength(1);
  });

  it('moves authors and stops at the ends', () => {
    const authors = addAuthor(addAuthor([newAuthor({ first_name: 'A', is_corresponding: true })])).map(
      (author, index) => ({ ...author, first_name: ['A', 'B', 'C'][index] ?? '' }),
    );
    const down = moveAuthor(authors, authors[0]?.key ?? '', 1);
    expect(down.map((author) => author.first_name)).toEqual(['B', 'A', 'C']);
    expect(moveAuthor(authors, authors[0]?.key ?? '', -1).map((author) => author.first_name)).toEqual(['A', 'B', 'C']);
  });

  it('keeps exactly one corresponding author through any sequence of operations', () => {
    const operation = fc.oneof(
      fc.record({ kind: fc.constant('add' as const) }),
      fc.record({ kind: fc.constant('remove' as const), at: fc.nat(6) }),
      fc.record({ kind: fc.constant('choose' as const), at: fc.nat(6) }),
      fc.record({ kind: fc.constant('move' as const), at: fc.nat(6), up: fc.boolean() }),
    );
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 25 }), (operations) => {
        let authors = emptySubmissionForm().authors;
        for (const op of operations) {
          const key = 'at' in op ? (authors[op.at % authors.length]?.key ?? '') : '';
          if (op.kind === 'add') authors = addAuthor(authors);
          if (op.kind === 'remove') authors = removeAuthor(authors, key);
          if (op.kind === 'choose') authors = setCorresponding(authors, key);
          if (op.kind === 'move') authors = moveAuthor(authors, key, op.up ? -1 : 1);
        }
        expect(authors.length).toBeGreaterThanOrEqual(1);
        expect(authors.filter((author) => author.is_corresponding)).toHaveLength(1);
      }),
    );
  });
});

describe('validateNewSubmission ("Submission create", in order)', () => {
  const first = (author: Record<string, unknown>) => [{ ...complete().authors[0], ...author }] as never;
  it.each([
    ['title (blank after trimming)', { title: '   ' }, 'title', 'submissions.validations.titleRequired'],
    ['abstract', { title: '', abstract: '' }, 'title', 'submissions.validations.titleRequired'],
    ['abstract alone', { abstract: ' ' }, 'abstract', 'submissions.validations.abstractRequired'],
    ['three keywords', { keywords: ['a', 'b'] }, 'keywords', 'submissions.validations.keywordsMinRequired'],
    ['author fields', { authors: first({ country: '' }) }, 'authors', 'submissions.validations.authorRequired'],
    [
      'author affiliation',
      { authors: first({ affiliation: ' ' }) },
      'authors',
      'submissions.validations.authorRequired',
    ],
    [
      'a corresponding author',
      { authors: first({ is_corresponding: false }) },
      'authors',
      'submissions.validations.correspondingRequired',
    ],
    ['an author', { authors: [] }, 'authors', 'submissions.validations.authorsRequired'],
    ['a file', { file: null }, 'file', 'submissions.validations.fileRequired'],
  ] as const)('stops at %s', (_name, overrides, field, key) => {
    const problem = validateNewSubmission(complete(overrides as Partial<SubmissionFormValues>));
    expect(problem?.field).toBe(field);
    expect(problem?.key).toBe(key);
  });

  it('asks for three keywords and points at the incomplete author', () => {
    expect(validateNewSubmission(complete({ keywords: ['a'] }))?.params).toEqual({ min: 3 });
    const authors = [...complete().authors, newAuthor({ first_name: 'B' })];
    expect(validateNewSubmission(complete({ authors }))?.authorIndex).toBe(1);
  });

  it('accepts a complete form', () => {
    expect(validateNewSubmission(complete())).toBeUndefined();
  });
});

describe('validateSubmissionEdit ("Submission edit")', () => {
  const withAuthor = (author: Record<string, unknown>) =>
    complete({ file: null, authors: [{ ...complete().authors[0], ...author }] as never });
  it.each([
    ['names', { last_name: '' }, 'submissions.validations.authorRequired'],
    ['email', { email: '' }, 'submissions.validations.emailRequired'],
    ['affiliation', { affiliation: '' }, 'submissions.validations.affiliationRequired'],
    ['country', { country: '' }, 'submissions.validations.countryRequired'],
    ['corresponding', { is_corresponding: false }, 'submissions.validations.correspondingRequired'],
  ])('checks the author %s with its own message', (_name, author, key) => {
    expect(validateSubmissionEdit(withAuthor(author))?.key).toBe(key);
  });

  it('needs one keyword only, and no file', () => {
    expect(validateSubmissionEdit(complete({ keywords: ['solo'], file: null }))).toBeUndefined();
    const problem = validateSubmissionEdit(complete({ keywords: [], file: null }));
    expect(problem).toMatchObject({ field: 'keywords', params: { min: 1 } });
  });
});

describe('payloads', () => {
  it('sends the create form as multipart with JSON authors and metadata', () => {
    const values = complete({ keywords: ['x', 'y', 'z'], track: '4-trk' });
    const metadata = submissionMetadata(values.file, {
      method: 'ai_assisted',
      extractedTitle: 'A paper',
      now: new Date('2026-01-02T03:04:05Z'),
    });
    const data = createSubmissionFormData(values, { eventId: '9-evt', metadata });
    expect(data.get('title')).toBe('A paper');
    expect(data.get('keywords')).toBe('x, y, z');
    expect(data.get('event')).toBe('9-evt');
    expect(data.get('track')).toBe('4-trk');
    expect(JSON.parse(String(data.get('metadata')))).toEqual({
      method: 'ai_assisted',
      fileSize: 4,
      fileFormat: 'application/pdf',
      extractedTitle: 'A paper',
      submissionTime: '2026-01-02T03:04:05.000Z',
    });
    expect(JSON.parse(String(data.get('authors')))).toEqual([
      {
        first_name: 'Ada',
        last_name: 'Lovelace',
        email: 'ada@example.org',
        affiliation: 'Analytical Society',
        is_corresponding: true,
        order: 1,
        country: 'GB',
        webpage: '',
      },
    ]);
    expect(data.get('file')).toBeInstanceOf(File);
    expect([...data.keys()].at(-1)).toBe('file');
  });

  it('leaves the track out when none is chosen', () => {
    const data = createSubmissionFormData(complete(), {
      eventId: '1',
      metadata: submissionMetadata(null, { method: 'manual', extractedTitle: null }),
    });
    expect(data.has('track')).toBe(false);
  });

  it('sends an edit without a file and without metadata, the track only for events with tracks', () => {
    const data = updateSubmissionFormData(complete({ file: null }), {
      hasTracks: false,
      metadata: { method: 'manual' },
    });
    expect(data.has('file')).toBe(false);
    expect(data.has('metadata')).toBe(false);
    expect(data.has('track')).toBe(false);
    const withTracks = updateSubmissionFormData(complete({ file: null }), { hasTracks: true, metadata: {} });
    expect(withTracks.get('track')).toBe('');
  });

  it('updates the file facts of the metadata when the file is replaced', () => {
    const data = updateSubmissionFormData(complete(), {
      hasTracks: false,
      metadata: { method: 'manual', fileSize: 1 },
    });
    expect(JSON.parse(String(data.get('metadata')))).toEqual({
      method: 'manual',
      fileSize: 4,
      fileFormat: 'application/pdf',
    });
  });

  it('numbers authors in order', () => {
    const authors = addAuthor(complete().authors);
    expect(authorsPayload(authors).map((author) => author.order)).toEqual([1, 2]);
  });
});

describe('applyExtraction', () => {
  it('fills the form, keeps what the extraction left empty, and makes the first author corresponding', () => {
    const values = { ...emptySubmissionForm(), abstract: 'typed' };
    const filled = applyExtraction(values, {
      title: 'Found title',
      abstract: '',
      keywords: ['Alpha', 'alpha', 'Beta'],
      authors: [
        {
          first_name: 'B',
          last_name: 'Second',
          email: 'b@x.org',
          affiliation: 'U',
          country: '',
          country_name: 'France',
          is_corresponding: false,
          order: 2,
        },
        {
          first_name: 'A',
          last_name: 'First',
          email: 'a@x.org',
          affiliation: 'U',
          country: 'US',
          country_name: 'United States',
          is_corresponding: false,
          order: 1,
        },
      ],
    });
    expect(filled.title).toBe('Found title');
    expect(filled.abstract).toBe('typed');
    expect(filled.keywords).toEqual(['Alpha', 'Beta']);
    expect(filled.authors.map((author) => [author.last_name, author.country, author.is_corresponding])).toEqual([
      ['First', 'US', true],
      ['Second', 'FR', false],
    ]);
  });
});

describe('isPdfFile ("File")', () => {
  it('accepts PDFs only', () => {
    expect(isPdfFile({ name: 'a.pdf', type: 'application/pdf' })).toBe(true);
    expect(isPdfFile({ name: 'a.pdf', type: 'image/png' })).toBe(false);
    expect(isPdfFile({ name: 'a.docx', type: '' })).toBe(false);
    expect(isPdfFile({ name: 'A.PDF', type: '' })).toBe(true);
  });
});
