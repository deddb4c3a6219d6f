import zlib from 'node:zlib';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { testActor } from '../../../test/access.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { addMembership, type BuiltEvent, buildEvent, buildTrack, daysFromNow } from '../../../test/factories/events.ts';
import { buildReview } from '../../../test/factories/reviews.ts';
import { type BuiltSubmission, buildSubmission } from '../../../test/factories/submissions.ts';
import { type BuiltUser, buildUser } from '../../../test/factories/users.ts';
import { signedInClient, signedInClients } from '../../../test/http.ts';
import { recordStatements } from '../../../test/statements.ts';
import { conflicts, eventListChanges, events, submissionAuthors, submissions, tracks } from '../../db/schema/index.ts';
import { loadEvent } from '../events/event-loader.ts';
import { ListCache, readListVersion } from './list-cache.ts';
import { listViewerFor } from './submissions.presenter.ts';
import { eventSubmissionsJson } from './submissions.queries.ts';

/*
 * The whole list is kept per (event, viewer, version of the event's list). Each kind of change to what the list shows
 * must give a new version, so a kept answer is never served stale: every test warms the cache, changes one thing
 * through the real tables, and compares the route's answer with one built afresh. Each change also changes the rows,
 * so an answer served from before the change would fail the comparison.
 */

const onPostgres = process.env.TEST_DB === 'postgres';
const LIST = '/api/submissions/event_submissions/';

let app: TestApp;
let chair: BuiltUser;
let reviewer: BuiltUser;
let author: BuiltUser;
const as = signedInClients(() => app);

beforeAll(async () => {
  app = await buildTestApp();
  chair = await buildUser(app, { firstName: 'Chair' });
  reviewer = await buildUser(app, { firstName: 'Reviewer' });
  author = await buildUser(app, { firstName: 'Rita', lastName: 'Both' });
});
afterAll(async () => {
  await app.close();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A double-blind event with the chair, the reviewer and a reviewer who is also an author, and two papers. */
async function seededEvent(options: { submissionDeadline?: string } = {}) {
  const event = await buildEvent(app, { status: 'active', ...options });
  for (const [user, role] of [
    [chair, 'chair'],
    [reviewer, 'reviewer'],
    [author, 'reviewer'],
  ] as const) {
    await addMembership(app, { event, user, role });
  }
  const first = await buildSubmission(app, { event, title: 'First paper' });
  const second = await buildSubmission(app, { event, submitter: author, title: 'Second paper' });
  return { event, first, second };
}

function list(user: BuiltUser, event: BuiltEvent, headers: Record<string, string> = {}) {
  return as(user).then((client) => client.get(LIST, { query: { event_id: event.publicId }, headers }));
}

/** The list for a viewer built now, bypassing any kept answer. */
async function builtNow(user: BuiltUser, event: BuiltEvent): Promise<unknown> {
  const actor = testActor({ id: user.id, publicId: user.publicId, isAdmin: user.isAdmin });
  const { event: row, access } = await loadEvent(app.db, actor, event.publicId);
  return JSON.parse(await eventSubmissionsJson(app.db, event.id, listViewerFor(access, row)));
}

/** The route's answer, checked against one built now. */
async function current(user: BuiltUser, event: BuiltEvent) {
  const response = await list(user, event);
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual(await builtNow(user, event));
  return response;
}

/** Whether a statement is the list's (not a look at the server's activity for it). */
const isBuild = (statement: string) =>
  statement.includes('json_agg(d order by') && !statement.includes('pg_stat_activity');

/** Whether the list's statement ran during `fn` (a kept answer does not run it). */
async function builds(fn: () => Promise<unknown>): Promise<boolean> {
  return (await recordStatements(app, fn)).some(isBuild);
}

/** A promise resolved by `fire`. */
function signal() {
  let fire!: () => void;
  const fired = new Promise<void>((resolve) => {
    fire = resolve;
  });
  return { fired, fire };
}

/** A transaction that does its work (`ready` then), then stays open until `commit` is called. */
function held(work: (tx: Parameters<Parameters<TestApp['db']['transaction']>[0]>[0]) => Promise<unknown>) {
  const ready = signal();
  const released = signal();
  const done = app.db.transaction(async (tx) => {
    await work(tx);
    ready.fire();
    await released.fired;
  });
  return { ready: ready.fired, commit: released.fire, done };
}

/** Waits until a statement like `pattern` (and unlike `unlike`) waits for a lock. */
async function waitingOnLock(pattern: string, unlike = '-'): Promise<void> {
  for (let tries = 0; tries < 500; tries += 1) {
    const found = await app.db.execute(sql`select count(*)::int as n from pg_stat_activity
      where wait_event_type = 'Lock' and query like ${pattern} and query not like ${`%${unlike}%`}`);
    if (((found as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`no statement like ${pattern} waited for a lock`);
}

/** How many statements building a list wait for a lock, after half a second or as soon as there are `enough`. */
async function buildsWaiting(enough: number): Promise<number> {
  let waiting = 0;
  for (let tries = 0; tries < 50 && waiting < enough; tries += 1) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    const found = await app.db.execute(sql`select count(*)::int as n from pg_stat_activity
      where wait_event_type = 'Lock' and query like '%json_agg(d order by%'`);
    waiting = (found as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
  }
  return waiting;
}

/** Warms the cache, makes a change, and checks the route's answer is the new one for the viewer. */
async function afterChange(user: BuiltUser, event: BuiltEvent, change: () => Promise<unknown>) {
  const before = await current(user, event);
  expect(await builds(() => list(user, event))).toBe(false);
  await change();
  const after = await current(user, event);
  expect(after.json()).not.toEqual(before.json());
  expect(after.headers.etag).not.toBe(before.headers.etag);
  return { before: before.json() as { title: string }[], after: after.json() as { title: string }[] };
}

describe('the kept event lists', () => {
  it('are built once per viewer and version, told apart by viewer, and revalidated with 304', async () => {
    const { event } = await seededEvent();
    expect(await builds(() => list(chair, event))).toBe(true);
    expect(await builds(() => list(chair, event))).toBe(false);
    await current(chair, event);
    // Another viewer gets their own rows (the reviewer is blinded), not the chair's.
    const blind = (await current(reviewer, event)).json() as { authors_hidden: boolean }[];
    expect(blind.every((row) => row.authors_hidden)).toBe(true);
    const first = await list(chair, event);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"sl\d+\.\d+\./);
    const revalidated = await list(chair, event, { 'if-none-match': etag });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    expect(revalidated.headers.etag).toBe(etag);
    // The reviewer's validator is not the chair's.
    expect((await list(reviewer, event, { 'if-none-match': etag })).statusCode).toBe(200);
    await buildSubmission(app, { event, title: 'Third paper' });
    const changed = await list(chair, event, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect((changed.json() as unknown[]).length).toBe(3);
  });

  it('are shared by viewers with the same facts and no paper of their own, not by an involved one', async () => {
    const { event, first } = await seededEvent();
    const [other, conflicted] = [await buildUser(app), await buildUser(app)];
    for (const user of [other, conflicted]) await addMembership(app, { event, user, role: 'chair' });
    await app.db
      .insert(conflicts)
      .values({ submissionId: first.id, userId: conflicted.id, type: 'personal', source: 'declared' });
    expect(await builds(() => list(chair, event))).toBe(true);
    // Another chair with no paper and no conflict in the event: the same rows, the same validator, nothing built.
    expect(await builds(() => list(other, event))).toBe(false);
    expect((await list(other, event)).headers.etag).toBe((await list(chair, event)).headers.etag);
    // A conflicted chair's rows differ (manage_reviewers off for that paper): built for them alone.
    expect(await builds(() => list(conflicted, event))).toBe(true);
    expect(await builds(() => list(conflicted, event))).toBe(false);
    expect((await list(conflicted, event)).json()).not.toEqual((await list(chair, event)).json());
    // So is a reviewer who wrote a paper of the event, against a reviewer who did not.
    expect(await builds(() => list(reviewer, event))).toBe(true);
    expect(await builds(() => list(author, event))).toBe(true);
    expect((await list(author, event)).json()).not.toEqual((await list(reviewer, event)).json());
    // Each of them got the rows built for them now.
    for (const user of [chair, other, conflicted, reviewer, author]) await current(user, event);
  });

  // PGlite answers one request's statements at a time: requests never miss together there.
  it.runIf(onPostgres)('are built once for requests that miss them together', async () => {
    const { event } = await seededEvent();
    await list(chair, event); // signed in; the event's list not built for the reviewers yet
    // The first build waits on a lock of the tracks (which only the list's statement reads) while two more requests
    // for the same key arrive: they wait for that build instead of building (or waiting on the lock) themselves.
    const tracksLocked = held((tx) => tx.execute(sql`lock table ${tracks} in access exclusive mode`));
    await tracksLocked.ready;
    const statements = recordStatements(app, async () => {
      const first = list(reviewer, event);
      await waitingOnLock('%json_agg(d order by%');
      const more = [list(reviewer, event), list(reviewer, event)];
      // Given the time to read the version and miss, the two others build nothing of their own.
      expect(await buildsWaiting(2)).toBe(1);
      tracksLocked.commit();
      await tracksLocked.done;
      const answers = await Promise.all([first, ...more]);
      expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    });
    expect((await statements).filter(isBuild)).toHaveLength(1);
    await current(reviewer, event);
  });

  it('are sent compressed as the client asks, each form the same text', async () => {
    const { event } = await seededEvent();
    const plain = (await list(chair, event)).body;
    const decoders = {
      zstd: zlib.zstdDecompressSync,
      br: zlib.brotliDecompressSync,
      gzip: zlib.gunzipSync,
    } as const;
    for (const [encoding, decode] of Object.entries(decoders)) {
      for (let round = 0; round < 2; round += 1) {
        const response = await list(chair, event, { 'accept-encoding': encoding });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-encoding']).toBe(encoding);
        expect(response.headers.vary).toMatch(/accept-encoding/i);
        expect(decode(response.rawPayload).toString('utf8')).toBe(plain);
      }
    }
    expect((await list(chair, event, { 'accept-encoding': 'gzip, zstd;q=0' })).headers['content-encoding']).toBe(
      'gzip',
    );
    expect((await list(chair, event, { 'accept-encoding': 'identity' })).headers['content-encoding']).toBeUndefined();
  });

  it('show a new submission', async () => {
    const { event } = await seededEvent();
    const { after } = await afterChange(chair, event, () => buildSubmission(app, { event, title: 'Late paper' }));
    expect(after.map((row) => row.title)).toContain('Late paper');
  });

  it('show an edited title, and a deleted paper gone', async () => {
    const { event, first, second } = await seededEvent();
    await afterChange(chair, event, () =>
      app.db.update(submissions).set({ title: 'Edited title' }).where(eq(submissions.id, first.id)),
    );
    const { after } = await afterChange(chair, event, () =>
      app.db.delete(submissions).where(eq(submissions.id, second.id)),
    );
    expect(after.map((row) => row.title)).toEqual(['Edited title']);
  });

  it('show an author added and a name changed', async () => {
    const { event, first } = await seededEvent();
    await afterChange(chair, event, () =>
      app.db.insert(submissionAuthors).values({
        submissionId: first.id,
        position: 2,
        firstName: 'Added',
        lastName: 'Author',
        email: 'added@example.net',
        affiliation: 'Cairo University',
        country: 'EG',
      }),
    );
    await afterChange(chair, event, () =>
      app.db
        .update(submissionAuthors)
        .set({ lastName: 'Renamed' })
        .where(and(eq(submissionAuthors.submissionId, first.id), eq(submissionAuthors.position, 2))),
    );
    const rows = (await current(chair, event)).json() as { authors: { last_name: string }[] }[];
    expect(rows[0]?.authors.map((name) => name.last_name)).toContain('Renamed');
  });

  it('show a decision', async () => {
    const { event, first } = await seededEvent();
    await afterChange(chair, event, () =>
      app.db.update(submissions).set({ status: 'accepted', decision: 'accept' }).where(eq(submissions.id, first.id)),
    );
  });

  it('show a conflict declared by the viewer', async () => {
    const { event, first } = await seededEvent();
    const { after } = await afterChange(chair, event, () =>
      app.db
        .insert(conflicts)
        .values({ submissionId: first.id, userId: chair.id, type: 'personal', source: 'declared' }),
    );
    expect((after[0] as unknown as { abilities: { manage_reviewers: boolean } }).abilities.manage_reviewers).toBe(
      false,
    );
  });

  it('show the blind mode changed, and a track renamed', async () => {
    const { event } = await seededEvent();
    const { after } = await afterChange(reviewer, event, () =>
      app.db
        .update(events)
        .set({ reviewSettings: { ...event.reviewSettings, blind_mode: 'single' } })
        .where(eq(events.id, event.id)),
    );
    expect((after as unknown as { authors_hidden: boolean }[]).some((row) => row.authors_hidden)).toBe(false);
    const track = await buildTrack(app, { event, name: 'Systems' });
    const paper = await buildSubmission(app, { event, track });
    await afterChange(chair, event, () =>
      app.db.update(tracks).set({ name: 'Networks' }).where(eq(tracks.id, track.id)),
    );
    const rows = (await current(chair, event)).json() as { id: number; track_name: string | null }[];
    expect(rows.find((row) => row.id === paper.id)?.track_name).toBe('Networks');
  });

  it('show an author that the deadline has passed, with no write at all', async () => {
    const { event } = await seededEvent({ submissionDeadline: daysFromNow(1) });
    const editable = (rows: unknown) =>
      (rows as { abilities: { update: boolean } }[]).filter((row) => row.abilities.update).length;
    const before = await current(author, event);
    expect(editable(before.json())).toBe(1);
    expect(await builds(() => list(author, event))).toBe(false);
    // Three days later (signed in again: the access token of before has expired by then).
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 3 * 86_400_000 });
    const later = await signedInClient(app, author);
    const after = await later.get(LIST, {
      query: { event_id: event.publicId },
      headers: { 'if-none-match': before.headers.etag as string },
    });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual(await builtNow(author, event));
    expect(editable(after.json())).toBe(0);
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('stay when a review is written (the list shows none of it), and a bulk write leaves one change', async () => {
    const { event, first, second } = await seededEvent();
    const kept = await current(chair, event);
    await buildReview(app, { submission: first, reviewer, status: 'completed' });
    const { version } = await readListVersion(app.db, event.id);
    expect((await list(chair, event, { 'if-none-match': kept.headers.etag as string })).statusCode).toBe(304);
    // The conflict sync writes many pairs in one statement: one change row for the event, not one per pair.
    const users = await Promise.all([1, 2, 3].map(() => buildUser(app)));
    await app.db.insert(conflicts).values(
      users.flatMap((user) =>
        [first, second].map((paper: BuiltSubmission) => ({
          submissionId: paper.id,
          userId: user.id,
          type: 'coauthor' as const,
          source: 'detected' as const,
        })),
      ),
    );
    expect((await readListVersion(app.db, event.id)).version).toBe(String(Number(version) + 1));
    await current(chair, event);
  });

  it('fold many changes into one row without changing the version', async () => {
    const { event, first } = await seededEvent();
    for (let round = 0; round < 70; round += 1) {
      await app.db
        .update(submissions)
        .set({ title: `Title ${round}` })
        .where(eq(submissions.id, first.id));
    }
    const before = await readListVersion(app.db, event.id);
    expect(before.rows).toBeGreaterThan(64);
    const response = await current(chair, event);
    const after = await readListVersion(app.db, event.id);
    expect(after).toMatchObject({ version: before.version, rows: 1 });
    expect((await list(chair, event, { 'if-none-match': response.headers.etag as string })).statusCode).toBe(304);
    const stored = await app.db.select().from(eventListChanges).where(eq(eventListChanges.eventId, event.id));
    expect(stored.map((row) => row.weight)).toEqual([Number(before.version)]);
  });

  // PGlite runs one statement at a time on one connection: no write can commit in the middle of a request there.
  it.runIf(onPostgres)(
    'never keep an answer under a version newer than its rows: a write committing while the list is built',
    async () => {
      const { event, first } = await seededEvent();
      await current(chair, event);
      // The list's statement is held on a lock of a table only it reads (tracks), after the request read the version; the
      // write then locks the change rows, and commits once the request waits on them (its statement reading them, or
      // a version read of its own after the rows: the stale order this test is here to catch).
      const tracksLocked = held((tx) => tx.execute(sql`lock table ${tracks} in access exclusive mode`));
      await tracksLocked.ready;
      const updated = signal();
      const lockChanges = signal();
      const write = held(async (tx) => {
        await tx.update(submissions).set({ title: 'Committed mid-build' }).where(eq(submissions.id, first.id));
        updated.fire();
        await lockChanges.fired;
        await tx.execute(sql`lock table ${eventListChanges} in access exclusive mode`);
      });
      await updated.fired;
      const request = list(reviewer, event);
      await waitingOnLock('%json_agg(d order by%');
      lockChanges.fire();
      await write.ready;
      tracksLocked.commit();
      await tracksLocked.done;
      await waitingOnLock('%event_list_changes%', 'lock table');
      write.commit();
      await write.done;
      const during = await request;
      expect(during.statusCode).toBe(200);
      const after = (await current(reviewer, event)).json() as { title: string }[];
      expect(after.map((row) => row.title)).toContain('Committed mid-build');
    },
  );

  it.runIf(onPostgres)(
    'answer with the old rows while a write is uncommitted, and the new ones once it commits',
    async () => {
      const { event } = await seededEvent();
      await current(chair, event);
      let during: unknown[] = [];
      await app.db.transaction(async (tx) => {
        await buildSubmission(tx, { event, title: 'Uncommitted', withoutFile: true });
        during = (await current(chair, event)).json() as unknown[];
      });
      expect(during).toHaveLength(2);
      const after = (await current(chair, event)).json() as { title: string }[];
      expect(after.map((row) => row.title)).toContain('Uncommitted');
    },
  );

  it('leaves the least recently used answers out first, within its bytes', async () => {
    const cache = new ListCache(100);
    const text = (n: number) => JSON.stringify([{ n, pad: 'x'.repeat(30) }]);
    const a = cache.put('a', 'W/"a"', text(1));
    cache.put('b', 'W/"b"', text(2));
    expect(cache.get('a')).toBe(a);
    cache.put('c', 'W/"c"', text(3));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(a);
    expect(cache.bytes).toBeLessThanOrEqual(100);
    expect(cache.put('big', 'W/"big"', 'x'.repeat(101)).body.length).toBe(101);
    expect(cache.get('big')).toBeUndefined();
    const none = new ListCache(0);
    none.put('z', 'W/"z"', '[]');
    expect(none.size).toBe(0);
  });
});

describe('the list change rows', () => {
  it('come from triggers on both databases', async () => {
    const found = await app.db.execute(
      sql`select tgname from pg_trigger where tgname like 'event_list_%' order by tgname`,
    );
    const names = (found as unknown as { rows: { tgname: string }[] }).rows.map((row) => row.tgname);
    expect(names).toHaveLength(13);
  });
});
