import { EventSubmissionsDto, type SubmissionListItemDto } from '@confero/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testActor } from '../../../test/access.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { addMembership, type BuiltEvent, buildEvent, buildTrack, daysFromNow } from '../../../test/factories/events.ts';
import { buildSubmission } from '../../../test/factories/submissions.ts';
import { type BuiltUser, buildAdmin, buildUser } from '../../../test/factories/users.ts';
import { signedInClients } from '../../../test/http.ts';
import { conflicts, events } from '../../db/schema/index.ts';
import { compileSerializer } from '../../plugins/serializer.ts';
import { loadEvent } from '../events/event-loader.ts';
import { listViewerFor, presentSubmissionList } from './submissions.presenter.ts';
import { accessToBundles, eventSubmissionsJson, listEventSubmissions } from './submissions.queries.ts';

/*
 * The whole list of an event's submissions is built by the database (`eventSubmissionsJson`); these tests hold it to
 * the presenter's answer over the same rows, row by row, for viewers each rule treats differently.
 */

let app: TestApp;
let open: BuiltEvent;
let closed: BuiltEvent;
let single: BuiltEvent;
let chair: BuiltUser;
let conflictedChair: BuiltUser;
let reviewer: BuiltUser;
let reviewerAuthor: BuiltUser;
let trackChair: BuiltUser;
let siteAdmin: BuiltUser;
const as = signedInClients(() => app);
const serialize = compileSerializer(EventSubmissionsDto);

const actorOf = (user: BuiltUser) => testActor({ id: user.id, publicId: user.publicId, isAdmin: user.isAdmin });

/** The presenter's rows for a viewer, as the serializer writes them, and the database's rows. */
async function bothAnswers(user: BuiltUser, event: BuiltEvent) {
  const actor = actorOf(user);
  const { event: row, access } = await loadEvent(app.db, actor, event.publicId);
  const rows = await listEventSubmissions(app.db, event.id);
  const presented = presentSubmissionList(rows, await accessToBundles(app.db, actor, rows));
  const expected = JSON.parse(serialize(presented)) as SubmissionListItemDto[];
  const built = JSON.parse(await eventSubmissionsJson(app.db, event.id, listViewerFor(access, row))) as unknown[];
  return { expected, built };
}

/** Papers in every state the rows tell apart, in an event with a track (double-blind, the default). */
async function seedPapers(event: BuiltEvent) {
  const track = await buildTrack(app, { event });
  await addMembership(app, { event, user: trackChair, role: 'chair', track });
  const stranger = await buildUser(app, { firstName: 'Zoë "Z"', lastName: 'Ström\\Back' });
  await buildSubmission(app, { event, submitter: stranger, title: 'Quotes " and \\ and\ttabs — 日本語 / é' });
  await buildSubmission(app, {
    event,
    submitter: stranger,
    track,
    keywords: [],
    authors: [{ user: stranger }, { email: 'guest@example.net', firstName: ' Gus', lastName: 'Guest ' }],
  });
  await buildSubmission(app, { event, submitter: reviewerAuthor, authors: [{ user: reviewerAuthor }] });
  await buildSubmission(app, {
    event,
    authors: [{ email: 'first@example.net' }, { user: reviewerAuthor }],
    status: 'under_review',
  });
  await buildSubmission(app, { event, submitter: stranger, status: 'accepted', decision: 'accept' });
  await buildSubmission(app, { event, submitter: reviewerAuthor, status: 'rejected', decision: 'reject' });
  await buildSubmission(app, { event, submitter: stranger, track, status: 'revision_requested' });
  const clash = await buildSubmission(app, { event, submitter: stranger, track });
  for (const user of [conflictedChair, trackChair]) {
    await app.db
      .insert(conflicts)
      .values({ submissionId: clash.id, userId: user.id, type: 'personal', source: 'declared' });
  }
  await buildSubmission(app, { event, submitter: conflictedChair, authors: [{ user: conflictedChair }] });
}

beforeAll(async () => {
  app = await buildTestApp();
  chair = await buildUser(app, { firstName: 'Chair' });
  conflictedChair = await buildUser(app, { firstName: 'Conflicted' });
  reviewer = await buildUser(app, { firstName: 'Reviewer' });
  reviewerAuthor = await buildUser(app, { firstName: 'Rita', lastName: 'Both' });
  trackChair = await buildUser(app, { firstName: 'Track' });
  siteAdmin = await buildAdmin(app);
  open = await buildEvent(app, { status: 'active' });
  closed = await buildEvent(app, { status: 'active', submissionDeadline: daysFromNow(-3) });
  single = await buildEvent(app, { status: 'active' });
  await app.db
    .update(events)
    .set({ reviewSettings: { ...open.reviewSettings, blind_mode: 'single' } })
    .where(eq(events.id, single.id));
  for (const event of [open, closed, single]) {
    for (const [user, role] of [
      [chair, 'chair'],
      [conflictedChair, 'chair'],
      [reviewer, 'reviewer'],
      [reviewerAuthor, 'reviewer'],
    ] as const) {
      await addMembership(app, { event, user, role });
    }
    await seedPapers(event);
  }
});
afterAll(async () => {
  await app.close();
});

describe('the event list built by the database', () => {
  const viewers = () =>
    ({ chair, conflictedChair, reviewer, reviewerAuthor, trackChair, siteAdmin }) as Record<string, BuiltUser>;

  for (const name of ['chair', 'conflictedChair', 'reviewer', 'reviewerAuthor', 'trackChair', 'siteAdmin']) {
    it(`equals the presenter's rows for the ${name}, before and after the deadline and in a single-blind event`, async () => {
      const user = viewers()[name] as BuiltUser;
      for (const event of [open, closed, single]) {
        const { expected, built } = await bothAnswers(user, event);
        expect(expected).toHaveLength(9);
        expect(built).toHaveLength(expected.length);
        expected.forEach((row, index) => {
          expect(built[index], `${name}, row ${index}`).toEqual(row);
        });
      }
    });
  }

  it('tells the viewers apart as the rules do (so the comparison above covers every branch)', async () => {
    const abilities = async (user: BuiltUser, event: BuiltEvent) =>
      (await bothAnswers(user, event)).built as SubmissionListItemDto[];
    const blind = await abilities(reviewer, open);
    expect(blind.every((row) => row.authors_hidden && row.authors.length === 0 && row.primary_author === null)).toBe(
      true,
    );
    expect((await abilities(reviewer, single)).some((row) => row.authors_hidden)).toBe(false);
    const own = (await abilities(reviewerAuthor, open)).filter((row) => !row.authors_hidden);
    expect(own.map((row) => row.abilities)).toEqual([
      { update: true, delete: true, manage_reviewers: false },
      { update: true, delete: false, manage_reviewers: false },
      { update: false, delete: false, manage_reviewers: false },
    ]);
    expect((await abilities(reviewerAuthor, closed)).some((row) => row.abilities.update)).toBe(false);
    const managed = (rows: SubmissionListItemDto[]) => rows.filter((row) => row.abilities.manage_reviewers).length;
    expect(managed(await abilities(chair, open))).toBe(9);
    expect(managed(await abilities(conflictedChair, open))).toBe(7);
    expect(managed(await abilities(siteAdmin, open))).toBe(9);
    expect(managed(await abilities(trackChair, open))).toBe(2);
  });

  it('is what GET event_submissions/ answers whole, as JSON, and an empty event answers []', async () => {
    const response = await (await as(chair)).get('/api/submissions/event_submissions/', {
      query: { event_id: open.publicId },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.json()).toEqual((await bothAnswers(chair, open)).expected);
    const empty = await buildEvent(app, { status: 'active' });
    const none = await (await as(empty.creator)).get('/api/submissions/event_submissions/', {
      query: { event_id: empty.publicId },
    });
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual([]);
  });
});
