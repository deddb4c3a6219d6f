import {
  type AssignmentPreviewDto,
  type CandidatesDto,
  DEFAULT_REVIEW_SETTINGS,
  type ReviewSettings,
} from '@confero/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { addMembership, type BuiltEvent, buildEvent } from '../../../test/factories/events.ts';
import { buildBid, buildConflict, buildReview } from '../../../test/factories/reviews.ts';
import { type BuiltSubmission, buildSubmission } from '../../../test/factories/submissions.ts';
import { type BuiltUser, buildUser } from '../../../test/factories/users.ts';
import { mailsTo, signedInClients } from '../../../test/http.ts';
import { assignmentPreviews, auditLog, events, reviews, submissions } from '../../db/schema/index.ts';
import { presentPreview } from './assignment-preview.presenter.ts';

let app: TestApp;
let event: BuiltEvent;
let chair: BuiltUser;
let outsider: BuiltUser;
let author: BuiltUser;
let reviewers: BuiltUser[];
let papers: BuiltSubmission[];
const as = signedInClients(() => app);

const base = (target: { publicId: string }) => `/api/events/${target.publicId}/assignment/`;

async function setSettings(target: { id: number }, settings: Partial<ReviewSettings>) {
  await app.db
    .update(events)
    .set({ reviewSettings: { ...DEFAULT_REVIEW_SETTINGS, ...settings } })
    .where(eq(events.id, target.id));
}

/** Starts a preview as the chair, runs the job, and answers the finished preview. */
async function computePreview(target: { publicId: string }, mode?: string, user = chair) {
  const client = await as(user);
  const created = await client.post(`${base(target)}preview/`, mode ? { mode } : {});
  expect(created.statusCode, created.body).toBe(202);
  const { preview_id: id, status } = created.json() as { preview_id: string; status: string };
  expect(status).toBe('queued');
  await app.jobs.runPending();
  const read = await client.get(`${base(target)}preview/${id}/`);
  expect(read.statusCode, read.body).toBe(200);
  const preview = read.json() as AssignmentPreviewDto;
  expect(preview).toMatchObject({ status: 'done', progress: 1, error: null });
  return preview;
}

async function eventAssignments(target: { id: number }) {
  return app.db
    .select({
      submissionId: reviews.submissionId,
      reviewerId: reviews.reviewerId,
      source: reviews.source,
      status: reviews.status,
    })
    .from(reviews)
    .innerJoin(submissions, eq(submissions.id, reviews.submissionId))
    .where(eq(submissions.eventId, target.id));
}

const TOPICS = [
  {
    title: 'Speech recognition with recurrent networks',
    abstract: 'We train recurrent neural networks for speech recognition on noisy audio corpora.',
    keywords: ['speech recognition', 'recurrent networks', 'audio'],
  },
  {
    title: 'Protein folding with molecular dynamics',
    abstract: 'Molecular dynamics simulations reveal protein folding pathways in membrane proteins.',
    keywords: ['protein folding', 'molecular dynamics', 'membranes'],
  },
  {
    title: 'Query optimisation in distributed databases',
    abstract: 'A cost model for query optimisation in distributed databases with replicated tables.',
    keywords: ['query optimisation', 'distributed databases', 'cost models'],
  },
];
const EXPERTISE = [
  'speech recognition, recurrent networks, audio processing',
  'protein folding, molecular dynamics, biophysics',
  'distributed databases, query optimisation, transactions',
  'speech recognition and distributed databases',
];

beforeAll(async () => {
  app = await buildTestApp();
  const person = (email: string, affiliation: string, firstName: string) =>
    buildUser(app, { email, affiliation, firstName, lastName: 'Tester' });
  event = await buildEvent(app, { status: 'active', creator: await person('org@org.example', 'Org', 'Org') });
  await setSettings(event, { reviewers_per_paper: 2 });
  chair = await person('chair@chairs.org', 'Chair House', 'Chair');
  outsider = await person('out@uni-o.edu', 'Outer University', 'Otto');
  author = await person('author@uni-author.edu', 'Author University', 'Alma');
  await addMembership(app, { event, user: chair, role: 'chair' });
  reviewers = [];
  for (const [index, expertise] of EXPERTISE.entries()) {
    // Reviewer 3 shares the author's e-mail domain: conflicted with every paper of that author.
    const email = index === 3 ? 'r3@uni-author.edu' : `r${index}@uni-r${index}.edu`;
    const reviewer = await person(email, `Reviewer University ${index}`, `R${index}`);
    await addMembership(app, { event, user: reviewer, role: 'reviewer', expertise, maxPapers: 2 });
    reviewers.push(reviewer);
  }
  papers = [];
  for (const [index, topic] of TOPICS.entries()) {
    const paper = await buildSubmission(app, {
      event,
      ...topic,
      ...(index === 0 ? { submitter: author, authors: [{ user: author, affiliation: 'Author University' }] } : {}),
    });
    papers.push(paper);
  }
  await buildBid(app, { submission: papers[2] as BuiltSubmission, user: reviewers[1] as BuiltUser, value: 'eager' });
  await buildBid(app, {
    submission: papers[1] as BuiltSubmission,
    user: reviewers[0] as BuiltUser,
    value: 'not_willing',
  });
});

afterAll(async () => {
  await app?.close();
});

/** The best total by brute force over the candidates' scores, conflicts and loads (lexicographic: fill, then score). */
async function bruteForceOptimum(target: BuiltSubmission[], perPaper: number) {
  const client = await as(chair);
  const lists = await Promise.all(
    target.map(
      async (paper) =>
        ((await client.get(`/api/submissions/${paper.publicId}/reviewer-candidates/`)).json() as CandidatesDto)
          .candidates,
    ),
  );
  const ids = lists[0]?.map((candidate) => candidate.reviewer.public_id) ?? [];
  const room = new Map(lists[0]?.map((c) => [c.reviewer.public_id, c.max_papers - c.load]));
  let best = { filled: -1, score: Number.NEGATIVE_INFINITY };
  const visit = (p: number, filled: number, score: number) => {
    if (p === lists.length) {
      if (filled > best.filled || (filled === best.filled && score > best.score)) best = { filled, score };
      return;
    }
    const options = (lists[p] ?? []).filter((candidate) => candidate.conflict === null);
    const pick = (start: number, count: number, sum: number) => {
      visit(p + 1, filled + count, score + sum);
      if (count === perPaper) return;
      for (let i = start; i < options.length; i++) {
        const candidate = options[i];
        if (!candidate) continue;
        const left = room.get(candidate.reviewer.public_id) ?? 0;
        if (left <= 0) continue;
        room.set(candidate.reviewer.public_id, left - 1);
        pick(i + 1, count + 1, sum + candidate.score);
        room.set(candidate.reviewer.public_id, left);
      }
    };
    pick(0, 0, 0);
  };
  visit(0, 0, 0);
  return { ...best, ids, lists };
}

describe('automatic assignment', () => {
  it('computes, as a job with progress, the optimum of affinity + bids, respecting conflicts and loads', async () => {
    const client = await as(chair);
    const created = await client.post(`${base(event)}preview/`, {});
    expect(created.statusCode).toBe(202);
    const id = (created.json() as { preview_id: string }).preview_id;
    const pending = (await client.get(`${base(event)}preview/${id}/`)).json() as AssignmentPreviewDto;
    expect(pending).toMatchObject({ status: 'queued', progress: 0, mode: 'keep_existing', result: null });
    await app.jobs.runPending();
    const preview = (await client.get(`${base(event)}preview/${id}/`)).json() as AssignmentPreviewDto;
    expect(preview).toMatchObject({ status: 'done', progress: 1 });
    const result = preview.result;
    if (!result) throw new Error('no result');
    expect(result).toMatchObject({ reviewers_per_paper: 2, papers: 3, reviewers: 4, short: [], removed: [] });
    expect(result.pairs).toHaveLength(6);
    expect(result.new_count).toBe(6);

    const brute = await bruteForceOptimum(papers, 2);
    expect(brute.filled).toBe(6);
    expect(result.total_score).toBeCloseTo(brute.score, 3);
    // Conflicts and loads are respected.
    const conflicted = new Set(
      brute.lists.flatMap((list, p) =>
        list.filter((c) => c.conflict !== null).map((c) => `${papers[p]?.publicId}:${c.reviewer.public_id}`),
      ),
    );
    expect(conflicted.size).toBeGreaterThan(0);
    for (const pair of result.pairs) {
      expect(conflicted.has(`${pair.submission.public_id}:${pair.reviewer.public_id}`)).toBe(false);
    }
    const loads = new Map<string, number>();
    for (const pair of result.pairs) loads.set(pair.reviewer.public_id, (loads.get(pair.reviewer.public_id) ?? 0) + 1);
    for (const value of loads.values()) expect(value).toBeLessThanOrEqual(2);
    expect(result.load_histogram.reduce((sum, row) => sum + row.reviewers, 0)).toBe(4);
    expect(result.load_histogram.reduce((sum, row) => sum + row.papers * row.reviewers, 0)).toBe(6);
    // Reasons: the expertise terms that matched.
    const speech = result.pairs.find(
      (pair) => pair.submission.id === papers[0]?.id && pair.reviewer.public_id === reviewers[0]?.publicId,
    );
    expect(speech?.reasons.join(' ')).toMatch(/speech|recurr|audio/);
    expect(result.lowest_paper_score).toBe(
      Math.min(
        ...papers.map((paper) =>
          result.pairs.filter((pair) => pair.submission.id === paper.id).reduce((s, p) => s + p.score, 0),
        ),
      ),
    );
    // Nothing is assigned before it is applied.
    expect(await eventAssignments(event)).toEqual([]);
  });

  it('applies a preview: the assignments are created and the reviewers e-mailed; a second apply is refused', async () => {
    const preview = await computePreview(event);
    const response = await (await as(chair)).post(`${base(event)}apply/`, {
      preview_id: preview.preview_id,
      mode: 'keep_existing',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ created: 6, removed: 0, kept: 0 });
    const rows = await eventAssignments(event);
    expect(rows).toHaveLength(6);
    expect(rows.every((row) => row.source === 'automatic' && row.status === 'assigned')).toBe(true);
    const expected = new Set(preview.result?.pairs.map((pair) => `${pair.submission.id}:${pair.reviewer.public_id}`));
    const byId = new Map(reviewers.map((reviewer) => [reviewer.id, reviewer.publicId]));
    expect(new Set(rows.map((row) => `${row.submissionId}:${byId.get(row.reviewerId)}`))).toEqual(expected);
    // One mail per reviewer who got papers, listing them; none per pair.
    for (const reviewer of reviewers) {
      const mine = preview.result?.pairs.filter((pair) => pair.reviewer.public_id === reviewer.publicId) ?? [];
      const mails = await mailsTo(app, reviewer.email);
      expect(mails.filter((mail) => mail.template === 'reviews.assigned')).toEqual([]);
      const lists = mails.filter((mail) => mail.template === 'reviews.papers_assigned');
      expect(lists).toHaveLength(mine.length === 0 ? 0 : 1);
      for (const pair of mine) expect(lists[0]?.text_body).toContain(`• ${pair.submission.title}`);
    }
    const [stored] = await app.db
      .select()
      .from(assignmentPreviews)
      .where(eq(assignmentPreviews.publicId, preview.preview_id));
    expect(stored).toMatchObject({ status: 'applied', appliedBy: chair.id });
    const [audit] = await app.db.select().from(auditLog).where(eq(auditLog.action, 'assignment.applied'));
    expect(audit?.data).toMatchObject({ created: 6, mode: 'keep_existing' });
    const again = await (await as(chair)).post(`${base(event)}apply/`, { preview_id: preview.preview_id });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message_code: 'assignments.previewApplied' });
  });

  it('keeps every existing assignment in keep_existing mode: a full event gets nothing new', async () => {
    const preview = await computePreview(event);
    expect(preview.result?.new_count).toBe(0);
    expect(preview.result?.pairs.every((pair) => pair.existing)).toBe(true);
  });

  it('refuses a stale preview (409 STALE_PREVIEW) and creates nothing', async () => {
    const preview = await computePreview(event, 'replace');
    const client = await as(chair);
    const victim = preview.result?.pairs[0];
    const removed = await client.delete(
      `/api/submissions/${victim?.submission.public_id}/assign/${victim?.reviewer.public_id}/`,
    );
    expect(removed.statusCode).toBe(204);
    const before = await eventAssignments(event);
    const response = await client.post(`${base(event)}apply/`, { preview_id: preview.preview_id, mode: 'replace' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'STALE_PREVIEW', message_code: 'assignments.stalePreview' });
    expect(await eventAssignments(event)).toEqual(before);
  });

  it('in replace mode, keeps manual and started assignments and may drop untouched automatic ones', async () => {
    // A started review and a manual assignment must survive; the rest may move.
    const rows = await eventAssignments(event);
    const started = rows.find((row) => row.source === 'automatic');
    if (!started) throw new Error('expected an automatic assignment');
    await app.db
      .update(reviews)
      .set({ status: 'in_progress', version: 2 })
      .where(and(eq(reviews.submissionId, started.submissionId), eq(reviews.reviewerId, started.reviewerId)));
    // A strong new preference pulls the optimum elsewhere.
    const freed = papers.find(
      (paper) => rows.filter((row) => row.submissionId === paper.id).length < 2,
    ) as BuiltSubmission;
    const eager = reviewers.find(
      (reviewer) =>
        reviewer.id !== reviewers[3]?.id &&
        !rows.some((row) => row.submissionId === freed.id && row.reviewerId === reviewer.id),
    ) as BuiltUser;
    await buildBid(app, { submission: freed, user: eager, value: 'eager' });
    const mismatch = await computePreview(event, 'replace');
    const wrongMode = await (await as(chair)).post(`${base(event)}apply/`, {
      preview_id: mismatch.preview_id,
      mode: 'keep_existing',
    });
    expect(wrongMode.statusCode).toBe(400);
    expect(wrongMode.json()).toMatchObject({ field_codes: { mode: ['assignments.modeMismatch'] } });
    const keep = await computePreview(event, 'keep_existing');
    expect(mismatch.result?.total_score ?? 0).toBeGreaterThanOrEqual((keep.result?.total_score ?? 0) - 1e-6);
    const response = await (await as(chair)).post(`${base(event)}apply/`, { preview_id: mismatch.preview_id });
    expect(response.statusCode, response.body).toBe(200);
    const after = await eventAssignments(event);
    const byId = new Map(reviewers.map((reviewer) => [reviewer.id, reviewer.publicId]));
    const expected = new Set(mismatch.result?.pairs.map((pair) => `${pair.submission.id}:${pair.reviewer.public_id}`));
    expect(new Set(after.map((row) => `${row.submissionId}:${byId.get(row.reviewerId)}`))).toEqual(expected);
    expect(
      after.some((row) => row.submissionId === started.submissionId && row.reviewerId === started.reviewerId),
    ).toBe(true);
    expect(response.json()).toMatchObject({
      removed: mismatch.result?.removed.length,
      created: mismatch.result?.new_count,
    });
  });

  it('reports the papers left short, and why', async () => {
    const small = await buildEvent(app, { status: 'active' });
    await setSettings(small, { reviewers_per_paper: 3 });
    const only = await buildUser(app, { email: 'only@uni-only.edu', affiliation: 'Only University' });
    const busy = await buildUser(app, { email: 'busy@uni-busy.edu', affiliation: 'Busy University' });
    await addMembership(app, { event: small, user: only, role: 'reviewer', maxPapers: 1 });
    await addMembership(app, { event: small, user: busy, role: 'reviewer', maxPapers: 1 });
    const first = await buildSubmission(app, { event: small, title: 'First paper' });
    const second = await buildSubmission(app, { event: small, title: 'Second paper' });
    await buildConflict(app, { submission: second, user: busy });
    // The factory's authors share the creator's affiliation, so a chair of their own runs it.
    const smallChair = await buildUser(app, { email: 'sc@uni-sc.edu', affiliation: 'Small Chair University' });
    await addMembership(app, { event: small, user: smallChair, role: 'chair' });
    const preview = await computePreview(small, undefined, smallChair);
    const short = preview.result?.short ?? [];
    expect(short.map((row) => row.submission.id).sort()).toEqual([first.id, second.id].sort());
    expect(short.find((row) => row.submission.id === second.id)).toMatchObject({
      wanted: 3,
      eligible_reviewers: 1,
      reason: {
        code: 'assignments.shortNoEligible',
        params: { eligible: 1, wanted: 3 },
        message: 'Only 1 reviewers of the event may review it (the others have a conflict of interest); 3 are wanted.',
      },
    });
    expect(short.find((row) => row.submission.id === first.id)?.reason).toEqual({
      code: 'assignments.shortNoEligible',
      params: { eligible: 2, wanted: 3 },
      message: 'Only 2 reviewers of the event may review it (the others have a conflict of interest); 3 are wanted.',
    });
    // Stored with its parameters, as answered.
    const [stored] = await app.db
      .select()
      .from(assignmentPreviews)
      .where(eq(assignmentPreviews.publicId, preview.preview_id));
    expect(stored?.result?.short.map((row) => row.reason.params)).toEqual(short.map((row) => row.reason.params));
    expect(preview.result?.hidden_papers).toBe(0);
    expect(
      preview.result?.pairs.some(
        (pair) => pair.submission.id === second.id && pair.reviewer.public_id === busy.publicId,
      ),
    ).toBe(false);
  });

  it('discards a preview, and refuses outsiders (404), reviewers (403) and bad input (400)', async () => {
    const preview = await computePreview(event);
    const client = await as(chair);
    const url = `${base(event)}preview/${preview.preview_id}/`;
    const stateOfEvent = async () => ({
      previews: (
        await app.db
          .select({ status: assignmentPreviews.status })
          .from(assignmentPreviews)
          .where(eq(assignmentPreviews.eventId, event.id))
      ).map((row) => row.status),
      reviews: (await app.db.select({ id: reviews.id }).from(reviews)).length,
    });
    const before = await stateOfEvent();
    for (const user of [outsider, author]) {
      const c = await as(user);
      expect((await c.get(url)).statusCode).toBe(404);
      expect((await c.post(`${base(event)}preview/`, {})).statusCode).toBe(404);
      expect((await c.post(`${base(event)}apply/`, { preview_id: preview.preview_id })).statusCode).toBe(404);
      expect((await c.delete(url)).statusCode).toBe(404);
    }
    // Nothing was queued, applied or discarded for them.
    expect(await stateOfEvent()).toEqual(before);
    const asReviewer = await (await as(reviewers[0] as BuiltUser)).get(url);
    expect(asReviewer.statusCode).toBe(403);
    expect(asReviewer.body).not.toContain(reviewers[1]?.email ?? '@');
    expect((await client.post(`${base(event)}preview/`, { mode: 'shuffle' })).json()).toMatchObject({
      field_codes: { mode: ['assignments.modeInvalid'] },
    });
    expect((await client.post(`${base(event)}apply/`, {})).json()).toMatchObject({
      field_codes: { preview_id: ['assignments.previewIdRequired'] },
    });
    expect((await client.delete(url)).statusCode).toBe(204);
    expect((await client.get(url)).statusCode).toBe(404);
    expect((await client.post(`${base(event)}apply/`, { preview_id: preview.preview_id })).statusCode).toBe(404);
  });

  it("hides a conflicted chair's papers in the preview and refuses them the apply", async () => {
    const conflictedChair = await buildUser(app, { email: 'cc@uni-cc.edu', affiliation: 'CC University' });
    await addMembership(app, { event, user: conflictedChair, role: 'chair' });
    const paper = papers[0] as BuiltSubmission;
    await buildConflict(app, { submission: paper, user: conflictedChair });
    await app.db.delete(reviews).where(eq(reviews.submissionId, paper.id));
    const preview = await computePreview(event, undefined, conflictedChair);
    expect(preview.result?.pairs.some((pair) => pair.submission.id === paper.id)).toBe(false);
    // Nor the paper's scores: the figures are computed over the pairs they may see, and say one paper is hidden.
    const full = (
      (await (await as(chair)).get(`${base(event)}preview/${preview.preview_id}/`)).json() as AssignmentPreviewDto
    ).result;
    if (!full || !preview.result) throw new Error('no result');
    expect(full.hidden_papers).toBe(0);
    expect(full.pairs.filter((pair) => pair.submission.id === paper.id)).toHaveLength(2);
    const visible = full.pairs.filter((pair) => pair.submission.id !== paper.id);
    expect(preview.result.pairs).toEqual(visible);
    expect(preview.result.hidden_papers).toBe(1);
    expect(preview.result.new_count).toBe(visible.filter((pair) => !pair.existing).length);
    expect(full.new_count).toBe(preview.result.new_count + 2);
    const sum = (list: typeof visible) => list.reduce((total, pair) => total + pair.score, 0);
    expect(preview.result.total_score).toBeCloseTo(sum(visible), 4);
    expect(full.total_score).toBeCloseTo(sum(full.pairs), 3);
    const perPaper = papers
      .filter((other) => other.id !== paper.id)
      .map((other) => ({ id: other.id, score: sum(visible.filter((pair) => pair.submission.id === other.id)) }))
      .sort((a, b) => a.score - b.score || a.id - b.id);
    expect(preview.result.lowest_paper?.id).toBe(perPaper[0]?.id);
    expect(preview.result.lowest_paper_score).toBeCloseTo(perPaper[0]?.score ?? Number.NaN, 4);
    const body = JSON.stringify(preview);
    expect(body).not.toContain(paper.title);
    expect(body).not.toContain(`"id":${paper.id},`);
    // The latest preview hides them the same way.
    const latest = await (await as(conflictedChair)).get(`${base(event)}preview/`);
    expect(latest.json()).toEqual(preview);
    const response = await (await as(conflictedChair)).post(`${base(event)}apply/`, { preview_id: preview.preview_id });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'CONFLICT_OF_INTEREST' });
    const asChair = (await (await as(chair)).get(`${base(event)}preview/${preview.preview_id}/`)).json();
    expect((asChair as AssignmentPreviewDto).result?.pairs.some((pair) => pair.submission.id === paper.id)).toBe(true);
    await buildReview(app, { submission: paper, reviewer: reviewers[0] as BuiltUser });
  });
});

describe('automatic assignment: the preview as answered', () => {
  it('answers a viewer without conflicts the stored result as the database gives it, the same JSON as presented', async () => {
    const preview = await computePreview(event);
    const client = await as(chair);
    const byId = await client.get(`${base(event)}preview/${preview.preview_id}/`);
    expect(byId.headers['content-type']).toBe('application/json; charset=utf-8');
    // The result as the database wrote it (jsonb's text puts a space after each colon), not parsed and serialised.
    expect(byId.body).toContain('"pairs": [');
    const [stored] = await app.db
      .select()
      .from(assignmentPreviews)
      .where(eq(assignmentPreviews.publicId, preview.preview_id));
    if (!stored?.result) throw new Error('no stored result');
    // What the presenter makes of the stored row for a viewer with no conflicts, field for field.
    const presented = presentPreview(stored, new Set());
    expect(byId.json()).toEqual(presented);
    expect(presented.result?.hidden_papers).toBe(0);
    expect(presented.result?.pairs.length).toBeGreaterThan(0);
    expect((await client.get(`${base(event)}preview/`)).json()).toEqual(presented);
    // A result stored before short rows had their parameters takes the presenter's way, and gets them filled.
    const short = stored.result.short.map((row) => ({
      ...row,
      reason: { code: row.reason.code, message: row.reason.message },
    }));
    await app.db
      .update(assignmentPreviews)
      .set({
        result: { ...stored.result, short: short as typeof stored.result.short, hidden_papers: undefined as never },
      })
      .where(eq(assignmentPreviews.id, stored.id));
    const older = (await client.get(`${base(event)}preview/${preview.preview_id}/`)).json() as AssignmentPreviewDto;
    expect(older).toEqual(presented);
    // A queued preview has no result: the text answer says so.
    await app.db
      .update(assignmentPreviews)
      .set({ status: 'queued', result: null })
      .where(eq(assignmentPreviews.id, stored.id));
    expect((await client.get(`${base(event)}preview/${preview.preview_id}/`)).json()).toMatchObject({
      preview_id: preview.preview_id,
      status: 'queued',
      result: null,
    });
    await app.db.delete(assignmentPreviews).where(eq(assignmentPreviews.id, stored.id));
  });
});

describe('automatic assignment: applied previews, removal mails and the latest preview', () => {
  /** A one-paper event where reviewer A holds an untouched automatic assignment that reviewer B's bid outweighs. */
  async function replaceScene(tag: string) {
    const scene = await buildEvent(app, { status: 'active' });
    await setSettings(scene, { reviewers_per_paper: 1 });
    const sceneChair = await buildUser(app, {
      email: `chair-${tag}@uni-chair-${tag}.edu`,
      affiliation: `Chair University ${tag}`,
    });
    await addMembership(app, { event: scene, user: sceneChair, role: 'chair' });
    const a = await buildUser(app, {
      email: `a-${tag}@uni-a-${tag}.edu`,
      affiliation: `A University ${tag}`,
      firstName: 'Ada',
      locale: 'ar',
    });
    const b = await buildUser(app, { email: `b-${tag}@uni-b-${tag}.edu`, affiliation: `B University ${tag}` });
    const sceneReviewer = await buildUser(app, {
      email: `c-${tag}@uni-c-${tag}.edu`,
      affiliation: `C University ${tag}`,
    });
    for (const user of [a, b, sceneReviewer]) {
      await addMembership(app, { event: scene, user, role: 'reviewer', maxPapers: 1 });
    }
    const paper = await buildSubmission(app, { event: scene, title: `Replace scene paper ${tag}` });
    await buildReview(app, { submission: paper, reviewer: a, source: 'automatic' });
    await buildBid(app, { submission: paper, user: a, value: 'not_willing' });
    await buildBid(app, { submission: paper, user: b, value: 'eager' });
    await buildBid(app, { submission: paper, user: sceneReviewer, value: 'not_willing' });
    return { scene, sceneChair, a, b, sceneReviewer, paper };
  }

  it('mails the reviewers whose automatic assignments a replace-mode apply removes, in their language', async () => {
    const { scene, sceneChair, a, b, paper } = await replaceScene('mail');
    const preview = await computePreview(scene, 'replace', sceneChair);
    expect(preview.result?.removed).toEqual([
      {
        submission: { id: paper.id, public_id: paper.publicId, title: paper.title },
        reviewer: expect.objectContaining({ public_id: a.publicId }),
      },
    ]);
    expect(await mailsTo(app, a.email)).toEqual([]);
    const response = await (await as(sceneChair)).post(`${base(scene)}apply/`, { preview_id: preview.preview_id });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ created: 1, removed: 1, kept: 0 });
    expect((await eventAssignments(scene)).map((row) => row.reviewerId)).toEqual([b.id]);
    const toA = await mailsTo(app, a.email);
    expect(toA.map((mail) => mail.template)).toEqual(['reviews.unassigned']);
    expect(toA[0]?.subject).toBe(`إلغاء مهمة مراجعة: ${paper.title}`);
    expect(toA[0]?.text_body).toContain('لم تَعُد مكلَّفًا بمراجعة الورقة');
    expect(toA[0]?.text_body).not.toContain('مسودة');
    expect((await mailsTo(app, b.email)).map((mail) => mail.template)).toEqual(['reviews.papers_assigned']);
  });

  it('sends no removal mail when the apply fails (stale preview)', async () => {
    const { scene, sceneChair, a, b, paper } = await replaceScene('stale');
    const preview = await computePreview(scene, 'replace', sceneChair);
    await buildReview(app, { submission: paper, reviewer: b, source: 'manual' });
    const response = await (await as(sceneChair)).post(`${base(scene)}apply/`, { preview_id: preview.preview_id });
    expect(response.statusCode).toBe(409);
    expect(await mailsTo(app, a.email)).toEqual([]);
    expect((await eventAssignments(scene)).map((row) => row.reviewerId).sort()).toEqual([a.id, b.id].sort());
  });

  it('refuses to discard an applied preview (409) and keeps its record', async () => {
    const { scene, sceneChair } = await replaceScene('keep');
    const preview = await computePreview(scene, 'replace', sceneChair);
    const client = await as(sceneChair);
    expect((await client.post(`${base(scene)}apply/`, { preview_id: preview.preview_id })).statusCode).toBe(200);
    const url = `${base(scene)}preview/${preview.preview_id}/`;
    const refused = await client.delete(url);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'CONFLICT',
      message_code: 'assignments.previewAppliedKept',
      detail: 'This preview has been applied, so it cannot be discarded: it records what was assigned.',
    });
    const [stored] = await app.db
      .select()
      .from(assignmentPreviews)
      .where(eq(assignmentPreviews.publicId, preview.preview_id));
    expect(stored).toMatchObject({ status: 'applied', appliedBy: sceneChair.id });
    expect((await client.get(url)).json()).toMatchObject({ status: 'applied', preview_id: preview.preview_id });
    // A preview not applied is still discarded.
    const other = await computePreview(scene, 'keep_existing', sceneChair);
    expect((await client.delete(`${base(scene)}preview/${other.preview_id}/`)).statusCode).toBe(204);
    expect(
      await app.db.select().from(assignmentPreviews).where(eq(assignmentPreviews.publicId, other.preview_id)),
    ).toEqual([]);
  });

  it('answers the latest preview not discarded (404 when none), to the committee only', async () => {
    const { scene, sceneChair, sceneReviewer } = await replaceScene('latest');
    const client = await as(sceneChair);
    const latestUrl = `${base(scene)}preview/`;
    const none = await client.get(latestUrl);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({
      code: 'NOT_FOUND',
      message_code: 'assignments.noPreview',
      detail: 'No automatic assignment has been computed for this event yet.',
    });
    const first = await computePreview(scene, 'keep_existing', sceneChair);
    const second = await computePreview(scene, 'replace', sceneChair);
    const latest = await client.get(latestUrl);
    expect(latest.statusCode, latest.body).toBe(200);
    expect(latest.json()).toEqual((await client.get(`${latestUrl}${second.preview_id}/`)).json());
    expect(latest.json()).toMatchObject({ preview_id: second.preview_id, mode: 'replace', status: 'done' });
    // A queued one is the latest as soon as it is asked for.
    const queued = await client.post(latestUrl, {});
    const queuedId = (queued.json() as { preview_id: string }).preview_id;
    expect((await client.get(latestUrl)).json()).toMatchObject({
      preview_id: queuedId,
      status: 'queued',
      result: null,
    });
    expect((await client.delete(`${latestUrl}${queuedId}/`)).statusCode).toBe(204);
    await app.jobs.runPending();
    expect((await client.get(latestUrl)).json()).toMatchObject({ preview_id: second.preview_id });
    // Discarded: the one before.
    expect((await client.delete(`${latestUrl}${second.preview_id}/`)).statusCode).toBe(204);
    expect((await client.get(latestUrl)).json()).toMatchObject({ preview_id: first.preview_id });
    // Outsiders 404, members without the right 403.
    for (const user of [outsider, author]) expect((await (await as(user)).get(latestUrl)).statusCode).toBe(404);
    const denied = await (await as(sceneReviewer)).get(latestUrl);
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ code: 'PERMISSION_DENIED', message_code: 'assignments.denied' });
    expect(denied.body).not.toContain(first.preview_id);
  });
});
