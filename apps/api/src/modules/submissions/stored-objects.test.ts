import crypto from 'node:crypto';
import fs from 'node:fs';
import { Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { buildSubmission } from '../../../test/factories/submissions.ts';
import { buildPaperPdf } from '../../../test/fixtures/submission-pdf.ts';
import { jobs, storedObjects, submissionFiles } from '../../db/schema/index.ts';
import { SWEEP_STORED_FILES_JOB } from '../../jobs/maintenance.ts';
import { queryRows } from '../../lib/sql.ts';
import type { Storage, StoredObject } from '../../lib/storage.ts';
import {
  claimStoredObject,
  holdStoredObject,
  registerUnlistedObjects,
  STORED_OBJECT_GRACE_MS,
  sweepStoredObjects,
  TEMPORARY_FILE_MAX_AGE_MS,
} from './stored-objects.ts';

const HOUR = 60 * 60 * 1000;

let app: TestApp;

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});
beforeEach(async () => {
  // Each test starts from an empty store and registry.
  await app.db.delete(submissionFiles);
  await app.db.delete(storedObjects);
  app.testStore.clear();
});

/** Bytes no other test stores. */
const uniqueBytes = (label: string) => Buffer.from(`%PDF-1.7 ${label} ${crypto.randomUUID()}`);

/** Stores bytes as an upload does: claimed in the registry, then placed. */
const upload = (bytes: Uint8Array, storage: Storage = app.storage) =>
  storage.put(Readable.from([Buffer.from(bytes)]), { claim: claimStoredObject(app.db) });

const fileOf = (key: string) => app.testStore.fileOf(key);
const present = (key: string) => fs.existsSync(fileOf(key));

async function registry(): Promise<string[]> {
  return (await app.db.select({ key: storedObjects.key }).from(storedObjects)).map((row) => row.key).sort();
}

/** Makes a registry row look untouched for `ageMs`. */
async function age(key: string, ageMs: number): Promise<void> {
  await app.db.execute(
    sql`update stored_objects set touched_at = now() - (${ageMs}::double precision * interval '1 millisecond')
        where key = ${key}`,
  );
}

/** Makes a stored file look last written `ageMs` ago. */
function ageFile(file: string, ageMs: number): void {
  const at = new Date(Date.now() - ageMs);
  fs.utimesSync(file, at, at);
}

const ago = (ms: number) => new Date(Date.now() - ms);
/** The keys of the store's temporary folder. */
const temporaryKeys = (store = app.testStore) => store.keys().filter((key) => key.startsWith('tmp/'));

/** A promise with its resolve function outside. */
function deferred<T = void>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

const settledWithin = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise.then(() => true), new Promise<false>((done) => setTimeout(() => done(false), ms))]);

describe('sweepStoredObjects', () => {
  it('frees only files no row refers to and no upload touched within the grace period', async () => {
    const oldUnreferenced = await upload(uniqueBytes('old, unreferenced'));
    const young = await upload(uniqueBytes('young, unreferenced'));
    const paper = await buildSubmission(app, { pdf: uniqueBytes('old, referenced') });
    const referenced = paper.file?.storageKey ?? '';
    await age(oldUnreferenced.key, 25 * HOUR);
    await age(referenced, 30 * HOUR);
    // A registry row whose file is already gone (a sweep whose commit failed) goes too.
    const missingKey = `files/00/00/${'0'.repeat(64)}`;
    await app.db.insert(storedObjects).values({ key: missingKey, size: 10 });
    await age(missingKey, 26 * HOUR);

    const freed = await sweepStoredObjects(app.db, app.storage);
    expect(freed).toEqual([missingKey, oldUnreferenced.key]);
    expect(present(oldUnreferenced.key)).toBe(false);
    expect([present(young.key), present(referenced)]).toEqual([true, true]);
    expect(await registry()).toEqual([young.key, referenced].sort());

    // With no grace period the young file goes as well; a referenced one never does.
    expect(await sweepStoredObjects(app.db, app.storage, { graceMs: 0 })).toEqual([young.key]);
    expect(present(young.key)).toBe(false);
    expect(present(referenced)).toBe(true);
    expect(await registry()).toEqual([referenced]);
  });

  it('goes on batch after batch while batches come back full', async () => {
    const stored: StoredObject[] = [];
    for (let index = 0; index < 5; index += 1) stored.push(await upload(uniqueBytes(`batch ${index}`)));
    const freed = await sweepStoredObjects(app.db, app.storage, { graceMs: 0, batchSize: 2 });
    expect(freed.sort()).toEqual(stored.map((object) => object.key).sort());
    expect(await registry()).toEqual([]);
    expect(stored.filter((object) => present(object.key))).toEqual([]);
  });

  it('holds its row locks while it deletes: an upload claiming the same bytes waits and ends with the file there', async () => {
    const bytes = uniqueBytes('claimed during a sweep');
    const first = await upload(bytes);
    const deleting = deferred();
    const release = deferred();
    const gated: Storage = {
      ...app.storage,
      async delete(key) {
        deleting.resolve();
        await release.promise;
        await app.storage.delete(key);
      },
    };
    const sweep = sweepStoredObjects(app.db, gated, { graceMs: 0 });
    await deleting.promise;

    let claimed = false;
    const again = app.storage.put(Readable.from([bytes]), {
      claim: async (object) => {
        await claimStoredObject(app.db)(object);
        claimed = true;
      },
    });
    // The claim waits for the sweep's lock (PostgreSQL) or its transaction (PGlite).
    expect(await settledWithin(again, 300)).toBe(false);
    expect(claimed).toBe(false);

    release.resolve();
    expect(await sweep).toEqual([first.key]);
    expect(await again).toEqual(first);
    expect(claimed).toBe(true);
    expect(fs.readFileSync(fileOf(first.key))).toEqual(bytes);
    const [row] = await app.db.select().from(storedObjects).where(eq(storedObjects.key, first.key));
    expect(row?.size).toBe(bytes.length);
  });

  it('never frees a file whose row a transaction holds, and the row that commits keeps it', async () => {
    const earlier = await buildSubmission(app, { withoutFile: true });
    const stored = await upload(uniqueBytes('held for a file row'));
    const holding = deferred();
    const commit = deferred();
    const referring = app.db.transaction(async (tx) => {
      await holdStoredObject(tx, app.storage, stored);
      holding.resolve();
      await commit.promise;
      // A submission whose file row names the held file.
      await buildSubmission(tx, { event: earlier.event, submitter: earlier.submitter, stored });
    });
    await holding.promise;
    // PostgreSQL skips the locked row; PGlite runs the sweep after the transaction. Either way the file stays.
    const sweep = sweepStoredObjects(app.db, app.storage, { graceMs: 0 });
    await settledWithin(sweep, 300);
    commit.resolve();
    await referring;
    await sweep;
    expect(await sweepStoredObjects(app.db, app.storage, { graceMs: 0 })).toEqual([]);
    expect(present(stored.key)).toBe(true);
    expect(await registry()).toEqual([stored.key]);
  });

  it('refuses to hold a file the sweep freed after its upload (400 UPLOAD_INCOMPLETE) and writes nothing', async () => {
    const stored = await upload(uniqueBytes('freed before its row'));
    expect(await sweepStoredObjects(app.db, app.storage, { graceMs: 0 })).toEqual([stored.key]);
    const error = await app.db
      .transaction((tx) => holdStoredObject(tx, app.storage, stored))
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ statusCode: 400, code: 'UPLOAD_INCOMPLETE' });
    expect(await registry()).toEqual([]);
  });
});

describe('registerUnlistedObjects', () => {
  it('registers files stored without a registry row as touched when written, so the sweep can free them', async () => {
    const legacyOld = await app.storage.put(Readable.from([uniqueBytes('legacy, old')]));
    const legacyYoung = await app.storage.put(Readable.from([uniqueBytes('legacy, young')]));
    const listed = await upload(uniqueBytes('already listed'));
    await age(listed.key, 30 * HOUR);
    ageFile(fileOf(legacyOld.key), 48 * HOUR);
    ageFile(fileOf(listed.key), 48 * HOUR);

    expect(await registerUnlistedObjects(app.db, app.storage, { batchSize: 1 })).toBe(2);
    expect(await registry()).toEqual([legacyOld.key, legacyYoung.key, listed.key].sort());
    const rows = await queryRows<{ key: string; size: string | number; age_hours: number }>(
      app.db,
      sql`select key, size, round(extract(epoch from now() - touched_at) / 3600)::int as age_hours
          from stored_objects`,
    );
    expect(rows.map((row) => ({ ...row, size: Number(row.size) })).sort((a, b) => a.key.localeCompare(b.key))).toEqual(
      [
        { key: legacyOld.key, size: legacyOld.size, age_hours: 48 },
        { key: legacyYoung.key, size: legacyYoung.size, age_hours: 0 },
        // A row already there is left as it was.
        { key: listed.key, size: listed.size, age_hours: 30 },
      ].sort((a, b) => a.key.localeCompare(b.key)),
    );
    expect(await registerUnlistedObjects(app.db, app.storage)).toBe(0);

    expect((await sweepStoredObjects(app.db, app.storage)).sort()).toEqual([legacyOld.key, listed.key].sort());
    expect(present(legacyYoung.key)).toBe(true);
  });
});

describe(`the ${SWEEP_STORED_FILES_JOB} job`, () => {
  it('is registered to run periodically and sweeps temporary files, unlisted files and unreferenced files', async () => {
    expect(app.jobs.types()).toContain(SWEEP_STORED_FILES_JOB);
    const freedByAge = await upload(uniqueBytes('unreferenced for a day'));
    await age(freedByAge.key, STORED_OBJECT_GRACE_MS + HOUR);
    const kept = await upload(uniqueBytes('unreferenced for a minute'));
    const legacy = await app.storage.put(Readable.from([uniqueBytes('legacy, written two days ago')]));
    ageFile(fileOf(legacy.key), 48 * HOUR);
    const paper = await buildSubmission(app, { pdf: await buildPaperPdf({ title: 'Referenced for ever' }) });
    const referenced = paper.file?.storageKey ?? '';
    await age(referenced, 48 * HOUR);
    app.testStore.write('tmp/1-crashed.part', 'left by a killed process', ago(TEMPORARY_FILE_MAX_AGE_MS + 60_000));
    app.testStore.write('tmp/2-in-flight.part', 'an upload in progress');

    const id = await app.jobs.enqueue(SWEEP_STORED_FILES_JOB, {});
    expect(await app.jobs.runPending()).toBeGreaterThanOrEqual(1);
    const [job] = await app.db.select().from(jobs).where(eq(jobs.id, id));
    expect(job).toMatchObject({ status: 'done', result: { temporary_removed: 1, registered: 1, freed: 2 } });
    expect(temporaryKeys()).toEqual(['tmp/2-in-flight.part']);
    expect([present(freedByAge.key), present(legacy.key)]).toEqual([false, false]);
    expect([present(kept.key), present(referenced)]).toEqual([true, true]);
    expect(await registry()).toEqual([kept.key, referenced].sort());
  });

  it('sweeps old temporary files once when the server starts, without waiting for the job', async () => {
    const started = await buildTestApp(
      {},
      {
        beforeReady: (instance) => {
          instance.testStore.write(
            'tmp/1-crashed.part',
            'left by a killed process',
            ago(2 * TEMPORARY_FILE_MAX_AGE_MS),
          );
          instance.testStore.write('tmp/2-in-flight.part', 'an upload in progress');
        },
      },
    );
    try {
      await expect
        .poll(() => temporaryKeys(started.testStore), { timeout: 5000, interval: 20 })
        .toEqual(['tmp/2-in-flight.part']);
    } finally {
      await started.close();
    }
  });
});
