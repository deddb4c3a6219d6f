import type { BidDto, BiddingPageDto } from '@confero/contracts';
import { DEFAULT_REVIEW_SETTINGS } from '@confero/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { addMembership, type BuiltEvent, buildEvent, daysFromNow } from '../../../test/factories/events.ts';
import { buildReview, countQueries, findConflict } from '../../../test/factories/reviews.ts';
import { type BuiltSubmission, buildSubmission } from '../../../test/factories/submissions.ts';
import { type BuiltUser, buildUser } from '../../../test/factories/users.ts';
import { signedInClient, type TestClient } from '../../../test/http.ts';
import { auditLog, bids, conflictOverrides, events, reviews } from '../../db/schema/index.ts';

let app: TestApp;
let event: BuiltEvent;
let chair: BuiltUser;
let reviewer: BuiltUser;
let conflicted: BuiltUser;
let author: BuiltUser;
let outsider: BuiltUser;
let paper: BuiltSubmission;
let ownPaper: BuiltSubmission;
let decided: BuiltSubmission;
const clients = new Map<number, TestClient>();

async function as(user: BuiltUser): Promise<TestClient> {
  let client = clients.get(user.id);
  if (!client) {
    client = await signedInClient(app, user);
    clients.set(user.id, client);
  }
  return client;
}

const bidUrl = (submission: { publicId: string }) => `/api/submissions/${submission.publicId}/bid/`;
const listUrl = (target: { publicId: string }) => `/api/events/${target.publicId}/bids/`;

async function bidRow(submission: { id: number }, user: { id: number }) {
  const [row] = await app.db
    .select()
    .from(bids)
    .where(and(eq(bids.submissionId, submission.id), eq(bids.userId, user.id)));
  return row;
}

beforeAll(async () => {
  app = await buildTestApp();
  const person = (email: string, affiliation: string, firstName: string, lastName = 'Tester') =>
    buildUser(app, { email, affiliation, firstName, lastName });
  event = await buildEvent(app, { status: 'active', creator: await person('org@org.example', 'Org', 'Org') });
  chair = await person('chair@chairs.org', 'Chair House', 'Chair');
  reviewer = await person('rev@uni-r.edu', 'Reviewer University', 'Rita');
  conflicted = await person('con@uni-a.edu', 'Lab C', 'Carl');
  author = await person('author@uni-a.edu', 'Alpha University', 'Zenobia', 'Quillfeather');
  outsider = await person('out@uni-o.edu', 'Outer University', 'Otto');
  await addMembership(app, { event, user: chair, role: 'chair' });
  await addMembership(app, { event, user: reviewer, role: 'reviewer' });
  await addMembership(app, { event, user: conflicted, role: 'reviewer' });
  paper = await buildSubmission(app, {
    event,
    submitter: author,
    authors: [{ user: author, affiliation: 'Alpha University' }],
    title: 'Graph Neural Networks for Reviewer Matching',
  });
  ownPaper = await buildSubmission(app, { event, submitter: reviewer, authors: [{ user: reviewer }] });
  decided = await buildSubmission(app, {
    event,
    submitter: author,
    authors: [{ user: author, affiliation: 'Alpha University' }],
    status: 'accepted',
    decision: 'accept',
  });
});

afterAll(async () => {
  await app?.close();
});

describe('GET/PUT /api/submissions/{id}/bid/', () => {
  it("stores and answers a reviewer's bid, audited", async () => {
    const client = await as(reviewer);
    const before = await client.get(bidUrl(paper));
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json()).toEqual({
      submission: paper.publicId,
      value: null,
      value_display: null,
      conflict: false,
      updated_at: null,
    } satisfies BidDto);
    const put = await client.put(bidUrl(paper), { value: 'eager' });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ value: 'eager', value_display: 'Eager', conflict: false });
    expect((await bidRow(paper, reviewer))?.value).toBe('eager');
    const changed = await client.put(bidUrl(paper), { value: 'in_a_pinch' });
    expect(changed.json()).toMatchObject({ value: 'in_a_pinch', value_display: 'In a pinch' });
    expect((await client.get(bidUrl(paper))).json()).toMatchObject({ value: 'in_a_pinch' });
    const audits = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'bid.put'), eq(auditLog.actorId, reviewer.id)));
    expect(audits.map((row) => row.data)).toEqual([
      { from: null, to: 'eager' },
      { from: 'eager', to: 'in_a_pinch' },
    ]);
  });

  it('refuses a value outside the list (400, nothing stored)', async () => {
    const client = await as(reviewer);
    for (const body of [{ value: 'keen' }, {}, { value: '' }]) {
      const response = await client.put(bidUrl(paper), body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        field_codes: { value: ['bids.valueInvalid'] },
        fields: { value: ['Choose a bid: eager, willing, in_a_pinch, not_willing or conflict'] },
      });
    }
    expect((await bidRow(paper, reviewer))?.value).toBe('in_a_pinch');
  });

  it('answers 404 to outsiders and 403 to authors and chairs who do not review', async () => {
    expect((await (await as(outsider)).get(bidUrl(paper))).statusCode).toBe(404);
    expect((await (await as(outsider)).put(bidUrl(paper), { value: 'eager' })).statusCode).toBe(404);
    for (const user of [author, chair]) {
      const response = await (await as(user)).put(bidUrl(paper), { value: 'eager' });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'PERMISSION_DENIED', message_code: 'bids.denied' });
      expect(await bidRow(paper, user)).toBeUndefined();
    }
    // A reviewer cannot bid on their own paper either.
    expect((await (await as(reviewer)).put(bidUrl(ownPaper), { value: 'eager' })).statusCode).toBe(403);
  });

  it('lets a conflicted reviewer bid only "conflict"', async () => {
    const client = await as(conflicted);
    expect((await client.get(bidUrl(paper))).json()).toMatchObject({ value: 'conflict', conflict: true });
    const refused = await client.put(bidUrl(paper), { value: 'willing' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'CONFLICT_OF_INTEREST', message_code: 'bids.conflicted' });
    expect(await bidRow(paper, conflicted)).toBeUndefined();
    const conflict = await client.put(bidUrl(paper), { value: 'conflict' });
    expect(conflict.statusCode).toBe(200);
    expect((await findConflict(app, paper, conflicted))?.source).toBe('detected');
  });

  it('declares a conflict when bidding "conflict", removing an untouched assignment', async () => {
    const other = await buildSubmission(app, {
      event,
      submitter: author,
      authors: [{ user: author, affiliation: 'Alpha University' }],
    });
    const assignment = await buildReview(app, { submission: other, reviewer });
    const client = await as(reviewer);
    const response = await client.put(bidUrl(other), { value: 'conflict' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ value: 'conflict', conflict: true });
    expect(await findConflict(app, other, reviewer)).toMatchObject({
      source: 'declared',
      reason: 'Declared by the reviewer when bidding',
    });
    const [override] = await app.db
      .select()
      .from(conflictOverrides)
      .where(and(eq(conflictOverrides.submissionId, other.id), eq(conflictOverrides.userId, reviewer.id)));
    expect(override).toMatchObject({ kind: 'declared', viaBid: true, decidedBy: reviewer.id });
    expect(await app.db.select().from(reviews).where(eq(reviews.id, assignment.id))).toEqual([]);
    const after = await client.put(bidUrl(other), { value: 'eager' });
    expect(after.statusCode).toBe(403);
  });

  it('closes bidding with the review deadline', async () => {
    const past = await buildEvent(app, {
      status: 'active',
      submissionDeadline: daysFromNow(-20),
      reviewDeadline: daysFromNow(-2),
      notificationDate: daysFromNow(10),
    });
    await addMembership(app, { event: past, user: reviewer, role: 'reviewer' });
    const late = await buildSubmission(app, { event: past });
    const response = await (await as(reviewer)).put(bidUrl(late), { value: 'eager' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'DEADLINE_PASSED', message_code: 'bids.closed' });
    expect(await bidRow(late, reviewer)).toBeUndefined();
  });
});

describe('GET /api/events/{id}/bids/', () => {
  it("lists the event's reviewable submissions (not the reviewer's own) with titles, abstracts, keywords and bids", async () => {
    const response = await (await as(reviewer)).get(listUrl(event));
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as BiddingPageDto;
    const ids = body.results.map((row) => row.public_id);
    expect(ids).toContain(paper.publicId);
    expect(ids).not.toContain(ownPaper.publicId);
    expect(ids).not.toContain(decided.publicId);
    const row = body.results.find((item) => item.public_id === paper.publicId);
    expect(row).toMatchObject({
      title: 'Graph Neural Networks for Reviewer Matching',
      abstract: paper.abstract,
      keywords: 'testing, factories, submissions',
      bid: 'in_a_pinch',
      conflict: false,
    });
    expect(body.summary.in_a_pinch).toBe(1);
  });

  it('hides the authors in double-blind events and shows them in single-blind ones', async () => {
    const client = await as(reviewer);
    const blind = await client.get(listUrl(event));
    const blindRow = (blind.json() as BiddingPageDto).results.find((item) => item.public_id === paper.publicId);
    expect(blindRow).toMatchObject({ authors: [], authors_hidden: true });
    expect(blind.body).not.toContain('Quillfeather');
    expect(blind.body).not.toContain(author.email);
    await app.db
      .update(events)
      .set({ reviewSettings: { ...DEFAULT_REVIEW_SETTINGS, blind_mode: 'single' } })
      .where(eq(events.id, event.id));
    try {
      const open = await client.get(listUrl(event));
      const openRow = (open.json() as BiddingPageDto).results.find((item) => item.public_id === paper.publicId);
      expect(openRow).toMatchObject({
        authors: [{ full_name: 'Zenobia Quillfeather', affiliation: 'Alpha University' }],
        authors_hidden: false,
      });
    } finally {
      await app.db.update(events).set({ reviewSettings: DEFAULT_REVIEW_SETTINGS }).where(eq(events.id, event.id));
    }
  });

  it('filters by bid and title, and pages', async () => {
    const client = await as(reviewer);
    const fresh = await buildSubmission(app, { event, submitter: outsider, authors: [{ user: outsider }] });
    const none = (await client.get(listUrl(event), { query: { bid: 'none' } })).json() as BiddingPageDto;
    expect(none.results.map((row) => row.public_id)).toEqual([fresh.publicId]);
    expect(none.results.some((row) => row.public_id === paper.publicId)).toBe(false);
    const search = (await client.get(listUrl(event), { query: { search: 'neural' } })).json() as BiddingPageDto;
    expect(search.results.map((row) => row.public_id)).toEqual([paper.publicId]);
    const first = (await client.get(listUrl(event), { query: { page_size: '1' } })).json() as BiddingPageDto;
    expect(first.results).toHaveLength(1);
    expect(first.next).toContain('page=2');
    expect(first.count).toBeGreaterThan(1);
  });

  it('answers 404 to outsiders and 403 to members who do not review', async () => {
    expect((await (await as(outsider)).get(listUrl(event))).statusCode).toBe(404);
    expect((await (await as(author)).get(listUrl(event))).statusCode).toBe(404);
    const asChair = await (await as(chair)).get(listUrl(event));
    expect(asChair.statusCode).toBe(403);
    expect(asChair.json()).toMatchObject({ message_code: 'bids.denied' });
  });

  it('costs the same number of queries for 1 and for 3 submissions', async () => {
    const costs: number[] = [];
    for (const size of [1, 3]) {
      const listEvent = await buildEvent(app, { status: 'active' });
      const bidder = await buildUser(app, {
        email: `bidder${size}@uni-bidder${size}.edu`,
        affiliation: `Bidder ${size}`,
      });
      await addMembership(app, { event: listEvent, user: bidder, role: 'reviewer' });
      for (let i = 0; i < size; i += 1) await buildSubmission(app, { event: listEvent });
      const client = await as(bidder);
      expect(((await client.get(listUrl(listEvent))).json() as BiddingPageDto).results).toHaveLength(size);
      costs.push(await countQueries(app, () => client.get(listUrl(listEvent))));
    }
    expect(costs[0]).toBeGreaterThan(3);
    expect(costs[1]).toBe(costs[0]);
  });
});
