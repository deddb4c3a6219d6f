import crypto from 'node:crypto';
import fs from 'node:fs';
import type { AiAnalysis, SubmissionDto, SubmissionListItemDto, SubmissionPageDto } from '@confero/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { addMembership, type BuiltEvent, buildEvent, buildTrack, daysFromNow } from '../../../test/factories/events.ts';
import { type BuiltSubmission, buildSubmission } from '../../../test/factories/submissions.ts';
import { type BuiltUser, buildAdmin, buildUser } from '../../../test/factories/users.ts';
import { multipartBody } from '../../../test/fixtures/multipart.ts';
import { buildPaperPdf } from '../../../test/fixtures/submission-pdf.ts';
import { lastMail, mailsTo, signedInClients } from '../../../test/http.ts';
import { startSmtpServer, type TestSmtpServer } from '../../../test/smtp.ts';
import { countQueries as countStatements } from '../../../test/statements.ts';
import {
  auditLog,
  conflicts,
  events,
  jobs,
  submissionAuthors,
  submissionFiles,
  submissions,
} from '../../db/schema/index.ts';
import type { Actor } from '../../plugins/auth.ts';
import { sweepStoredObjects } from './stored-objects.ts';
import { findSubmissionById } from './submissions.queries.ts';
import { updateSubmission } from './submissions.service.ts';

let app: TestApp;
let smtp: TestSmtpServer;
let event: BuiltEvent;
let admin: BuiltUser;
let chair: BuiltUser;
let reviewer: BuiltUser;
let trackChair: BuiltUser;
let outsider: BuiltUser;
let author: BuiltUser;
let coauthor: BuiltUser;
const as = signedInClients(() => app);

const ANALYSIS: AiAnalysis = {
  provider: 'local',
  generated_at: '2030-01-01T00:00:00.000Z',
  submission_highlights: {
    problem_statement: 'Reviewer assignment is hard.',
    gap_analysis: '',
    contribution: 'We propose a calibration of bids.',
    methodology: '',
    main_finding: 'It raises the share of expert reviews.',
  },
  relevance_to_event: { score: 4.2, justification: 'Relevance 4.2/5.', matched_areas: [], matched_terms: [] },
  topics: { main_topic: null, secondary_topics: [] },
  plagiarism: {
    available: false,
    message: 'Plagiarism checking is not available.',
    message_code: 'submissions.insights.plagiarismUnavailable',
  },
};

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await buildTestApp({ smtpUrl: smtp.url });
  admin = await buildAdmin(app);
  event = await buildEvent(app, { status: 'active', title: 'Workshop on Reviewing' });
  chair = await buildUser(app, { firstName: 'Chair' });
  reviewer = await buildUser(app, { firstName: 'Reviewer' });
  trackChair = await buildUser(app, { firstName: 'TrackChair' });
  outsider = await buildUser(app, { firstName: 'Outsider' });
  author = await buildUser(app, { firstName: 'Alice', lastName: 'Author' });
  coauthor = await buildUser(app, { firstName: 'Bob', lastName: 'Coauthor' });
  await addMembership(app, { event, user: chair, role: 'chair' });
  await addMembership(app, { event, user: reviewer, role: 'reviewer' });
  const track = await buildTrack(app, { event });
  await addMembership(app, { event, user: trackChair, role: 'chair', track });
});
afterAll(async () => {
  await app.close();
  await smtp.close();
});

/** A submission of `author` (with `coauthor` and an unregistered third author) to the event. */
function paperOf(options: Parameters<typeof buildSubmission>[1] = {}): Promise<BuiltSubmission> {
  return buildSubmission(app, {
    event,
    submitter: author,
    authors: [
      { user: author, isCorresponding: true },
      { user: coauthor },
      { firstName: 'Carla', lastName: 'Guest', email: 'carla.guest@unregistered.example' },
    ],
    ...options,
  });
}

async function setAnalysis(id: number) {
  await app.db.update(submissions).set({ aiAnalysis: ANALYSIS }).where(eq(submissions.id, id));
}

/**
 * Counts the SQL statements the app runs during `fn`, those of its transactions included (the shared counter of
 * `openTestDatabase`; a hook on the app's session alone missed what ran inside transactions).
 */
const countQueries = (fn: () => Promise<unknown>) => countStatements(app, fn);

async function auditActions(submissionId: number) {
  const rows = await app.db
    .select({ action: auditLog.action, data: auditLog.data, actorId: auditLog.actorId })
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'submission'), eq(auditLog.entityId, String(submissionId))))
    .orderBy(auditLog.id);
  return rows;
}

async function rowOf(id: number) {
  const [row] = await app.db.select().from(submissions).where(eq(submissions.id, id));
  return row;
}

describe('GET /api/submissions/{id}/', () => {
  it('shows the authors their submission without the AI analysis', async () => {
    const paper = await paperOf();
    await setAnalysis(paper.id);
    const response = await (await as(author)).get(`/api/submissions/${paper.publicId}/`);
    expect(response.statusCode).toBe(200);
    const body = response.json() as SubmissionDto;
    expect(body).not.toHaveProperty('ai_analysis');
    expect(response.body).not.toContain('Reviewer assignment is hard.');
    expect(body.authors.map((a) => [a.full_name, a.is_registered, a.order])).toEqual([
      ['Alice Author', true, 1],
      [`Bob Coauthor`, true, 2],
      ['Carla Guest', false, 3],
    ]);
    expect(body.submission_authors).toHaveLength(2);
    expect(body.author_infos.map((a) => a.email)).toEqual(['carla.guest@unregistered.example']);
    expect(body.authors[0]).toMatchObject({
      author: { first_name: 'Alice', last_name: 'Author' },
      user_public_id: author.publicId,
      country: 'EG',
      country_name: 'Egypt',
    });
    expect(body.abilities).toEqual({
      update: true,
      delete: true,
      change_status: false,
      make_decision: false,
      download: true,
      view_insights: false,
      review: false,
      bid: false,
      manage_reviewers: false,
      declare_conflict: true,
      view_declared_conflicts: true,
    });
    // A linked co-author sees the same, by numeric id too.
    const byId = await (await as(coauthor)).get(`/api/submissions/${paper.id}/`);
    expect(byId.statusCode).toBe(200);
    expect(byId.json()).not.toHaveProperty('ai_analysis');
  });

  it('shows the event staff the AI analysis; reviewers of a double-blind event see no authors', async () => {
    const paper = await paperOf();
    await setAnalysis(paper.id);
    const chairView = (await (await as(chair)).get(`/api/submissions/${paper.publicId}/`)).json() as SubmissionDto;
    expect(chairView.ai_analysis).toEqual(ANALYSIS);
    expect(chairView.authors).toHaveLength(3);
    expect(chairView.abilities).toMatchObject({
      update: false,
      delete: false,
      change_status: true,
      make_decision: true,
      view_insights: true,
      download: true,
      bid: false,
      manage_reviewers: true,
      declare_conflict: false,
      view_declared_conflicts: false,
    });
    const reviewerView = (
      await (await as(reviewer)).get(`/api/submissions/${paper.publicId}/`)
    ).json() as SubmissionDto;
    expect(reviewerView.ai_analysis).toEqual(ANALYSIS);
    expect(reviewerView).toMatchObject({
      authors: [],
      submission_authors: [],
      author_infos: [],
      primary_author: null,
      authors_hidden: true,
    });
    expect(JSON.stringify(reviewerView)).not.toContain('carla.guest@unregistered.example');
    expect(reviewerView.abilities).toMatchObject({
      review: true,
      make_decision: false,
      view_insights: true,
      bid: true,
      manage_reviewers: false,
      declare_conflict: false,
    });
    // A decided paper is no longer open for bids.
    const decided = await paperOf({ status: 'accepted', decision: 'accept' });
    const decidedView = (
      await (await as(reviewer)).get(`/api/submissions/${decided.publicId}/`)
    ).json() as SubmissionDto;
    expect(decidedView.abilities).toMatchObject({ review: true, bid: false });
    const trackChairView = (await (await as(trackChair)).get(`/api/submissions/${paper.publicId}/`)).json();
    expect(trackChairView).toMatchObject({ authors_hidden: false, ai_analysis: ANALYSIS });
    const adminView = (await (await as(admin)).get(`/api/submissions/${paper.publicId}/`)).json();
    expect(adminView).toMatchObject({ ai_analysis: ANALYSIS, abilities: { make_decision: true } });
  });

  it('shows reviewers the authors in a single-blind event', async () => {
    const open = await buildEvent(app, { status: 'active' });
    await app.db
      .update(events)
      .set({ reviewSettings: { ...open.reviewSettings, blind_mode: 'single' } })
      .where(eq(events.id, open.id));
    await addMembership(app, { event: open, user: reviewer, role: 'reviewer' });
    const paper = await buildSubmission(app, { event: open, submitter: author });
    const view = (await (await as(reviewer)).get(`/api/submissions/${paper.publicId}/`)).json() as SubmissionDto;
    expect(view.authors_hidden).toBe(false);
    expect(view.authors.map((a) => a.email)).toEqual([author.email]);
  });

  it('never shows the analysis to a chair who is an author of the paper', async () => {
    const paper = await buildSubmission(app, { event, submitter: chair });
    await setAnalysis(paper.id);
    const view = (await (await as(chair)).get(`/api/submissions/${paper.publicId}/`)).json() as SubmissionDto;
    expect(view).not.toHaveProperty('ai_analysis');
    expect(view.abilities).toMatchObject({
      update: true,
      make_decision: false,
      change_status: false,
      view_insights: false,
      manage_reviewers: false,
    });
  });

  it('answers 404 to outsiders, to unknown ids and to a wrong public id', async () => {
    const paper = await paperOf();
    const outsiderClient = await as(outsider);
    for (const id of [paper.publicId, String(paper.id), `${paper.id}-aaaaaaaa`, '999999', 'nonsense']) {
      const response = await outsiderClient.get(`/api/submissions/${id}/`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND', detail: 'Submission not found.' });
    }
    expect((await (await as(author)).get(`/api/submissions/${paper.id}-aaaaaaaa/`)).statusCode).toBe(404);
  });
});

describe('submission lists', () => {
  it('GET submissions/ pages what the caller may see: their own and those of the events they staff', async () => {
    const listEvent = await buildEvent(app, { status: 'active' });
    const listChair = await buildUser(app);
    await addMembership(app, { event: listEvent, user: listChair, role: 'chair' });
    const writer = await buildUser(app);
    const mine = await buildSubmission(app, { event: listEvent, submitter: writer });
    const others = [await buildSubmission(app, { event: listEvent }), await buildSubmission(app, { event: listEvent })];
    const elsewhere = await buildSubmission(app, { submitter: writer });

    const writerPage = (await (await as(writer)).get('/api/submissions/')).json() as SubmissionPageDto;
    expect(writerPage.results.map((s) => s.id).sort()).toEqual([mine.id, elsewhere.id].sort());
    expect(writerPage).toMatchObject({ count: 2, next: null, previous: null });

    const chairClient = await as(listChair);
    const chairPage = (
      await chairClient.get('/api/submissions/', { query: { page_size: '2' } })
    ).json() as SubmissionPageDto;
    expect(chairPage.count).toBe(3);
    expect(chairPage.results).toHaveLength(2);
    expect(chairPage.next).toMatch(/page=2/);
    const second = (
      await chairClient.get('/api/submissions/', { query: { page_size: '2', page: '2' } })
    ).json() as SubmissionPageDto;
    expect(second.results).toHaveLength(1);
    expect(new Set([...chairPage.results, ...second.results].map((s) => s.id))).toEqual(
      new Set([mine.id, ...others.map((s) => s.id)]),
    );
    const filtered = (await chairClient.get('/api/submissions/', { query: { status: 'under_review' } })).json();
    expect(filtered).toMatchObject({ count: 0, results: [] });

    const outsiderPage = (
      await (await as(outsider)).get('/api/submissions/', { query: { event: listEvent.publicId } })
    ).json();
    expect(outsiderPage).toMatchObject({ count: 0, results: [] });
    const adminPage = (
      await (await as(admin)).get('/api/submissions/', { query: { event: listEvent.publicId } })
    ).json();
    expect(adminPage).toMatchObject({ count: 3 });
  });

  it('my_submissions lists the caller’s submissions as author only', async () => {
    const writer = await buildUser(app);
    const own = await buildSubmission(app, { event, submitter: writer });
    const asCoauthor = await buildSubmission(app, { event, authors: [{ email: 'x@example.net' }, { user: writer }] });
    await buildSubmission(app, { event });
    const response = await (await as(writer)).get('/api/submissions/my_submissions/');
    expect(response.statusCode).toBe(200);
    expect((response.json() as SubmissionDto[]).map((s) => s.id).sort()).toEqual([own.id, asCoauthor.id].sort());
    expect((await (await as(chair)).get('/api/submissions/my_submissions/')).json()).not.toContainEqual(
      expect.objectContaining({ id: own.id }),
    );
  });

  it('event_submissions is for the staff of the event: 403 for others who see the event, 404 when hidden', async () => {
    const staffEvent = await buildEvent(app, { status: 'active' });
    const paper = await buildSubmission(app, { event: staffEvent, submitter: author });
    const url = '/api/submissions/event_submissions/';
    const forChair = await (await as(staffEvent.creator)).get(url, { query: { event_id: staffEvent.publicId } });
    expect(forChair.statusCode).toBe(200);
    expect((forChair.json() as SubmissionDto[]).map((s) => s.id)).toEqual([paper.id]);

    const forAuthor = await (await as(author)).get(url, { query: { event_id: staffEvent.publicId } });
    expect(forAuthor.statusCode).toBe(403);
    expect(forAuthor.json()).toMatchObject({
      code: 'PERMISSION_DENIED',
      detail: 'Only the organisers, chairs and reviewers of this event can see its submissions.',
    });
    const pending = await buildEvent(app, { status: 'pending' });
    const hidden = await (await as(outsider)).get(url, { query: { event_id: pending.publicId } });
    expect(hidden.statusCode).toBe(404);
    const missing = await (await as(outsider)).get(url);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ fields: { event_id: ['event_id is required'] } });
  });

  it('send slim rows: what the tables show and the row actions, never the abstract, file, metadata or addresses', async () => {
    const slimEvent = await buildEvent(app, { status: 'active', title: 'Slim Lists' });
    const writer = await buildUser(app, { firstName: 'Wanda', lastName: 'Writer' });
    const staff = await buildUser(app);
    await addMembership(app, { event: slimEvent, user: staff, role: 'chair' });
    const paper = await buildSubmission(app, {
      event: slimEvent,
      submitter: writer,
      title: 'Slim rows',
      authors: [{ user: writer }, { email: 'guest-slim@example.net', firstName: 'Gus', lastName: 'Guest' }],
    });
    await app.db
      .update(submissions)
      .set({ aiAnalysis: ANALYSIS, abstract: 'An abstract that must stay on the detail page.', metadata: { m: 1 } })
      .where(eq(submissions.id, paper.id));

    const mine = await (await as(writer)).get('/api/submissions/my_submissions/');
    const forStaff = await (await as(staff)).get('/api/submissions/event_submissions/', {
      query: { event_id: slimEvent.publicId },
    });
    for (const response of [mine, forStaff]) {
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toMatch(
        /must stay on the detail|guest-slim@example\.net|Plagiarism|download_file|"m":1/,
      );
    }
    const [row] = mine.json() as SubmissionListItemDto[];
    expect(row).toEqual({
      id: paper.id,
      public_id: paper.publicId,
      title: 'Slim rows',
      keywords_list: expect.any(Array),
      status: 'submitted',
      status_display: 'Submitted',
      decision: 'pending',
      decision_display: 'Pending',
      event: slimEvent.id,
      event_public_id: slimEvent.publicId,
      event_title: 'Slim Lists',
      track: null,
      track_name: null,
      created: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      updated: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      authors: [
        { first_name: 'Wanda', last_name: 'Writer', full_name: 'Wanda Writer' },
        { first_name: 'Gus', last_name: 'Guest', full_name: 'Gus Guest' },
      ],
      primary_author: { first_name: 'Wanda', last_name: 'Writer', full_name: 'Wanda Writer' },
      authors_hidden: false,
      abilities: { update: true, delete: true, manage_reviewers: false },
    });
    const [staffRow] = forStaff.json() as SubmissionListItemDto[];
    expect(staffRow?.abilities).toEqual({ update: false, delete: false, manage_reviewers: true });
    const detail = (await (await as(staff)).get(`/api/submissions/${paper.publicId}/`)).json() as SubmissionDto;
    expect(detail.abstract).toBe('An abstract that must stay on the detail page.');
    expect(detail.ai_analysis).toEqual(ANALYSIS);
  });

  it('hide the authors of a double-blind event from its reviewers in the list too', async () => {
    const blindEvent = await buildEvent(app, { status: 'active' });
    const blindReviewer = await buildUser(app);
    await addMembership(app, { event: blindEvent, user: blindReviewer, role: 'reviewer' });
    const writer = await buildUser(app, { firstName: 'Hidden', lastName: 'Person' });
    await buildSubmission(app, { event: blindEvent, submitter: writer, authors: [{ user: writer }] });
    const response = await (await as(blindReviewer)).get('/api/submissions/event_submissions/', {
      query: { event_id: blindEvent.publicId },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('Hidden');
    expect(response.json()).toMatchObject([{ authors: [], primary_author: null, authors_hidden: true }]);
  });

  it('event_submissions answers a page with its count and links when page or page_size is asked for', async () => {
    const pagedEvent = await buildEvent(app, { status: 'active' });
    const papers = [];
    for (let i = 0; i < 3; i += 1) papers.push(await buildSubmission(app, { event: pagedEvent }));
    const chairClient = await as(pagedEvent.creator);
    const url = '/api/submissions/event_submissions/';
    const first = await chairClient.get(url, { query: { event_id: pagedEvent.publicId, page_size: '2' } });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ count: 3, previous: null, next: expect.stringMatching(/page=2/) });
    const second = (
      await chairClient.get(url, { query: { event_id: pagedEvent.publicId, page_size: '2', page: '2' } })
    ).json() as SubmissionPageDto;
    expect(second).toMatchObject({ count: 3, next: null, previous: expect.stringMatching(/page=1/) });
    expect([...(first.json() as SubmissionPageDto).results, ...second.results].map((row) => row.id)).toEqual(
      papers.map((paper) => paper.id),
    );
    const past = (
      await chairClient.get(url, { query: { event_id: pagedEvent.publicId, page: '9' } })
    ).json() as SubmissionPageDto;
    expect(past).toMatchObject({ count: 3, results: [], next: null });
    const bad = await chairClient.get(url, { query: { event_id: pagedEvent.publicId, page_size: '0' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: { page_size: expect.any(Array) } });
    const hidden = await (await as(outsider)).get(url, { query: { event_id: pagedEvent.publicId, page: '1' } });
    expect(hidden.statusCode).toBe(403);
  });

  it('cost the same number of queries for 1 and for 3 submissions', async () => {
    const costs: Record<string, number[]> = { page: [], mine: [], event: [], eventPage: [] };
    for (const size of [1, 3]) {
      const listEvent = await buildEvent(app, { status: 'active' });
      const writer = await buildUser(app);
      for (let i = 0; i < size; i += 1) {
        await buildSubmission(app, {
          event: listEvent,
          submitter: writer,
          authors: [{ user: writer }, { email: `guest${i}@example.net` }, { user: await buildUser(app) }],
        });
      }
      const writerClient = await as(writer);
      const chairClient = await as(listEvent.creator);
      costs.page?.push(await countQueries(() => writerClient.get('/api/submissions/')));
      costs.mine?.push(await countQueries(() => writerClient.get('/api/submissions/my_submissions/')));
      const eventList = () =>
        chairClient.get('/api/submissions/event_submissions/', { query: { event_id: listEvent.publicId } });
      expect(((await eventList()).json() as SubmissionDto[]).length).toBe(size);
      costs.event?.push(await countQueries(eventList));
      costs.eventPage?.push(
        await countQueries(() =>
          chairClient.get('/api/submissions/event_submissions/', {
            query: { event_id: listEvent.publicId, page_size: '10' },
          }),
        ),
      );
    }
    for (const [name, [one, three]] of Object.entries(costs)) {
      expect(one).toBeGreaterThan(1);
      expect({ name, three }).toEqual({ name, three: one });
    }
    // The caller's own list: the sign-in and one statement (rows, authors' names, the caller's access to each).
    expect(costs.mine).toEqual([2, 2]);
  });
});

describe('PATCH /api/submissions/{id}/', () => {
  it('lets an author change fields with JSON, audited', async () => {
    const paper = await paperOf();
    const response = await (await as(coauthor)).patch(`/api/submissions/${paper.publicId}/`, {
      title: 'A Better Title',
      abstract: 'A sharper abstract.',
      keywords: 'one',
      metadata: { method: 'manual' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      public_id: paper.publicId,
      title: 'A Better Title',
      abstract: 'A sharper abstract.',
      keywords_list: ['one'],
      metadata: { method: 'manual' },
    });
    expect(await rowOf(paper.id)).toMatchObject({ title: 'A Better Title', keywords: ['one'] });
    expect(await auditActions(paper.id)).toMatchObject([
      {
        action: 'submission.updated',
        actorId: coauthor.id,
        data: { fields: ['title', 'abstract', 'keywords', 'metadata'] },
      },
    ]);
  });

  it('answers a new file as a fresh read would, the submission loaded and read back in one statement each', async () => {
    const paper = await paperOf();
    const client = await as(author);
    const upload = async (title: string) => {
      const body = multipartBody([
        { name: 'file', filename: `${title}.pdf`, content: await buildPaperPdf({ title, pages: 2 }) },
      ]);
      let response: Awaited<ReturnType<typeof client.patch>> | undefined;
      const statements = await countQueries(async () => {
        response = await client.patch(`/api/submissions/${paper.publicId}/`, body.payload, { headers: body.headers });
      });
      if (!response) throw new Error('no answer');
      expect(response.statusCode, response.body).toBe(200);
      return { dto: response.json() as SubmissionDto, statements };
    };
    for (const [title, version] of [
      ['Second', 2],
      ['Third', 3],
    ] as const) {
      const { dto, statements } = await upload(title);
      expect(dto.file_version).toBe(version);
      // The answer shows the new file as the paper page shows it now.
      let read: Awaited<ReturnType<typeof client.get>> | undefined;
      const readStatements = await countQueries(async () => {
        read = await client.get(`/api/submissions/${paper.publicId}/`);
      });
      expect(dto).toEqual(read?.json());
      // Sign-in 1, the load 1 (the submission, its authors and file, the viewer's memberships and conflict), the
      // store 1, the change 5 (update, hold, file, job, audit), the answer 1 (the submission as the load reads it).
      expect(statements).toBe(9);
      // The paper page: the sign-in and the same one statement.
      expect(readStatements).toBe(2);
    }
  });

  it('queues one insights job for a burst of re-uploads: the waiting job takes the newest file', async () => {
    const paper = await paperOf();
    const client = await as(author);
    const insightsJobs = () =>
      app.db
        .select()
        .from(jobs)
        .where(
          and(eq(jobs.type, 'submissions.insights'), sql`${jobs.payload} ->> 'submissionId' = ${String(paper.id)}`),
        );
    await app.jobs.runPending();
    const before = await insightsJobs();
    for (const title of ['Burst one', 'Burst two', 'Burst three']) {
      const body = multipartBody([
        { name: 'file', filename: `${title}.pdf`, content: await buildPaperPdf({ title, pages: 1 }) },
      ]);
      const response = await client.patch(`/api/submissions/${paper.publicId}/`, body.payload, {
        headers: body.headers,
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    const files = await app.db.select().from(submissionFiles).where(eq(submissionFiles.submissionId, paper.id));
    const newest = files.reduce((a, b) => (b.version > a.version ? b : a));
    const queued = (await insightsJobs()).filter((job) => !before.some((old) => old.id === job.id));
    expect(queued.map((job) => [job.status, job.payload.fileId])).toEqual([['queued', newest.id]]);
  });

  it('takes a new file and new authors as multipart: a new version, insights queued again, conflicts resynchronised', async () => {
    const paper = await paperOf();
    await setAnalysis(paper.id);
    const newcomer = await buildUser(app, { email: 'newcomer@example.org' });
    const bytes = await buildPaperPdf({ title: 'Revised version', pages: 3 });
    const body = multipartBody([
      { name: 'title', value: 'Revised Title' },
      {
        name: 'authors',
        value: JSON.stringify([
          {
            first_name: 'Alice',
            last_name: 'Author',
            email: author.email,
            affiliation: 'U',
            country: 'EG',
            is_corresponding: true,
          },
          { first_name: 'New', last_name: 'Comer', email: 'NEWCOMER@example.org', affiliation: 'U', country: 'France' },
        ]),
      },
      { name: 'file', filename: 'revised.pdf', content: bytes },
    ]);
    const response = await (await as(author)).patch(`/api/submissions/${paper.publicId}/`, body.payload, {
      headers: body.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    const dto = response.json() as SubmissionDto;
    expect(dto).toMatchObject({
      title: 'Revised Title',
      file_version: 2,
      page_count: 3,
      sha256: crypto.createHash('sha256').update(bytes).digest('hex'),
      file_size: bytes.length,
    });
    expect(dto.authors.map((a) => [a.email, a.country, a.is_registered])).toEqual([
      [author.email, 'EG', true],
      ['NEWCOMER@example.org', 'FR', true],
    ]);
    const files = await app.db.select().from(submissionFiles).where(eq(submissionFiles.submissionId, paper.id));
    expect(files.map((f) => f.version).sort()).toEqual([1, 2]);
    expect((await rowOf(paper.id))?.aiAnalysis).toBeNull();
    const newest = files.find((f) => f.version === 2);
    const queued = await app.db.select().from(jobs).where(eq(jobs.type, 'submissions.insights'));
    expect(queued.some((job) => job.payload.fileId === newest?.id)).toBe(true);
    const conflictUsers = (await app.db.select().from(conflicts).where(eq(conflicts.submissionId, paper.id)))
      .map((c) => c.userId)
      .sort();
    expect(conflictUsers).toEqual([author.id, newcomer.id].sort());
    // The former co-author no longer sees it.
    expect((await (await as(coauthor)).get(`/api/submissions/${paper.publicId}/`)).statusCode).toBe(404);
  });

  it.each([
    {
      rule: 'at least one keyword',
      body: { keywords: ' , ' },
      field: 'keywords',
      detail: 'Please provide at least 1 keyword(s)',
    },
    { rule: 'title', body: { title: '' }, field: 'title', detail: 'Title is required' },
    {
      rule: 'email',
      body: {
        authors: [
          { first_name: 'A', last_name: 'B', email: '', affiliation: 'U', country: 'EG', is_corresponding: true },
        ],
      },
      field: 'authors',
      detail: 'Each author needs an email address',
    },
    {
      rule: 'affiliation',
      body: {
        authors: [
          { first_name: 'A', last_name: 'B', email: 'a@b.org', affiliation: '', country: 'EG', is_corresponding: true },
        ],
      },
      field: 'authors',
      detail: 'Each author needs an affiliation',
    },
    {
      rule: 'country',
      body: {
        authors: [
          { first_name: 'A', last_name: 'B', email: 'a@b.org', affiliation: 'U', country: '', is_corresponding: true },
        ],
      },
      field: 'authors',
      detail: 'All authors must have a country selected',
    },
    {
      rule: 'corresponding author',
      body: { authors: [{ first_name: 'A', last_name: 'B', email: 'a@b.org', affiliation: 'U', country: 'EG' }] },
      field: 'authors',
      detail: 'At least one author must be designated as corresponding',
    },
  ])('checks the edit rules: $rule', async ({ body, field, detail }) => {
    const paper = await paperOf();
    const response = await (await as(author)).patch(`/api/submissions/${paper.publicId}/`, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ detail, code: 'VALIDATION_ERROR', fields: { [field]: [detail] } });
    expect(await rowOf(paper.id)).toMatchObject({ title: paper.title, keywords: paper.keywords });
  });

  it('answers 403 to staff who are not authors, 404 to outsiders, and changes nothing', async () => {
    const paper = await paperOf();
    const forChair = await (await as(chair)).patch(`/api/submissions/${paper.publicId}/`, { title: 'Hijacked' });
    expect(forChair.statusCode).toBe(403);
    expect(forChair.json()).toMatchObject({
      code: 'PERMISSION_DENIED',
      detail:
        'Permission denied. You do not have access to update this submission. Only the submission author can edit it.',
    });
    const forOutsider = await (await as(outsider)).patch(`/api/submissions/${paper.publicId}/`, { title: 'Hijacked' });
    expect(forOutsider.statusCode).toBe(404);
    expect((await rowOf(paper.id))?.title).toBe(paper.title);
    expect(await auditActions(paper.id)).toEqual([]);
  });

  it('answers 403 to an author of another submission of the event, who still cannot read this one', async () => {
    const paper = await paperOf();
    const rival = await buildUser(app);
    await buildSubmission(app, { event, submitter: rival });
    const rivalClient = await as(rival);
    expect((await rivalClient.get(`/api/submissions/${paper.publicId}/`)).statusCode).toBe(404);
    const edit = await rivalClient.patch(`/api/submissions/${paper.publicId}/`, { title: 'Mine now' });
    expect(edit.statusCode).toBe(403);
    expect(edit.json()).toMatchObject({
      detail:
        'Permission denied. You do not have access to update this submission. Only the submission author can edit it.',
    });
    expect(edit.body).not.toContain(paper.title);
    const removal = await rivalClient.delete(`/api/submissions/${paper.publicId}/`);
    expect(removal.statusCode).toBe(403);
    expect(removal.json()).toMatchObject({ detail: 'Permission denied. Only the submission author can delete it.' });
    expect((await rowOf(paper.id))?.title).toBe(paper.title);
  });

  it('refuses edits after the submission deadline and titles taken in the event', async () => {
    const closed = await buildEvent(app, {
      status: 'active',
      submissionDeadline: daysFromNow(-3),
      reviewDeadline: daysFromNow(5),
      notificationDate: daysFromNow(10),
    });
    const late = await buildSubmission(app, { event: closed, submitter: author });
    const tooLate = await (await as(author)).patch(`/api/submissions/${late.publicId}/`, { title: 'Late change' });
    expect(tooLate.statusCode).toBe(400);
    expect(tooLate.json()).toMatchObject({ code: 'DEADLINE_PASSED' });
    const view = (await (await as(author)).get(`/api/submissions/${late.publicId}/`)).json() as SubmissionDto;
    expect(view.abilities.update).toBe(false);

    const first = await paperOf();
    const second = await paperOf();
    const taken = await (await as(author)).patch(`/api/submissions/${second.publicId}/`, {
      title: first.title.toUpperCase(),
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'DUPLICATE_TITLE' });
  });
});

describe('edits after a decision', () => {
  const LOCKED = {
    code: 'SUBMISSION_LOCKED',
    detail: 'This submission can no longer be changed: a final decision (accepted or rejected) has been made on it.',
    message_code: 'submissions.decidedLocked',
  };

  it('refuses an author once the paper is accepted or rejected (409 SUBMISSION_LOCKED), and says so in abilities', async () => {
    const client = await as(author);
    for (const [status, decision] of [
      ['accepted', 'accept'],
      ['rejected', 'reject'],
    ] as const) {
      const paper = await paperOf({ status, decision });
      const response = await client.patch(`/api/submissions/${paper.publicId}/`, { title: `Changed after ${status}` });
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json()).toMatchObject(LOCKED);
      expect(await rowOf(paper.id)).toMatchObject({ title: paper.title, decision });
      expect(await auditActions(paper.id)).toEqual([]);
      const view = (await client.get(`/api/submissions/${paper.publicId}/`)).json() as SubmissionDto;
      expect(view.abilities).toMatchObject({
        update: false,
        delete: false,
        declare_conflict: false,
        view_declared_conflicts: true,
      });
    }
  });

  it('keeps a paper open to its authors when revisions were requested', async () => {
    const paper = await paperOf({ status: 'revision_requested', decision: 'revision' });
    const client = await as(author);
    const view = (await client.get(`/api/submissions/${paper.publicId}/`)).json() as SubmissionDto;
    expect(view.abilities).toMatchObject({ update: true, declare_conflict: true, view_declared_conflicts: true });
    const response = await client.patch(`/api/submissions/${paper.publicId}/`, { title: 'Revised as asked' });
    expect(response.statusCode, response.body).toBe(200);
    expect(await rowOf(paper.id)).toMatchObject({ title: 'Revised as asked', decision: 'revision' });
  });

  it('answers the staff 403 and outsiders 404 on a decided paper, as before', async () => {
    const paper = await paperOf({ status: 'accepted', decision: 'accept' });
    expect((await (await as(chair)).patch(`/api/submissions/${paper.publicId}/`, { title: 'X' })).statusCode).toBe(403);
    expect((await (await as(outsider)).patch(`/api/submissions/${paper.publicId}/`, { title: 'X' })).statusCode).toBe(
      404,
    );
    expect((await rowOf(paper.id))?.title).toBe(paper.title);
  });

  it('refuses an edit whose paper was accepted after the edit read it, and writes nothing', async () => {
    const paper = await paperOf({ status: 'under_review' });
    const read = await findSubmissionById(app.db, paper.id);
    if (!read) throw new Error('the paper was not stored');
    const decided = await (await as(event.creator)).post(`/api/submissions/${paper.publicId}/make_decision/`, {
      decision: 'accept',
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const actor: Actor = {
      id: author.id,
      publicId: author.publicId,
      email: author.email,
      firstName: author.firstName,
      lastName: author.lastName,
      isAdmin: false,
      emailVerified: true,
      accountStatus: 'active',
      sessionsValidFrom: 0,
    };
    const deps = { db: app.db, storage: app.storage, publicUrl: app.config.publicUrl };
    await expect(updateSubmission(deps, actor, read, { title: 'Written too late' }, undefined)).rejects.toMatchObject({
      statusCode: 409,
      code: 'SUBMISSION_LOCKED',
    });
    expect(await rowOf(paper.id)).toMatchObject({ title: paper.title, decision: 'accept' });
    expect((await auditActions(paper.id)).map((entry) => entry.action)).toEqual(['submission.decision_made']);
  });

  it('an edit racing an acceptance lands before it or is refused, never after it', async () => {
    const [authorClient, chairClient] = await Promise.all([as(author), as(event.creator)]);
    for (let round = 0; round < 3; round += 1) {
      const paper = await paperOf({ status: 'under_review' });
      const [edit, decision] = await Promise.all([
        authorClient.patch(`/api/submissions/${paper.publicId}/`, { title: `Raced title ${round}` }),
        chairClient.post(`/api/submissions/${paper.publicId}/make_decision/`, { decision: 'accept' }),
      ]);
      expect(decision.statusCode, decision.body).toBe(200);
      const row = await rowOf(paper.id);
      expect(row?.decision).toBe('accept');
      const actions = (await auditActions(paper.id)).map((entry) => entry.action);
      if (edit.statusCode === 200) {
        expect(row?.title).toBe(`Raced title ${round}`);
        expect(actions).toEqual(['submission.updated', 'submission.decision_made']);
      } else {
        expect(edit.statusCode, edit.body).toBe(409);
        expect(edit.json()).toMatchObject(LOCKED);
        expect(row?.title).toBe(paper.title);
        expect(actions).toEqual(['submission.decision_made']);
      }
    }
  });
});

describe('DELETE /api/submissions/{id}/', () => {
  it('lets an author delete a submitted paper: rows and conflicts go, the stored file at the next sweep', async () => {
    const paper = await paperOf();
    const file = app.testStore.fileOf(paper.file?.storageKey ?? '');
    expect(fs.existsSync(file)).toBe(true);
    const response = await (await as(author)).delete(`/api/submissions/${paper.publicId}/`);
    expect(response.statusCode).toBe(204);
    expect(await rowOf(paper.id)).toBeUndefined();
    expect(await app.db.select().from(submissionAuthors).where(eq(submissionAuthors.submissionId, paper.id))).toEqual(
      [],
    );
    expect(await app.db.select().from(submissionFiles).where(eq(submissionFiles.submissionId, paper.id))).toEqual([]);
    expect(await app.db.select().from(conflicts).where(eq(conflicts.submissionId, paper.id))).toEqual([]);
    expect(await auditActions(paper.id)).toMatchObject([{ action: 'submission.deleted', actorId: author.id }]);
    // Another upload may share the bytes: the file stays until the sweep finds nothing refers to it.
    expect(fs.existsSync(file)).toBe(true);
    expect(await sweepStoredObjects(app.db, app.storage, { graceMs: 0 })).toContain(paper.file?.storageKey);
    expect(fs.existsSync(file)).toBe(false);
  });

  it('keeps a stored file another submission still uses', async () => {
    const bytes = await buildPaperPdf({ title: 'Same bytes twice' });
    const one = await paperOf({ pdf: bytes });
    await paperOf({ pdf: bytes });
    const response = await (await as(author)).delete(`/api/submissions/${one.publicId}/`);
    expect(response.statusCode).toBe(204);
    expect(await sweepStoredObjects(app.db, app.storage, { graceMs: 0 })).not.toContain(one.file?.storageKey);
    expect(fs.existsSync(app.testStore.fileOf(one.file?.storageKey ?? ''))).toBe(true);
  });

  it('refuses once the review started (409), and to staff (403) and outsiders (404)', async () => {
    const reviewing = await paperOf({ status: 'under_review' });
    const locked = await (await as(author)).delete(`/api/submissions/${reviewing.publicId}/`);
    expect(locked.statusCode).toBe(409);
    expect(locked.json()).toMatchObject({
      code: 'SUBMISSION_LOCKED',
      detail: 'A submission can only be deleted while it is submitted and its decision is pending.',
    });
    const paper = await paperOf();
    expect((await (await as(chair)).delete(`/api/submissions/${paper.publicId}/`)).statusCode).toBe(403);
    expect((await (await as(outsider)).delete(`/api/submissions/${paper.publicId}/`)).statusCode).toBe(404);
    expect(await rowOf(reviewing.id)).toBeDefined();
    expect(await rowOf(paper.id)).toBeDefined();
  });
});

describe('change_status and make_decision', () => {
  it('lets a chair move a submission under review, audited, without mail', async () => {
    const paper = await paperOf();
    const response = await (await as(chair)).post(`/api/submissions/${paper.publicId}/change_status/`, {
      status: 'under_review',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'under_review',
      decision: 'pending',
      abilities: { delete: false },
    });
    expect(await rowOf(paper.id)).toMatchObject({ status: 'under_review', decision: 'pending' });
    expect(await auditActions(paper.id)).toMatchObject([
      {
        action: 'submission.status_changed',
        actorId: chair.id,
        data: { from_status: 'submitted', to_status: 'under_review' },
      },
    ]);
    expect(
      await mailsTo(app, 'carla.guest@unregistered.example').then((m) =>
        m.filter((x) => x.subject.includes(paper.title)),
      ),
    ).toEqual([]);
  });

  it('refuses unknown statuses (400) and moves the table does not have (409)', async () => {
    const paper = await paperOf({ status: 'accepted', decision: 'accept' });
    const chairClient = await as(chair);
    const unknown = await chairClient.post(`/api/submissions/${paper.publicId}/change_status/`, {
      status: 'published',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ fields: { status: [expect.stringContaining('Select a valid status')] } });
    const back = await chairClient.post(`/api/submissions/${paper.publicId}/change_status/`, { status: 'submitted' });
    expect(back.statusCode).toBe(409);
    expect(back.json()).toMatchObject({
      code: 'TRANSITION_NOT_ALLOWED',
      detail: 'A submission cannot change from accepted to submitted.',
    });
    expect(await rowOf(paper.id)).toMatchObject({ status: 'accepted', decision: 'accept' });
  });

  it('make_decision sets status and decision, audits and mails every author', async () => {
    const paper = await paperOf({ status: 'under_review' });
    const response = await (await as(event.creator)).post(`/api/submissions/${paper.publicId}/make_decision/`, {
      decision: 'accept',
      decision_details: 'Strong reviews.\nPlease address the minor comments.',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'accepted',
      decision: 'accept',
      decision_display: 'Accept',
      decision_details: 'Strong reviews.\nPlease address the minor comments.',
    });
    expect(await rowOf(paper.id)).toMatchObject({ status: 'accepted', decision: 'accept' });
    expect(await auditActions(paper.id)).toMatchObject([
      {
        action: 'submission.decision_made',
        actorId: event.creator.id,
        data: { to_decision: 'accept', to_status: 'accepted' },
      },
    ]);
    for (const email of [author.email, coauthor.email, 'carla.guest@unregistered.example']) {
      // The event's decision template (`decision_accept`), in its default wording.
      const mail = await lastMail(app, email, 'events.message');
      expect(mail.subject).toBe(`Workshop on Reviewing: your paper “${paper.title}” has been accepted`);
      expect(mail.text_body).toContain('has been accepted for Workshop on Reviewing');
      expect(mail.text_body).toContain('Please address the minor comments.');
      expect(mail.text_body).toContain('Workshop on Reviewing');
    }
    const already = smtp.messages.length;
    await app.jobs.runPending();
    const delivered = (await smtp.waitForMessages(already + 3)).slice(already);
    expect(delivered.flatMap((m) => m.envelope.to).sort()).toEqual(
      expect.arrayContaining([author.email, coauthor.email, 'carla.guest@unregistered.example']),
    );
  });

  it('refuses a chair with a conflict (403 CONFLICT_OF_INTEREST), reviewers and authors (403), outsiders (404)', async () => {
    const chairsPaper = await buildSubmission(app, {
      event,
      submitter: author,
      authors: [{ user: author }, { user: chair }],
    });
    const conflicted = await (await as(chair)).post(`/api/submissions/${chairsPaper.publicId}/make_decision/`, {
      decision: 'accept',
    });
    expect(conflicted.statusCode).toBe(403);
    expect(conflicted.json()).toMatchObject({
      code: 'CONFLICT_OF_INTEREST',
      detail: 'You have a conflict of interest with this submission and cannot decide on it.',
    });
    const declared = await paperOf();
    await app.db
      .insert(conflicts)
      .values({ submissionId: declared.id, userId: chair.id, type: 'personal', source: 'declared' });
    const declaredAnswer = await (await as(chair)).post(`/api/submissions/${declared.publicId}/change_status/`, {
      status: 'under_review',
    });
    expect(declaredAnswer.statusCode).toBe(403);
    expect(declaredAnswer.json()).toMatchObject({ code: 'CONFLICT_OF_INTEREST' });
    for (const user of [reviewer, author, trackChair]) {
      const answer = await (await as(user)).post(`/api/submissions/${declared.publicId}/make_decision/`, {
        decision: 'reject',
      });
      expect(answer.statusCode).toBe(403);
    }
    const hidden = await (await as(outsider)).post(`/api/submissions/${declared.publicId}/make_decision/`, {
      decision: 'reject',
    });
    expect(hidden.statusCode).toBe(404);
    expect(await rowOf(chairsPaper.id)).toMatchObject({ status: 'submitted', decision: 'pending' });
    expect(await rowOf(declared.id)).toMatchObject({ status: 'submitted', decision: 'pending' });
  });

  it('lets a platform admin decide, and reopening sets the decision back to pending', async () => {
    const paper = await paperOf();
    const adminClient = await as(admin);
    const revision = await adminClient.post(`/api/submissions/${paper.publicId}/make_decision/`, {
      decision: 'revision',
    });
    expect(revision.json()).toMatchObject({ status: 'revision_requested', decision: 'revision' });
    const reopened = await adminClient.post(`/api/submissions/${paper.publicId}/change_status/`, {
      status: 'under_review',
    });
    expect(reopened.json()).toMatchObject({ status: 'under_review', decision: 'pending', decision_details: '' });
    const invalid = await adminClient.post(`/api/submissions/${paper.publicId}/make_decision/`, { decision: 'maybe' });
    expect(invalid.statusCode).toBe(400);
  });
});

describe('file downloads', () => {
  it('stream the paper to its authors and the staff as an attachment named after the title', async () => {
    const bytes = await buildPaperPdf({ title: 'Download me' });
    const paper = await paperOf({ title: 'Graph Neural Networks: A Survey (2nd ed.)', pdf: bytes });
    for (const [user, route] of [
      [author, 'download_file'],
      [chair, 'direct_download'],
      [reviewer, 'download_file'],
    ] as const) {
      const response = await (await as(user)).get(`/api/submissions/${paper.publicId}/${route}/`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="graph_neural_networks_a_survey_2nd_ed.pdf"; filename*=UTF-8''graph_neural_networks_a_survey_2nd_ed.pdf`,
      );
      expect(Buffer.compare(response.rawPayload, Buffer.from(bytes))).toBe(0);
    }
  });

  it('gives an ASCII fallback name next to the UTF-8 one for titles in other scripts', async () => {
    const paper = await paperOf({ title: 'تحليل البيانات: دراسة' });
    const response = await (await as(author)).get(`/api/submissions/${paper.publicId}/download_file/`);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="submission.pdf"; filename*=UTF-8''${encodeURIComponent('تحليل_البيانات_دراسة.pdf')}`,
    );
  });

  it('answers errors as JSON with an error field: 404 for outsiders and for a missing file', async () => {
    const paper = await paperOf();
    const hidden = await (await as(outsider)).get(`/api/submissions/${paper.publicId}/download_file/`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.headers['content-type']).toMatch(/application\/json/);
    expect(hidden.json()).toMatchObject({ code: 'NOT_FOUND', error: 'Submission not found.' });
    fs.rmSync(app.testStore.fileOf(paper.file?.storageKey ?? ''));
    const missing = await (await as(author)).get(`/api/submissions/${paper.publicId}/direct_download/`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: 'The file of this submission is not available.' });
  });
});
