import crypto from 'node:crypto';
import { DEFAULT_REVIEW_SETTINGS, type FinalVersionDto, type FinalVersionPageDto } from '@confero/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.ts';
import { daysFromNow } from '../../../test/factories/events.ts';
import { buildSubmission } from '../../../test/factories/submissions.ts';
import {
  authorsField,
  buildZip,
  type FinalVersionWorld,
  finalVersionBody,
  setFinalVersionPhase,
  sha256,
  useFinalVersionWorld,
} from '../../../test/fixtures/final-versions.ts';
import { buildPaperPdf } from '../../../test/fixtures/submission-pdf.ts';
import { mailsTo, signedInClients } from '../../../test/http.ts';
import { countQueries } from '../../../test/statements.ts';
import { auditLog, events, finalVersions, submissionFiles, submissions } from '../../db/schema/index.ts';

let app: TestApp;
let world: FinalVersionWorld;
const as = signedInClients(() => app);

useFinalVersionWorld((built) => ({ app, world } = built));

const url = (paper: { publicId: string }, rest = '') => `/api/submissions/${paper.publicId}/final-version/${rest}`;

async function send(
  user: FinalVersionWorld['author'],
  paper: { publicId: string },
  parts: Parameters<typeof finalVersionBody>[0],
) {
  const body = finalVersionBody(parts);
  return (await as(user)).post(url(paper), body.payload, { headers: body.headers });
}

async function stateOf(submissionId: number) {
  const [row] = await app.db.select().from(finalVersions).where(eq(finalVersions.submissionId, submissionId));
  const files = await app.db
    .select({ kind: submissionFiles.kind, version: submissionFiles.version, sha256: submissionFiles.sha256 })
    .from(submissionFiles)
    .where(eq(submissionFiles.submissionId, submissionId));
  return { row, files: files.filter((file) => file.kind !== 'paper') };
}

describe('GET submissions/{id}/final-version/', () => {
  it('gives an author the phase, the reviewed metadata to start from and the right to send', async () => {
    const response = await (await as(world.author)).get(url(world.accepted));
    expect(response.statusCode).toBe(200);
    const body = response.json() as FinalVersionDto;
    expect(body).toMatchObject({
      sent: false,
      version: null,
      title: 'Reviewed Title of the Accepted Paper',
      files: [],
      abilities: { submit: true, download: true },
      phase: { enabled: true, deadline: daysFromNow(10), supplementary_max_mb: 1, open: true },
    });
    expect(body.phase.deadline_utc).toBe(new Date(`${daysFromNow(11)}T00:00:00Z`).toISOString());
    expect(body.authors.map((author) => author.email)).toEqual([world.author.email, world.coAuthor.email]);
  });

  it('lets the committee and the area chair read it without sending; refuses reviewers and the conflicted', async () => {
    const chair = (await (await as(world.chair)).get(url(world.accepted))).json<FinalVersionDto>();
    expect(chair.abilities).toEqual({ submit: false, download: true });
    expect(chair.authors).toHaveLength(2);
    // The event is double-blind: its area chair reads the final version without its authors, and downloads nothing.
    const areaChair = (await (await as(world.areaChair)).get(url(world.accepted))).json<FinalVersionDto>();
    expect(areaChair.abilities).toEqual({ submit: false, download: false });
    expect(areaChair.authors).toEqual([]);
    expect(JSON.stringify(areaChair)).not.toContain(world.author.email);
    const reviewer = await (await as(world.reviewer)).get(url(world.accepted));
    expect(reviewer.statusCode).toBe(403);
    expect(reviewer.json()).toMatchObject({ code: 'PERMISSION_DENIED', message_code: 'finalVersions.readDenied' });
    const conflicted = await (await as(world.conflictedChair)).get(url(world.accepted));
    expect(conflicted.statusCode).toBe(403);
    expect(conflicted.json()).toMatchObject({ code: 'CONFLICT_OF_INTEREST', message_code: 'finalVersions.conflicted' });
    const outsider = await (await as(world.outsider)).get(url(world.accepted));
    expect(outsider.statusCode).toBe(404);
    expect(outsider.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('POST submissions/{id}/final-version/', () => {
  let pdf: Uint8Array;
  let zip: Buffer;
  beforeAll(async () => {
    pdf = await buildPaperPdf({ title: 'The Final Title', pages: 3 });
    zip = await buildZip({ 'data/results.csv': 'a,b\n1,2\n' });
  });

  it('refuses outsiders (404) and staff who are not authors (403), storing nothing', async () => {
    const outsider = await send(world.outsider, world.accepted, { file: pdf });
    expect(outsider.statusCode).toBe(404);
    expect(outsider.json()).toMatchObject({ code: 'NOT_FOUND' });
    const chair = await send(world.chair, world.accepted, { file: pdf });
    expect(chair.statusCode).toBe(403);
    expect(chair.json()).toMatchObject({ code: 'PERMISSION_DENIED', message_code: 'finalVersions.authorsOnly' });
    expect(await stateOf(world.accepted.id)).toEqual({ row: undefined, files: [] });
  });

  it('refuses a rejected paper (409 NOT_ACCEPTED) and an undecided one', async () => {
    for (const paper of [world.rejected, world.pending]) {
      const response = await send(world.author, paper, { file: pdf });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 'NOT_ACCEPTED', message_code: 'finalVersions.notAccepted' });
      expect((await stateOf(paper.id)).row).toBeUndefined();
    }
  });

  it('answers field errors in order: the PDF required first, then the authors, the file type, the ZIP', async () => {
    const noFile = await send(world.author, world.accepted, { fields: { title: 'The Final Title' } });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      field_codes: { file: ['finalVersions.fileRequired'] },
    });

    const badAuthors = await send(world.author, world.accepted, {
      file: pdf,
      fields: { authors: authorsField([world.author], [{ email: 'not-an-address' }]) },
    });
    expect(badAuthors.statusCode).toBe(400);
    expect(badAuthors.json().field_codes).toEqual({ authors: ['submissions.validations.emailInvalid'] });

    const notPdf = await send(world.author, world.accepted, { file: new TextEncoder().encode('plain text, no PDF') });
    expect(notPdf.statusCode).toBe(415);
    expect(Object.keys(notPdf.json().fields)).toEqual(['file']);

    const wrongSupplementary = await send(world.author, world.accepted, {
      file: pdf,
      supplementary: new TextEncoder().encode('GIF89a not allowed'),
    });
    expect(wrongSupplementary.statusCode).toBe(400);
    expect(wrongSupplementary.json().field_codes).toEqual({ supplementary: ['finalVersions.supplementaryType'] });

    const brokenZip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), crypto.randomBytes(2000)]);
    const broken = await send(world.author, world.accepted, { file: pdf, supplementary: brokenZip });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().field_codes).toEqual({ supplementary: ['finalVersions.supplementaryInvalidZip'] });

    const tooLarge = await send(world.author, world.accepted, {
      file: pdf,
      supplementary: Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(1024 * 1024 + 10, 32)]),
      supplementaryName: 'big.pdf',
    });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', params: { max: 1 } });

    const badVersion = await send(world.author, world.accepted, { file: pdf, fields: { version: 'two' } });
    expect(badVersion.statusCode).toBe(400);
    expect(badVersion.json().field_codes).toEqual({ version: ['finalVersions.versionInvalid'] });

    expect(await stateOf(world.accepted.id)).toEqual({ row: undefined, files: [] });
  });

  it('sends the first final version: the row, both files, the audit, the receipts; the submission unchanged', async () => {
    const response = await send(world.author, world.accepted, {
      file: pdf,
      supplementary: zip,
      fields: {
        title: '  The Final Title ',
        abstract: 'The final abstract.',
        authors: authorsField([world.author, world.coAuthor]),
      },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json() as FinalVersionDto;
    expect(body).toMatchObject({ sent: true, version: 1, title: 'The Final Title', abstract: 'The final abstract.' });
    expect(body.files.map((file) => [file.kind, file.version, file.page_count])).toEqual(
      expect.arrayContaining([
        ['camera_ready', 1, 3],
        ['supplementary', 1, null],
      ]),
    );
    const { row, files } = await stateOf(world.accepted.id);
    expect(row).toMatchObject({ title: 'The Final Title', version: 1, submittedBy: world.author.id });
    expect(row?.authors.map((author) => author.email)).toEqual([world.author.email, world.coAuthor.email]);
    expect(files).toEqual(
      expect.arrayContaining([
        { kind: 'camera_ready', version: 1, sha256: sha256(pdf) },
        { kind: 'supplementary', version: 1, sha256: sha256(zip) },
      ]),
    );
    const [paper] = await app.db.select().from(submissions).where(eq(submissions.id, world.accepted.id));
    expect(paper?.title).toBe('Reviewed Title of the Accepted Paper');
    const audits = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'final_version.submitted'), eq(auditLog.entityId, String(world.accepted.id))));
    expect(audits).toHaveLength(1);
    const receipts = (await mailsTo(app, world.coAuthor.email)).filter(
      (mail) => mail.template === 'final_versions.received',
    );
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.subject).toContain('The Final Title');
    expect(receipts[0]?.subject).toMatch(/[\u0600-\u06FF]/);
    expect(await mailsTo(app, world.chair.email)).toEqual([]);
  });

  it('keeps the current PDF when a later send has none, and refuses a stale version (409)', async () => {
    const second = await send(world.author, world.accepted, { fields: { version: '1', abstract: 'Second abstract.' } });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ version: 2, abstract: 'Second abstract.', title: 'The Final Title' });
    const stale = await send(world.coAuthor, world.accepted, { fields: { version: '1', abstract: 'Lost change.' } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'STALE_FINAL_VERSION', message_code: 'finalVersions.stale' });
    const { row, files } = await stateOf(world.accepted.id);
    expect(row).toMatchObject({ version: 2, abstract: 'Second abstract.' });
    expect(files.filter((file) => file.kind === 'camera_ready')).toHaveLength(1);
  });

  it('serves the latest PDF and supplementary material to the committee, byte for byte', async () => {
    const file = await (await as(world.chair)).get(url(world.accepted, 'file/'));
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="final.pdf"; filename*=UTF-8''final.pdf`);
    expect(sha256(file.rawPayload)).toBe(sha256(pdf));
    const supplementary = await (await as(world.chair)).get(url(world.accepted, 'supplementary/'));
    expect(supplementary.headers['content-type']).toBe('application/zip');
    expect(supplementary.headers['content-disposition']).toBe(
      `attachment; filename="data.zip"; filename*=UTF-8''data.zip`,
    );
    expect(sha256(supplementary.rawPayload)).toBe(sha256(zip));
    // The final PDF names its authors: a double-blind event's area chair downloads neither file (403), a
    // single-blind event's does.
    for (const path of ['file/', 'supplementary/']) {
      const blinded = await (await as(world.areaChair)).get(url(world.accepted, path));
      expect(blinded.statusCode).toBe(403);
      expect(blinded.json()).toMatchObject({ code: 'PERMISSION_DENIED', message_code: 'finalVersions.blinded' });
    }
    const settings = { ...DEFAULT_REVIEW_SETTINGS, blind_mode: 'single' as const };
    await app.db.update(events).set({ reviewSettings: settings }).where(eq(events.id, world.event.id));
    try {
      const single = await (await as(world.areaChair)).get(url(world.accepted, 'file/'));
      expect(single.statusCode).toBe(200);
      expect(sha256(single.rawPayload)).toBe(sha256(pdf));
      const read = (await (await as(world.areaChair)).get(url(world.accepted))).json<FinalVersionDto>();
      expect(read.abilities.download).toBe(true);
      expect(read.authors).toHaveLength(2);
    } finally {
      await app.db.update(events).set({ reviewSettings: DEFAULT_REVIEW_SETTINGS }).where(eq(events.id, world.event.id));
    }
    const reviewer = await (await as(world.reviewer)).get(url(world.accepted, 'file/'));
    expect(reviewer.statusCode).toBe(403);
    expect(reviewer.json()).toMatchObject({ code: 'PERMISSION_DENIED', message_code: 'finalVersions.readDenied' });
    const none = await (await as(world.author)).get(url(world.rejected, 'file/'));
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ message_code: 'finalVersions.fileMissing' });
  });

  describe('the phase', () => {
    beforeEach(async () => {
      await setFinalVersionPhase(app.db, world.event, { enabled: true, deadline: daysFromNow(10) });
    });
    afterAll(async () => {
      await setFinalVersionPhase(app.db, world.event, { enabled: true, deadline: daysFromNow(10) });
    });

    it('refuses while the phase is off (409 FINAL_VERSION_DISABLED) and after the deadline (409 FINAL_VERSION_CLOSED)', async () => {
      await setFinalVersionPhase(app.db, world.event, { enabled: false });
      const off = await send(world.author, world.accepted, { fields: { version: '2' } });
      expect(off.statusCode).toBe(409);
      expect(off.json()).toMatchObject({ code: 'FINAL_VERSION_DISABLED' });
      await setFinalVersionPhase(app.db, world.event, { enabled: true, deadline: daysFromNow(-1) });
      const closed = await send(world.author, world.accepted, { fields: { version: '2' } });
      expect(closed.statusCode).toBe(409);
      expect(closed.json()).toMatchObject({
        code: 'FINAL_VERSION_CLOSED',
        params: { deadline: daysFromNow(-1), timezone: 'UTC' },
      });
      expect((await stateOf(world.accepted.id)).row?.version).toBe(2);
      const read = (await (await as(world.author)).get(url(world.accepted))).json();
      expect(read.abilities.submit).toBe(false);
    });
  });
});

describe('GET events/{id}/final-versions/', () => {
  const listUrl = () => `/api/events/${world.event.publicId}/final-versions/`;

  it('lists the accepted papers with their state and counts, filtered', async () => {
    const response = await (await as(world.chair)).get(listUrl());
    expect(response.statusCode).toBe(200);
    const body = response.json() as FinalVersionPageDto;
    expect(body.totals).toEqual({ accepted: 1, sent: 1, missing: 0 });
    expect(body.results).toEqual([
      expect.objectContaining({
        submission_id: world.accepted.publicId,
        number: 1,
        title: 'The Final Title',
        sent: true,
        versions: 1,
        supplementary: true,
      }),
    ]);
    const missing = (await (await as(world.chair)).get(`${listUrl()}?status=missing`)).json();
    expect(missing).toMatchObject({ count: 0, results: [] });
  });

  it('reads a page in the same number of statements whatever its length', async () => {
    const client = await as(world.chair);
    const before = await countQueries(app, () => client.get(listUrl()));
    for (let index = 0; index < 4; index += 1) {
      const paper = await buildSubmission(app, { event: world.event, decision: 'accept', status: 'accepted' });
      await app.db
        .insert(finalVersions)
        .values({ submissionId: paper.id, title: paper.title, abstract: paper.abstract, authors: [] });
    }
    const response = await client.get(listUrl());
    expect(response.json().results).toHaveLength(5);
    expect(await countQueries(app, () => client.get(listUrl()))).toBe(before);
  });

  it('refuses bad filters (400), members who are not organizers (403) and outsiders (404)', async () => {
    const bad = await (await as(world.chair)).get(`${listUrl()}?status=late`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: { status: expect.any(Array) } });
    const reviewer = await (await as(world.reviewer)).get(listUrl());
    expect(reviewer.statusCode).toBe(403);
    expect(reviewer.json()).toMatchObject({ message_code: 'finalVersions.organizersOnly' });
    const outsider = await (await as(world.outsider)).get(listUrl());
    expect(outsider.statusCode).toBe(404);
    expect(outsider.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('the timeline', () => {
  it('marks the final version done with its date once sent, skipped for a rejected paper', async () => {
    const steps = (await (await as(world.author)).get(`/api/submissions/${world.accepted.publicId}/timeline/`)).json()
      .steps;
    expect(steps.at(-1)).toMatchObject({ key: 'final_version', state: 'done', date: expect.any(String) });
    const rejected = (
      await (await as(world.author)).get(`/api/submissions/${world.rejected.publicId}/timeline/`)
    ).json().steps;
    expect(rejected.at(-1)).toMatchObject({ key: 'final_version', state: 'skipped' });
  });

  it("marks it current for an accepted paper without one while the event's phase is open", async () => {
    const paper = await buildSubmission(app, {
      event: world.event,
      submitter: world.author,
      decision: 'accept',
      status: 'accepted',
    });
    const steps = (await (await as(world.author)).get(`/api/submissions/${paper.publicId}/timeline/`)).json().steps;
    expect(steps.at(-1)).toEqual({ key: 'final_version', state: 'current', date: null });
  });
});
