import {
  ABSTRACT_MAX_LENGTH,
  AUTHOR_AFFILIATION_MAX_LENGTH,
  AUTHOR_NAME_MAX_LENGTH,
  AUTHOR_WEBPAGE_MAX_LENGTH,
  AUTHORS_MAX,
  EMAIL_MAX_LENGTH,
  KEYWORD_MAX_LENGTH,
  KEYWORDS_MAX,
  KEYWORDS_MIN_CREATE,
  KEYWORDS_MIN_EDIT,
  resolveCountryCode,
  SUBMISSION_METADATA_MAX_LENGTH,
  SUBMISSION_TITLE_MAX_LENGTH,
  type UpdateSubmissionBody,
} from '@confero/contracts';
import { z } from 'zod';
import { submissionFieldError } from './submission-errors.ts';

/*
 * The fields of a submission as the client sent them (multipart text fields, or a JSON PATCH body), and the rules
 * checked in the product's fixed order (`docs/domain.md#validation-order`) so the first failing rule answers, with its
 * field and message key.
 */

/** What a client sent; a key is absent when the field was not sent (a PATCH changes only what it sends). */
export type SubmissionFormInput = {
  title?: string;
  abstract?: string;
  /** Each entry may hold several keywords separated by commas or semicolons. */
  keywords?: string[];
  event?: string;
  /** A track's public id or id; null or '' for none. */
  track?: string | null;
  /** A JSON object, or its text. */
  metadata?: unknown;
  /** A list of authors, or its JSON text (or several texts, each a list or one author). */
  authors?: unknown;
};

export type AuthorValues = {
  position: number;
  firstName: string;
  lastName: string;
  email: string;
  affiliation: string;
  country: string;
  webpage: string | null;
  isCorresponding: boolean;
};

export type SubmissionValues = { title: string; abstract: string; keywords: string[]; authors: AuthorValues[] };

/** The multipart text fields (name → every value sent, in order) as a form input. */
export function formInputFromFields(fields: Map<string, string[]>): SubmissionFormInput {
  const first = (name: string) => fields.get(name)?.[0];
  const input: SubmissionFormInput = {};
  const title = first('title');
  if (title !== undefined) input.title = title;
  const abstract = first('abstract');
  if (abstract !== undefined) input.abstract = abstract;
  const keywords = fields.get('keywords') ?? fields.get('keywords[]');
  if (keywords !== undefined) input.keywords = keywords;
  const event = first('event') ?? first('event_id');
  if (event !== undefined) input.event = event;
  if (fields.has('track')) input.track = first('track') ?? null;
  const metadata = first('metadata');
  if (metadata !== undefined) input.metadata = metadata;
  const authors = fields.get('authors');
  if (authors !== undefined) input.authors = authors.length === 1 ? authors[0] : authors;
  return input;
}

/** A JSON PATCH body as a form input. */
export function formInputFromBody(body: UpdateSubmissionBody): SubmissionFormInput {
  const input: SubmissionFormInput = {};
  if (!body) return input;
  if (body.title !== undefined && body.title !== null) input.title = body.title;
  if (body.abstract !== undefined && body.abstract !== null) input.abstract = body.abstract;
  if (body.keywords !== undefined && body.keywords !== null) {
    input.keywords = typeof body.keywords === 'string' ? [body.keywords] : body.keywords;
  }
  if (body.track !== undefined) input.track = body.track === null ? null : String(body.track);
  if (body.metadata !== undefined && body.metadata !== null) input.metadata = body.metadata;
  if (body.authors !== undefined && body.authors !== null) input.authors = body.authors;
  return input;
}

/** A JSON list of texts sent as one field (`["a","b"]`), or undefined. */
function jsonList(value: string): string[] | undefined {
  if (!value.trim().startsWith('[')) return undefined;
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) && parsed.every((item) => typeof item === 'string') ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** Keywords from what was sent: split on commas and semicolons, trimmed, empty ones and repeats (any case) dropped. */
export function parseKeywords(values: readonly string[] | undefined): string[] {
  const seen = new Set<string>();
  const keywords: string[] = [];
  for (const value of values ?? []) {
    for (const part of (jsonList(value) ?? [value]).flatMap((item) => item.split(/[,;]/))) {
      const keyword = part.replace(/\s+/g, ' ').trim();
      const key = keyword.toLowerCase();
      if (!keyword || seen.has(key)) continue;
      seen.add(key);
      keywords.push(keyword);
    }
  }
  return keywords;
}

const RawAuthor = z.record(z.string(), z.unknown());

/** The author objects sent (a list, its JSON text, or several texts); undefined when it is not that shape. */
function rawAuthorList(value: unknown): Record<string, unknown>[] | undefined {
  const parse = (item: unknown): unknown => {
    if (typeof item !== 'string') return item;
    try {
      return JSON.parse(item);
    } catch {
      return undefined;
    }
  };
  const parsed = parse(value);
  const items = Array.isArray(parsed)
    ? parsed.flatMap((item) => {
        const inner = parse(item);
        return Array.isArray(inner) ? inner : [inner];
      })
    : undefined;
  if (!items) return undefined;
  const list: Record<string, unknown>[] = [];
  for (const item of items) {
    const author = RawAuthor.safeParse(item);
    if (!author.success || Array.isArray(item)) return undefined;
    list.push(author.data);
  }
  return list;
}

const text = (value: unknown): string => {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return String(value);
  return '';
};

const truthy = (value: unknown): boolean =>
  value === true ||
  value === 1 ||
  (typeof value === 'string' && ['true', '1', 'yes', 'on'].includes(value.toLowerCase()));

const EMAIL = /^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:"]+$/;

function checkWebpage(value: string): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    if ((url.protocol === 'http:' || url.protocol === 'https:') && value.length <= AUTHOR_WEBPAGE_MAX_LENGTH) {
      return url.toString();
    }
  } catch {
    // not a URL
  }
  throw submissionFieldError('authors', 'submissions.validations.webpageInvalid');
}

/**
 * The author rules. On create: every author needs first name, last name, email, affiliation and country (one message,
 * authorRequired). On edit: names (authorRequired), then email (emailRequired), affiliation (affiliationRequired) and
 * country ('All authors must have a country selected') each with its own message. Then, when there are authors, exactly
 * one corresponding author; and at least one author (an empty list answers authorsRequired, not correspondingRequired).
 */
export function checkAuthors(raw: unknown, mode: 'create' | 'edit'): AuthorValues[] {
  const list = rawAuthorList(raw);
  if (!list) throw submissionFieldError('authors', 'submissions.validations.authorsInvalid');
  const sorted = list
    .map((author, index) => {
      const order = Number(text(author.order));
      return { author, index, order: Number.isFinite(order) && text(author.order) !== '' ? order : index };
    })
    .sort((a, b) => a.order - b.order || a.index - b.index);
  const authors: AuthorValues[] = [];
  const emails = new Set<string>();
  for (const [position, { author }] of sorted.entries()) {
    const firstName = text(author.first_name);
    const lastName = text(author.last_name);
    const email = text(author.email);
    const affiliation = text(author.affiliation);
    const countryInput = text(author.country);
    if (mode === 'create') {
      if (!firstName || !lastName || !email || !affiliation || !countryInput) {
        throw submissionFieldError('authors', 'submissions.validations.authorRequired');
      }
    } else {
      if (!firstName || !lastName) throw submissionFieldError('authors', 'submissions.validations.authorRequired');
      if (!email) throw submissionFieldError('authors', 'submissions.validations.emailRequired');
      if (!affiliation) throw submissionFieldError('authors', 'submissions.validations.affiliationRequired');
      if (!countryInput) throw submissionFieldError('authors', 'submissions.validations.countryRequired');
    }
    if (email.length > EMAIL_MAX_LENGTH || !EMAIL.test(email)) {
      throw submissionFieldError('authors', 'submissions.validations.emailInvalid', { email });
    }
    if (emails.has(email.toLowerCase())) {
      throw submissionFieldError('authors', 'submissions.validations.duplicateAuthorEmail', { email });
    }
    emails.add(email.toLowerCase());
    const country = resolveCountryCode(countryInput);
    if (!country)
      throw submissionFieldError('authors', 'submissions.validations.countryInvalid', { country: countryInput });
    if (
      firstName.length > AUTHOR_NAME_MAX_LENGTH ||
      lastName.length > AUTHOR_NAME_MAX_LENGTH ||
      affiliation.length > AUTHOR_AFFILIATION_MAX_LENGTH
    ) {
      const max =
        affiliation.length > AUTHOR_AFFILIATION_MAX_LENGTH ? AUTHOR_AFFILIATION_MAX_LENGTH : AUTHOR_NAME_MAX_LENGTH;
      throw submissionFieldError('authors', 'submissions.validations.authorFieldTooLong', { max });
    }
    authors.push({
      position: position + 1,
      firstName,
      lastName,
      email,
      affiliation,
      country,
      webpage: checkWebpage(text(author.webpage)),
      isCorresponding: truthy(author.is_corresponding),
    });
  }
  if (authors.length > 0) {
    const corresponding = authors.filter((author) => author.isCorresponding).length;
    if (corresponding === 0) throw submissionFieldError('authors', 'submissions.validations.correspondingRequired');
    if (corresponding > 1) throw submissionFieldError('authors', 'submissions.validations.singleCorresponding');
  }
  if (authors.length === 0) throw submissionFieldError('authors', 'submissions.validations.authorsRequired');
  if (authors.length > AUTHORS_MAX) {
    throw submissionFieldError('authors', 'submissions.validations.tooManyAuthors', { max: AUTHORS_MAX });
  }
  return authors;
}

function checkTitle(value: string | undefined): string {
  const title = (value ?? '').replace(/\s+/g, ' ').trim();
  if (!title) throw submissionFieldError('title', 'submissions.validations.titleRequired');
  if (title.length > SUBMISSION_TITLE_MAX_LENGTH) {
    throw submissionFieldError('title', 'submissions.validations.titleTooLong', { max: SUBMISSION_TITLE_MAX_LENGTH });
  }
  return title;
}

function checkAbstract(value: string | undefined): string {
  const abstract = (value ?? '').trim();
  if (!abstract) throw submissionFieldError('abstract', 'submissions.validations.abstractRequired');
  if (abstract.length > ABSTRACT_MAX_LENGTH) {
    throw submissionFieldError('abstract', 'submissions.validations.abstractTooLong', { max: ABSTRACT_MAX_LENGTH });
  }
  return abstract;
}

function checkKeywords(keywords: string[], min: number): string[] {
  if (keywords.length < min)
    throw submissionFieldError('keywords', 'submissions.validations.keywordsMinRequired', { min });
  if (keywords.length > KEYWORDS_MAX) {
    throw submissionFieldError('keywords', 'submissions.validations.tooManyKeywords', { max: KEYWORDS_MAX });
  }
  if (keywords.some((keyword) => keyword.length > KEYWORD_MAX_LENGTH)) {
    throw submissionFieldError('keywords', 'submissions.validations.keywordTooLong', { max: KEYWORD_MAX_LENGTH });
  }
  return keywords;
}

/** The create rules, in order: title, abstract, ≥3 keywords, authors, corresponding, ≥1 author. */
export function checkNewSubmission(input: SubmissionFormInput): SubmissionValues {
  const title = checkTitle(input.title);
  const abstract = checkAbstract(input.abstract);
  const keywords = checkKeywords(parseKeywords(input.keywords), KEYWORDS_MIN_CREATE);
  const authors = checkAuthors(input.authors ?? [], 'create');
  return { title, abstract, keywords, authors };
}

/**
 * The edit rules, on the submission as it would be after the change: title and abstract required, at least one
 * keyword, the author rules of an edit. Returns the new values and which of them were sent.
 */
export function checkSubmissionEdit(
  current: { title: string; abstract: string; keywords: string[] },
  input: SubmissionFormInput,
): { title: string; abstract: string; keywords: string[]; authors: AuthorValues[] | undefined } {
  const title = checkTitle(input.title ?? current.title);
  const abstract = checkAbstract(input.abstract ?? current.abstract);
  const keywords = checkKeywords(
    input.keywords === undefined ? current.keywords : parseKeywords(input.keywords),
    KEYWORDS_MIN_EDIT,
  );
  const authors = input.authors === undefined ? undefined : checkAuthors(input.authors, 'edit');
  return { title, abstract, keywords, authors };
}

/** `metadata`: a JSON object (or its text) of bounded size; {} when absent or empty. */
export function checkMetadata(value: unknown): Record<string, unknown> {
  if (value === undefined || value === null || value === '') return {};
  let parsed: unknown = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      parsed = undefined;
    }
  }
  const valid =
    typeof parsed === 'object' &&
    parsed !== null &&
    !Array.isArray(parsed) &&
    JSON.stringify(parsed).length <= SUBMISSION_METADATA_MAX_LENGTH;
  if (!valid) {
    throw submissionFieldError('metadata', 'submissions.validations.metadataInvalid', {
      max: SUBMISSION_METADATA_MAX_LENGTH,
    });
  }
  return parsed as Record<string, unknown>;
}
