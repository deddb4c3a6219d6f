import { DEFAULT_REVIEW_FORM, type ReviewQuestionDto } from '@confero/contracts';
import { count, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { addMembership, type BuiltEvent, buildEvent } from '../../../test/factories/events.ts';
import { type BuiltUser, buildAdmin, buildUser } from '../../../test/factories/index.ts';
import { libraryQuestion } from '../../../test/factories/review-forms.ts';
import { buildBid, buildConflict, buildReview, structuredReview } from '../../../test/factories/reviews.ts';
import { type BuiltSubmission, buildSubmission } from '../../../test/factories/submissions.ts';
import { createClient, signedInClients } from '../../../test/http.ts';
import { auditLog, reviewForms, reviews } from '../../db/schema/index.ts';
import { CSV_BOM } from './export-formats.ts';

let app: TestApp;
let event: BuiltEvent;
let chair: BuiltUser;
let conflictedChair: BuiltUser;
let reviewerA: BuiltUser;
let reviewerB: BuiltUser;
let outsider: BuiltUser;
let admin: BuiltUser;
let arabicPaper: BuiltSubmission;
let formulaPaper: BuiltSubmission;
const as = signedInClients(() => app);

const ARABIC_TITLE = 'تعلّم الآلة للغة العربية, "دراسة" أولى';
const FORMULA_TITLE = '=HYPERLINK("http://evil.example","click")';

beforeAll(async () => {
  app = await buildTestApp();
  chair = await buildUser(app, { firstName: 'Chiara', lastName: 'Chair' });
  conflictedChair = await buildUser(app, { firstName: 'Conrad', lastName: 'Conflicted' });
  reviewerA = await buildUser(app, { firstName: 'سارة', lastName: 'Haddad', email: 'sara.reviewer@example.org' });
  reviewerB = await buildUser(app, { firstName: 'Bruno', lastName: 'Second', email: 'bruno.reviewer@example.org' });
  outsider = await buildUser(app);
  admin = await buildAdmin(app);
  event = await buildEvent(app, { status: 'active', acronym: 'ICAI26' });
  for (const user of [chair, conflictedChair]) await addMembership(app, { event, user, role: 'chair' });
  for (const user of [reviewerA, reviewerB]) await addMembership(app, { event, user, role: 'reviewer' });
  arabicPaper = await buildSubmission(app, { event, title: ARABIC_TITLE, keywords: ['تعلم', 'machine'] });
  formulaPaper = await buildSubmission(app, { event, title: FORMULA_TITLE });
  await buildReview(app, {
    submission: arabicPaper,
    reviewer: reviewerA,
    status: 'completed',
    score: -2,
    commentsToAuthor: 'Line one\nline two, with a comma',
    commentsToChair: 'For the chairs only',
    confidentialRemarks: 'PC eyes only',
  });
  await buildReview(app, { submission: arabicPaper, reviewer: reviewerB, status: 'assigned' });
  await buildReview(app, { submission: formulaPaper, reviewer: reviewerB, status: 'completed', score: 1 });
  await buildBid(app, { submission: arabicPaper, user: reviewerA, value: 'eager' });
  await buildBid(app, { submission: formulaPaper, user: reviewerB, value: 'willing' });
  await buildConflict(app, { submission: formulaPaper, user: reviewerA, reason: '-shared lab' });
  // The second chair is conflicted with the formula paper: its reviewers, bids and conflicts are not theirs to read.
  await buildConflict(app, { submission: formulaPaper, user: conflictedChair, reason: 'Former student' });
});
afterAll(async () => {
  await app.close();
});

const url = (file: string, query = '', of: { publicId: string } = event) =>
  `/api/events/${of.publicId}/export/${file}${query}`;

/** Parses RFC 4180 CSV (quoted fields, doubled quotes, CRLF records) into rows of fields. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 1;
    } else field += char;
  }
  if (field !== '' || row.length > 0) throw new Error('the CSV does not end with CRLF');
  return rows;
}

/** The CSV answer as records keyed by header. */
async function csvOf(
  user: BuiltUser,
  file: string,
  query = '',
  headers: Record<string, string> = {},
  of: { publicId: string } = event,
) {
  const response = await (await as(user)).get(url(file, query, of), { headers });
  expect(response.statusCode).toBe(200);
  const text = response.body;
  expect(text.startsWith(CSV_BOM)).toBe(true);
  const [header = [], ...rows] = parseCsv(text.slice(CSV_BOM.length));
  return {
    response,
    text,
    header,
    records: rows.map((row) => Object.fromEntries(header.map((name, index) => [name, row[index] ?? '']))),
  };
}

describe('GET /api/events/{id}/export/{kind}.csv', () => {
  it('streams the reviews with reviewer identities, every criterion, the committee remarks, BOM, quoting and CRLF', async () => {
    const auditsBefore = await app.db.select({ value: count() }).from(auditLog);
    const { response, header, records, text } = await csvOf(chair, 'reviews.csv');
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="ICAI26-reviews-${new Date().toISOString().slice(0, 10)}.csv"`,
    );
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(header).toEqual([
      'Submission',
      'Title',
      'Review',
      'Reviewer',
      'Reviewer e-mail',
      'Status',
      'Overall evaluation (overall_score)',
      'Strengths (strengths)',
      'Weaknesses (weaknesses)',
      'Justification (justification)',
      'Confidence (confidence)',
      'Confidence comment (confidence_comment)',
      'Confidential remarks for the programme committee (confidential_remarks_for_pc)',
      'Originality (originality)',
      'Relevance (relevance)',
      'Technical quality (quality)',
      'Clarity (clarity)',
      'Contribution (contribution)',
      'Recommendation',
      'Comments to the authors',
      'Comments to the chairs',
      'Assigned at',
      'Completed at',
    ]);
    expect(records).toHaveLength(3);
    const [first, second, third] = records;
    expect(first).toMatchObject({
      Submission: arabicPaper.publicId,
      Title: ARABIC_TITLE,
      Reviewer: 'سارة Haddad',
      'Reviewer e-mail': 'sara.reviewer@example.org',
      Status: 'completed',
      'Overall evaluation (overall_score)': '-2',
      'Strengths (strengths)': 'Clear problem statement',
      'Confidence (confidence)': '4',
      'Confidence comment (confidence_comment)': 'I work in this area.',
      'Confidential remarks for the programme committee (confidential_remarks_for_pc)': 'PC eyes only',
      'Originality (originality)': '',
      Recommendation: 'reject',
      'Comments to the authors': 'Line one\nline two, with a comma',
      'Comments to the chairs': 'For the chairs only',
    });
    expect(first?.['Assigned at']).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    // A draft's (here: untouched assignment's) text and scores stay with its reviewer.
    expect(second).toMatchObject({
      Reviewer: 'Bruno Second',
      Status: 'assigned',
      'Overall evaluation (overall_score)': '',
      'Justification (justification)': '',
      'Completed at': '',
    });
    // The formula title is written as text: a leading apostrophe, the rest untouched.
    expect(third?.Title).toBe(`'${FORMULA_TITLE}`);
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    expect(text.split('\r\n').length).toBeGreaterThan(4);
    // An export reads and writes nothing else.
    expect(await app.db.select({ value: count() }).from(auditLog)).toEqual(auditsBefore);
  });

  it('numbers the reviewers of each paper instead of naming them with ?anonymous=true', async () => {
    const { header, records, text } = await csvOf(chair, 'reviews.csv', '?anonymous=true');
    expect(header).not.toContain('Reviewer e-mail');
    expect(records.map((record) => [record.Submission, record.Reviewer])).toEqual([
      [arabicPaper.publicId, 'Reviewer 1'],
      [arabicPaper.publicId, 'Reviewer 2'],
      [formulaPaper.publicId, 'Reviewer 1'],
    ]);
    for (const secret of ['sara.reviewer@example.org', 'bruno.reviewer@example.org', 'Haddad', 'Bruno']) {
      expect(text).not.toContain(secret);
    }
  });

  it('writes the headers in Arabic for an Arabic reader (Accept-Language or ?lang=ar)', async () => {
    const byHeader = await csvOf(chair, 'reviews.csv', '?anonymous=true', { 'accept-language': 'ar,en;q=0.5' });
    expect(byHeader.header.slice(0, 4)).toEqual(['الورقة', 'العنوان', 'المراجعة', 'المراجع']);
    expect(byHeader.records[0]?.المراجع).toBe('المحكّم 1');
    const byQuery = await csvOf(chair, 'submissions.csv', '?lang=ar');
    expect(byQuery.header[1]).toBe('العنوان');
  });

  it('exports submissions with authors and decision, reviewers with loads, bids and conflicts', async () => {
    const submissionsCsv = await csvOf(chair, 'submissions.csv');
    const arabic = submissionsCsv.records.find((record) => record.Submission === arabicPaper.publicId);
    expect(arabic).toMatchObject({
      Title: ARABIC_TITLE,
      Status: 'submitted',
      Decision: 'pending',
      Keywords: 'تعلم; machine',
      'Reviews assigned': '2',
      'Reviews completed': '1',
      'Average overall score': '-2',
      'Corresponding author': arabicPaper.authors[0]?.email,
    });
    expect(arabic?.Authors).toContain(arabicPaper.submitter.lastName);

    const reviewersCsv = await csvOf(chair, 'reviewers.csv');
    expect(reviewersCsv.records.map((record) => record['Reviewer e-mail'])).toEqual([
      'sara.reviewer@example.org',
      'bruno.reviewer@example.org',
    ]);
    expect(reviewersCsv.records[1]).toMatchObject({
      'Reviews assigned': '2',
      'Reviews completed': '1',
      'Completion (%)': '50',
      Bids: '1',
    });

    const bidsCsv = await csvOf(chair, 'bids.csv');
    expect(bidsCsv.records.map((record) => [record.Submission, record['Reviewer e-mail'], record.Bid])).toEqual([
      [arabicPaper.publicId, 'sara.reviewer@example.org', 'eager'],
      [formulaPaper.publicId, 'bruno.reviewer@example.org', 'willing'],
    ]);

    const conflictsCsv = await csvOf(chair, 'conflicts.csv');
    const reviewerConflict = conflictsCsv.records.find((record) => record["Person's e-mail"] === reviewerA.email);
    expect(reviewerConflict).toMatchObject({ Submission: formulaPaper.publicId, Reason: "'-shared lab" });
  });

  it("leaves out a conflicted chair's paper from the reviews, bids and conflicts, and its review figures", async () => {
    const reviewsCsv = await csvOf(conflictedChair, 'reviews.csv');
    expect(reviewsCsv.records.map((record) => record.Submission)).toEqual([arabicPaper.publicId, arabicPaper.publicId]);
    const bidsCsv = await csvOf(conflictedChair, 'bids.csv');
    expect(bidsCsv.records.map((record) => record.Submission)).toEqual([arabicPaper.publicId]);
    const conflictsCsv = await csvOf(conflictedChair, 'conflicts.csv');
    expect(conflictsCsv.records.map((record) => record.Submission)).not.toContain(formulaPaper.publicId);
    const submissionsCsv = await csvOf(conflictedChair, 'submissions.csv');
    expect(submissionsCsv.records.find((record) => record.Submission === formulaPaper.publicId)).toMatchObject({
      'Reviews assigned': '',
      'Reviews completed': '',
      'Average overall score': '',
    });
  });

  it('lets a platform admin export too', async () => {
    const { records } = await csvOf(admin, 'reviews.csv');
    expect(records).toHaveLength(3);
  });
});

/** The worksheet of an XLSX answer. */
async function sheetOf(user: BuiltUser, file: string, of: { publicId: string } = event) {
  const response = await (await as(user)).get(url(file, '', of));
  expect(response.statusCode).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ExcelJS.Buffer);
  const sheet = workbook.getWorksheet('Reviews');
  if (!sheet) throw new Error('the workbook has no Reviews sheet');
  return { response, sheet };
}

describe('the reviews export follows the review form', () => {
  let formEvent: BuiltEvent;
  let formChair: BuiltUser;
  let paper: BuiltSubmission;
  let untouchedPaper: BuiltSubmission;

  const fromLibrary = libraryQuestion;
  const choice = fromLibrary('best_paper', {
    visibility: 'committee',
    options: [
      { value: 'yes', label: { en: 'Yes, nominate', ar: 'نعم' } },
      { value: 'no', label: { en: 'No', ar: 'لا' } },
    ],
  });
  const chairsOnly = fromLibrary('ethics_concerns');
  const soundness = fromLibrary('soundness', { label: { en: 'Soundness', ar: '' } });
  const oldNote: ReviewQuestionDto = { ...chairsOnly, key: 'old_note', label: { en: 'Old note', ar: '' } };
  const [overall, ...restOfDefault] = DEFAULT_REVIEW_FORM;
  const withoutRemarks = DEFAULT_REVIEW_FORM.filter((question) => question.key !== 'confidential_remarks_for_pc');

  /** A completed review of the form event, written against `formVersion` with these answers and lists. */
  async function reviewAt(
    submission: BuiltSubmission,
    formVersion: number,
    values: Partial<typeof reviews.$inferInsert>,
  ) {
    const reviewer = await buildUser(app);
    await addMembership(app, { event: formEvent, user: reviewer, role: 'reviewer' });
    const review = await buildReview(app, { submission, reviewer, status: 'completed', score: 1 });
    await app.db
      .update(reviews)
      .set({ formVersion, ...values })
      .where(eq(reviews.id, review.id));
  }

  beforeAll(async () => {
    formChair = await buildUser(app);
    formEvent = await buildEvent(app, { status: 'active', acronym: 'FORM26' });
    await addMembership(app, { event: formEvent, user: formChair, role: 'chair' });
    paper = await buildSubmission(app, { event: formEvent });
    untouchedPaper = await buildSubmission(app, { event: formEvent });
    // Version 1 had a note the chair later removed (which orphans its answers: version 2) and no confidential
    // remarks; version 2 brings the remarks back and adds a score and a chairs-only text.
    await app.db.insert(reviewForms).values([
      { eventId: formEvent.id, version: 1, questions: [...withoutRemarks, choice, oldNote] },
      {
        eventId: formEvent.id,
        version: 2,
        questions: [overall as ReviewQuestionDto, soundness, ...restOfDefault, choice, chairsOnly],
      },
    ]);
    await reviewAt(paper, 2, {
      answers: { best_paper: 'yes', ethics_concerns: '=Consent forms missing', soundness: 4 },
      structuredReview: structuredReview(1, { strengths: ['Clear', 'Well argued'] }),
      confidentialRemarks: 'Borderline',
    });
    await reviewAt(paper, 1, {
      answers: { best_paper: 'no', old_note: 'Legacy note', ethics_concerns: 'Not a question of version 1' },
      confidentialRemarks: 'Written when the form had no remarks',
    });
    await buildReview(app, { submission: untouchedPaper, reviewer: formChair, status: 'assigned' });
  });

  const SOUNDNESS = 'Soundness (soundness)';
  const CHOICE = 'Best-paper nomination (best_paper)';
  const CHAIRS_ONLY = 'Ethics concerns (ethics_concerns)';
  const REMARKS = 'Confidential remarks for the programme committee (confidential_remarks_for_pc)';

  it('writes one column per question of the current form, in its order, with the answers by key (CSV)', async () => {
    const { header, records } = await csvOf(formChair, 'reviews.csv', '', {}, formEvent);
    expect(header.slice(5, 8)).toEqual(['Status', 'Overall evaluation (overall_score)', SOUNDNESS]);
    expect(header.slice(-7)).toEqual([
      CHOICE,
      CHAIRS_ONLY,
      'Recommendation',
      'Comments to the authors',
      'Comments to the chairs',
      'Assigned at',
      'Completed at',
    ]);
    expect(header).not.toContain('Old note (old_note)');
    expect(header).toContain(REMARKS);
    const [current, old, untouched] = records;
    expect(current).toMatchObject({
      [SOUNDNESS]: '4',
      [CHOICE]: 'Yes, nominate',
      // The chairs-only answer is there (exports are for chairs), formula-guarded like every text.
      [CHAIRS_ONLY]: "'=Consent forms missing",
      'Strengths (strengths)': 'Clear\nWell argued',
      [REMARKS]: 'Borderline',
    });
    // Written against version 1: its choice is read by key, the questions version 1 lacks stay empty.
    expect(old).toMatchObject({
      [CHOICE]: 'No',
      [SOUNDNESS]: '',
      [CHAIRS_ONLY]: '',
      [REMARKS]: '',
      'Overall evaluation (overall_score)': '1',
    });
    expect(JSON.stringify(records)).not.toContain('Legacy note');
    expect(untouched).toMatchObject({ Status: 'assigned', [CHOICE]: '', [SOUNDNESS]: '' });
  });

  it("heads a question's column with its Arabic label, or its English one when it has none", async () => {
    const { header, records } = await csvOf(formChair, 'reviews.csv', '?lang=ar', {}, formEvent);
    expect(header).toContain('الترشيح لجائزة أفضل ورقة (best_paper)');
    expect(header).toContain('مخاوف أخلاقية (ethics_concerns)');
    expect(header).toContain(SOUNDNESS);
    // The values read the same in every language: the option's English label.
    expect(records[0]?.['الترشيح لجائزة أفضل ورقة (best_paper)']).toBe('Yes, nominate');
  });

  it('writes the same columns and values in XLSX, a score as a number', async () => {
    const { sheet } = await sheetOf(formChair, 'reviews.xlsx', formEvent);
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const column = (name: string) => header.indexOf(name) + 1;
    expect(column(SOUNDNESS)).toBe(8);
    expect(sheet.getRow(2).getCell(column(SOUNDNESS)).value).toBe(4);
    expect(sheet.getRow(2).getCell(column(CHOICE)).value).toBe('Yes, nominate');
    expect(sheet.getRow(2).getCell(column(CHAIRS_ONLY)).value).toBe('=Consent forms missing');
    expect(sheet.getRow(3).getCell(column(CHOICE)).value).toBe('No');
    expect(sheet.getRow(3).getCell(column(CHAIRS_ONLY)).value).toBeNull();
    expect(sheet.actualRowCount).toBe(4);
  });
});

describe('GET /api/events/{id}/export/{kind}.xlsx', () => {
  it('streams a workbook with a bold header row and the Arabic text intact', async () => {
    const { response, sheet } = await sheetOf(chair, 'reviews.xlsx');
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="ICAI26-reviews-[\d-]{10}\.xlsx"$/);
    const header = sheet.getRow(1);
    expect(header.getCell(1).value).toBe('Submission');
    expect(header.getCell(1).font?.bold).toBe(true);
    expect(sheet.getRow(2).getCell(2).value).toBe(ARABIC_TITLE);
    expect(sheet.getRow(2).getCell(7).value).toBe(-2);
    expect(sheet.getRow(4).getCell(2).value).toBe(FORMULA_TITLE);
    expect(sheet.actualRowCount).toBe(4);
  });
});

describe('refusals of GET /api/events/{id}/export/{file}', () => {
  it('answers 400 on file for an unknown kind or format, and 400 on anonymous when it is not a boolean', async () => {
    const client = await as(chair);
    for (const file of ['papers.csv', 'reviews.pdf', 'reviews']) {
      const response = await client.get(url(file));
      expect(response.statusCode).toBe(400);
      expect({ file, ...response.json() }).toMatchObject({
        file,
        code: 'VALIDATION_ERROR',
        field_codes: { file: ['validation.invalidChoice'] },
      });
    }
    const response = await client.get(url('reviews.csv', '?anonymous=yes'));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { anonymous: ['Select a valid choice.'] },
      field_codes: { anonymous: ['validation.invalidChoice'] },
    });
  });

  it('answers 401 anonymously, 404 to outsiders of a public event, 403 to its reviewers, writing nothing', async () => {
    const reviewsBefore = await app.db.select().from(reviews);
    expect((await createClient(app).get(url('reviews.csv'))).statusCode).toBe(401);
    const hidden = await (await as(outsider)).get(url('reviews.csv'));
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toMatchObject({ code: 'NOT_FOUND', message_code: 'events.notFound' });
    for (const kind of ['reviews.csv', 'bids.xlsx']) {
      const refused = await (await as(reviewerA)).get(url(kind));
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'PERMISSION_DENIED', message_code: 'events.permissionDenied' });
      expect(refused.headers['content-disposition']).toBeUndefined();
    }
    const missing = await (await as(chair)).get('/api/events/999999/export/reviews.csv');
    expect(missing.statusCode).toBe(404);
    expect(await app.db.select().from(reviews)).toEqual(reviewsBefore);
  });
});
