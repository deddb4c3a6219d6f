import type { Readable } from 'node:stream';
import type { SubmissionAuthorInput } from '@confero/contracts';
import yazl from 'yazl';
import type { Db } from '../../db/client.ts';
import type { Storage } from '../../lib/storage.ts';
import { CSV_BOM, csvRecord } from '../exports/export-formats.ts';
import { type ProceedingsRow, pageProceedings } from './final-versions.queries.ts';

/*
 * The proceedings of an event (`GET events/{id}/proceedings.zip`, `docs/domain.md#final-version`): one ZIP, streamed
 * while it is read, holding each accepted paper's latest final PDF as `NNN-Title-Slug.pdf` in paper-number order,
 * `proceedings.csv` and `proceedings.bib` with the final versions' metadata, and `missing.txt` naming the accepted
 * papers without a final version. The papers are read in keyset batches and each PDF streamed from the store when
 * the ZIP reaches it, so neither the papers nor their files are ever held in memory together.
 */

const BATCH = 100;
export const PROCEEDINGS_CSV_HEADER = [
  'number',
  'title',
  'authors',
  'affiliations',
  'abstract',
  'keywords',
  'pages',
  'file',
];

/** The event fields the proceedings name. */
export type ProceedingsEvent = { id: number; title: string; acronym: string; startDate: string };

/** A file name's slug of a title: letters and digits of any script, words joined by '-', at most 60 characters. */
export function titleSlug(title: string): string {
  const words = title
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}\p{M}\s]/gu, ' ')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  let slug = '';
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word;
    if (next.length > 60) break;
    slug = next;
  }
  return slug || 'paper';
}

/** `001-Title-Slug.pdf`: the paper number on at least three digits, then the title's slug. */
export function proceedingsFileName(number: number, title: string): string {
  return `${String(number).padStart(3, '0')}-${titleSlug(title)}.pdf`;
}

const BIBTEX_SPECIALS: Record<string, string> = {
  '\\': '\\textbackslash{}',
  '{': '\\{',
  '}': '\\}',
  $: '\\$',
  '&': '\\&',
  '%': '\\%',
  '#': '\\#',
  _: '\\_',
  '^': '\\textasciicircum{}',
  '~': '\\textasciitilde{}',
};

/** A text inside a BibTeX field: its specials escaped, other characters (Arabic included) kept as UTF-8. */
export function bibtexText(text: string): string {
  return text
    .replace(/[\\{}$&%#_^~]/g, (char) => BIBTEX_SPECIALS[char] ?? char)
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * A part of an author's name in BibTeX's `author` field, braced when it holds what BibTeX reads as structure: the word
 * "and" (which separates names) or a comma (which separates a name's parts).
 */
export function bibtexNamePart(text: string): string {
  const escaped = bibtexText(text);
  return /,|\band\b/i.test(escaped) ? `{${escaped}}` : escaped;
}

const authorName = (author: SubmissionAuthorInput) => `${author.first_name ?? ''} ${author.last_name ?? ''}`.trim();
const authorsOf = (row: ProceedingsRow) =>
  [...((row.authors as SubmissionAuthorInput[] | null) ?? [])].sort(
    (a, b) => Number(a.order ?? 0) - Number(b.order ?? 0),
  );

/** One `@inproceedings` entry: key, title, authors "Last, First and …", booktitle, year, pages when counted. */
export function bibtexEntry(row: ProceedingsRow, event: ProceedingsEvent, pages: string | null): string {
  const acronym = event.acronym.replace(/[^A-Za-z0-9]/g, '') || 'paper';
  const year = event.startDate.slice(0, 4);
  const authors = authorsOf(row)
    .map((author) => `${bibtexNamePart(author.last_name ?? '')}, ${bibtexNamePart(author.first_name ?? '')}`)
    .join(' and ');
  const fields = [
    ['title', `{${bibtexText(row.finalTitle ?? row.submissionTitle)}}`],
    ['author', authors],
    ['booktitle', bibtexText(event.title)],
    ['year', year],
    ...(pages ? [['pages', pages]] : []),
  ];
  return `@inproceedings{${acronym}${year}_${String(row.number).padStart(3, '0')},\n${fields
    .map(([name, value]) => `  ${name} = {${value}}`)
    .join(',\n')}\n}\n`;
}

/** The proceedings.csv record of a paper with its final version. */
export function csvRow(row: ProceedingsRow, pages: string | null, fileName: string): string {
  const authors = authorsOf(row);
  const affiliations = [...new Set(authors.map((author) => (author.affiliation ?? '').trim()).filter(Boolean))];
  return csvRecord([
    row.number,
    row.finalTitle ?? row.submissionTitle,
    authors.map(authorName).join('; '),
    affiliations.join('; '),
    row.finalAbstract ?? '',
    row.keywords.join(', '),
    pages ?? '',
    fileName,
  ]);
}

/** The batches of the event's accepted papers, in number order. */
async function* batches(db: Db, eventId: number) {
  let after = 0;
  for (;;) {
    const rows = await pageProceedings(db, eventId, after, BATCH);
    if (rows.length > 0) yield rows;
    const last = rows.at(-1);
    if (!last || rows.length < BATCH) return;
    after = last.number;
  }
}

/**
 * The proceedings ZIP as a stream. PDFs are stored as they are (no compression: they are compressed already); the
 * pages run on from one paper to the next (`1--12`, `13--20`) in number order. A failure while reading destroys the
 * stream, so the client sees a cut download, never a ZIP with papers missing.
 */
export function proceedingsZip(db: Db, storage: Storage, event: ProceedingsEvent): Readable {
  const zip = new yazl.ZipFile();
  const output = zip.outputStream as Readable;
  const mtime = new Date();
  // A stored file gone when the ZIP reaches it (yazl's 'error'), like a failing read, cuts the download.
  zip.on('error', (error: Error) => output.destroy(error));
  // A download left midway closes the file being read and stops reading the papers.
  let reading: Readable | undefined;
  output.once('close', () => reading?.destroy());
  (async () => {
    let csv = CSV_BOM + csvRecord(PROCEEDINGS_CSV_HEADER);
    let bib = '';
    let missing = '';
    let page = 1;
    for await (const rows of batches(db, event.id)) {
      if (output.destroyed) return;
      for (const row of rows) {
        const key = row.storageKey;
        if (row.finalTitle === null || key === null) {
          missing += `${row.number}\t${row.submissionTitle}\n`;
          continue;
        }
        const count = row.pageCount ?? 0;
        const pages = count > 0 ? `${page}--${page + count - 1}` : null;
        page += count;
        const name = proceedingsFileName(row.number, row.finalTitle);
        zip.addReadStreamLazy(name, { compress: false, mtime }, (callback) => {
          let file: Readable;
          try {
            file = storage.get(key);
          } catch (error) {
            return callback(error, undefined as never);
          }
          // yazl pipes the file without listening for its errors: a read failing midway cuts the download.
          file.once('error', (error) => output.destroy(error));
          reading = file;
          callback(null, file);
        });
        csv += csvRow(row, pages, name);
        bib += bibtexEntry(row, event, pages);
      }
    }
    zip.addBuffer(Buffer.from(csv, 'utf8'), 'proceedings.csv', { mtime });
    zip.addBuffer(Buffer.from(bib, 'utf8'), 'proceedings.bib', { mtime });
    zip.addBuffer(Buffer.from(missing, 'utf8'), 'missing.txt', { mtime });
    zip.end();
  })().catch((error: unknown) => output.destroy(error as Error));
  return output;
}
