import type { ConflictCheckDto, ConflictDto, ConflictPageDto } from '@confero/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { addMembership, type BuiltEvent, buildEvent } from '../../../test/factories/events.ts';
import { buildReview, countQueries, findConflict } from '../../../test/factories/reviews.ts';
import { type BuiltSubmission, buildSubmission } from '../../../test/factories/submissions.ts';
import { type BuiltUser, buildUser } from '../../../test/factories/users.ts';
import { signedInClients } from '../../../test/http.ts';
import { auditLog, bids, conflictOverrides, conflicts, reviews, submissions, users } from '../../db/schema/index.ts';
import { CONFLICTS_SYNC_JOB } from './conflicts.job.ts';

let app: TestApp;
let event: BuiltEvent;
let chair: BuiltUser;
let conflictedChair: BuiltUser;
let revDomain: BuiltUser;
let revAffiliation: BuiltUser;
let revCoauthor: BuiltUser;
let revClean: BuiltUser;
let revAuthor: BuiltUser;
let outsider: BuiltUser;
let authorB: BuiltUser;
let paperA: BuiltSubmission;
let paperB: BuiltSubmission;
let paperC: BuiltSubmission;
let paperD: BuiltSubmission;
const as = signedInClients(() => app);

const url = (suffix = '') => `/api/events/${event.publicId}/conflicts/${suffix}`;

async function list(user: BuiltUser, query: Record<string, string> = {}) {
  const response = await (await as(user)).get(url(), { query });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ConflictPageDto;
}

const pairsOf = (page: ConflictPageDto) =>
  page.results.map((row) => `${row.submission.public_id}|${row.user.public_id}|${row.type}|${row.source}`).sort();

beforeAll(async () => {
  app = await buildTestApp();
  const person = (email: string, affiliation: string, firstName = 'Rev') =>
    buildUser(app, { email, affiliation, firstName });
  const creator = await person('creator@organisers.example', 'Organising Committee');
  event = await buildEvent(app, { status: 'active', creator });
  chair = await person('chair@chair-institute.org', 'Chair Institute', 'Chair');
  conflictedChair = await person('chair2@uni-b.edu', 'Some Lab', 'Conflicted');
  revDomain = await person('rd@uni-a.edu', 'Lab Z', 'Domain');
  revAffiliation = await person('ra@mail-x.org', 'University B', 'Affiliation');
  revCoauthor = await person('rc@uni-c.edu', 'Institute C', 'Coauthor');
  revClean = await person('rcl@uni-q.edu', 'Quiet University', 'Clean');
  revAuthor = await person('rau@uni-r.edu', 'Research Institute R', 'Author');
  outsider = await person('out@uni-o.edu', 'Outer University', 'Outsider');
  authorB = await person('authorb@uni-bb.edu', 'Other Place', 'AuthorB');
  await addMembership(app, { event, user: chair, role: 'chair' });
  await addMembership(app, { event, user: conflictedChair, role: 'chair' });
  for (const reviewer of [revDomain, revAffiliation, revCoauthor, revClean, revAuthor]) {
    await addMembership(app, { event, user: reviewer, role: 'reviewer' });
  }
  const submitter = await person('submitter@uni-s.edu', 'Submitting University', 'Submitter');
  paperA = await buildSubmission(app, {
    event,
    submitter,
    authors: [{ firstName: 'Ann', lastName: 'Alpha', email: 'ann@cs.uni-a.edu', affiliation: 'Alpha College' }],
  });
  paperB = await buildSubmission(app, {
    event,
    submitter: authorB,
    authors: [
      { user: authorB, affiliation: 'Other Place' },
      { firstName: 'Ben', lastName: 'Beta', email: 'ben@uni-b.edu', affiliation: 'Univ. B' },
    ],
  });
  paperC = await buildSubmission(app, {
    event,
    submitter,
    authors: [{ firstName: 'Bob', lastName: 'Builder', email: 'bob@uni-bob.edu', affiliation: 'Bob Lab' }],
  });
  paperD = await buildSubmission(app, {
    event,
    submitter,
    authors: [
      { user: revAuthor },
      { firstName: 'Dee', lastName: 'Delta', email: 'dee@uni-d.edu', affiliation: 'D Co' },
    ],
  });
  // Co-authorship elsewhere: revCoauthor and Bob wrote a paper together for another event.
  const otherEvent = await buildEvent(app, { status: 'active' });
  await buildSubmission(app, {
    event: otherEvent,
    submitter: revCoauthor,
    authors: [
      { user: revCoauthor },
      { firstName: 'Bob', lastName: 'Builder', email: 'bob@uni-bob.edu', affiliation: 'Bob Lab' },
    ],
  });
});

afterAll(async () => {
  await app?.close();
});

describe('GET /api/events/{id}/conflicts/', () => {
  it('detects authorship, co-authorship, affiliation and e-mail domain conflicts, with their reasons', async () => {
    const page = await list(chair);
    expect(pairsOf(page)).toEqual(
      [
        `${paperA.publicId}|${revDomain.publicId}|domain|detected`,
        `${paperB.publicId}|${revAffiliation.publicId}|institutional|detected`,
        `${paperB.publicId}|${conflictedChair.publicId}|domain|detected`,
        `${paperC.publicId}|${revCoauthor.publicId}|coauthor|detected`,
        `${paperD.publicId}|${revAuthor.publicId}|author|detected`,
      ].sort(),
    );
    const domain = page.results.find((row) => row.user.public_id === revDomain.publicId);
    expect(domain?.reasons).toEqual([
      {
        code: 'conflicts.reason.domain',
        params: { author: 'Ann Alpha', domain: 'cs.uni-a.edu' },
        message: 'Same e-mail domain as Ann Alpha (cs.uni-a.edu)',
      },
    ]);
    expect(domain?.reason).toBe('Same e-mail domain as Ann Alpha (cs.uni-a.edu)');
    expect(domain?.abilities.lift).toBe(true);
    const coauthor = page.results.find((row) => row.user.public_id === revCoauthor.publicId);
    expect(coauthor?.reasons.map((reason) => reason.message)).toEqual([
      'Co-author of Bob Builder on another submission',
    ]);
    const affiliation = page.results.find((row) => row.user.public_id === revAffiliation.publicId);
    expect(affiliation?.type_display).toBe('Same institution');
    expect(affiliation?.reasons[0]?.code).toBe('conflicts.reason.affiliation');
    const authorship = page.results.find((row) => row.user.public_id === revAuthor.publicId);
    expect(authorship?.abilities.lift).toBe(false);
    // The rows are stored, so every other rule (assignment, decisions) reads them.
    expect((await findConflict(app, paperA, revDomain))?.type).toBe('domain');
    expect(await findConflict(app, paperA, revClean)).toBeUndefined();
  });

  it('filters by type, submission and person', async () => {
    expect(pairsOf(await list(chair, { type: 'coauthor' }))).toEqual([
      `${paperC.publicId}|${revCoauthor.publicId}|coauthor|detected`,
    ]);
    const bySubmission = await list(chair, { submission: paperB.publicId });
    expect(bySubmission.count).toBe(2);
    const byUser = await list(chair, { user: revDomain.publicId });
    expect(byUser.results.map((row) => row.submission.public_id)).toEqual([paperA.publicId]);
  });

  it('never shows a chair the conflicts of a submission they are conflicted with', async () => {
    const page = await list(conflictedChair);
    expect(page.results.some((row) => row.submission.id === paperB.id)).toBe(false);
    expect(page.results.some((row) => row.submission.id === paperA.id)).toBe(true);
  });

  it('follows changes of the data: a new affiliation adds a conflict, changing it back removes it', async () => {
    await app.db.update(users).set({ affiliation: 'Univ B' }).where(eq(users.id, revClean.id));
    expect((await list(chair, { user: revClean.publicId })).results.map((row) => row.type)).toEqual(['institutional']);
    await app.db.update(users).set({ affiliation: 'Quiet University' }).where(eq(users.id, revClean.id));
    expect((await list(chair, { user: revClean.publicId })).count).toBe(0);
    expect(await findConflict(app, paperB, revClean)).toBeUndefined();
  });

  it('answers 404 to outsiders and 403 to members and authors without the right', async () => {
    const asOutsider = await (await as(outsider)).get(url());
    expect(asOutsider.statusCode).toBe(404);
    expect(asOutsider.json().code).toBe('NOT_FOUND');
    for (const user of [revClean, authorB]) {
      const response = await (await as(user)).get(url());
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'PERMISSION_DENIED', message_code: 'conflicts.denied' });
    }
  });
});

describe('DELETE /api/events/{id}/conflicts/{conflict_id}/', () => {
  it('lets a chair lift a detected conflict: logged, and detection does not add it back', async () => {
    const row = await findConflict(app, paperA, revDomain);
    if (!row) throw new Error('expected the domain conflict');
    const response = await (await as(chair)).delete(url(`${row.id}/`));
    expect(response.statusCode, response.body).toBe(204);
    expect(await findConflict(app, paperA, revDomain)).toBeUndefined();
    const [override] = await app.db
      .select()
      .from(conflictOverrides)
      .where(and(eq(conflictOverrides.submissionId, paperA.id), eq(conflictOverrides.userId, revDomain.id)));
    expect(override).toMatchObject({ kind: 'lifted', decidedBy: chair.id });
    const [audit] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'conflict.lifted'), eq(auditLog.entityId, String(row.id))));
    expect(audit?.data).toMatchObject({ type: 'domain', source: 'detected', user_id: revDomain.id });
    expect((await list(chair, { user: revDomain.publicId })).count).toBe(0);
    expect(await findConflict(app, paperA, revDomain)).toBeUndefined();
  });

  it('clears the conflict bid that declared a conflict when a chair lifts it, so the pair can be assigned again', async () => {
    const bidder = await buildUser(app, {
      email: 'bidder@uni-bid.edu',
      affiliation: 'Bidding College',
      firstName: 'Bidder',
    });
    await addMembership(app, { event, user: bidder, role: 'reviewer' });
    const author = await buildUser(app, { email: 'author@uni-far.edu', affiliation: 'Far University' });
    const paper = await buildSubmission(app, { event, submitter: author });
    const bid = await (await as(bidder)).put(`/api/submissions/${paper.publicId}/bid/`, { value: 'conflict' });
    expect(bid.statusCode, bid.body).toBe(200);
    const row = await findConflict(app, paper, bidder);
    expect(row).toMatchObject({ source: 'declared' });
    const pairBids = () =>
      app.db
        .select({ value: bids.value })
        .from(bids)
        .where(and(eq(bids.submissionId, paper.id), eq(bids.userId, bidder.id)));
    expect(await pairBids()).toEqual([{ value: 'conflict' }]);

    const lifted = await (await as(chair)).delete(url(`${row?.id}/`));
    expect(lifted.statusCode, lifted.body).toBe(204);
    expect(await findConflict(app, paper, bidder)).toBeUndefined();
    expect(await pairBids()).toEqual([]);
    const after = await (await as(bidder)).get(`/api/submissions/${paper.publicId}/bid/`);
    expect(after.json()).toMatchObject({ value: null, conflict: false });
  });

  it('never lifts authorship (409), refuses reviewers (403) and outsiders (404), and 404s unknown ids', async () => {
    const authorship = await findConflict(app, paperD, revAuthor);
    const institutional = await findConflict(app, paperB, revAffiliation);
    if (!authorship || !institutional) throw new Error('expected conflicts');
    const refused = await (await as(chair)).delete(url(`${authorship.id}/`));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message_code: 'conflicts.authorshipPermanent' });
    const asReviewer = await (await as(revClean)).delete(url(`${institutional.id}/`));
    expect(asReviewer.statusCode).toBe(403);
    expect((await (await as(outsider)).delete(url(`${institutional.id}/`))).statusCode).toBe(404);
    expect((await (await as(chair)).delete(url('999999/'))).statusCode).toBe(404);
    expect(await findConflict(app, paperB, revAffiliation)).toBeDefined();
    expect(await findConflict(app, paperD, revAuthor)).toBeDefined();
  });
});

describe('POST /api/events/{id}/conflicts/', () => {
  it('checks submission_id first, then that it belongs to the event', async () => {
    const client = await as(chair);
    const missing = await client.post(url(), { user_id: revClean.publicId });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ field_codes: { submission_id: ['conflicts.submissionRequired'] } });
    const foreign = await client.post(url(), { submission_id: '999999', user_id: revClean.publicId });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({ field_codes: { submission_id: ['conflicts.submissionNotFound'] } });
  });

  it('lets a chair declare a conflict for anyone of the event (201, audited), and answers an existing one as is', async () => {
    const client = await as(chair);
    const response = await client.post(url(), {
      submission_id: paperA.publicId,
      user_id: revClean.publicId,
      type: 'personal',
      reason: 'Former student',
    });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json() as ConflictDto;
    expect(body).toMatchObject({
      type: 'personal',
      source: 'declared',
      declared_by: { public_id: chair.publicId },
      reason: `Declared by ${chair.firstName} ${chair.lastName}: Former student`,
      abilities: { lift: true },
      created: true,
    });
    expect(body.reasons[0]?.code).toBe('conflicts.reason.declared');
    const again = await client.post(url(), { submission_id: paperA.publicId, user_id: revClean.publicId });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id: body.id, created: false });
    const audits = await app.db.select().from(auditLog).where(eq(auditLog.action, 'conflict.declared'));
    expect(audits.filter((row) => row.entityId === String(body.id))).toHaveLength(1);
  });

  it('refuses a person who is not a member, the authorship type, and a too long reason', async () => {
    const client = await as(chair);
    const notMember = await client.post(url(), { submission_id: paperC.publicId, user_id: outsider.publicId });
    expect(notMember.json()).toMatchObject({ field_codes: { user_id: ['conflicts.userNotMember'] } });
    const author = await client.post(url(), {
      submission_id: paperC.publicId,
      user_id: revClean.publicId,
      type: 'author',
    });
    expect(author.json()).toMatchObject({ field_codes: { type: ['conflicts.typeInvalid'] } });
    const long = await client.post(url(), {
      submission_id: paperC.publicId,
      user_id: revClean.publicId,
      reason: 'x'.repeat(1001),
    });
    expect(long.statusCode).toBe(400);
    expect(await findConflict(app, paperC, revClean)).toBeUndefined();
  });

  it('lets an author declare a conflict for their own submission, with a member by e-mail, but no other', async () => {
    const client = await as(authorB);
    const own = await client.post(url(), { submission_id: paperB.publicId, email: revClean.email.toUpperCase() });
    expect(own.statusCode, own.body).toBe(201);
    expect((own.json() as ConflictDto).user.public_id).toBe(revClean.publicId);
    const other = await client.post(url(), { submission_id: paperC.publicId, email: revClean.email });
    expect(other.statusCode).toBe(403);
    expect(await findConflict(app, paperC, revClean)).toBeUndefined();
  });

  it('refuses an author once their paper is accepted or rejected (409 SUBMISSION_LOCKED), not a chair', async () => {
    const client = await as(authorB);
    for (const [status, decision] of [
      ['accepted', 'accept'],
      ['rejected', 'reject'],
    ] as const) {
      const decided = await buildSubmission(app, {
        event,
        submitter: authorB,
        authors: [{ user: authorB }],
        status,
        decision,
      });
      const response = await client.post(url(), { submission_id: decided.publicId, user_id: revClean.publicId });
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json()).toMatchObject({
        code: 'SUBMISSION_LOCKED',
        detail:
          'Conflicts of interest can no longer be declared on this submission: a final decision (accepted or rejected) has been made on it.',
      });
      expect(await findConflict(app, decided, revClean)).toBeUndefined();
      const byChair = await (await as(chair)).post(url(), {
        submission_id: decided.publicId,
        user_id: revClean.publicId,
      });
      expect(byChair.statusCode, byChair.body).toBe(201);
    }
    const revising = await buildSubmission(app, {
      event,
      submitter: authorB,
      authors: [{ user: authorB }],
      status: 'revision_requested',
      decision: 'revision',
    });
    const open = await client.post(url(), { submission_id: revising.publicId, user_id: revClean.publicId });
    expect(open.statusCode, open.body).toBe(201);
  });

  it('lets a reviewer declare a conflict for themself only, and withdraw it', async () => {
    const client = await as(revClean);
    const forOther = await client.post(url(), { submission_id: paperC.publicId, user_id: revDomain.publicId });
    expect(forOther.statusCode).toBe(403);
    const own = await client.post(url(), { submission_id: paperC.publicId, type: 'other' });
    expect(own.statusCode, own.body).toBe(201);
    const body = own.json() as ConflictDto;
    expect(body).toMatchObject({ user: { public_id: revClean.publicId }, type: 'other', abilities: { lift: true } });
    const withdrawn = await client.delete(url(`${body.id}/`));
    expect(withdrawn.statusCode).toBe(204);
    expect(await findConflict(app, paperC, revClean)).toBeUndefined();
    const overrides = await app.db
      .select()
      .from(conflictOverrides)
      .where(and(eq(conflictOverrides.submissionId, paperC.id), eq(conflictOverrides.userId, revClean.id)));
    expect(overrides).toEqual([]);
  });

  it('removes an untouched assignment of the pair, and answers 404 to outsiders', async () => {
    const review = await buildReview(app, { submission: paperD, reviewer: revClean });
    const response = await (await as(chair)).post(url(), {
      submission_id: paperD.publicId,
      user_id: revClean.publicId,
    });
    expect(response.statusCode).toBe(201);
    expect(await app.db.select().from(reviews).where(eq(reviews.id, review.id))).toEqual([]);
    const asOutsider = await (await as(outsider)).post(url(), { submission_id: paperD.publicId });
    expect(asOutsider.statusCode).toBe(404);
    const rows = await app.db.select().from(conflicts).where(eq(conflicts.userId, outsider.id));
    expect(rows).toEqual([]);
  });
});

describe('POST /api/events/{id}/conflicts/check/', () => {
  it('finds the conflicts of a registered candidate, co-authorship included', async () => {
    const response = await (await as(chair)).post(url('check/'), { email: revCoauthor.email });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as ConflictCheckDto;
    expect(body).toMatchObject({ email: revCoauthor.email, registered: true, count: 1 });
    expect(body.conflicts[0]).toMatchObject({ submission: { public_id: paperC.publicId }, type: 'coauthor' });
  });

  it('checks someone without an account by address and the affiliation given', async () => {
    const response = await (await as(chair)).post(url('check/'), {
      email: 'newcomer@cs.uni-a.edu',
      affiliation: 'University B',
    });
    const body = response.json() as ConflictCheckDto;
    expect(body.registered).toBe(false);
    expect(body.conflicts.map((row) => [row.submission.public_id, row.type]).sort()).toEqual(
      [
        [paperA.publicId, 'domain'],
        [paperB.publicId, 'institutional'],
      ].sort(),
    );
  });

  it('validates the address, and is for the committee only', async () => {
    const client = await as(chair);
    expect((await client.post(url('check/'), {})).json()).toMatchObject({
      field_codes: { email: ['conflicts.emailRequired'] },
    });
    expect((await client.post(url('check/'), { email: 'nope' })).json()).toMatchObject({
      field_codes: { email: ['conflicts.emailInvalid'] },
    });
    expect((await (await as(revClean)).post(url('check/'), { email: 'a@b.org' })).statusCode).toBe(403);
    expect((await (await as(outsider)).post(url('check/'), { email: 'a@b.org' })).statusCode).toBe(404);
  });
});

describe('background detection', () => {
  it("keeps the stored conflicts current, so a chair at the authors' institution cannot decide", async () => {
    const sameInstitution = await buildUser(app, {
      email: 'dean@uni-decide.edu',
      affiliation: 'Deciding University',
      firstName: 'Dean',
    });
    await addMembership(app, { event, user: sameInstitution, role: 'chair' });
    const fresh = await buildSubmission(app, {
      event,
      authors: [{ firstName: 'Fay', lastName: 'Fresh', email: 'fay@cs.uni-decide.edu', affiliation: 'Elsewhere' }],
    });
    expect(await findConflict(app, fresh, sameInstitution)).toBeUndefined();
    await app.jobs.enqueue(CONFLICTS_SYNC_JOB, {});
    expect(await app.jobs.runPending()).toBeGreaterThan(0);
    expect((await findConflict(app, fresh, sameInstitution))?.type).toBe('domain');
    const refused = await (await as(sameInstitution)).post(`/api/submissions/${fresh.publicId}/make_decision/`, {
      decision: 'accept',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'CONFLICT_OF_INTEREST' });
    const byChair = await (await as(chair)).post(`/api/submissions/${fresh.publicId}/make_decision/`, {
      decision: 'reject',
    });
    expect(byChair.statusCode, byChair.body).toBe(200);
  });
});

describe('detection at decision time', () => {
  it('refuses a decision by a chair whose conflict no sync has stored yet, and stores it', async () => {
    const colleague = await buildUser(app, {
      email: 'prof@uni-instant.edu',
      affiliation: 'Instant University',
      firstName: 'Ines',
    });
    await addMembership(app, { event, user: colleague, role: 'chair' });
    const paper = await buildSubmission(app, {
      event,
      authors: [
        { firstName: 'Gil', lastName: 'Gone', email: 'gil@uni-instant.edu', affiliation: 'Instant University' },
      ],
    });
    expect(await findConflict(app, paper, colleague)).toBeUndefined();
    for (const action of ['make_decision', 'change_status'] as const) {
      const body = action === 'make_decision' ? { decision: 'accept' } : { status: 'under_review' };
      const refused = await (await as(colleague)).post(`/api/submissions/${paper.publicId}/${action}/`, body);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'CONFLICT_OF_INTEREST' });
    }
    expect((await findConflict(app, paper, colleague))?.type).toBeDefined();
    const [row] = await app.db.select().from(submissions).where(eq(submissions.id, paper.id));
    expect(row).toMatchObject({ status: 'submitted', decision: 'pending' });
  });
});

describe('list cost', () => {
  it('costs the same number of queries for 1 and for 3 conflicts', async () => {
    const costs: number[] = [];
    for (const size of [1, 3]) {
      const listEvent = await buildEvent(app, { status: 'active' });
      const listChair = await buildUser(app, { email: `lc${size}@uni-lc${size}.edu`, affiliation: `LC ${size}` });
      await addMembership(app, { event: listEvent, user: listChair, role: 'chair' });
      for (let i = 0; i < size; i += 1) {
        const reviewer = await buildUser(app, { email: `r${i}@uni-cost${size}.edu`, affiliation: `Cost ${size}-${i}` });
        await addMembership(app, { event: listEvent, user: reviewer, role: 'reviewer' });
        await buildSubmission(app, {
          event: listEvent,
          authors: [
            { firstName: 'A', lastName: `B${i}`, email: `a${i}@uni-cost${size}.edu`, affiliation: 'Elsewhere' },
          ],
        });
      }
      const client = await as(listChair);
      const listUrl = `/api/events/${listEvent.publicId}/conflicts/`;
      expect(((await client.get(listUrl)).json() as ConflictPageDto).count).toBe(size * size);
      costs.push(await countQueries(app, () => client.get(listUrl, { query: { page_size: String(size) } })));
    }
    expect(costs[0]).toBeGreaterThan(3);
    expect(costs[1]).toBe(costs[0]);
  });
});
