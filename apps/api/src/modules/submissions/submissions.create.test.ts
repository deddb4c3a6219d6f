import crypto from 'node:crypto';
import fs from 'node:fs';
import type { SubmissionDto } from '@confero/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { addMembership, type BuiltEvent, buildEvent, buildTrack } from '../../../test/factories/events.ts';
import { buildSubmission } from '../../../test/factories/submissions.ts';
import { type BuiltUser, buildUser } from '../../../test/factories/users.ts';
import { type MultipartPart, multipartBody } from '../../../test/fixtures/multipart.ts';
import { PAPER_FIXTURES } from '../../../test/fixtures/pdf/papers.ts';
import { buildPaperPdf } from '../../../test/fixtures/submission-pdf.ts';
import { createClient, lastMail, mailsTo, signedInClient, type TestClient } from '../../../test/http.ts';
import { startSmtpServer, type TestSmtpServer } from '../../../test/smtp.ts';
import {
  auditLog,
  conflicts,
  jobs,
  storedObjects,
  submissionAuthors,
  submissionFiles,
  submissions,
} from '../../db/schema/index.ts';
import { storageKey } from '../../lib/storage.ts';
import { sweepStoredObjects } from './stored-objects.ts';

const MAX_UPLOAD_BYTES = 1024 * 1024; // MAX_UPLOAD_MB=1

let app: TestApp;
let smtp: TestSmtpServer;
let event: BuiltEvent;
let author: BuiltUser;
let client: TestClient;
let paper: Uint8Array;

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await buildTestApp({ maxUploadBytes: MAX_UPLOAD_BYTES, smtpUrl: smtp.url });
  event = await buildEvent(app, { status: 'active', title: 'Symposium on Peer Review' });
  author = await buildUser(app, { firstName: 'Alice', lastName: 'Martin', email: 'alice.martin@ulisboa.example' });
  client = await signedInClient(app, author);
  const fixture = PAPER_FIXTURES.find((entry) => entry.name === 'preprint-single-column');
  if (!fixture) throw new Error('preprint fixture missing');
  paper = await fixture.build();
});
afterAll(async () => {
  await app.close();
  await smtp.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const sha256 = (bytes: Uint8Array) => crypto.createHash('sha256').update(bytes).digest('hex');

type AuthorInput = Record<string, unknown>;

const defaultAuthors = (): AuthorInput[] => [
  {
    first_name: 'Alice',
    last_name: 'Martin',
    email: 'alice.martin@ulisboa.example',
    affiliation: 'University of Lisbon',
    country: 'PT',
    is_corresponding: true,
    order: 1,
    webpage: 'https://alice.example.org',
  },
  {
    first_name: 'Bob',
    last_name: 'Chen',
    email: 'bob.chen@ethz.example',
    affiliation: 'ETH Zurich',
    country: 'Switzerland',
    is_corresponding: false,
    order: 2,
    webpage: '',
  },
];

type FormOptions = {
  fields?: Record<string, string | string[] | undefined>;
  authors?: AuthorInput[] | string;
  file?: Uint8Array | string | null;
  filename?: string;
};

let titleSequence = 0;

function formParts(options: FormOptions = {}): MultipartPart[] {
  titleSequence += 1;
  const fields: Record<string, string | string[] | undefined> = {
    title: `Learning to Assign Reviewers ${titleSequence}`,
    abstract: 'Reviewer assignment decides the quality of peer review. We study bidding behaviour.',
    keywords: 'peer review, reviewer assignment, bidding',
    event: event.publicId,
    track: '',
    metadata: JSON.stringify({ method: 'manual', fileFormat: 'pdf' }),
    ...options.fields,
  };
  const parts: MultipartPart[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) parts.push({ name, value: item });
  }
  const authors = options.authors ?? defaultAuthors();
  parts.push({ name: 'authors', value: typeof authors === 'string' ? authors : JSON.stringify(authors) });
  const file = options.file === undefined ? paper : options.file;
  if (file !== null) parts.push({ name: 'file', filename: options.filename ?? 'paper.pdf', content: file });
  return parts;
}

async function submit(options: FormOptions = {}, as: TestClient = client) {
  const body = multipartBody(formParts(options));
  return as.post('/api/submissions/', body.payload, { headers: body.headers });
}

/**
 * Every object in the store (content-addressed files) and whatever else is left: its temporary files and, on S3,
 * multipart uploads never completed or aborted.
 */
function storeContents(): { objects: string[]; tmp: string[] } {
  const keys = app.testStore.keys();
  return {
    objects: keys.filter((key) => key.startsWith('files/')),
    tmp: keys.filter((key) => !key.startsWith('files/')),
  };
}

/**
 * A refused upload leaves its file in the store, registered and referenced by no row, for the sweep: identical bytes
 * are shared, so a concurrent upload may be about to refer to it. The sweep then frees it.
 */
async function expectLeftForTheSweep(bytes: Uint8Array, objectsBefore: string[]) {
  const key = storageKey(sha256(bytes));
  expect(storeContents()).toEqual({ objects: [...objectsBefore, key].sort(), tmp: [] });
  expect(await app.db.select().from(storedObjects).where(eq(storedObjects.key, key))).toMatchObject([
    { key, size: bytes.length },
  ]);
  expect(await app.db.select().from(submissionFiles).where(eq(submissionFiles.storageKey, key))).toEqual([]);
  expect(await sweepStoredObjects(app.db, app.storage, { graceMs: 0 })).toContain(key);
  expect(storeContents().objects).not.toContain(key);
}

async function submissionCount() {
  return (await app.db.select({ id: submissions.id }).from(submissions)).length;
}

describe('POST /api/submissions/', () => {
  it('creates the submission with its authors, file, conflicts, audit, insights job and receipt mail', async () => {
    const coauthor = await buildUser(app, {
      firstName: 'Bob',
      lastName: 'Chen',
      email: 'Bob.Chen@ethz.example',
      locale: 'ar',
    });
    const before = storeContents().objects.length;
    const response = await submit({
      fields: {
        title: '  Learning to Assign Reviewers: A Study of Bidding  ',
        keywords: 'peer review; bidding, assignment, Bidding',
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json() as SubmissionDto;
    expect(body).toMatchObject({
      title: 'Learning to Assign Reviewers: A Study of Bidding',
      abstract: 'Reviewer assignment decides the quality of peer review. We study bidding behaviour.',
      keywords: 'peer review, bidding, assignment',
      keywords_list: ['peer review', 'bidding', 'assignment'],
      status: 'submitted',
      status_display: 'Submitted',
      decision: 'pending',
      decision_details: '',
      event: event.id,
      event_public_id: event.publicId,
      event_title: 'Symposium on Peer Review',
      track: null,
      metadata: { method: 'manual', fileFormat: 'pdf' },
      file: `/api/submissions/${body.public_id}/download_file/`,
      file_name: 'learning_to_assign_reviewers_a_study_of_bidding.pdf',
      file_size: paper.length,
      page_count: 2,
      sha256: sha256(paper),
      file_version: 1,
      primary_author: { first_name: 'Alice', last_name: 'Martin', full_name: 'Alice Martin' },
      authors_hidden: false,
      abilities: {
        update: true,
        delete: true,
        change_status: false,
        make_decision: false,
        download: true,
        view_insights: false,
        review: false,
      },
    });
    expect(body.public_id).toMatch(new RegExp(`^${body.id}-[a-z2-7]{8}$`));
    expect(body).not.toHaveProperty('ai_analysis');
    expect(body.authors.map((a) => [a.full_name, a.order, a.is_corresponding, a.country, a.is_registered])).toEqual([
      ['Alice Martin', 1, true, 'PT', true],
      ['Bob Chen', 2, false, 'CH', true],
    ]);
    expect(body.authors[0]?.webpage).toBe('https://alice.example.org/');
    expect(body.submission_authors.map((a) => a.email)).toEqual([
      'alice.martin@ulisboa.example',
      'bob.chen@ethz.example',
    ]);
    expect(body.author_infos).toEqual([]);

    const [row] = await app.db.select().from(submissions).where(eq(submissions.id, body.id));
    expect(row).toMatchObject({
      eventId: event.id,
      submittedBy: author.id,
      keywords: ['peer review', 'bidding', 'assignment'],
    });
    const authorRows = await app.db
      .select()
      .from(submissionAuthors)
      .where(eq(submissionAuthors.submissionId, body.id))
      .orderBy(submissionAuthors.position);
    expect(authorRows.map((a) => [a.position, a.userId, a.isCorresponding])).toEqual([
      [1, author.id, true],
      [2, coauthor.id, false],
    ]);
    const [file] = await app.db.select().from(submissionFiles).where(eq(submissionFiles.submissionId, body.id));
    expect(file).toMatchObject({ version: 1, kind: 'paper', sha256: sha256(paper), size: paper.length, pageCount: 2 });
    expect(file?.storageKey).toBe(`files/${sha256(paper).slice(0, 2)}/${sha256(paper).slice(2, 4)}/${sha256(paper)}`);
    const stored = fs.readFileSync(app.testStore.fileOf(file?.storageKey ?? ''));
    expect(sha256(stored)).toBe(sha256(paper));
    // The registry of stored files knows it (the sweep frees only files no row refers to).
    expect(
      await app.db
        .select()
        .from(storedObjects)
        .where(eq(storedObjects.key, file?.storageKey ?? '')),
    ).toMatchObject([{ size: paper.length }]);
    expect(storeContents()).toEqual({ objects: expect.any(Array), tmp: [] });
    expect(storeContents().objects.length).toBe(before + 1);

    const conflictRows = await app.db.select().from(conflicts).where(eq(conflicts.submissionId, body.id));
    expect(conflictRows.map((c) => [c.userId, c.type, c.source]).sort()).toEqual(
      [
        [author.id, 'author', 'detected'],
        [coauthor.id, 'author', 'detected'],
      ].sort(),
    );
    const audit = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'submission'), eq(auditLog.entityId, String(body.id))));
    expect(audit).toMatchObject([{ action: 'submission.created', actorId: author.id, eventId: event.id }]);
    const queued = await app.db.select().from(jobs).where(eq(jobs.type, 'submissions.insights'));
    expect(queued.some((job) => job.payload.submissionId === body.id && job.payload.fileId === file?.id)).toBe(true);

    const receipt = await lastMail(app, 'alice.martin@ulisboa.example', 'submissions.receipt');
    expect(receipt.subject).toBe('Submission received: Learning to Assign Reviewers: A Study of Bidding');
    expect(receipt.text_body).toContain(sha256(paper));
    expect(receipt.text_body).toContain('Symposium on Peer Review');
    expect(receipt.text_body).toContain(`/submissions/${body.public_id}`);
    expect(await mailsTo(app, 'bob.chen@ethz.example')).toEqual([]);

    // The receipt really leaves through SMTP, with the file's fingerprint.
    const already = smtp.messages.length;
    await app.jobs.runPending();
    const delivered = (await smtp.waitForMessages(already + 1)).at(-1);
    expect(delivered?.envelope.to).toEqual(['alice.martin@ulisboa.example']);
    expect(delivered?.subject).toBe('Submission received: Learning to Assign Reviewers: A Study of Bidding');
    expect(delivered?.text).toContain(sha256(paper));

    // The co-author now holds the author role and sees it among their submissions.
    const coClient = await signedInClient(app, coauthor);
    const me = (await coClient.get('/api/users/me/')).json() as { roles: { name: string }[] };
    expect(me.roles.map((role) => role.name)).toContain('author');
    const mine = (await coClient.get('/api/submissions/my_submissions/')).json() as SubmissionDto[];
    expect(mine.map((s) => s.id)).toContain(body.id);
  });

  it('accepts repeated keyword fields, a track by public id and an approved event', async () => {
    const approved = await buildEvent(app, { status: 'approved' });
    const track = await buildTrack(app, { event: approved, name: 'Systems' });
    const response = await submit({
      fields: { event: String(approved.id), track: track.publicId, keywords: ['alpha', 'beta;gamma', 'Alpha'] },
      file: await buildPaperPdf({ title: 'Repeated keywords' }),
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      keywords_list: ['alpha', 'beta', 'gamma'],
      track: track.publicId,
      track_name: 'Systems',
      event: approved.id,
    });
  });

  it.each([
    {
      rule: 'title required (checked first)',
      form: { fields: { title: '   ', abstract: '' } },
      field: 'title',
      key: 'submissions.validations.titleRequired',
      detail: 'Title is required',
    },
    {
      rule: 'abstract required',
      form: { fields: { abstract: ' ', keywords: 'one' } },
      field: 'abstract',
      key: 'submissions.validations.abstractRequired',
      detail: 'Abstract is required',
    },
    {
      rule: 'at least three keywords',
      form: { fields: { keywords: 'one, two, ONE' }, authors: [] },
      field: 'keywords',
      key: 'submissions.validations.keywordsMinRequired',
      detail: 'Please provide at least 3 keyword(s)',
      params: { min: 3 },
    },
    {
      rule: 'every author complete',
      form: { authors: [{ ...defaultAuthors()[0], affiliation: '' }], file: null },
      field: 'authors',
      key: 'submissions.validations.authorRequired',
      detail: 'Each author needs a first name, last name, email, affiliation and country',
    },
    {
      rule: 'a corresponding author',
      form: { authors: defaultAuthors().map((a) => ({ ...a, is_corresponding: false })), file: null },
      field: 'authors',
      key: 'submissions.validations.correspondingRequired',
      detail: 'At least one author must be designated as corresponding',
    },
    {
      rule: 'only one corresponding author',
      form: { authors: defaultAuthors().map((a) => ({ ...a, is_corresponding: 'true' })) },
      field: 'authors',
      key: 'submissions.validations.singleCorresponding',
      detail: 'Only one author can be designated as corresponding',
    },
    {
      rule: 'at least one author',
      form: { authors: [], file: null },
      field: 'authors',
      key: 'submissions.validations.authorsRequired',
      detail: 'At least one author is required',
    },
    {
      rule: 'a file',
      form: { file: null },
      field: 'file',
      key: 'submissions.validations.fileRequired',
      detail: 'A file is required for submission',
    },
    {
      rule: 'authors as a JSON list',
      form: { authors: '{not json' },
      field: 'authors',
      key: 'submissions.validations.authorsInvalid',
      detail: 'The authors must be sent as a JSON list of authors.',
    },
    {
      rule: 'a known country',
      form: { authors: [{ ...defaultAuthors()[0], country: 'Atlantis' }] },
      field: 'authors',
      key: 'submissions.validations.countryInvalid',
      detail: '"Atlantis" is not a recognised country',
      params: { country: 'Atlantis' },
    },
  ] as { rule: string; form: unknown; field: string; key: string; detail: string; params?: object }[])(
    'refuses in the spec order: $rule',
    async ({ form, field, key, detail, params }) => {
      const count = await submissionCount();
      const objects = storeContents().objects;
      const response = await submit(form as FormOptions);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        detail,
        code: 'VALIDATION_ERROR',
        message_code: key,
        ...(params ? { params } : {}),
        fields: { [field]: [detail] },
        field_codes: { [field]: [key] },
        ...(params ? { field_params: { [field]: [params] } } : {}),
      });
      expect(await submissionCount()).toBe(count);
      expect(storeContents()).toEqual({ objects, tmp: [] });
    },
  );

  it('refuses a title already used in the event, in any letter case, with 409 DUPLICATE_TITLE', async () => {
    const existing = await buildSubmission(app, { event, title: 'A Unique Study of Conferences' });
    const objects = storeContents().objects;
    const count = await submissionCount();
    const file = await buildPaperPdf({ title: 'Different bytes for the duplicate' });
    const response = await submit({ fields: { title: 'a unique STUDY of conferences' }, file });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'DUPLICATE_TITLE',
      type: 'DUPLICATE_TITLE',
      detail: 'A submission with this title already exists for this event. Please choose a different title.',
      fields: {
        title: ['A submission with this title already exists for this event. Please choose a different title.'],
      },
    });
    expect(await submissionCount()).toBe(count);
    await expectLeftForTheSweep(file, objects);
    // Another event may use the same title.
    const other = await buildEvent(app, { status: 'active' });
    const elsewhere = await submit({ fields: { title: existing.title, event: other.publicId } });
    expect(elsewhere.statusCode, elsewhere.body).toBe(201);
  });

  it('keeps an object another submission still uses when a request with the same file fails', async () => {
    const bytes = await buildPaperPdf({ title: 'Shared bytes' });
    const first = await submit({ file: bytes });
    expect(first.statusCode).toBe(201);
    const key = `files/${sha256(bytes).slice(0, 2)}/${sha256(bytes).slice(2, 4)}/${sha256(bytes)}`;
    const failed = await submit({ file: bytes, fields: { title: (first.json() as SubmissionDto).title } });
    expect(failed.statusCode).toBe(409);
    expect(storeContents().objects).toContain(key);
  });

  it('refuses events that do not take submissions: 409 EVENT_NOT_OPEN, 404 for an event the author cannot see', async () => {
    const completed = await buildEvent(app, { status: 'completed' });
    const closed = await submit({ fields: { event: completed.publicId } });
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toMatchObject({
      code: 'EVENT_NOT_OPEN',
      detail: 'This event is not accepting submissions (its status is completed).',
    });
    const pending = await buildEvent(app, { status: 'pending' });
    const hidden = await submit({ fields: { event: pending.publicId } });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toMatchObject({ code: 'NOT_FOUND', detail: 'Event not found.' });
    const missing = await submit({ fields: { event: '' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ fields: { event: ['Event is required'] } });
    expect(storeContents().tmp).toEqual([]);
  });

  it('takes submissions until 23:59:59 of the deadline Anywhere on Earth, and refuses them a second later', async () => {
    const deadlineEvent = await buildEvent(app, {
      status: 'active',
      submissionDeadline: '2030-03-01',
      reviewDeadline: '2030-04-01',
      notificationDate: '2030-05-01',
      startDate: '2030-06-01',
      endDate: '2030-06-03',
    });
    // 2030-03-01 23:59:59 at UTC−12 is 2030-03-02 11:59:59 UTC.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-03-02T11:59:59.000Z'));
    const lastSecond = await signedInClient(app, author);
    const onTime = await submit({ fields: { event: deadlineEvent.publicId } }, lastSecond);
    expect(onTime.statusCode, onTime.body).toBe(201);
    vi.setSystemTime(new Date('2030-03-02T12:00:00.000Z'));
    const tooLate = await submit({ fields: { event: deadlineEvent.publicId } }, lastSecond);
    expect(tooLate.statusCode).toBe(400);
    expect(tooLate.json()).toMatchObject({
      code: 'DEADLINE_PASSED',
      detail: 'The submission deadline of this event (2030-03-01, AoE) has passed.',
    });
  });

  it('needs a signed-in caller and the CSRF token', async () => {
    const anonymous = createClient(app);
    const body = multipartBody(formParts());
    const response = await anonymous.post('/api/submissions/', body.payload, { headers: body.headers });
    expect(response.statusCode).toBe(401);
    const noCsrf = await client.post('/api/submissions/', body.payload, { headers: body.headers, skipCsrf: true });
    expect(noCsrf.statusCode).toBe(403);
  });
});

describe('POST /api/submissions/ file checks', () => {
  it('refuses a file that is not a PDF with 415 before storing it', async () => {
    const objects = storeContents().objects;
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      crypto.randomBytes(4000),
    ]);
    const response = await submit({ file: png, filename: 'paper.pdf' });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', detail: 'Only PDF files are accepted.' });
    expect(storeContents()).toEqual({ objects, tmp: [] });
  });

  it('refuses a file over MAX_UPLOAD_MB with 413 while it streams, leaving nothing in the store', async () => {
    const objects = storeContents().objects;
    const count = await submissionCount();
    const big = Buffer.concat([Buffer.from('%PDF-1.7\n'), crypto.randomBytes(MAX_UPLOAD_BYTES + 64 * 1024)]);
    const rssBefore = process.memoryUsage().rss;
    const response = await submit({ file: big });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      detail: 'The file is too large (the limit is 1 MB).',
    });
    expect(storeContents()).toEqual({ objects, tmp: [] });
    expect(await submissionCount()).toBe(count);
    // The body is read as a stream: the process does not grow by anything near a copy per byte received.
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(64 * 1024 * 1024);
  });

  it('stops an oversized upload on a real connection while it streams, without buffering it', async () => {
    const objects = storeContents().objects;
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const boundary = '----ConferoStreamTest';
    const head = multipartBody(formParts({ file: null }))
      .payload.toString('latin1')
      .replace(/--[^\r\n]*--\r\n$/, '');
    const headBoundary = /^--([^\r\n]+)/.exec(head)?.[1] ?? boundary;
    const total = 6 * MAX_UPLOAD_BYTES;
    let sent = 0;
    const chunk = crypto.randomBytes(64 * 1024);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(
          Buffer.from(
            `${head}--${headBoundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\n` +
              'Content-Type: application/pdf\r\n\r\n%PDF-1.7\n',
            'latin1',
          ),
        );
      },
      pull(controller) {
        if (sent >= total) {
          controller.enqueue(Buffer.from(`\r\n--${headBoundary}--\r\n`));
          controller.close();
          return;
        }
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const response = await fetch(`${address}/api/submissions/`, {
      method: 'POST',
      body,
      duplex: 'half',
      headers: {
        'content-type': `multipart/form-data; boundary=${headBoundary}`,
        cookie: [...client.jar.values()].map((cookie) => `${cookie.name}=${cookie.value}`).join('; '),
        'x-csrftoken': client.cookie('csrftoken') ?? '',
      },
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect(storeContents()).toEqual({ objects, tmp: [] });
  });

  it('refuses a corrupt PDF with 400 INVALID_PDF and leaves the stored object to the sweep', async () => {
    const objects = storeContents().objects;
    const corrupt = Buffer.from(`%PDF-1.7\n${'garbage '.repeat(400)}\n%%EOF\n`);
    const response = await submit({ file: corrupt });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'INVALID_PDF', detail: 'File is not a valid PDF.' });
    await expectLeftForTheSweep(corrupt, objects);
  });

  it('refuses an empty file with 400 EMPTY_FILE', async () => {
    const objects = storeContents().objects;
    const response = await submit({ file: new Uint8Array(0) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'EMPTY_FILE', detail: 'The file is empty.' });
    expect(storeContents()).toEqual({ objects, tmp: [] });
  });

  it('answers 400 to an upload cut off mid-file and stores nothing', async () => {
    const objects = storeContents().objects;
    const count = await submissionCount();
    const body = multipartBody(formParts({ file: await buildPaperPdf({ title: 'Interrupted', pages: 3 }) }), {
      cutAt: 900,
    });
    const response = await client.post('/api/submissions/', body.payload, { headers: body.headers });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'UPLOAD_INCOMPLETE' });
    expect(storeContents()).toEqual({ objects, tmp: [] });
    expect(await submissionCount()).toBe(count);
  });

  it('refuses a submission that is not multipart with 415', async () => {
    const response = await client.post('/api/submissions/', { title: 'JSON paper' });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
  });
});

describe('authors without an account', () => {
  it('stay author records until they register and verify that address, then are linked', async () => {
    const response = await submit({
      authors: [
        defaultAuthors()[0] as AuthorInput,
        {
          first_name: 'Nadia',
          last_name: 'Haddad',
          email: 'Nadia.Haddad@later.example',
          affiliation: 'Cairo University',
          country: 'EG',
          is_corresponding: false,
        },
      ],
    });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json() as SubmissionDto;
    expect(body.author_infos.map((a) => [a.email, a.is_registered, a.user_public_id])).toEqual([
      ['Nadia.Haddad@later.example', false, null],
    ]);

    const visitor = createClient(app);
    const registered = await visitor.post('/api/auth/register/', {
      email: 'nadia.haddad@later.example',
      password: 'Kestrel-Harbor-42',
      password2: 'Kestrel-Harbor-42',
      first_name: 'Nadia',
      last_name: 'Haddad',
      country: 'EG',
      affiliation: 'Cairo University',
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const [beforeVerify] = await app.db
      .select()
      .from(submissionAuthors)
      .where(eq(submissionAuthors.email, 'Nadia.Haddad@later.example'));
    expect(beforeVerify?.userId).toBeNull();

    const mail = await lastMail(app, 'nadia.haddad@later.example', 'auth.verify_email');
    const token = /token=([^\s&"]+)/.exec(mail.text_body)?.[1];
    const verified = await visitor.post('/api/auth/verify-email/', { token: decodeURIComponent(token ?? '') });
    expect(verified.statusCode, verified.body).toBe(200);

    const [linked] = await app.db
      .select()
      .from(submissionAuthors)
      .where(eq(submissionAuthors.email, 'Nadia.Haddad@later.example'));
    expect(linked?.userId).not.toBeNull();
    const conflict = await app.db
      .select()
      .from(conflicts)
      .where(and(eq(conflicts.submissionId, body.id), eq(conflicts.userId, linked?.userId ?? 0)));
    expect(conflict).toMatchObject([{ type: 'author', source: 'detected' }]);
    const nadia = await signedInClient(app, { email: 'nadia.haddad@later.example', password: 'Kestrel-Harbor-42' });
    const detail = await nadia.get(`/api/submissions/${body.public_id}/`);
    expect(detail.statusCode).toBe(200);
    expect((detail.json() as SubmissionDto).submission_authors.map((a) => a.email)).toContain(
      'Nadia.Haddad@later.example',
    );
    const roles = ((await nadia.get('/api/users/me/')).json() as { roles: { name: string }[] }).roles;
    expect(roles.map((role) => role.name)).toContain('author');
  });
});

describe('users statistics and event counts', () => {
  it('count submissions per author and per event', async () => {
    const statsEvent = await buildEvent(app, { status: 'active' });
    const writer = await buildUser(app);
    await buildSubmission(app, { event: statsEvent, submitter: writer });
    await buildSubmission(app, { event: statsEvent, submitter: writer });
    const writerClient = await signedInClient(app, writer);
    const stats = await writerClient.get('/api/users/statistics/');
    expect(stats.statusCode, stats.body).toBe(200);
    expect(stats.json()).toMatchObject({ submissions: 2, events_participated: 1 });
    const detail = await writerClient.get(`/api/events/${statsEvent.publicId}/`);
    expect(detail.json()).toMatchObject({ submission_count: 2 });
    const authored = (await writerClient.get('/api/events/author_events/')).json() as { id: number }[];
    expect(authored.map((e) => e.id)).toEqual([statsEvent.id]);
    const chair = await buildUser(app);
    await addMembership(app, { event: statsEvent, user: chair, role: 'chair' });
    const removal = await (await signedInClient(app, statsEvent.creator)).delete(`/api/events/${statsEvent.publicId}/`);
    expect(removal.statusCode).toBe(409);
    expect(removal.json()).toMatchObject({ code: 'EVENT_HAS_SUBMISSIONS' });
  });
});
