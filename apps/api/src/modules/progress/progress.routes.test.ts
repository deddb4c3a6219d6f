import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { buildAreaChair, setAreaChair } from '../../../test/factories/area-chairs.ts';
import { addMembership, type BuiltEvent, buildEvent, buildTrack, daysFromNow } from '../../../test/factories/events.ts';
import { buildBid, buildConflict, buildReview } from '../../../test/factories/reviews.ts';
import { buildSubmission } from '../../../test/factories/submissions.ts';
import { type BuiltUser, buildUser } from '../../../test/factories/users.ts';
import { mailsTo, signedInClients } from '../../../test/http.ts';
import { recordStatements } from '../../../test/statements.ts';
import { auditLog, eventMailTemplates, metaReviews, submissions } from '../../db/schema/index.ts';
import { makePublicId, nextId } from '../../lib/ids.ts';

let app: TestApp;
const as = signedInClients(() => app);

type World = {
  event: BuiltEvent;
  admin: BuiltUser;
  chair: BuiltUser;
  reviewerA: BuiltUser;
  reviewerB: BuiltUser;
  reviewerC: BuiltUser;
  author: BuiltUser;
  outsider: BuiltUser;
  papers: { id: number; publicId: string; title: string }[];
  track: { id: number; publicId: string };
};

let world: World;

/**
 * An active event whose review deadline passed two days ago: paper 1 has two completed reviews that disagree (3 and
 * −1) and one not started; paper 2 one in progress and one completed (score 2), and the chair is conflicted with it;
 * paper 3 none.
 */
async function buildWorld(): Promise<World> {
  const admin = await buildUser(app);
  const event = await buildEvent(app, {
    creator: admin,
    status: 'active',
    submissionDeadline: daysFromNow(-10),
    reviewDeadline: daysFromNow(-2),
    notificationDate: daysFromNow(10),
    timezone: 'UTC',
  });
  const [chair, reviewerA, reviewerB, reviewerC, author, outsider] = await Promise.all(
    ['chair', 'ra', 'rb', 'rc', 'author', 'outsider'].map((name) =>
      buildUser(app, { email: `${name}@${name}-progress.edu`, affiliation: `${name} institute` }),
    ),
  );
  if (!chair || !reviewerA || !reviewerB || !reviewerC || !author || !outsider) throw new Error('users');
  await addMembership(app, { event, user: chair, role: 'chair' });
  for (const reviewer of [reviewerA, reviewerB, reviewerC])
    await addMembership(app, { event, user: reviewer, role: 'reviewer' });
  const track = await buildTrack(app, { event, name: 'Systems' });
  const p1 = await buildSubmission(app, {
    event,
    submitter: author,
    authors: [{ user: author, firstName: 'Layla', lastName: 'Haddad' }],
    title: 'Alpha consensus',
    status: 'under_review',
    track,
  });
  const p2 = await buildSubmission(app, { event, submitter: author, title: 'Beta caching', status: 'under_review' });
  const p3 = await buildSubmission(app, { event, submitter: author, title: 'Gamma graphs' });
  await buildReview(app, { submission: p1, reviewer: reviewerA, status: 'completed', score: 3 });
  await buildReview(app, { submission: p1, reviewer: reviewerB, status: 'completed', score: -1 });
  await buildReview(app, { submission: p1, reviewer: reviewerC });
  await buildReview(app, { submission: p2, reviewer: reviewerA, status: 'in_progress', score: 2 });
  await buildReview(app, { submission: p2, reviewer: reviewerB, status: 'completed', score: 2 });
  await buildConflict(app, { submission: p2, user: chair });
  await buildBid(app, { submission: p1, user: reviewerA, value: 'eager' });
  await buildBid(app, { submission: p3, user: reviewerA, value: 'willing' });
  await buildBid(app, { submission: p1, user: reviewerB, value: 'eager' });
  return { event, admin, chair, reviewerA, reviewerB, reviewerC, author, outsider, papers: [p1, p2, p3], track };
}

beforeAll(async () => {
  app = await buildTestApp();
  world = await buildWorld();
});

afterAll(async () => {
  await app?.close();
});

const url = (path: string) => `/api/events/${world.event.publicId}/${path}`;

/** The chair's table as a viewer reads it, with the "needs discussion" flag of each row. */
async function flagRows(user: BuiltUser, query: Record<string, string>) {
  const response = await (await as(user)).get(url('submissions/table/'), { query });
  return response.json().results as { title: string; conflicted: boolean; needs_discussion: boolean }[];
}

/** Runs `check` while the paper of this title is flagged for discussion, and clears the flag after. */
async function withFlagged(title: string, check: () => Promise<void>) {
  const paper = world.papers.find((candidate) => candidate.title === title);
  if (!paper) throw new Error(`no paper ${title}`);
  await app.db.update(submissions).set({ needsDiscussion: true }).where(eq(submissions.id, paper.id));
  try {
    await check();
  } finally {
    await app.db.update(submissions).set({ needsDiscussion: false }).where(eq(submissions.id, paper.id));
  }
}

describe('GET events/{id}/progress/', () => {
  it('counts submissions by status and decision, reviews by state and late ones, bids and deadlines', async () => {
    const response = await (await as(world.chair)).get(url('progress/'));
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.submissions).toEqual({
      total: 3,
      by_status: { submitted: 1, under_review: 2, accepted: 0, rejected: 0, revision_requested: 0 },
      by_decision: { pending: 3, accept: 0, reject: 0, revision: 0 },
    });
    expect(body.reviews).toEqual({ total: 5, completed: 3, in_progress: 1, not_started: 1, late: 2 });
    expect(body.reviewers_per_paper).toBe(3);
    expect(body.papers_short_of_reviewers).toBe(2);
    expect(body.bids).toEqual({ total: 3, reviewers_bidding: 2, reviewers: 3 });
    const review = body.deadlines.find((d: { key: string }) => d.key === 'review_deadline');
    expect(review).toEqual({ key: 'review_deadline', date: world.event.reviewDeadline, days_left: -2, passed: true });
    expect(body.deadlines.find((d: { key: string }) => d.key === 'notification_date').days_left).toBe(10);
  });

  it('costs a fixed number of statements whatever the size of the event', async () => {
    const client = await as(world.chair);
    const statements = await recordStatements(app, () => client.get(url('progress/')));
    // The signed-in actor, the event and the viewer's memberships, then three grouped counts (papers, reviews, bids).
    expect(statements.length).toBeLessThanOrEqual(6);
    expect(statements.filter((statement) => /"reviews"/.test(statement))).toHaveLength(2);
  });

  it('answers 404 to people with no part in the event, 403 to its reviewers, 400 to a malformed id', async () => {
    expect((await (await as(world.outsider)).get(url('progress/'))).statusCode).toBe(404);
    expect((await (await as(world.author)).get(url('progress/'))).statusCode).toBe(404);
    const denied = await (await as(world.reviewerA)).get(url('progress/'));
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ code: 'PERMISSION_DENIED' });
    const bad = await (await as(world.chair)).get(`/api/events/${'9'.repeat(61)}/progress/`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: { id: [expect.any(String)] } });
  });
});

describe('GET events/{id}/reviewers/progress/', () => {
  it('lists each reviewer with assigned, completed, late, mean score given and bids, sorted', async () => {
    const response = await (await as(world.admin)).get(url('reviewers/progress/'), { query: { sort: '-assigned' } });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.count).toBe(3);
    expect(body.results[0]).toMatchObject({
      user: { id: world.reviewerA.publicId, email: world.reviewerA.email },
      assigned: 2,
      completed: 1,
      in_progress: 1,
      not_started: 0,
      late: 1,
      average_score: 3,
      bids: 2,
    });
    const late = await (await as(world.admin)).get(url('reviewers/progress/'), { query: { late: 'true' } });
    expect(
      late
        .json()
        .results.map((r: { user: { id: string } }) => r.user.id)
        .sort(),
    ).toEqual([world.reviewerA.publicId, world.reviewerC.publicId].sort());
  });

  it("leaves out of a reviewer's mean the scores of papers the viewer is conflicted with, in one query", async () => {
    const row = async (viewer: BuiltUser) => {
      const response = await (await as(viewer)).get(url('reviewers/progress/'), { query: { sort: 'name' } });
      return response.json().results.find((r: { user: { id: string } }) => r.user.id === world.reviewerB.publicId);
    };
    expect(await row(world.admin)).toMatchObject({ completed: 2, average_score: 0.5 });
    expect(await row(world.chair)).toMatchObject({ completed: 2, average_score: -1 });
    const client = await as(world.admin);
    const statements = await recordStatements(app, () => client.get(url('reviewers/progress/')));
    expect(statements.filter((statement) => /"reviews"/.test(statement))).toHaveLength(1);
  });

  it('refuses a bad sort (400), outsiders (404) and reviewers (403)', async () => {
    const bad = await (await as(world.admin)).get(url('reviewers/progress/'), { query: { sort: 'salary' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: { sort: [expect.any(String)] } });
    expect((await (await as(world.outsider)).get(url('reviewers/progress/'))).statusCode).toBe(404);
    expect((await (await as(world.reviewerB)).get(url('reviewers/progress/'))).statusCode).toBe(403);
  });
});

describe('GET events/{id}/submissions/table/', () => {
  it('shows review aggregates per paper, sorted by the average score, disagreement standing out', async () => {
    const response = await (await as(world.admin)).get(url('submissions/table/'), {
      query: { sort: '-average_score' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.count).toBe(3);
    expect(body.results.map((r: { title: string }) => r.title)).toEqual([
      'Beta caching',
      'Alpha consensus',
      'Gamma graphs',
    ]);
    expect(body.results[1]).toMatchObject({
      id: world.papers[0]?.publicId,
      authors: 'Layla Haddad',
      track: { id: world.track.publicId, name: 'Systems' },
      reviews_assigned: 3,
      reviews_done: 2,
      average_score: 1,
      score_spread: 4,
      disagreement: true,
      conflicted: false,
    });
    expect(body.results[0]).toMatchObject({
      reviews_assigned: 2,
      reviews_done: 1,
      average_score: 2,
      disagreement: false,
    });
    expect(body.results[2]).toMatchObject({ reviews_assigned: 0, reviews_done: 0, average_score: null });
  });

  it('filters by disagreement, track, score range, decision and searches titles and authors', async () => {
    const client = await as(world.admin);
    const titles = async (query: Record<string, string>) =>
      (await client.get(url('submissions/table/'), { query })).json().results.map((r: { title: string }) => r.title);
    expect(await titles({ disagreement: 'true' })).toEqual(['Alpha consensus']);
    expect(await titles({ track: world.track.publicId })).toEqual(['Alpha consensus']);
    expect(await titles({ min_score: '1.5' })).toEqual(['Beta caching']);
    expect(await titles({ max_score: '1', min_score: '0' })).toEqual(['Alpha consensus']);
    expect(await titles({ search: 'haddad' })).toEqual(['Alpha consensus']);
    expect(await titles({ search: 'gamma', decision: 'pending' })).toEqual(['Gamma graphs']);
    expect(await titles({ decision: 'accept' })).toEqual([]);
  });

  it('shows the "needs discussion" flag and filters by it, with the disagreement filter', async () => {
    await withFlagged('Alpha consensus', async () => {
      const all = await flagRows(world.admin, { sort: 'title' });
      expect(all.map((row) => [row.title, row.needs_discussion])).toEqual([
        ['Alpha consensus', true],
        ['Beta caching', false],
        ['Gamma graphs', false],
      ]);
      expect((await flagRows(world.admin, { needs_discussion: 'true' })).map((row) => row.title)).toEqual([
        'Alpha consensus',
      ]);
      const notFlagged = await flagRows(world.admin, { needs_discussion: 'false', sort: 'title' });
      expect(notFlagged.map((row) => row.title)).toEqual(['Beta caching', 'Gamma graphs']);
      const both = await flagRows(world.admin, { needs_discussion: 'false', disagreement: 'true' });
      expect(both.map((row) => row.title)).toEqual([]);
      const bad = await (await as(world.admin)).get(url('submissions/table/'), {
        query: { needs_discussion: 'maybe' },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ field_codes: { needs_discussion: ['validation.invalidChoice'] } });
    });
  });

  it('hides the aggregates of a paper the chair is conflicted with, from the rows, the filters and the order', async () => {
    const client = await as(world.chair);
    const body = (await client.get(url('submissions/table/'), { query: { sort: '-average_score' } })).json();
    const beta = body.results.find((r: { title: string }) => r.title === 'Beta caching');
    expect(beta).toMatchObject({ conflicted: true, reviews_assigned: null, average_score: null, score_spread: null });
    expect(body.results[0].title).toBe('Alpha consensus');
    const ranged = (await client.get(url('submissions/table/'), { query: { min_score: '2' } })).json();
    expect(ranged.count).toBe(0);
  });

  it('hides the "needs discussion" flag of a paper the chair is conflicted with, from the row and the filter', async () => {
    await withFlagged('Beta caching', async () => {
      const shown = (await flagRows(world.chair, { sort: 'title' })).find((row) => row.title === 'Beta caching');
      expect(shown).toMatchObject({ conflicted: true, needs_discussion: false });
      expect((await flagRows(world.chair, { needs_discussion: 'true' })).map((row) => row.title)).toEqual([]);
      const notFlagged = await flagRows(world.chair, { needs_discussion: 'false' });
      expect(notFlagged.map((row) => row.title)).toContain('Beta caching');
      // The admin, not conflicted, sees the flag.
      expect((await flagRows(world.admin, { needs_discussion: 'true' })).map((row) => row.title)).toEqual([
        'Beta caching',
      ]);
    });
  });

  it("names each paper's area chair, filters the papers without one, and hides it from a conflicted chair", async () => {
    const areaChair = await buildUser(app, {
      email: 'ac@ac-progress.edu',
      affiliation: 'ac institute',
      firstName: 'Amal',
      lastName: 'Chair',
    });
    await buildAreaChair(app, { event: world.event, user: areaChair });
    const [alpha, beta] = world.papers;
    if (!alpha || !beta) throw new Error('papers');
    await setAreaChair(app, alpha, areaChair);
    await setAreaChair(app, beta, areaChair);
    try {
      const rows = async (user: BuiltUser, query: Record<string, string>) =>
        (
          (await (await as(user)).get(url('submissions/table/'), { query })).json().results as {
            title: string;
            area_chair: { id: string; name: string } | null;
          }[]
        ).map((row) => [row.title, row.area_chair]);
      const chaired = { id: areaChair.publicId, name: 'Amal Chair' };
      expect(await rows(world.admin, { sort: 'title' })).toEqual([
        ['Alpha consensus', chaired],
        ['Beta caching', chaired],
        ['Gamma graphs', null],
      ]);
      expect(await rows(world.admin, { area_chair: 'none' })).toEqual([['Gamma graphs', null]]);
      expect((await rows(world.admin, { area_chair: 'any', sort: 'title' })).map(([title]) => title)).toEqual([
        'Alpha consensus',
        'Beta caching',
      ]);
      // The chair is conflicted with Beta: its area chair is null for them, in the row and in the filter.
      expect(await rows(world.chair, { sort: 'title', min_score: '-3' })).toEqual([['Alpha consensus', chaired]]);
      expect((await rows(world.chair, { area_chair: 'any' })).map(([title]) => title)).toEqual(['Alpha consensus']);
      const bad = await (await as(world.admin)).get(url('submissions/table/'), { query: { area_chair: 'maybe' } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ field_codes: { area_chair: ['validation.invalidChoice'] } });
    } finally {
      await setAreaChair(app, alpha, null);
      await setAreaChair(app, beta, null);
    }
  });

  it('filters the papers with a completed meta-review and those without, a conflicted row in neither', async () => {
    const [alpha, beta, gamma] = world.papers;
    if (!alpha || !beta || !gamma) throw new Error('papers');
    // Alpha and Beta have a completed meta-review, Gamma a draft only; Beta is decided, and the chair conflicted with it.
    const metaIds: number[] = [];
    for (const [paper, status] of [
      [alpha, 'completed'],
      [beta, 'completed'],
      [gamma, 'in_progress'],
    ] as const) {
      const id = await nextId(app.db, 'meta_reviews');
      metaIds.push(id);
      await app.db.insert(metaReviews).values({
        id,
        publicId: makePublicId(id),
        submissionId: paper.id,
        formVersion: 1,
        answers: { recommendation: 'accept' },
        status,
        completedAt: status === 'completed' ? new Date() : null,
      });
    }
    await app.db.update(submissions).set({ decision: 'accept' }).where(eq(submissions.id, beta.id));
    try {
      const titles = async (user: BuiltUser, query: Record<string, string>) => {
        const body = (
          await (await as(user)).get(url('submissions/table/'), { query: { sort: 'title', ...query } })
        ).json();
        const found = (body.results as { title: string }[]).map((row) => row.title);
        expect(body.count).toBe(found.length);
        return found;
      };
      expect(await titles(world.admin, { meta_review: 'completed' })).toEqual(['Alpha consensus', 'Beta caching']);
      expect(await titles(world.admin, { meta_review: 'missing' })).toEqual(['Gamma graphs']);
      // Following the meta-reviews: completed, not decided yet.
      expect(await titles(world.admin, { meta_review: 'completed', decision: 'pending' })).toEqual(['Alpha consensus']);
      // Combined with an aggregate filter (the grouped form of the query) it holds too.
      expect(await titles(world.admin, { meta_review: 'completed', min_score: '-3' })).toEqual([
        'Alpha consensus',
        'Beta caching',
      ]);
      // The chair is conflicted with Beta: its meta-review is not theirs to know, so it is in neither list.
      expect(await titles(world.chair, { meta_review: 'completed' })).toEqual(['Alpha consensus']);
      expect(await titles(world.chair, { meta_review: 'missing' })).toEqual(['Gamma graphs']);
      expect(await titles(world.chair, {})).toContain('Beta caching');

      const client = await as(world.admin);
      const cost = async (query: Record<string, string>) =>
        (await recordStatements(app, () => client.get(url('submissions/table/'), { query }))).length;
      expect(await cost({ meta_review: 'completed', page_size: '1' })).toBe(await cost({ page_size: '1' }));
      expect(await cost({ meta_review: 'missing', page_size: '3' })).toBe(await cost({ page_size: '1' }));

      const bad = await client.get(url('submissions/table/'), { query: { meta_review: 'someday' } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        fields: { meta_review: [expect.any(String)] },
        field_codes: { meta_review: ['validation.invalidChoice'] },
      });
    } finally {
      await app.db.delete(metaReviews).where(inArray(metaReviews.id, metaIds));
      await app.db.update(submissions).set({ decision: 'pending' }).where(eq(submissions.id, beta.id));
    }
  });

  it('runs one query per page, whatever its size', async () => {
    const client = await as(world.admin);
    const cost = async (pageSize: string) =>
      (await recordStatements(app, () => client.get(url('submissions/table/'), { query: { page_size: pageSize } })))
        .length;
    const small = await cost('1');
    const large = await cost('3');
    expect(large).toBe(small);
    const alone = await recordStatements(app, () => client.get(url('submissions/table/')));
    expect(alone.filter((statement) => /from "reviews"|"reviews" r/.test(statement))).toHaveLength(1);
  });

  it('refuses bad filters (400 with the field), outsiders (404) and reviewers (403)', async () => {
    const client = await as(world.admin);
    for (const [query, field] of [
      [{ min_score: '9' }, 'min_score'],
      [{ min_score: '2', max_score: '1' }, 'max_score'],
      [{ track: '999999' }, 'track'],
      [{ sort: 'secret' }, 'sort'],
      [{ status: 'lost' }, 'status'],
    ] as const) {
      const response = await client.get(url('submissions/table/'), { query });
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: { [field]: [expect.any(String)] } });
    }
    expect((await (await as(world.outsider)).get(url('submissions/table/'))).statusCode).toBe(404);
    expect((await (await as(world.reviewerA)).get(url('submissions/table/'))).statusCode).toBe(403);
  });
});

describe('bulk decisions', () => {
  it('previews which papers would change and why the others would not, changing nothing', async () => {
    const [p1, p2, p3] = world.papers;
    const response = await (await as(world.chair)).post(url('decisions/preview/'), {
      submission_ids: [p1?.publicId, p2?.publicId, '424242', p3?.publicId],
      decision: 'accept',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      changed: 2,
      skipped: 2,
      notified: false,
      results: [
        { id: p1?.publicId, ok: true, reason: null, from_decision: 'pending', to_decision: 'accept' },
        { id: p2?.publicId, ok: false, reason: 'conflicted' },
        { id: '424242', ok: false, reason: 'not_found', title: null },
        { id: p3?.publicId, ok: true },
      ],
    });
    const rows = await app.db
      .select({ decision: submissions.decision })
      .from(submissions)
      .where(
        inArray(
          submissions.id,
          world.papers.map((p) => p.id),
        ),
      );
    expect(rows.every((row) => row.decision === 'pending')).toBe(true);
  });

  it('decides without mailing when notify is false, then mails on a later decision, with audit entries', async () => {
    const [p1, p2, p3] = world.papers;
    const client = await as(world.chair);
    const mailsBefore = (await mailsTo(app, world.author.email)).length;
    const response = await client.post(url('decisions/'), {
      submission_ids: [p1?.publicId, p2?.publicId, p3?.publicId],
      decision: 'accept',
      decision_details: 'Well done.',
      notify: false,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ changed: 2, skipped: 1, notified: false });
    const decided = await app.db
      .select({ id: submissions.id, status: submissions.status, decision: submissions.decision })
      .from(submissions)
      .where(
        inArray(
          submissions.id,
          world.papers.map((p) => p.id),
        ),
      );
    const byId = new Map(decided.map((row) => [row.id, row]));
    expect(byId.get(p1?.id ?? 0)).toMatchObject({ status: 'accepted', decision: 'accept' });
    expect(byId.get(p2?.id ?? 0)).toMatchObject({ status: 'under_review', decision: 'pending' });
    expect(byId.get(p3?.id ?? 0)).toMatchObject({ status: 'accepted', decision: 'accept' });
    expect(await mailsTo(app, world.author.email)).toHaveLength(mailsBefore);
    const audits = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'submission.decision_made'), eq(auditLog.actorId, world.chair.id)));
    expect(audits).toHaveLength(2);

    const subject = 'The chairs on your paper';
    await app.db.insert(eventMailTemplates).values(
      (['en', 'ar'] as const).map((locale) => ({
        eventId: world.event.id,
        key: 'decision_reject',
        locale,
        subject,
        body: 'About {paper_title}.',
      })),
    );
    let again: Awaited<ReturnType<typeof client.post>> | undefined;
    const statements = await recordStatements(app, async () => {
      again = await client.post(url('decisions/'), {
        submission_ids: [p1?.publicId, p3?.publicId],
        decision: 'reject',
      });
    });
    expect(again?.json()).toMatchObject({ changed: 2, notified: true, results: [{ ok: true }, { ok: true }] });
    // The chair's wording of the decision mail is read once for the whole batch, not once per paper.
    expect(statements.filter((statement) => /"event_mail_templates"/.test(statement))).toHaveLength(1);
    const mails = await mailsTo(app, world.author.email);
    expect(mails).toHaveLength(mailsBefore + 2);
    expect(mails.slice(-2)).toMatchObject(
      [p1, p3].map((paper) => ({ subject, text_body: expect.stringContaining(`About ${paper?.title}.`) })),
    );
    // The tests after this one read p3 accepted.
    const back = await client.post(url('decisions/'), {
      submission_ids: [p3?.publicId],
      decision: 'accept',
      notify: false,
    });
    expect(back.json()).toMatchObject({ changed: 1 });
    const unchanged = await client.post(url('decisions/'), { submission_ids: [p1?.publicId], decision: 'reject' });
    expect(unchanged.json()).toMatchObject({ changed: 0, results: [{ ok: false, reason: 'unchanged' }] });
  });

  it('refuses bad input (400 with the field), outsiders (404) and reviewers (403)', async () => {
    const client = await as(world.chair);
    for (const [body, field] of [
      [{ submission_ids: [], decision: 'accept' }, 'submission_ids'],
      [{ submission_ids: ['1'], decision: 'maybe' }, 'decision'],
      [{ submission_ids: Array.from({ length: 501 }, (_, i) => String(i + 1)), decision: 'accept' }, 'submission_ids'],
      [{ submission_ids: ['1'], decision: 'accept', notify: 'yes' }, 'notify'],
      [{ submission_ids: ['1'], decision: 'accept', decision_details: 'x'.repeat(10_001) }, 'decision_details'],
    ] as const) {
      const response = await client.post(url('decisions/'), body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: { [field]: [expect.any(String)] } });
    }
    const body = { submission_ids: [world.papers[2]?.publicId], decision: 'reject' };
    expect((await (await as(world.outsider)).post(url('decisions/'), body)).statusCode).toBe(404);
    expect((await (await as(world.reviewerA)).post(url('decisions/'), body)).statusCode).toBe(403);
    expect((await (await as(world.reviewerA)).post(url('decisions/preview/'), body)).statusCode).toBe(403);
    expect((await (await as(world.outsider)).post(url('decisions/preview/'), body)).statusCode).toBe(404);
    const [row] = await app.db
      .select({ decision: submissions.decision })
      .from(submissions)
      .where(eq(submissions.id, world.papers[2]?.id ?? 0));
    expect(row?.decision).toBe('accept');
  });
});

describe('GET submissions/{id}/timeline/', () => {
  it('shows the author each step with its date and the reviews as counts', async () => {
    const event = await buildEvent(app, { status: 'active' });
    const author = await buildUser(app);
    const paper = await buildSubmission(app, { event, submitter: author, status: 'under_review' });
    const reviewer = await buildUser(app);
    await addMembership(app, { event, user: reviewer, role: 'reviewer' });
    await buildReview(app, { submission: paper, reviewer, status: 'completed' });
    await buildReview(app, { submission: paper, reviewer: await buildUser(app) });
    const response = await (await as(author)).get(`/api/submissions/${paper.publicId}/timeline/`);
    expect(response.statusCode, response.body).toBe(200);
    const steps = response.json().steps;
    expect(steps.map((s: { key: string; state: string }) => [s.key, s.state])).toEqual([
      ['submitted', 'done'],
      ['under_review', 'done'],
      ['reviews', 'current'],
      ['decision', 'upcoming'],
      ['final_version', 'upcoming'],
    ]);
    expect(steps[0].date).toBe(new Date(paper.createdAt).toISOString());
    expect(steps[1].date).toEqual(expect.any(String));
    expect(steps[2]).toMatchObject({ completed: 1, assigned: 2 });
    expect(JSON.stringify(steps)).not.toContain(reviewer.publicId);
  });

  it('puts the decision with its date and the final version next for an accepted paper', async () => {
    const [p1, , p3] = world.papers;
    const steps = (await (await as(world.author)).get(`/api/submissions/${p3?.publicId}/timeline/`)).json().steps;
    // The final version comes up while the event's phase is off (the final-versions tests cover current and done).
    expect(steps.map((s: { state: string }) => s.state)).toEqual(['done', 'skipped', 'skipped', 'done', 'upcoming']);
    expect(steps[3]).toMatchObject({ key: 'decision', decision: 'accept', date: expect.any(String) });
    const rejected = (await (await as(world.author)).get(`/api/submissions/${p1?.publicId}/timeline/`)).json().steps;
    expect(rejected.at(-1)).toMatchObject({ key: 'final_version', state: 'skipped' });
  });

  it('reads the submission as its page does, plus one grouped count of its reviews', async () => {
    const id = world.papers[0]?.publicId;
    const client = await as(world.author);
    const timeline = await recordStatements(app, () => client.get(`/api/submissions/${id}/timeline/`));
    const page = await recordStatements(app, () => client.get(`/api/submissions/${id}/`));
    expect(timeline.length).toBe(page.length + 1);
  });

  it('answers 404 to outsiders and 400 to a malformed id', async () => {
    const id = world.papers[0]?.publicId;
    expect((await (await as(world.outsider)).get(`/api/submissions/${id}/timeline/`)).statusCode).toBe(404);
    const bad = await (await as(world.author)).get(`/api/submissions/${'7'.repeat(61)}/timeline/`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: { id: [expect.any(String)] } });
  });
});
