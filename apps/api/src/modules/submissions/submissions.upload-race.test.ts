import crypto from 'node:crypto';
import type { SubmissionDto } from '@confero/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { type BuiltEvent, buildEvent } from '../../../test/factories/events.ts';
import { type BuiltUser, buildUser } from '../../../test/factories/users.ts';
import { multipartBody } from '../../../test/fixtures/multipart.ts';
import { buildPaperPdf } from '../../../test/fixtures/submission-pdf.ts';
import { signedInClient, type TestClient } from '../../../test/http.ts';
import { submissionFiles, submissions } from '../../db/schema/index.ts';
import { storageKey } from '../../lib/storage.ts';
import { sweepStoredObjects } from './stored-objects.ts';

/*
 * Co-authors upload the same PDF at a deadline, one of them with a form error found only after the file was
 * stored. Identical bytes share one stored file, so the refused upload must never take away the file the accepted
 * one refers to.
 */

const PAIRS = 40;
/** The latest moment a sweep racing an upload starts at, in milliseconds. */
const SWEEP_DELAY_MS = 150;

let app: TestApp;
let event: BuiltEvent;
let alice: BuiltUser;
let bob: BuiltUser;
let aliceClient: TestClient;
let bobClient: TestClient;

beforeAll(async () => {
  app = await buildTestApp();
  event = await buildEvent(app, { status: 'active' });
  alice = await buildUser(app, { firstName: 'Alice', lastName: 'Martin' });
  bob = await buildUser(app, { firstName: 'Bob', lastName: 'Chen' });
  [aliceClient, bobClient] = await Promise.all([signedInClient(app, alice), signedInClient(app, bob)]);
});
afterAll(async () => {
  await app.close();
});

const sha256 = (bytes: Uint8Array) => crypto.createHash('sha256').update(bytes).digest('hex');

function submit(client: TestClient, fields: { title: string; abstract: string }, file: Uint8Array) {
  const authors = [alice, bob].map((user, index) => ({
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    affiliation: 'University of Lisbon',
    country: 'PT',
    is_corresponding: index === 0,
    order: index + 1,
  }));
  const body = multipartBody([
    { name: 'title', value: fields.title },
    { name: 'abstract', value: fields.abstract },
    { name: 'keywords', value: 'deadlines, uploads, storage' },
    { name: 'event', value: event.publicId },
    { name: 'authors', value: JSON.stringify(authors) },
    { name: 'file', filename: 'paper.pdf', content: file },
  ]);
  return client.post('/api/submissions/', body.payload, { headers: body.headers });
}

describe('a valid and a refused upload of the same PDF at once', () => {
  // Generous: 80 uploads parsed at once on a shared machine.
  it(`keeps the accepted paper's file, in each of ${PAIRS} pairs`, { timeout: 180_000 }, async () => {
    const papers = await Promise.all(
      Array.from({ length: PAIRS }, (_, index) => buildPaperPdf({ title: `Deadline race paper ${index}` })),
    );
    const answers = await Promise.all(
      papers.flatMap((bytes, index) => [
        submit(aliceClient, { title: `Deadline race ${index}`, abstract: 'We study uploads at a deadline.' }, bytes),
        // The abstract is checked after the file is stored: this one is refused with its file in the store.
        submit(bobClient, { title: `Deadline race ${index} (Bob)`, abstract: '' }, bytes),
      ]),
    );

    for (let index = 0; index < PAIRS; index += 1) {
      const accepted = answers[2 * index];
      const refused = answers[2 * index + 1];
      const bytes = papers[index];
      if (!accepted || !refused || !bytes) throw new Error(`pair ${index} is missing`);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: { abstract: [expect.any(String)] } });
      expect(accepted.statusCode, accepted.body).toBe(201);
      const created = accepted.json() as SubmissionDto;
      expect(created.sha256).toBe(sha256(bytes));

      const download = await aliceClient.get(`/api/submissions/${created.public_id}/download_file/`);
      expect(download.statusCode, `pair ${index}: ${download.body.slice(0, 200)}`).toBe(200);
      expect(sha256(download.rawPayload)).toBe(sha256(bytes));
      expect(download.rawPayload.equals(Buffer.from(bytes))).toBe(true);
    }

    // Only the accepted submissions exist, each with one file row naming its PDF.
    const rows = await app.db
      .select({ title: submissions.title, sha256: submissionFiles.sha256 })
      .from(submissions)
      .innerJoin(submissionFiles, eq(submissionFiles.submissionId, submissions.id))
      .where(eq(submissions.eventId, event.id));
    expect(rows.map((row) => row.title).sort()).toEqual(
      Array.from({ length: PAIRS }, (_, index) => `Deadline race ${index}`).sort(),
    );
    expect(new Set(rows.map((row) => row.sha256))).toEqual(new Set(papers.map(sha256)));
  });
});

describe('the sweep running while the same PDF is uploaded again and again', () => {
  it('never loses a file a submission refers to', { timeout: 120_000 }, async () => {
    const bytes = await buildPaperPdf({ title: 'Uploaded, deleted and uploaded again' });
    const key = storageKey(sha256(bytes));
    const rounds = 20;
    let accepted = 0;
    let freed = 0;
    for (let round = 0; round < rounds; round += 1) {
      // Two sweeps start at random moments while the round's uploads are under way.
      const sweepLater = async () => {
        await new Promise((done) => setTimeout(done, crypto.randomInt(SWEEP_DELAY_MS)));
        return (await sweepStoredObjects(app.db, app.storage, { graceMs: 0 })).filter((k) => k === key).length;
      };
      const [valid, refused, ...sweeps] = await Promise.all([
        submit(aliceClient, { title: `Swept race ${round}`, abstract: 'We study uploads under a sweep.' }, bytes),
        submit(bobClient, { title: `Swept race ${round} (Bob)`, abstract: '' }, bytes),
        sweepLater(),
        sweepLater(),
      ]);
      freed += sweeps.reduce((sum, count) => sum + count, 0);
      expect(refused?.statusCode, refused?.body).toBe(400);
      if (valid?.statusCode === 201) {
        accepted += 1;
        const created = valid.json() as SubmissionDto;
        const download = await aliceClient.get(`/api/submissions/${created.public_id}/download_file/`);
        expect(download.statusCode, `round ${round}: ${download.body.slice(0, 200)}`).toBe(200);
        expect(download.rawPayload.equals(Buffer.from(bytes))).toBe(true);
        // Deleted, the submission leaves the file unreferenced for the next round's sweeps.
        const deleted = await aliceClient.delete(`/api/submissions/${created.public_id}/`);
        expect(deleted.statusCode, deleted.body).toBe(204);
      } else {
        // The sweep freed the file between this upload's claim and its commit: refused, nothing written.
        expect(valid?.statusCode, valid?.body).toBe(400);
        expect(valid?.json()).toMatchObject({ code: 'UPLOAD_INCOMPLETE' });
      }
      // Every file row of the event still names a file in the store.
      const rows = await app.db
        .select({ storageKey: submissionFiles.storageKey })
        .from(submissionFiles)
        .innerJoin(submissions, eq(submissions.id, submissionFiles.submissionId))
        .where(eq(submissions.eventId, event.id));
      for (const row of rows) expect(await app.storage.stat(row.storageKey), row.storageKey).toBeDefined();
    }
    // The race happened: the sweeps freed the file between rounds, and uploads still went through.
    expect(freed).toBeGreaterThan(0);
    expect(accepted).toBeGreaterThan(0);

    const last = await submit(aliceClient, { title: 'Swept race, kept', abstract: 'We keep this one.' }, bytes);
    expect(last.statusCode, last.body).toBe(201);
    expect(await sweepStoredObjects(app.db, app.storage, { graceMs: 0 })).not.toContain(key);
    const download = await aliceClient.get(
      `/api/submissions/${(last.json() as SubmissionDto).public_id}/download_file/`,
    );
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(Buffer.from(bytes))).toBe(true);
  });
});
