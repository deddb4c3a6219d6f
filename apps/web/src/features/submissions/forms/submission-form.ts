import {
  type ExtractionResponseDto,
  joinKeywords,
  KEYWORDS_MIN_CREATE,
  KEYWORDS_MIN_EDIT,
  resolveCountryCode,
  type SubmissionDto,
  type SubmissionMessageKey,
} from '@confero/contracts';

/*
 * The submission form's state and rules: keyword entry, the author list with exactly one corresponding author, the
 * checks in the server's order (docs/domain.md#validation-order), and the multipart payloads. Pure functions,
 * unit-tested.
 */

export const SUBMISSION_METHODS = ['manual', 'ai_assisted'] as const;
export type SubmissionMethod = (typeof SUBMISSION_METHODS)[number];

export type AuthorFormValues = {
  /** A stable key for React and for the author operations (not sent). */
  key: string;
  first_name: string;
  last_name: string;
  email: string;
  affiliation: string;
  /** ISO alpha-2 code ('' for none). */
  country: string;
  webpage: string;
  is_corresponding: boolean;
};

export type SubmissionFormValues = {
  title: string;
  abstract: string;
  keywords: string[];
  /** A track's public id, or null for none. */
  track: string | null;
  authors: AuthorFormValues[];
  file: File | null;
};

let authorSequence = 0;

/** A new author row; the first author of a form is its corresponding author. */
export function newAuthor(values: Partial<Omit<AuthorFormValues, 'key'>> = {}): AuthorFormValues {
  authorSequence += 1;
  return {
    key: `author-${authorSequence}`,
    first_name: values.first_name ?? '',
    last_name: values.last_name ?? '',
    email: values.email ?? '',
    affiliation: values.affiliation ?? '',
    country: values.country ?? '',
    webpage: values.webpage ?? '',
    is_corresponding: values.is_corresponding ?? false,
  };
}

/** An empty form: one author, corresponding. */
export function emptySubmissionForm(): SubmissionFormValues {
  return {
    title: '',
    abstract: '',
    keywords: [],
    track: null,
    authors: [newAuthor({ is_corresponding: true })],
    file: null,
  };
}

// -------------------------------------------------------------------------------------------------------------
// Keywords (Enter, comma or semicolon adds a trimmed keyword; duplicates and empties are ignored; pasted
// text with commas or semicolons is split)
// -------------------------------------------------------------------------------------------------------------

/** Commas and semicolons, Latin and Arabic ('،' and '؛'), separate keywords. */
const KEYWORD_SEPARATORS = /[,;،؛]/;
export const KEYWORD_SEPARATOR_KEYS: readonly string[] = [',', ';', '،', '؛'];

/** Whether a typed or pasted text holds a separator, so it should be split into keywords. */
export function hasKeywordSeparator(text: string): boolean {
  return KEYWORD_SEPARATORS.test(text);
}

/** The keywords of a text: split on commas and semicolons, inner spaces collapsed, trimmed, empties dropped. */
export function splitKeywordText(text: string): string[] {
  return text
    .split(KEYWORD_SEPARATORS)
    .map((part) => part.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

/** The list with the keywords of `text` added at the end; empties and repeats (in any letter case) are ignored. */
export function addKeywords(current: readonly string[], text: string): string[] {
  const seen = new Set(current.map((keyword) => keyword.toLocaleLowerCase()));
  const next = [...current];
  for (const keyword of splitKeywordText(text)) {
    const key = keyword.toLocaleLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    next.push(keyword);
  }
  return next;
}

export function removeKeyword(current: readonly string[], index: number): string[] {
  return current.filter((_, position) => position !== index);
}

// -------------------------------------------------------------------------------------------------------------
// Authors (exactly one corresponding; choosing one clears the others; removing the corresponding author
// makes the first remaining author corresponding; at least one author stays)
// -------------------------------------------------------------------------------------------------------------

/** Makes one author the corresponding author and clears the flag of every other. */
export function setCorresponding(authors: readonly AuthorFormValues[], key: string): AuthorFormValues[] {
  if (!authors.some((author) => author.key === key)) return [...authors];
  return authors.map((author) => ({ ...author, is_corresponding: author.key === key }));
}

/** Removes an author unless it is the last one; the first remaining author takes over as corresponding. */
export function removeAuthor(authors: readonly AuthorFormValues[], key: string): AuthorFormValues[] {
  if (authors.length <= 1) return [...authors];
  const removed = authors.find((author) => author.key === key);
  const rest = authors.filter((author) => author.key !== key);
  if (removed?.is_corresponding && rest[0]) return setCorresponding(rest, rest[0].key);
  return rest;
}

/** Adds an empty author at the end (corresponding when the list had none). */
export function addAuthor(authors: readonly AuthorFormValues[]): AuthorFormValues[] {
  const hasCorresponding = authors.some((author) => author.is_corresponding);
  return [...authors, newAuthor({ is_corresponding: !hasCorresponding })];
}

/** Moves an author one place up (-1) or down (+1); the list is unchanged at its ends. */
export function moveAuthor(authors: readonly AuthorFormValues[], key: string, delta: -1 | 1): AuthorFormValues[] {
  const from = authors.findIndex((author) => author.key === key);
  const to = from + delta;
  if (from < 0 || to < 0 || to >= authors.length) return [...authors];
  const next = [...authors];
  const [moved] = next.splice(from, 1);
  if (moved) next.splice(to, 0, moved);
  return next;
}

/** Changes one field of one author. */
export function updateAuthor(
  authors: readonly AuthorFormValues[],
  key: string,
  changes: Partial<Omit<AuthorFormValues, 'key' | 'is_corresponding'>>,
): AuthorFormValues[] {
  return authors.map((author) => (author.key === key ? { ...author, ...changes } : author));
}

// -------------------------------------------------------------------------------------------------------------
// Checks, in the server's order (docs/domain.md#validation-order); the first failing one is reported
// -------------------------------------------------------------------------------------------------------------

export type SubmissionFormField = 'title' | 'abstract' | 'keywords' | 'authors' | 'file';

export type SubmissionFormProblem = {
  field: SubmissionFormField;
  key: SubmissionMessageKey;
  params?: Record<string, string | number>;
  /** The author the problem is about (0-based), for author rules. */
  authorIndex?: number;
};

const blank = (value: string) => value.trim() === '';

/**
 * The create rules, in order: title (after trimming), abstract, at least 3 keywords, every author's first name, last
 * name, email, affiliation and country, a corresponding author, at least one author, a file.
 */
export function validateNewSubmission(values: SubmissionFormValues): SubmissionFormProblem | undefined {
  if (blank(values.title)) return { field: 'title', key: 'submissions.validations.titleRequired' };
  if (blank(values.abstract)) return { field: 'abstract', key: 'submissions.validations.abstractRequired' };
  if (values.keywords.length < KEYWORDS_MIN_CREATE) {
    return {
      field: 'keywords',
      key: 'submissions.validations.keywordsMinRequired',
      params: { min: KEYWORDS_MIN_CREATE },
    };
  }
  const incomplete = values.authors.findIndex((author) =>
    [author.first_name, author.last_name, author.email, author.affiliation, author.country].some(blank),
  );
  if (incomplete >= 0) {
    return { field: 'authors', key: 'submissions.validations.authorRequired', authorIndex: incomplete };
  }
  if (values.authors.length > 0 && !values.authors.some((author) => author.is_corresponding)) {
    return { field: 'authors', key: 'submissions.validations.correspondingRequired' };
  }
  if (values.authors.length === 0) return { field: 'authors', key: 'submissions.validations.authorsRequired' };
  if (!values.file) return { field: 'file', key: 'submissions.validations.fileRequired' };
  return undefined;
}

/**
 * The edit rules, in order: title, abstract, at least 1 keyword; per author first and last name, email, affiliation,
 * country (each its own message); one corresponding author. The file is optional.
 */
export function validateSubmissionEdit(values: SubmissionFormValues): SubmissionFormProblem | undefined {
  if (blank(values.title)) return { field: 'title', key: 'submissions.validations.titleRequired' };
  if (blank(values.abstract)) return { field: 'abstract', key: 'submissions.validations.abstractRequired' };
  if (values.keywords.length < KEYWORDS_MIN_EDIT) {
    return {
      field: 'keywords',
      key: 'submissions.validations.keywordsMinRequired',
      params: { min: KEYWORDS_MIN_EDIT },
    };
  }
  for (const [index, author] of values.authors.entries()) {
    const at = { field: 'authors' as const, authorIndex: index };
    if (blank(author.first_name) || blank(author.last_name)) {
      return { ...at, key: 'submissions.validations.authorRequired' };
    }
    if (blank(author.email)) return { ...at, key: 'submissions.validations.emailRequired' };
    if (blank(author.affiliation)) return { ...at, key: 'submissions.validations.affiliationRequired' };
    if (blank(author.country)) return { ...at, key: 'submissions.validations.countryRequired' };
  }
  if (!values.authors.some((author) => author.is_corresponding)) {
    return { field: 'authors', key: 'submissions.validations.correspondingRequired' };
  }
  return undefined;
}

// -------------------------------------------------------------------------------------------------------------
// Files
// -------------------------------------------------------------------------------------------------------------

/** PDF only: the type application/pdf, or a .pdf name when the browser gives no type. */
export function isPdfFile(file: Pick<File, 'name' | 'type'>): boolean {
  if (file.type) return file.type === 'application/pdf';
  return /\.pdf$/i.test(file.name);
}

/** Megabytes to bytes. */
export const megabytes = (value: number) => value * 1024 * 1024;

// -------------------------------------------------------------------------------------------------------------
// Payloads of `POST submissions/` and `PATCH submissions/{id}/`
// -------------------------------------------------------------------------------------------------------------

export type AuthorPayload = {
  first_name: string;
  last_name: string;
  email: string;
  affiliation: string;
  is_corresponding: boolean;
  order: number;
  country: string;
  webpage: string;
};

/** The authors as sent: trimmed, in order (1-based). */
export function authorsPayload(authors: readonly AuthorFormValues[]): AuthorPayload[] {
  return authors.map((author, index) => ({
    first_name: author.first_name.trim(),
    last_name: author.last_name.trim(),
    email: author.email.trim(),
    affiliation: author.affiliation.trim(),
    is_corresponding: author.is_corresponding,
    order: index + 1,
    country: author.country.trim(),
    webpage: author.webpage.trim(),
  }));
}

/** The submission metadata {method, fileSize, fileFormat, extractedTitle, submissionTime}. */
export type SubmissionMetadata = {
  method: SubmissionMethod;
  fileSize: number | null;
  fileFormat: string | null;
  extractedTitle: string | null;
  submissionTime: string;
};

export function submissionMetadata(
  file: Pick<File, 'size' | 'type'> | null,
  options: { method: SubmissionMethod; extractedTitle: string | null; now?: Date },
): SubmissionMetadata {
  return {
    method: options.method,
    fileSize: file ? file.size : null,
    fileFormat: file ? file.type || 'application/pdf' : null,
    extractedTitle: options.extractedTitle,
    submissionTime: (options.now ?? new Date()).toISOString(),
  };
}

/**
 * `POST submissions/` as multipart: title, abstract, keywords (joined with ', '), event, track (when chosen), metadata
 * and authors as JSON text, then the file.
 */
export function createSubmissionFormData(
  values: SubmissionFormValues,
  options: { eventId: string; metadata: SubmissionMetadata },
): FormData {
  const data = new FormData();
  data.append('title', values.title.trim());
  data.append('abstract', values.abstract.trim());
  data.append('keywords', joinKeywords(values.keywords));
  data.append('event', options.eventId);
  if (values.track) data.append('track', values.track);
  data.append('metadata', JSON.stringify(options.metadata));
  data.append('authors', JSON.stringify(authorsPayload(values.authors)));
  if (values.file) data.append('file', values.file, values.file.name);
  return data;
}

/**
 * `PATCH submissions/{id}/` as multipart (it always carries the authors): the fields, the track when the event has
 * tracks ('' for none), and — with a new file — the metadata updated with the new file's size and type.
 */
export function updateSubmissionFormData(
  values: SubmissionFormValues,
  options: { hasTracks: boolean; metadata: Record<string, unknown> },
): FormData {
  const data = new FormData();
  data.append('title', values.title.trim());
  data.append('abstract', values.abstract.trim());
  data.append('keywords', joinKeywords(values.keywords));
  if (options.hasTracks) data.append('track', values.track ?? '');
  data.append('authors', JSON.stringify(authorsPayload(values.authors)));
  if (values.file) {
    data.append(
      'metadata',
      JSON.stringify({
        ...options.metadata,
        fileSize: values.file.size,
        fileFormat: values.file.type || 'application/pdf',
      }),
    );
    data.append('file', values.file, values.file.name);
  }
  return data;
}

/** A country from extraction or a stored author: its code, or the code its name stands for, else ''. */
function countryCode(code: string | null | undefined, name?: string | null): string {
  return resolveCountryCode(code ?? '') ?? resolveCountryCode(name ?? '') ?? '';
}

/**
 * The form after a successful AI extraction: title, abstract, keywords and authors filled in from the answer (fields it
 * left empty keep what was typed), the first author corresponding.
 */
export function applyExtraction(
  values: SubmissionFormValues,
  data: ExtractionResponseDto['data'],
): SubmissionFormValues {
  const extractedAuthors = (data.authors ?? [])
    .slice()
    .sort((a, b) => (a.order ?? 0) - (b.order ?? 0))
    .map((author, index) =>
      newAuthor({
        first_name: author.first_name ?? '',
        last_name: author.last_name ?? '',
        email: author.email ?? '',
        affiliation: author.affiliation ?? '',
        country: countryCode(author.country, author.country_name),
        is_corresponding: index === 0,
      }),
    );
  return {
    ...values,
    title: data.title?.trim() || values.title,
    abstract: data.abstract?.trim() || values.abstract,
    keywords: data.keywords?.length ? addKeywords([], data.keywords.join(', ')) : values.keywords,
    authors: extractedAuthors.length > 0 ? extractedAuthors : values.authors,
  };
}

/** The edit form filled from a stored submission. */
export function valuesFromSubmission(submission: SubmissionDto): SubmissionFormValues {
  const authors = [...(submission.authors ?? [])]
    .sort((a, b) => a.order - b.order)
    .map((author) =>
      newAuthor({
        first_name: author.first_name,
        last_name: author.last_name,
        email: author.email,
        affiliation: author.affiliation,
        country: countryCode(author.country, author.country_name),
        webpage: author.webpage ?? '',
        is_corresponding: author.is_corresponding,
      }),
    );
  if (authors.length > 0 && !authors.some((author) => author.is_corresponding) && authors[0]) {
    authors[0] = { ...authors[0], is_corresponding: true };
  }
  return {
    title: submission.title,
    abstract: submission.abstract,
    keywords: submission.keywords_list?.length ? [...submission.keywords_list] : splitKeywordText(submission.keywords),
    track: submission.track,
    authors: authors.length > 0 ? authors : [newAuthor({ is_corresponding: true })],
    file: null,
  };
}
