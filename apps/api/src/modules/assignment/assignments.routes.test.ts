import type { AssignmentDto, CandidatesDto, ConflictPageDto, SubmissionDto } from '@confero/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { addMembership, type BuiltEvent, buildEvent } from '../../../test/factories/events.ts';
import { buildBid, buildReview } from '../../../test/factories/reviews.ts';
import { type BuiltSubmission, buildSubmission } from '../../../test/factories/submissions.ts';
import { type BuiltUser, buildUser } from '../../../test/factories/users.ts';
import { lastMail, mailsTo, signedInClients } from '../../../test/http.ts';
import { auditLog, bids, conflicts, reviews } from '../../db/schema/index.ts';

let app: TestApp;
let event: BuiltEvent;
let chair: BuiltUser;
let conflictedChair: BuiltUser;
let expert: BuiltUser;
let novice: BuiltUser;
let conflicted: BuiltUser;
let busy: BuiltUser;
let outsider: BuiltUser;
let author: BuiltUser;
let paper: BuiltSubmission;
let otherPaper: BuiltSubmission;
const as = signedInClients(() => app);

const candidatesUrl = (submission: { publicId: string }) =>
  `/api/submissions/${submission.publicId}/reviewer-candidates/`;
const assignUrl = (submission: { publicId: string }, reviewer?: { publicId: string }) =>
  `/api/submissions/${submission.publicId}/assign/${reviewer ? `${reviewer.publicId}/` : ''}`;

async function reviewOf(submission: { id: number }, reviewer: { id: number }) {
  const [row] = await app.db
    .select()
    .from(reviews)
    .where(and(eq(reviews.submissionId, submission.id), eq(reviews.reviewerId, reviewer.id)));
  return row;
}

beforeAll(async () => {
  app = await buildTestApp();
  const person = (email: string, affiliation: string, firstName: string) =>
    buildUser(app, { email, affiliation, firstName, lastName: 'Tester' });
  event = await buildEvent(app, { status: 'active', creator: await person('org@org.example', 'Organisers', 'Org') });
  chair = await person('chair@chairs.org', 'Chair House', 'Chair');
  conflictedChair = await person('chair2@uni-a.edu', 'Chair Lab', 'Conflicted');
  expert = await person('expert@uni-e.edu', 'Expert University', 'Erin');
  novice = await person('novice@uni-n.edu', 'Novice College', 'Nick');
  conflicted = await person('rc@uni-a.edu', 'Lab C', 'Carl');
  busy = await person('busy@uni-b.edu', 'Busy Institute', 'Bea');
  outsider = await person('out@uni-o.edu', 'Outer University', 'Otto');
  author = await person('author@uni-a.edu', 'Alpha University', 'Alma');
  await addMembership(app, { event, user: chair, role: 'chair' });
  await addMembership(app, { event, user: conflictedChair, role: 'chair' });
  await addMembership(app, {
    event,
    user: expert,
    role: 'reviewer',
    expertise: 'graph neural networks, reviewer assignment, matching algorithms',
  });
  await addMembership(app, { event, user: novice, role: 'reviewer', expertise: 'medieval poetry and rhetoric' });
  await addMembership(app, { event, user: conflicted, role: 'reviewer', expertise: 'graph neural networks' });
  await addMembership(app, { event, user: busy, role: 'reviewer', maxPapers: 1 });
  paper = await buildSubmission(app, {
    event,
    submitter: author,
    authors: [{ user: author, affiliation: 'Alpha University' }],
    title: 'Graph neural networks for reviewer assignment',
    abstract:
      'We match reviewers to papers with graph neural networks. The matching algorithms use reviewer expertise and paper text.',
    keywords: ['graph neural networks', 'reviewer assignment', 'matching'],
  });
  otherPaper = await buildSubmission(app, {
    event,
    title: 'Medieval poetry in the age of networks',
    abstract: 'A study of medieval poetry and rhetoric.',
    keywords: ['poetry', 'rhetoric', 'medieval'],
  });
  await buildReview(app, { submission: otherPaper, reviewer: busy });
  await buildBid(app, { submission: paper, user: novice, value: 'eager' });
});

afterAll(async () => {
  await app?.close();
});

describe('GET /api/submissions/{id}/reviewer-candidates/', () => {
  it('lists every reviewer with affinity, bid, load and conflicts, assignable ones best first', async () => {
    const storedBefore = await app.db.select().from(conflicts).where(eq(conflicts.submissionId, paper.id));
    const response = await (await as(chair)).get(candidatesUrl(paper));
    expect(response.statusCode, response.body).toBe(200);
    // A read stores nothing: the conflicts shown are detected from the data as it is now.
    expect(await app.db.select().from(conflicts).where(eq(conflicts.submissionId, paper.id))).toEqual(storedBefore);
    expect(storedBefore.some((row) => row.userId === conflicted.id)).toBe(false);
    const body = response.json() as CandidatesDto;
    expect(body).toMatchObject({
      submission: { public_id: paper.publicId },
      reviewers_per_paper: 3,
      assigned_count: 0,
      provider: 'local',
    });
    const byId = new Map(body.candidates.map((candidate) => [candidate.reviewer.public_id, candidate]));
    expect(body.candidates).toHaveLength(4);
    const top = byId.get(expert.publicId);
    expect(top).toMatchObject({ assignable: true, load: 0, max_papers: 5, bid: null, conflict: null });
    expect(top?.affinity).toBeGreaterThan(0);
    expect(top?.affinity_terms.length).toBeGreaterThan(0);
    expect(top?.affinity_terms.join(' ')).toMatch(/graph|neural|review|match/);
    const eager = byId.get(novice.publicId);
    expect(eager?.bid).toBe('eager');
    expect(eager?.score).toBeCloseTo((eager?.affinity ?? 0) + 1, 3);
    expect(top?.affinity ?? 0).toBeGreaterThan(eager?.affinity ?? 1);
    expect(byId.get(conflicted.publicId)).toMatchObject({
      assignable: false,
      not_assignable_reason: 'conflict',
      conflict: { type: 'domain', source: 'detected' },
    });
    expect(byId.get(conflicted.publicId)?.conflict?.reasons[0]?.code).toBe('conflicts.reason.domain');
    expect(byId.get(busy.publicId)).toMatchObject({
      assignable: false,
      not_assignable_reason: 'at_capacity',
      load: 1,
      max_papers: 1,
    });
    // Assignable first, best score first.
    expect(body.candidates.slice(0, 2).map((candidate) => candidate.assignable)).toEqual([true, true]);
    expect(body.candidates[0]?.score).toBeGreaterThanOrEqual(body.candidates[1]?.score ?? 0);
  });

  it('answers 404 to outsiders, 403 to reviewers and authors, and 403 CONFLICT_OF_INTEREST to a conflicted chair', async () => {
    expect((await (await as(outsider)).get(candidatesUrl(paper))).statusCode).toBe(404);
    for (const user of [expert, author]) {
      const response = await (await as(user)).get(candidatesUrl(paper));
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ message_code: 'assignments.denied' });
    }
    const conflictedAnswer = await (await as(conflictedChair)).get(candidatesUrl(paper));
    expect(conflictedAnswer.statusCode).toBe(403);
    expect(conflictedAnswer.json()).toMatchObject({
      code: 'CONFLICT_OF_INTEREST',
      message_code: 'assignments.managerConflicted',
    });
    expect(conflictedAnswer.body).not.toContain(expert.email);
  });
});

describe('abilities and routes read one rule', () => {
  it('answers the candidates route 200 exactly to the viewers whose submission answer says manage_reviewers', async () => {
    const seen: Record<string, [boolean, number]> = {};
    for (const [name, user] of Object.entries({ chair, conflictedChair, expert, conflicted, author })) {
      const client = await as(user);
      const submission = (await client.get(`/api/submissions/${paper.publicId}/`)).json() as SubmissionDto;
      const candidates = await client.get(candidatesUrl(paper));
      seen[name] = [submission.abilities.manage_reviewers, candidates.statusCode];
    }
    expect(seen).toEqual({
      chair: [true, 200],
      conflictedChair: [false, 403],
      expert: [false, 403],
      conflicted: [false, 403],
      author: [false, 403],
    });
  });
});

describe('POST /api/submissions/{id}/assign/', () => {
  it('checks reviewer_id first: required, then an active reviewer of the event', async () => {
    const client = await as(chair);
    const missing = await client.post(assignUrl(paper), {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ field_codes: { reviewer_id: ['assignments.reviewerRequired'] } });
    for (const reviewerId of ['999999', outsider.publicId, chair.publicId]) {
      const unknown = await client.post(assignUrl(paper), { reviewer_id: reviewerId });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toMatchObject({ field_codes: { reviewer_id: ['assignments.reviewerNotFound'] } });
    }
    expect(await app.db.select().from(reviews).where(eq(reviews.submissionId, paper.id))).toEqual([]);
  });

  it('refuses a conflicted reviewer with the reason (409), writing and mailing nothing', async () => {
    const response = await (await as(chair)).post(assignUrl(paper), { reviewer_id: conflicted.publicId, force: true });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'CONFLICT_OF_INTEREST', message_code: 'assignments.conflicted' });
    expect(response.json().detail).toContain('Same e-mail domain');
    expect(await reviewOf(paper, conflicted)).toBeUndefined();
    expect(await mailsTo(app, conflicted.email)).toEqual([]);
  });

  it('assigns a reviewer: the review row, the audit entry and the mail', async () => {
    const response = await (await as(chair)).post(assignUrl(paper), { reviewer_id: expert.publicId });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json() as AssignmentDto;
    const row = await reviewOf(paper, expert);
    expect(row).toMatchObject({ status: 'assigned', source: 'manual', ordinal: 1, assignedBy: chair.id, version: 1 });
    expect(body).toMatchObject({
      review_id: row?.publicId,
      reviewer: { public_id: expert.publicId, email: expert.email },
      status: 'assigned',
      source: 'manual',
      message: 'Reviewer assigned successfully',
    });
    const mail = await lastMail(app, expert.email, 'reviews.assigned');
    expect(mail.subject).toBe(`New review assignment: ${paper.title}`);
    expect(mail.text_body).toContain(`/reviews/${row?.publicId}`);
    const [audit] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'review.assigned'), eq(auditLog.entityId, String(row?.id))));
    expect(audit).toMatchObject({ actorId: chair.id, eventId: event.id });
  });

  it('refuses a second assignment of the pair, and a reviewer at capacity unless forced', async () => {
    const client = await as(chair);
    const again = await client.post(assignUrl(paper), { reviewer_id: expert.publicId });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ALREADY_ASSIGNED' });
    const full = await client.post(assignUrl(paper), { reviewer_id: busy.publicId });
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({
      code: 'REVIEWER_AT_CAPACITY',
      message_code: 'assignments.atCapacity',
      detail:
        'Bea Tester has reached their limit of papers in this event (1 assigned, at most 1). Assign anyway to go past it.',
    });
    expect(full.body).not.toContain('force');
    expect(await reviewOf(paper, busy)).toBeUndefined();
    const forced = await client.post(assignUrl(paper), { reviewer_id: busy.publicId, force: true });
    expect(forced.statusCode).toBe(201);
    expect((await reviewOf(paper, busy))?.ordinal).toBe(2);
    expect((await mailsTo(app, expert.email)).filter((mail) => mail.template === 'reviews.assigned')).toHaveLength(1);
  });

  it('answers 404 to outsiders, 403 to reviewers, and 403 CONFLICT_OF_INTEREST to a conflicted chair', async () => {
    expect((await (await as(outsider)).post(assignUrl(paper), { reviewer_id: novice.publicId })).statusCode).toBe(404);
    expect((await (await as(novice)).post(assignUrl(paper), { reviewer_id: novice.publicId })).statusCode).toBe(403);
    const conflictedAnswer = await (await as(conflictedChair)).post(assignUrl(paper), { reviewer_id: novice.publicId });
    expect(conflictedAnswer.statusCode).toBe(403);
    expect(conflictedAnswer.json().code).toBe('CONFLICT_OF_INTEREST');
    expect(await reviewOf(paper, novice)).toBeUndefined();
  });
});

describe('DELETE /api/submissions/{id}/assign/{reviewer_id}/', () => {
  it('removes an assignment whose review is not submitted, audited, and mails the reviewer', async () => {
    const row = await reviewOf(paper, busy);
    const before = await mailsTo(app, busy.email);
    const response = await (await as(chair)).delete(assignUrl(paper, busy));
    expect(response.statusCode, response.body).toBe(204);
    expect(await reviewOf(paper, busy)).toBeUndefined();
    const [audit] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'review.unassigned'), eq(auditLog.entityId, String(row?.id))));
    expect(audit?.data).toMatchObject({ reviewer_id: busy.id, status: 'assigned' });
    const after = await mailsTo(app, busy.email);
    expect(after).toHaveLength(before.length + 1);
    const mail = after.at(-1);
    expect(mail).toMatchObject({
      recipient: busy.email,
      template: 'reviews.unassigned',
      subject: `Review assignment removed: ${paper.title}`,
    });
    expect(mail?.text_body).toContain(
      `You are no longer assigned to review the submission “${paper.title}” for “${event.title}”`,
    );
    // Nothing was written yet, so the mail says nothing about a draft.
    expect(mail?.text_body).not.toContain('draft');
  });

  it('deletes a draft with the assignment and tells the reviewer, in their language, that it was deleted', async () => {
    const writer = await buildUser(app, {
      email: 'writer@uni-w.edu',
      affiliation: 'Writer University',
      firstName: 'Wafa',
      lastName: 'Tester',
      locale: 'ar',
    });
    await addMembership(app, { event, user: writer, role: 'reviewer' });
    const draft = await buildReview(app, { submission: paper, reviewer: writer, status: 'in_progress' });
    const response = await (await as(chair)).delete(assignUrl(paper, writer));
    expect(response.statusCode, response.body).toBe(204);
    expect(await reviewOf(paper, writer)).toBeUndefined();
    const [audit] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'review.unassigned'), eq(auditLog.entityId, String(draft.id))));
    expect(audit?.data).toMatchObject({ reviewer_id: writer.id, status: 'in_progress' });
    const mail = await lastMail(app, writer.email, 'reviews.unassigned');
    expect(mail.subject).toBe(`إلغاء مهمة مراجعة: ${paper.title}`);
    expect(mail.text_body).toContain('حُذفت مسودة المراجعة');
    expect(mail.text_body).toContain('/reviews');
  });

  it('answers 404 when not assigned, 409 for a submitted review, 403 to reviewers and 404 to outsiders', async () => {
    const client = await as(chair);
    expect((await client.delete(assignUrl(paper, novice))).statusCode).toBe(404);
    const done = await buildReview(app, { submission: otherPaper, reviewer: novice, status: 'completed' });
    const refused = await client.delete(assignUrl(otherPaper, novice));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message_code: 'assignments.reviewCompleted' });
    expect(await reviewOf(otherPaper, novice)).toMatchObject({ id: done.id, status: 'completed' });
    // Refused or not assigned: no mail.
    expect((await mailsTo(app, novice.email)).filter((mail) => mail.template === 'reviews.unassigned')).toEqual([]);
    expect((await (await as(novice)).delete(assignUrl(paper, expert))).statusCode).toBe(403);
    expect((await (await as(outsider)).delete(assignUrl(paper, expert))).statusCode).toBe(404);
    expect(await reviewOf(paper, expert)).toBeDefined();
  });
});

describe('conflicts and bids on the candidates list', () => {
  it('gives the conflicts list reasons and keeps each reviewer’s real bid', async () => {
    const person = (email: string, firstName: string) =>
      buildUser(app, { email, affiliation: `${firstName} Institute`, firstName, lastName: 'Tester' });
    const declared = await person('declared@uni-d.edu', 'Dora');
    const bidder = await person('bidder@uni-q.edu', 'Quinn');
    await addMembership(app, { event, user: declared, role: 'reviewer' });
    await addMembership(app, { event, user: bidder, role: 'reviewer' });
    const chairClient = await as(chair);
    // Dora bids willing, then a chair declares her conflicted (with a note).
    const willing = await (await as(declared)).put(`/api/submissions/${paper.publicId}/bid/`, { value: 'willing' });
    expect(willing.statusCode, willing.body).toBe(200);
    const declaredAnswer = await chairClient.post(`/api/events/${event.publicId}/conflicts/`, {
      submission_id: paper.publicId,
      user_id: declared.publicId,
      type: 'personal',
      reason: 'Former student',
    });
    expect(declaredAnswer.statusCode, declaredAnswer.body).toBe(201);
    // Quinn declares his own conflict by bidding "conflict".
    const conflictBid = await (await as(bidder)).put(`/api/submissions/${paper.publicId}/bid/`, { value: 'conflict' });
    expect(conflictBid.statusCode, conflictBid.body).toBe(200);

    const response = await chairClient.get(candidatesUrl(paper));
    expect(response.statusCode, response.body).toBe(200);
    const byId = new Map(
      (response.json() as CandidatesDto).candidates.map((candidate) => [candidate.reviewer.public_id, candidate]),
    );
    const registry = await chairClient.get(`/api/events/${event.publicId}/conflicts/`, {
      query: { submission: paper.publicId, page_size: '100' },
    });
    expect(registry.statusCode, registry.body).toBe(200);
    const listed = new Map(
      (registry.json() as ConflictPageDto).results.map((conflict) => [conflict.user.public_id, conflict]),
    );

    expect(byId.get(declared.publicId)).toMatchObject({
      bid: 'willing',
      assignable: false,
      not_assignable_reason: 'conflict',
      conflict: {
        type: 'personal',
        source: 'declared',
        reason: 'Declared by Chair Tester: Former student',
        reasons: [
          { code: 'conflicts.reason.declared', params: { name: 'Chair Tester' }, message: 'Declared by Chair Tester' },
        ],
      },
    });
    expect(byId.get(bidder.publicId)).toMatchObject({
      bid: 'conflict',
      not_assignable_reason: 'conflict',
      conflict: {
        source: 'declared',
        reasons: [{ code: 'conflicts.reason.bid', params: {}, message: 'Declared by the reviewer when bidding' }],
      },
    });
    // The real bid adds nothing to a conflicted reviewer's score.
    const dora = byId.get(declared.publicId);
    expect(dora?.score).toBe(dora?.affinity);
    // Every conflicted candidate (declared, by bid, detected) has exactly the conflicts list's reasons.
    for (const user of [declared, bidder, conflicted]) {
      const reasons = byId.get(user.publicId)?.conflict?.reasons;
      expect(reasons?.length, user.email).toBeGreaterThan(0);
      expect(reasons).toEqual(listed.get(user.publicId)?.reasons);
    }
    // The bids stored are untouched.
    const stored = await app.db.select().from(bids).where(eq(bids.submissionId, paper.id));
    expect(new Map(stored.map((row) => [row.userId, row.value]))).toEqual(
      new Map([
        [novice.id, 'eager'],
        [declared.id, 'willing'],
        [bidder.id, 'conflict'],
      ]),
    );
  });
});
