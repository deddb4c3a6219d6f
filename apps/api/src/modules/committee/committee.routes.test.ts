import type { BulkApplyDto, BulkPreviewDto, CommitteeReviewerDto, TrackDto } from '@confero/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { addMembership, type BuiltEvent, buildEvent, buildTrack } from '../../../test/factories/events.ts';
import { buildReview, countQueries } from '../../../test/factories/reviews.ts';
import { buildSubmission } from '../../../test/factories/submissions.ts';
import { buildUser } from '../../../test/factories/users.ts';
import { mailsTo, signedInClients } from '../../../test/http.ts';
import { auditLog, eventMemberships, reviews } from '../../db/schema/index.ts';

let app: TestApp;
const as = signedInClients(() => app);

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => app.close());

let counter = 0;
const uniqueEmail = (prefix: string) => `${prefix}.${Date.now().toString(36)}${++counter}@example.org`;

/** An active event with its creator (event admin), a reviewer, a track chair and an outsider. */
async function committee() {
  const event = await buildEvent(app, { status: 'active' });
  const track = await buildTrack(app, { event, name: 'Systems' });
  const [reviewer, trackChair, outsider] = await Promise.all([buildUser(app), buildUser(app), buildUser(app)]);
  await addMembership(app, { event, user: reviewer, role: 'reviewer', expertise: 'databases', maxPapers: 3 });
  await addMembership(app, { event, user: trackChair, role: 'chair', track });
  return { event, track, organizer: event.creator, reviewer, trackChair, outsider };
}

async function reviewerRow(event: { id: number }, user: { id: number }) {
  const [row] = await app.db
    .select()
    .from(eventMemberships)
    .where(
      and(
        eq(eventMemberships.eventId, event.id),
        eq(eventMemberships.userId, user.id),
        eq(eventMemberships.role, 'reviewer'),
      ),
    );
  return row;
}

async function auditRows(event: { id: number }, action: string) {
  return app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.eventId, event.id), eq(auditLog.action, action)));
}

describe('GET events/{id}/reviewers/', () => {
  it("lists each reviewer's load and completed reviews, in one grouped count", async () => {
    const { event, organizer, reviewer } = await committee();
    const first = await buildSubmission(app, { event });
    const second = await buildSubmission(app, { event });
    await buildReview(app, { submission: first, reviewer, status: 'completed' });
    await buildReview(app, { submission: second, reviewer, status: 'in_progress' });

    const response = await (await as(organizer)).get(`/api/events/${event.publicId}/reviewers/`);
    expect(response.statusCode).toBe(200);
    expect(response.json() as CommitteeReviewerDto[]).toEqual([
      expect.objectContaining({ public_id: reviewer.publicId, max_papers: 3, load: 2, completed: 1 }),
    ]);
  });

  it('costs the same number of queries for 1 and for 3 reviewers with reviews', async () => {
    const costs: number[] = [];
    for (const size of [1, 3]) {
      const event = await buildEvent(app, { status: 'active' });
      for (let index = 0; index < size; index += 1) {
        const user = await buildUser(app);
        await addMembership(app, { event, user, role: 'reviewer' });
        await buildReview(app, { submission: await buildSubmission(app, { event }), reviewer: user });
      }
      const client = await as(event.creator);
      const url = `/api/events/${event.publicId}/reviewers/`;
      expect((await client.get(url)).json()).toHaveLength(size);
      costs.push(await countQueries(app, () => client.get(url)));
    }
    expect(costs[1]).toBe(costs[0]);
  });

  it('shows the list to a track chair (403 to a reviewer, 404 to an outsider of a pending event)', async () => {
    const { event, trackChair, reviewer, outsider } = await committee();
    expect((await (await as(trackChair)).get(`/api/events/${event.publicId}/reviewers/`)).statusCode).toBe(200);
    expect((await (await as(reviewer)).get(`/api/events/${event.publicId}/reviewers/`)).json()).toMatchObject({
      code: 'PERMISSION_DENIED',
    });
    const pending = await buildEvent(app, { status: 'pending' });
    const hidden = await (await as(outsider)).get(`/api/events/${pending.publicId}/reviewers/`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toMatchObject({ code: 'NOT_FOUND', message_code: 'events.notFound' });
  });
});

describe('PATCH events/{id}/reviewers/{user_id}/', () => {
  it('changes expertise and max_papers, audits the changes as {field: {from, to}}, and counts a load over the limit', async () => {
    const { event, organizer, reviewer } = await committee();
    for (const status of ['assigned', 'in_progress', 'completed'] as const) {
      await buildReview(app, { submission: await buildSubmission(app, { event }), reviewer, status });
    }
    const response = await (await as(organizer)).patch(
      `/api/events/${event.publicId}/reviewers/${reviewer.publicId}/`,
      {
        expertise: '  query optimisation ',
        max_papers: 1,
      },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Reviewer updated', over_limit: 2 });
    expect(await reviewerRow(event, reviewer)).toMatchObject({ expertise: 'query optimisation', maxPapers: 1 });
    const [audit] = await auditRows(event, 'event.reviewer_updated');
    expect(audit?.data).toEqual({
      user_id: reviewer.id,
      changes: { expertise: { from: 'databases', to: 'query optimisation' }, max_papers: { from: 3, to: 1 } },
    });
    // Its reviews stay: lowering the limit takes nothing away.
    expect(await app.db.select().from(reviews).where(eq(reviews.reviewerId, reviewer.id))).toHaveLength(3);

    const same = await (await as(organizer)).patch(`/api/events/${event.publicId}/reviewers/${reviewer.publicId}/`, {
      max_papers: '1',
    });
    expect(same.json()).toEqual({ message: 'Reviewer updated', over_limit: 2 });
    expect(await auditRows(event, 'event.reviewer_updated')).toHaveLength(1);
  });

  it('answers 400 with the field for a bad max_papers or expertise, and for an empty body', async () => {
    const { event, organizer, reviewer } = await committee();
    const client = await as(organizer);
    const url = `/api/events/${event.publicId}/reviewers/${reviewer.publicId}/`;
    for (const max_papers of [0, 101, 2.5, 'many']) {
      const response = await client.patch(url, { max_papers });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        field_codes: { max_papers: ['events.maxPapersRange'] },
      });
    }
    const long = await client.patch(url, { expertise: 'x'.repeat(2_001) });
    expect(long.json()).toMatchObject({ field_codes: { expertise: ['events.tooLong'] } });
    for (const body of [{}, { max_papers: ' ' }]) {
      // A blank max_papers changes nothing: it is not the default of a new reviewer.
      const empty = await client.patch(url, body);
      expect(empty.statusCode).toBe(400);
      expect(empty.json()).toMatchObject({ code: 'VALIDATION_ERROR', message_code: 'committee.nothingToChange' });
    }
    expect(await reviewerRow(event, reviewer)).toMatchObject({ expertise: 'databases', maxPapers: 3 });
  });

  it('answers 404 for someone who is not a reviewer, 403 to a track chair or reviewer, 404 to an outsider', async () => {
    const { event, organizer, reviewer, trackChair, outsider } = await committee();
    const url = `/api/events/${event.publicId}/reviewers/${reviewer.publicId}/`;
    const notReviewer = await (await as(organizer)).patch(
      `/api/events/${event.publicId}/reviewers/${outsider.publicId}/`,
      { max_papers: 4 },
    );
    expect(notReviewer.statusCode).toBe(404);
    expect(notReviewer.json()).toMatchObject({ message_code: 'events.notReviewer' });
    for (const user of [trackChair, reviewer]) {
      const refused = await (await as(user)).patch(url, { max_papers: 9 });
      expect(refused.statusCode).toBe(403);
    }
    const pending = await buildEvent(app, { status: 'pending' });
    await addMembership(app, { event: pending, user: reviewer, role: 'reviewer' });
    const hidden = await (await as(outsider)).patch(`/api/events/${pending.publicId}/reviewers/${reviewer.publicId}/`, {
      max_papers: 9,
    });
    expect(hidden.statusCode).toBe(404);
    expect(await reviewerRow(event, reviewer)).toMatchObject({ maxPapers: 3 });
  });
});

describe('remove_reviewer/ with reviews', () => {
  async function reviewerWithReviews() {
    const setup = await committee();
    // One after the other: the factories number their papers as they go.
    const review = async (status: 'assigned' | 'in_progress' | 'completed') =>
      buildReview(app, {
        submission: await buildSubmission(app, { event: setup.event }),
        reviewer: setup.reviewer,
        status,
      });
    const assigned = await review('assigned');
    const draft = await review('in_progress');
    const completed = await review('completed');
    return { ...setup, assigned, draft, completed };
  }
  const url = (event: BuiltEvent) => `/api/events/${event.publicId}/remove_reviewer/`;

  it('answers 409 with the counts when the body does not say what becomes of the reviews, removing nothing', async () => {
    const { event, organizer, reviewer } = await reviewerWithReviews();
    const response = await (await as(organizer)).post(url(event), { user_id: reviewer.publicId });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'REVIEWER_HAS_REVIEWS',
      message_code: 'committee.reviewerHasReviews',
      params: { unfinished: 2, completed: 1 },
    });
    expect(await reviewerRow(event, reviewer)).toBeDefined();
  });

  it('delete: removes the membership and the unfinished reviews, keeps the completed one, mails and audits', async () => {
    const { event, organizer, reviewer, assigned, draft, completed } = await reviewerWithReviews();
    const response = await (await as(organizer)).post(url(event), { user_id: reviewer.publicId, reviews: 'delete' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Reviewer removed successfully' });
    expect(await reviewerRow(event, reviewer)).toBeUndefined();
    const left = await app.db.select().from(reviews).where(eq(reviews.reviewerId, reviewer.id));
    expect(left.map((row) => row.id)).toEqual([completed.id]);
    const [removal] = await auditRows(event, 'event.reviewer_removed');
    expect(removal?.data).toMatchObject({
      user_id: reviewer.id,
      reviews: 'delete',
      completed_kept: 1,
      unfinished_kept: 0,
      unfinished_deleted: 2,
    });
    const unassigned = await auditRows(event, 'review.unassigned');
    expect(unassigned.map((row) => row.entityId).sort()).toEqual([String(assigned.id), String(draft.id)].sort());
    const mails = (await mailsTo(app, reviewer.email)).filter((mail) => mail.template === 'reviews.unassigned');
    expect(mails).toHaveLength(2);
  });

  it('keep: removes the membership only; every review stays', async () => {
    const { event, organizer, reviewer } = await reviewerWithReviews();
    const response = await (await as(organizer)).post(url(event), { user_id: reviewer.publicId, reviews: 'keep' });
    expect(response.statusCode).toBe(200);
    expect(await reviewerRow(event, reviewer)).toBeUndefined();
    expect(await app.db.select().from(reviews).where(eq(reviews.reviewerId, reviewer.id))).toHaveLength(3);
    const [removal] = await auditRows(event, 'event.reviewer_removed');
    expect(removal?.data).toMatchObject({ reviews: 'keep', unfinished_kept: 2, unfinished_deleted: 0 });
  });

  it('answers 400 for a bad choice, 403 to a track chair, 404 to an outsider', async () => {
    const { event, organizer, reviewer, trackChair, outsider } = await reviewerWithReviews();
    const bad = await (await as(organizer)).post(url(event), { user_id: reviewer.publicId, reviews: 'shred' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: { reviews: expect.any(Array) } });
    const refused = await (await as(trackChair)).post(url(event), { user_id: reviewer.publicId, reviews: 'delete' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'PERMISSION_DENIED' });
    const pending = await buildEvent(app, { status: 'pending' });
    const hidden = await (await as(outsider)).post(url(pending), { user_id: reviewer.publicId, reviews: 'delete' });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toMatchObject({ code: 'NOT_FOUND', message_code: 'events.notFound' });
    expect(await reviewerRow(event, reviewer)).toBeDefined();
    expect(await app.db.select().from(reviews).where(eq(reviews.reviewerId, reviewer.id))).toHaveLength(3);
  });
});

describe('PUT events/{id}/tracks/{track_id}/chairs/', () => {
  it("sets a track's chairs, shows them, and audits the change as {chairs: {from, to}}", async () => {
    const { event, track, organizer, trackChair } = await committee();
    const next = await buildUser(app, { firstName: 'Rana', lastName: 'Aziz' });
    const url = `/api/events/${event.publicId}/tracks/${track.publicId}/chairs/`;
    const response = await (await as(organizer)).put(url, { user_ids: [next.publicId, next.publicId] });
    expect(response.statusCode).toBe(200);
    expect((response.json() as TrackDto).chairs).toEqual([
      { first_name: 'Rana', last_name: 'Aziz', email: next.email, public_id: next.publicId },
    ]);
    const chairs = await app.db.select().from(eventMemberships).where(eq(eventMemberships.trackId, track.id));
    expect(chairs.map((row) => row.userId)).toEqual([next.id]);
    const [audit] = await auditRows(event, 'track.chairs_changed');
    expect(audit?.data).toEqual({
      name: 'Systems',
      changes: { chairs: { from: [trackChair.publicId], to: [next.publicId] } },
    });
  });

  it('answers 400 on user_ids for an unknown user or a missing list; 403 to the track chair; 404 to an outsider', async () => {
    const { event, track, organizer, trackChair, outsider } = await committee();
    const url = `/api/events/${event.publicId}/tracks/${track.publicId}/chairs/`;
    const unknown = await (await as(organizer)).put(url, { user_ids: ['99999-zzzzzzzz'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ field_codes: { user_ids: ['events.trackChairNotFound'] } });
    const missing = await (await as(organizer)).put(url, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: { user_ids: expect.any(Array) } });
    const own = await (await as(trackChair)).put(url, { user_ids: [] });
    expect(own.statusCode).toBe(403);
    const pending = await buildEvent(app, { status: 'pending' });
    const pendingTrack = await buildTrack(app, { event: pending });
    const hidden = await (await as(outsider)).put(
      `/api/events/${pending.publicId}/tracks/${pendingTrack.publicId}/chairs/`,
      { user_ids: [] },
    );
    expect(hidden.statusCode).toBe(404);
    const chairs = await app.db.select().from(eventMemberships).where(eq(eventMemberships.trackId, track.id));
    expect(chairs.map((row) => row.userId)).toEqual([trackChair.id]);
  });
});

describe('a track chair manages the submissions of their own track only', () => {
  it('assigns reviewers and decides in their track; is refused (403) in another track', async () => {
    const { event, track, trackChair, reviewer } = await committee();
    const otherTrack = await buildTrack(app, { event, name: 'Theory' });
    const own = await buildSubmission(app, { event, track });
    const other = await buildSubmission(app, { event, track: otherTrack });
    const client = await as(trackChair);

    const assigned = await client.post(`/api/submissions/${own.publicId}/assign/`, { reviewer_id: reviewer.publicId });
    expect(assigned.statusCode).toBe(201);
    const refused = await client.post(`/api/submissions/${other.publicId}/assign/`, {
      reviewer_id: reviewer.publicId,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'PERMISSION_DENIED', message_code: 'assignments.denied' });
    const rows = await app.db.select().from(reviews).where(eq(reviews.reviewerId, reviewer.id));
    expect(rows.map((row) => row.submissionId)).toEqual([own.id]);

    const decided = await client.post(`/api/submissions/${own.publicId}/make_decision/`, { decision: 'accept' });
    expect(decided.statusCode).toBe(200);
    const notTheirs = await client.post(`/api/submissions/${other.publicId}/make_decision/`, { decision: 'accept' });
    expect(notTheirs.statusCode).toBe(403);
  });
});

describe('bulk invitation of reviewers', () => {
  it('previews each line: invite, add, member, invalid with its reason, duplicate, and conflicts counted', async () => {
    const { event, organizer, reviewer } = await committee();
    const registered = await buildUser(app, { affiliation: 'Ocean Institute' });
    // The registered person wrote a paper of the event: detection finds them conflicted with it.
    await buildSubmission(app, { event, submitter: registered });
    const newcomer = uniqueEmail('new');
    const csv = [
      'Email,First name,Last name,Expertise,Max papers',
      `${newcomer},Hala,Nour,"graphs, matching",4`,
      `${registered.email.toUpperCase()},,,,`,
      `${reviewer.email},,,,`,
      'not-an-email,A,B,,',
      `${uniqueEmail('x')},Ok,Name,,300`,
      `${newcomer},Dup,Line,,`,
    ].join('\r\n');
    const response = await (await as(organizer)).post(`/api/events/${event.publicId}/reviewers/bulk/preview/`, { csv });
    expect(response.statusCode).toBe(200);
    const preview = response.json() as BulkPreviewDto;
    expect(preview.lines.map((line) => [line.line, line.status, line.reason, line.conflicts])).toEqual([
      [2, 'invite', null, 0],
      [3, 'add', null, 1],
      [4, 'member', null, 0],
      [5, 'invalid', 'events.emailInvalid', 0],
      [6, 'invalid', 'events.maxPapersRange', 0],
      [7, 'duplicate', null, 0],
    ]);
    expect(preview.lines[0]).toMatchObject({ expertise: 'graphs, matching', max_papers: 4, first_name: 'Hala' });
    expect(preview.lines[4]).toMatchObject({ field: 'max_papers', reason_params: { min: 1, max: 100 } });
    expect(preview.counts).toEqual({ invite: 1, add: 1, member: 1, invalid: 2, duplicate: 1 });
    // A preview writes nothing.
    expect(await reviewerRow(event, registered)).toBeUndefined();
  });

  it('applies in the background: invites and adds the valid lines, once, whatever the number of runs', async () => {
    const { event, organizer } = await committee();
    const registered = await buildUser(app);
    const newcomer = uniqueEmail('invitee');
    const rows = [
      { email: newcomer, first_name: 'Lina', last_name: 'Haddad', expertise: 'vision', max_papers: 2 },
      { email: registered.email, expertise: 'logic', max_papers: '7' },
      { email: 'broken' },
    ];
    const client = await as(organizer);
    const response = await client.post(`/api/events/${event.publicId}/reviewers/bulk/`, { rows });
    expect(response.statusCode).toBe(202);
    const answer = response.json() as BulkApplyDto;
    expect(answer).toMatchObject({ invited: 1, added: 1, skipped: 0, invalid: 1 });
    expect(answer.message).toBe('Invitations sent: 1. Reviewers added: 1.');
    await app.jobs.runPending();

    expect(await reviewerRow(event, registered)).toMatchObject({ status: 'active', expertise: 'logic', maxPapers: 7 });
    const [invitation] = await app.db
      .select()
      .from(eventMemberships)
      .where(and(eq(eventMemberships.eventId, event.id), eq(eventMemberships.email, newcomer)));
    expect(invitation).toMatchObject({ status: 'pending', expertise: 'vision', maxPapers: 2, userId: null });
    expect((await mailsTo(app, newcomer)).map((mail) => mail.template)).toEqual(['events.reviewer_invitation']);

    const again = await client.post(`/api/events/${event.publicId}/reviewers/bulk/`, { rows });
    expect(again.json()).toMatchObject({ invited: 0, added: 0, skipped: 2, invalid: 1 });
    await app.jobs.runPending();
    expect((await mailsTo(app, newcomer)).map((mail) => mail.template)).toEqual(['events.reviewer_invitation']);
    const memberships = await app.db
      .select()
      .from(eventMemberships)
      .where(and(eq(eventMemberships.eventId, event.id), eq(eventMemberships.role, 'reviewer')));
    expect(memberships).toHaveLength(3);
  });

  it('answers 400 for CSV and rows together, an empty list, too many lines and an open quote', async () => {
    const { event, organizer } = await committee();
    const client = await as(organizer);
    const url = `/api/events/${event.publicId}/reviewers/bulk/preview/`;
    const cases: [unknown, string][] = [
      [{ csv: 'a@b.org', rows: [{ email: 'a@b.org' }] }, 'committee.bulkCsvOrRows'],
      [{ csv: '  \r\n' }, 'committee.bulkEmpty'],
      [
        { rows: Array.from({ length: 1_001 }, (_, index) => ({ email: `p${index}@x.org` })) },
        'committee.bulkTooManyLines',
      ],
      [{ csv: 'a@b.org,"open' }, 'committee.bulkUnclosedQuote'],
    ];
    for (const [body, key] of cases) {
      const response = await client.post(url, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', message_code: key });
    }
    const wrongType = await client.post(url, { rows: 'a@b.org' });
    expect(wrongType.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: { rows: expect.any(Array) } });
  });

  it('refuses a reviewer or track chair (403) and an outsider of a pending event (404)', async () => {
    const { event, reviewer, trackChair, outsider } = await committee();
    const body = { csv: uniqueEmail('someone') };
    for (const user of [reviewer, trackChair]) {
      for (const path of ['bulk/preview/', 'bulk/']) {
        const response = await (await as(user)).post(`/api/events/${event.publicId}/reviewers/${path}`, body);
        expect(response.statusCode).toBe(403);
      }
    }
    const pending = await buildEvent(app, { status: 'pending' });
    for (const path of ['bulk/preview/', 'bulk/']) {
      const hidden = await (await as(outsider)).post(`/api/events/${pending.publicId}/reviewers/${path}`, body);
      expect(hidden.statusCode).toBe(404);
    }
    const invited = await app.db.select().from(eventMemberships).where(eq(eventMemberships.email, body.csv));
    expect(invited).toEqual([]);
  });
});
