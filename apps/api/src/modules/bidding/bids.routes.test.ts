import type { BidDto, BiddingPageDto } from '@confero/contracts';
import { DEFAULT_REVIEW_SETTINGS } from '@confero/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { addMembership, type BuiltEvent, buildEvent, daysFromNow } from '../../../test/factories/events.ts';
import { buildConflict, buildReview, countQueries, findConflict } from '../../../test/factories/reviews.ts';
import { type BuiltSubmission, buildSubmission } from '../../../test/factories/submissions.ts';
import { type BuiltUser, buildUser } from '../../../test/factories/users.ts';
import { signedInClients } from '../../../test/http.ts';
import { auditLog, bids, conflictOverrides, conflicts, events, reviews, submissions } from '../../db/schema/index.ts';

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
const as = signedInClients(() => app);

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
    // The read detected the conflict without storing it.
    expect(await findConflict(app, paper, conflicted)).toBeUndefined();
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

describe('clearing a bid: PUT /api/submissions/{id}/bid/ {"value": null}', () => {
  const clearedAudits = async (user: BuiltUser, submission: { id: number }) =>
    (
      await app.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'bid.cleared'), eq(auditLog.actorId, user.id)))
    ).filter((row) => row.entityId === String(submission.id));

  it("deletes the caller's bid and answers the bid without a value, audited", async () => {
    const target = await buildSubmission(app, {
      event,
      submitter: author,
      authors: [{ user: author, affiliation: 'Alpha University' }],
    });
    const client = await as(reviewer);
    expect((await client.put(bidUrl(target), { value: 'willing' })).statusCode).toBe(200);
    expect((await bidRow(target, reviewer))?.value).toBe('willing');
    const cleared = await client.put(bidUrl(target), { value: null });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()).toEqual({
      submission: target.publicId,
      value: null,
      value_display: null,
      conflict: false,
      updated_at: null,
    } satisfies BidDto);
    expect(await bidRow(target, reviewer)).toBeUndefined();
    expect((await client.get(bidUrl(target))).json()).toMatchObject({ value: null, conflict: false });
    expect((await clearedAudits(reviewer, target)).map((row) => row.data)).toEqual([{ from: 'willing' }]);
    // Listed as not bid on again.
    const none = (await client.get(listUrl(event), { query: { bid: 'none' } })).json() as BiddingPageDto;
    expect(none.results.map((row) => row.public_id)).toContain(target.publicId);
    // Clearing when there is no bid changes nothing and records nothing.
    const again = await client.put(bidUrl(target), { value: null });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ value: null });
    expect(await clearedAudits(reviewer, target)).toHaveLength(1);
  });

  it('refuses to clear a "conflict" bid (409, the bid and the declared conflict stay)', async () => {
    const target = await buildSubmission(app, {
      event,
      submitter: author,
      authors: [{ user: author, affiliation: 'Alpha University' }],
    });
    const client = await as(reviewer);
    expect((await client.put(bidUrl(target), { value: 'conflict' })).statusCode).toBe(200);
    const refused = await client.put(bidUrl(target), { value: null });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'CONFLICT_OF_INTEREST',
      message_code: 'bids.conflictNotClearable',
      detail:
        'You have a conflict of interest with this submission, so your bid stays "conflict". Only the chairs of the event can lift the conflict.',
    });
    expect((await bidRow(target, reviewer))?.value).toBe('conflict');
    expect(await findConflict(app, target, reviewer)).toMatchObject({ source: 'declared' });
    expect(await clearedAudits(reviewer, target)).toEqual([]);
  });

  it('refuses to clear the bid of a reviewer with a detected conflict (409)', async () => {
    const client = await as(conflicted);
    const refused = await client.put(bidUrl(paper), { value: null });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message_code: 'bids.conflictNotClearable' });
    expect((await bidRow(paper, conflicted))?.value).toBe('conflict');
  });

  it('still refuses a missing, empty or unknown value (400)', async () => {
    const client = await as(reviewer);
    for (const body of [{}, { value: '' }, { value: '  ' }, { value: 'none' }]) {
      const response = await client.put(bidUrl(paper), body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ field_codes: { value: ['bids.valueInvalid'] } });
    }
    expect((await bidRow(paper, reviewer))?.value).toBe('in_a_pinch');
  });
});

describe('bids on submissions no longer open for review', () => {
  it('refuses to read, put or clear a bid on a decided submission (409), storing nothing', async () => {
    const client = await as(reviewer);
    for (const request of [
      () => client.get(bidUrl(decided)),
      () => client.put(bidUrl(decided), { value: 'eager' }),
      () => client.put(bidUrl(decided), { value: null }),
    ]) {
      const response = await request();
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        code: 'CONFLICT',
        message_code: 'bids.submissionClosed',
        detail: 'This submission is no longer open for review (a decision has been made), so it takes no bids.',
      });
    }
    expect(await bidRow(decided, reviewer)).toBeUndefined();
  });

  it('keeps a bid made before the decision as it was, and takes bids again once the review is reopened', async () => {
    const target = await buildSubmission(app, {
      event,
      submitter: author,
      authors: [{ user: author, affiliation: 'Alpha University' }],
    });
    const client = await as(reviewer);
    expect((await client.put(bidUrl(target), { value: 'eager' })).statusCode).toBe(200);
    for (const status of ['accepted', 'rejected', 'revision_requested'] as const) {
      await app.db.update(submissions).set({ status }).where(eq(submissions.id, target.id));
      const refused = await client.put(bidUrl(target), { value: 'not_willing' });
      expect(refused.statusCode, status).toBe(409);
      expect((await client.put(bidUrl(target), { value: null })).statusCode).toBe(409);
      expect((await bidRow(target, reviewer))?.value).toBe('eager');
      const list = (await client.get(listUrl(event))).json() as BiddingPageDto;
      expect(list.results.some((row) => row.public_id === target.publicId)).toBe(false);
    }
    await app.db.update(submissions).set({ status: 'under_review' }).where(eq(submissions.id, target.id));
    const reopened = await client.put(bidUrl(target), { value: 'willing' });
    expect(reopened.statusCode).toBe(200);
    expect((await bidRow(target, reviewer))?.value).toBe('willing');
  });
});

describe('conflicts in the bidding summary and filter', () => {
  it('counts and filters every conflicted submission as "conflict", never as its stored bid or "none"', async () => {
    const listEvent = await buildEvent(app, { status: 'active' });
    const bidder = await buildUser(app, {
      email: 'bidder@uni-bid.edu',
      affiliation: 'Bidding Institute',
      firstName: 'Bea',
      lastName: 'Bidder',
    });
    const colleague = await buildUser(app, {
      email: 'colleague@uni-bid.edu',
      affiliation: 'Elsewhere College',
      firstName: 'Cole',
      lastName: 'League',
    });
    const stranger = await buildUser(app, {
      email: 'stranger@uni-far.edu',
      affiliation: 'Far University',
      firstName: 'Stan',
      lastName: 'Ranger',
    });
    await addMembership(app, { event: listEvent, user: bidder, role: 'reviewer' });
    const by = (submitter: BuiltUser, title: string) =>
      buildSubmission(app, {
        event: listEvent,
        submitter,
        authors: [{ user: submitter, affiliation: submitter.affiliation }],
        title,
      });
    // Detected (same e-mail domain as the author), no bid.
    const detected = await by(colleague, 'Detected conflict paper');
    // Declared after an 'eager' bid: the stored bid stays eager.
    const declared = await by(stranger, 'Declared conflict paper');
    const untouched = await by(stranger, 'Untouched paper');
    const willing = await by(stranger, 'Willing paper');
    const client = await as(bidder);
    expect((await client.put(bidUrl(declared), { value: 'eager' })).statusCode).toBe(200);
    expect((await client.put(bidUrl(willing), { value: 'willing' })).statusCode).toBe(200);
    await buildConflict(app, { submission: declared, user: bidder, declaredBy: stranger });

    const all = (await client.get(listUrl(listEvent))).json() as BiddingPageDto;
    expect(all.summary).toEqual({ conflict: 2, none: 1, willing: 1 });
    expect(Object.fromEntries(all.results.map((row) => [row.public_id, [row.bid, row.conflict]]))).toEqual({
      [detected.publicId]: ['conflict', true],
      [declared.publicId]: ['conflict', true],
      [untouched.publicId]: [null, false],
      [willing.publicId]: ['willing', false],
    });
    const filtered = async (bid: string) => {
      const page = (await client.get(listUrl(listEvent), { query: { bid } })).json() as BiddingPageDto;
      expect(page.count).toBe(page.results.length);
      return page.results.map((row) => row.public_id);
    };
    expect(await filtered('conflict')).toEqual([detected.publicId, declared.publicId]);
    expect(await filtered('none')).toEqual([untouched.publicId]);
    expect(await filtered('eager')).toEqual([]);
    expect(await filtered('willing')).toEqual([willing.publicId]);
    // The stored bid itself is untouched, and the reads stored no conflict; a bid (a write) stores the detected one.
    expect((await bidRow(declared, bidder))?.value).toBe('eager');
    const detectedRows = () =>
      app.db
        .select({ id: conflicts.id, source: conflicts.source })
        .from(conflicts)
        .where(and(eq(conflicts.submissionId, detected.id), eq(conflicts.userId, bidder.id)));
    expect(await detectedRows()).toEqual([]);
    expect((await client.put(bidUrl(detected), { value: 'conflict' })).statusCode).toBe(200);
    expect(await detectedRows()).toHaveLength(1);
    expect((await detectedRows())[0]?.source).toBe('detected');
  });
});
