import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import type { TestApp } from '../../../test/build-test-app.ts';
import { buildSubmission } from '../../../test/factories/submissions.ts';
import {
  authorsField,
  type FinalVersionWorld,
  finalVersionBody,
  sha256,
  useFinalVersionWorld,
} from '../../../test/fixtures/final-versions.ts';
import { buildPaperPdf } from '../../../test/fixtures/submission-pdf.ts';
import { signedInClients } from '../../../test/http.ts';
import { submissionFiles } from '../../db/schema/index.ts';
import { bibtexNamePart, bibtexText, proceedingsFileName, titleSlug } from './proceedings.ts';

/*
 * The proceedings ZIP of an event with three accepted papers, two with their final version (one titled in Arabic, one
 * with BibTeX's specials) and one without, and a rejected paper: opened with yauzl and read entry by entry.
 */

let app: TestApp;
let world: FinalVersionWorld;
const as = signedInClients(() => app);
const pdfs: Record<string, Uint8Array> = {};

async function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  const zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true });
  const entries = new Map<string, Buffer>();
  const next = () =>
    new Promise<yauzl.Entry | undefined>((resolve, reject) => {
      zip.once('entry', resolve);
      zip.once('end', () => resolve(undefined));
      zip.once('error', reject);
      zip.readEntry();
    });
  for (let entry = await next(); entry; entry = await next()) {
    zip.removeAllListeners('end');
    zip.removeAllListeners('error');
    const stream = await zip.openReadStreamPromise(entry);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    entries.set(entry.fileName, Buffer.concat(chunks));
  }
  return entries;
}

useFinalVersionWorld((built) => ({ app, world } = built), { title: 'Conference on {Data} & Systems' });
beforeAll(async () => {
  const missing = await buildSubmission(app, {
    event: world.event,
    submitter: world.author,
    title: 'Accepted Without Final Version',
    decision: 'accept',
    status: 'accepted',
  });
  const arabic = await buildSubmission(app, {
    event: world.event,
    submitter: world.coAuthor,
    title: 'Reviewed Arabic Paper',
    decision: 'accept',
    status: 'accepted',
  });
  void missing;
  pdfs.first = await buildPaperPdf({ title: 'First', pages: 2 });
  pdfs.arabic = await buildPaperPdf({ title: 'Arabic', pages: 3 });
  const sends = [
    {
      user: world.author,
      paper: world.accepted,
      file: pdfs.first,
      title: 'Graphs & Costs: 100% {Exact}',
      authors: [world.author, world.coAuthor],
    },
    {
      user: world.coAuthor,
      paper: arabic,
      file: pdfs.arabic,
      title: 'التعلّم العميق للغة العربية',
      authors: [world.coAuthor],
    },
  ];
  for (const send of sends) {
    const body = finalVersionBody({
      file: send.file,
      fields: { title: send.title, abstract: `Abstract of ${send.title}`, authors: authorsField(send.authors) },
    });
    const response = await (await as(send.user)).post(
      `/api/submissions/${send.paper.publicId}/final-version/`,
      body.payload,
      { headers: body.headers },
    );
    expect(response.statusCode).toBe(200);
  }
});

describe('the proceedings helpers', () => {
  it('names a file by paper number and the title in any script', () => {
    expect(proceedingsFileName(7, 'Graphs & Costs: 100% {Exact}')).toBe('007-Graphs-Costs-100-Exact.pdf');
    expect(titleSlug('التعلّم العميق')).toBe('التعلّم-العميق');
    expect(proceedingsFileName(1234, '???')).toBe('1234-paper.pdf');
  });

  it("escapes BibTeX's special characters and keeps Arabic", () => {
    expect(bibtexText('A & B_c {d} 50% #1 $x^2~')).toBe(
      'A \\& B\\_c \\{d\\} 50\\% \\#1 \\$x\\textasciicircum{}2\\textasciitilde{}',
    );
    expect(bibtexText('جامعة القاهرة')).toBe('جامعة القاهرة');
  });

  it('braces a name part holding the word "and" or a comma, which BibTeX would read as name separators', () => {
    expect(bibtexNamePart('Smith and Wesson')).toBe('{Smith and Wesson}');
    expect(bibtexNamePart('AND')).toBe('{AND}');
    expect(bibtexNamePart('King, Jr.')).toBe('{King, Jr.}');
    expect(bibtexNamePart('Anderson')).toBe('Anderson');
    expect(bibtexNamePart('Sandy_M')).toBe('Sandy\\_M');
  });
});

describe('GET events/{id}/proceedings.zip', () => {
  it('streams every final PDF by paper number with the CSV, the BibTeX and the missing papers', async () => {
    const response = await (await as(world.chair)).get(`/api/events/${world.event.publicId}/proceedings.zip`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    const entries = await unzip(response.rawPayload);
    // Paper numbers count the event's submissions in creation order: accepted 1, rejected 2, pending 3, missing 4, Arabic 5.
    expect([...entries.keys()]).toEqual([
      '001-Graphs-Costs-100-Exact.pdf',
      '005-التعلّم-العميق-للغة-العربية.pdf',
      'proceedings.csv',
      'proceedings.bib',
      'missing.txt',
    ]);
    expect(sha256(entries.get('001-Graphs-Costs-100-Exact.pdf') ?? Buffer.alloc(0))).toBe(
      sha256(pdfs.first ?? new Uint8Array()),
    );
    expect(sha256(entries.get('005-التعلّم-العميق-للغة-العربية.pdf') ?? Buffer.alloc(0))).toBe(
      sha256(pdfs.arabic ?? new Uint8Array()),
    );

    const csv = entries.get('proceedings.csv')?.toString('utf8') ?? '';
    expect(csv.startsWith('\uFEFFnumber,title,authors,affiliations,abstract,keywords,pages,file\r\n')).toBe(true);
    const lines = csv.slice(1).trimEnd().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(
      '1,Graphs & Costs: 100% {Exact},Amira Haddad; Omar Farouk,Cairo University; جامعة القاهرة',
    );
    expect(lines[1]?.endsWith(',1--2,001-Graphs-Costs-100-Exact.pdf')).toBe(true);
    expect(lines[2]).toContain('5,التعلّم العميق للغة العربية,Omar Farouk');
    expect(lines[2]?.endsWith(',3--5,005-التعلّم-العميق-للغة-العربية.pdf')).toBe(true);

    const bib = entries.get('proceedings.bib')?.toString('utf8') ?? '';
    const year = world.event.startDate.slice(0, 4);
    expect(bib).toContain(`@inproceedings{FVC${year}_001,`);
    expect(bib).toContain('title = {{Graphs \\& Costs: 100\\% \\{Exact\\}}}');
    expect(bib).toContain('author = {Haddad, Amira and Farouk, Omar}');
    expect(bib).toContain('booktitle = {Conference on \\{Data\\} \\& Systems}');
    expect(bib).toContain('pages = {1--2}');
    expect(bib).toContain('title = {{التعلّم العميق للغة العربية}}');
    expect(bib.match(/@inproceedings/g)).toHaveLength(2);

    expect(entries.get('missing.txt')?.toString('utf8')).toBe('4\tAccepted Without Final Version\n');
  });

  it('refuses members who are not organizers (403) and outsiders (404)', async () => {
    const reviewer = await (await as(world.reviewer)).get(`/api/events/${world.event.publicId}/proceedings.zip`);
    expect(reviewer.statusCode).toBe(403);
    expect(reviewer.json()).toMatchObject({ code: 'PERMISSION_DENIED', message_code: 'finalVersions.organizersOnly' });
    const areaChair = await (await as(world.areaChair)).get(`/api/events/${world.event.publicId}/proceedings.zip`);
    expect(areaChair.statusCode).toBe(403);
    expect(areaChair.json()).toMatchObject({ code: 'PERMISSION_DENIED', message_code: 'finalVersions.organizersOnly' });
    const outsider = await (await as(world.outsider)).get(`/api/events/${world.event.publicId}/proceedings.zip`);
    expect(outsider.statusCode).toBe(404);
    expect(outsider.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('gives a conflicted chair the proceedings too: accepted papers meant for publication', async () => {
    const response = await (await as(world.conflictedChair)).get(`/api/events/${world.event.publicId}/proceedings.zip`);
    expect(response.statusCode).toBe(200);
  });
});

describe('a stored PDF gone when the ZIP reaches it', () => {
  it('cuts the download instead of sending a ZIP with a paper missing, and the server keeps answering', async () => {
    // The second paper's PDF (the first is read before any other entry is queued, the second from yazl's pump).
    const [file] = await app.db
      .select({ key: submissionFiles.storageKey })
      .from(submissionFiles)
      .where(
        and(
          eq(submissionFiles.sha256, sha256(pdfs.arabic ?? new Uint8Array())),
          eq(submissionFiles.kind, 'camera_ready'),
        ),
      );
    if (!file) throw new Error('no stored final PDF');
    await app.storage.delete(file.key);
    const bytes = await (await as(world.chair)).get(`/api/events/${world.event.publicId}/proceedings.zip`).then(
      (response) => response.rawPayload,
      () => undefined,
    );
    if (bytes) await expect(unzip(bytes)).rejects.toThrow();
    const list = await (await as(world.chair)).get(`/api/events/${world.event.publicId}/final-versions/`);
    expect(list.statusCode).toBe(200);
  });
});
