import type { MetaReviewDto } from '@confero/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { buildAreaChair, setAreaChair } from '../../../test/factories/area-chairs.ts';
import { addMembership, type BuiltEvent, buildEvent, buildTrack } from '../../../test/factories/events.ts';
import { buildConflict, buildReview } from '../../../test/factories/reviews.ts';
import { type BuiltSubmission, buildSubmission } from '../../../test/factories/submissions.ts';
import { type BuiltUser, buildAdmin, buildUser } from '../../../test/factories/users.ts';
import { mailsTo, signedInClients } from '../../../test/http.ts';
import { recordStatements } from '../../../test/statements.ts';
import { auditLog, events, metaReviews, submissions } from '../../db/schema/index.ts';

/*
 * `GET`/`POST submissions/{id}/meta-review/` (`docs/domain.md#meta-review`): the truth table of who reads and writes
 * it in each state, what each reader reads (the confidential note and the area chair's identity never reach authors
 * or reviewers; nothing reaches the conflicted), the save's rules (required answers in form order, the version, the
 * decision) with the database state, and the audit.
 */

let app: TestApp;
const as = signedInClients(() => app);

let people = 0;
/** A user of an institution and mail domain of their own (no detected conflict with anyone). */
function person(): Promise<BuiltUser> {
  people += 1;
  return buildUser(app, { email: `m${people}@uni-meta-${people}.edu`, affiliation: `Meta University ${people}` });
}

type World = {
  event: BuiltEvent;
  paper: BuiltSubmission;
  who: Record<Identity, BuiltUser>;
};

const IDENTITIES = [
  'chair',
  'eventAdmin',
  'conflictedChair',
  'trackChair',
  'otherTrackChair',
  'areaChair',
  'otherAreaChair',
  'conflictedAreaChair',
  'reviewer',
  'otherReviewer',
  'author',
  'outsider',
  'platformAdmin',
] as const;
type Identity = (typeof IDENTITIES)[number];

async function buildWorld(): Promise<World> {
  const event = await buildEvent(app, { status: 'active' });
  const who = {} as Record<Identity, BuiltUser>;
  for (const identity of IDENTITIES) {
    who[identity] = identity === 'platformAdmin' ? await buildAdmin(app) : await person();
  }
  who.eventAdmin = event.creator;
  await addMembership(app, { event, user: who.chair, role: 'chair' });
  await addMembership(app, { event, user: who.conflictedChair, role: 'chair' });
  const [track, otherTrack] = [await buildTrack(app, { event }), await buildTrack(app, { event })];
  await addMembership(app, { event, user: who.trackChair, role: 'chair', track });
  await addMembership(app, { event, user: who.otherTrackChair, role: 'chair', track: otherTrack });
  for (const ac of [who.areaChair, who.otherAreaChair, who.conflictedAreaChair]) {
    await buildAreaChair(app, { event, user: ac });
  }
  await addMembership(app, { event, user: who.reviewer, role: 'reviewer' });
  await addMembership(app, { event, user: who.otherReviewer, role: 'reviewer' });
  const paper = await buildSubmission(app, {
    event,
    submitter: who.author,
    authors: [{ user: who.author }],
    track,
  });
  await setAreaChair(app, paper, who.areaChair);
  await buildReview(app, { submission: paper, reviewer: who.reviewer, status: 'completed' });
  await buildConflict(app, { submission: paper, user: who.conflictedChair });
  return { event, paper, who };
}

const path = (paper: { publicId: string }) => `/api/submissions/${paper.publicId}/meta-review/`;

const ANSWERS = {
  summary: 'The reviewers agree the method is sound.',
  recommendation: 'accept',
  confidence: 4,
  confidential_note: 'Reviewer 2 was harsh; discount it.',
};

async function submitted(world: World): Promise<MetaReviewDto> {
  const response = await (await as(world.who.areaChair)).post(path(world.paper), {
    answers: ANSWERS,
    status: 'completed',
    version: 0,
  });
  expect(response.statusCode).toBe(200);
  return response.json();
}

const decide = (paper: { id: number }) =>
  app.db.update(submissions).set({ decision: 'accept' }).where(eq(submissions.id, paper.id));

beforeAll(async () => {
  app = await buildTestApp();
});

afterAll(async () => {
  await app?.close();
});

describe('who reads the meta-review (truth table)', () => {
  /** What each identity reads in each state: 'all' every answer and the writer, keys the answers read, 404 none. */
  const TABLE: Record<Identity, { draft: string; completed: string; decided: string; write: number }> = {
    chair: { draft: 'all', completed: 'all', decided: 'all', write: 403 },
    eventAdmin: { draft: 'all', completed: 'all', decided: 'all', write: 403 },
    conflictedChair: { draft: '404', completed: '404', decided: '404', write: 404 },
    trackChair: { draft: 'all', completed: 'all', decided: 'all', write: 403 },
    otherTrackChair: { draft: '404', completed: '404', decided: '404', write: 404 },
    areaChair: { draft: 'all', completed: 'all', decided: 'all', write: 200 },
    otherAreaChair: { draft: '404', completed: '404', decided: '404', write: 404 },
    conflictedAreaChair: { draft: '404', completed: '404', decided: '404', write: 404 },
    reviewer: {
      draft: '404',
      completed: 'summary,recommendation,confidence',
      decided: 'summary,recommendation,confidence',
      write: 403,
    },
    otherReviewer: { draft: '404', completed: '404', decided: '404', write: 404 },
    author: { draft: '404', completed: '404', decided: 'summary,recommendation', write: 403 },
    outsider: { draft: '404', completed: '404', decided: '404', write: 404 },
    platformAdmin: { draft: 'all', completed: 'all', decided: 'all', write: 403 },
  };

  async function readAs(world: World, identity: Identity): Promise<string> {
    const response = await (await as(world.who[identity])).get(path(world.paper));
    if (response.statusCode === 404) {
      expect(response.json().code).toBe('NOT_FOUND');
      return '404';
    }
    expect(response.statusCode).toBe(200);
    const body = response.json() as MetaReviewDto;
    const keys = Object.keys(body.answers);
    const raw = JSON.stringify(body);
    if (body.area_chair !== undefined) {
      expect(body.area_chair?.name).toContain(world.who.areaChair.lastName);
      const asked = body.questions.map((question) => question.key);
      return asked.length === 4 ? 'all' : `identity:${asked.join(',')}`;
    }
    // Whoever does not read the writer finds neither their name nor their e-mail anywhere in the answer.
    expect(raw).not.toContain(world.who.areaChair.lastName);
    expect(raw).not.toContain(world.who.areaChair.email);
    expect(raw).not.toContain(world.who.areaChair.publicId);
    if (!keys.includes('confidential_note')) expect(raw).not.toContain(ANSWERS.confidential_note);
    expect(body.questions.map((question) => question.key)).toEqual(keys);
    return keys.join(',');
  }

  it('answers each identity as the table says, draft, completed and decided (the area chair a conflict with a paper)', async () => {
    const world = await buildWorld();
    // The conflicted area chair leads the paper but has a conflict with it: they read nothing.
    const second = await buildSubmission(app, {
      event: world.event,
      submitter: world.who.author,
      authors: [{ user: world.who.author }],
    });
    await setAreaChair(app, second, world.who.conflictedAreaChair);
    await buildConflict(app, { submission: second, user: world.who.conflictedAreaChair });
    const conflicted = await (await as(world.who.conflictedAreaChair)).post(path(second), {
      answers: ANSWERS,
      status: 'in_progress',
    });
    expect(conflicted.statusCode).toBe(404);
    expect(await app.db.select().from(metaReviews).where(eq(metaReviews.submissionId, second.id))).toEqual([]);

    const draft = await (await as(world.who.areaChair)).post(path(world.paper), {
      answers: { summary: 'Half written' },
      status: 'in_progress',
    });
    expect(draft.statusCode).toBe(200);
    for (const identity of IDENTITIES) {
      expect([identity, await readAs(world, identity)]).toEqual([identity, TABLE[identity].draft]);
    }
    await (await as(world.who.areaChair)).post(path(world.paper), { answers: ANSWERS, status: 'completed' });
    for (const identity of IDENTITIES) {
      expect([identity, await readAs(world, identity)]).toEqual([identity, TABLE[identity].completed]);
    }
    await decide(world.paper);
    for (const identity of IDENTITIES) {
      expect([identity, await readAs(world, identity)]).toEqual([identity, TABLE[identity].decided]);
    }
  });

  it("refuses every writer but the paper's area chair: 403 to a reader, 404 to the others, nothing written", async () => {
    const world = await buildWorld();
    for (const identity of IDENTITIES) {
      if (identity === 'areaChair') continue;
      const response = await (await as(world.who[identity])).post(path(world.paper), {
        answers: { summary: 'Not mine' },
        status: 'in_progress',
      });
      // Before any meta-review, the reviewer and the author read none: they get 404 like the outsiders.
      const expected = ['reviewer', 'author'].includes(identity) ? 404 : TABLE[identity].write;
      expect([identity, response.statusCode]).toEqual([identity, expected]);
      expect(response.json().code).toBe(expected === 403 ? 'PERMISSION_DENIED' : 'NOT_FOUND');
    }
    expect(await app.db.select().from(metaReviews).where(eq(metaReviews.submissionId, world.paper.id))).toEqual([]);
    await submitted(world);
    for (const identity of ['reviewer', 'chair'] as const) {
      const response = await (await as(world.who[identity])).post(path(world.paper), {
        answers: { summary: 'Not mine' },
        status: 'completed',
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'PERMISSION_DENIED', message_code: 'metaReviews.writeDenied' });
    }
  });

  it('keeps the meta-review from authors while the event does not share reviews with them, even decided', async () => {
    const world = await buildWorld();
    await submitted(world);
    await decide(world.paper);
    const [event] = await app.db.select().from(events).where(eq(events.id, world.event.id));
    if (!event) throw new Error('the event has its row');
    await app.db
      .update(events)
      .set({ reviewSettings: { ...event.reviewSettings, authors_see_reviews: 'never' } })
      .where(eq(events.id, world.event.id));
    expect((await (await as(world.who.author)).get(path(world.paper))).statusCode).toBe(404);
  });

  it('opens it to a reviewer of the paper as the event opens the other reviews to them (never, after their own, always)', async () => {
    const world = await buildWorld();
    await submitted(world);
    // A second reviewer of the paper whose own review is still a draft.
    const drafting = await person();
    await addMembership(app, { event: world.event, user: drafting, role: 'reviewer' });
    await buildReview(app, { submission: world.paper, reviewer: drafting, status: 'in_progress' });
    const setRule = async (rule: 'never' | 'after_submit' | 'always') => {
      const [event] = await app.db.select().from(events).where(eq(events.id, world.event.id));
      if (!event) throw new Error('the event has its row');
      await app.db
        .update(events)
        .set({ reviewSettings: { ...event.reviewSettings, reviewers_see_other_reviews: rule } })
        .where(eq(events.id, world.event.id));
    };
    const statusFor = async (user: BuiltUser) => (await (await as(user)).get(path(world.paper))).statusCode;
    const reads: Record<string, number[]> = {};
    for (const rule of ['never', 'after_submit', 'always'] as const) {
      await setRule(rule);
      reads[rule] = [await statusFor(world.who.reviewer), await statusFor(drafting)];
    }
    // [the reviewer who submitted, the one still drafting]
    expect(reads).toEqual({ never: [404, 404], after_submit: [200, 404], always: [200, 200] });
  });
});

describe('saving the meta-review', () => {
  it('answers the empty meta-review with the default form before the first save', async () => {
    const world = await buildWorld();
    const response = await (await as(world.who.areaChair)).get(path(world.paper));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: null,
      status: null,
      version: 0,
      form_version: 1,
      answers: {},
      abilities: { edit: true },
    });
    expect(response.json().questions.map((question: { key: string }) => question.key)).toEqual([
      'summary',
      'recommendation',
      'confidence',
      'confidential_note',
    ]);
  });

  it('saves a draft, then submits; each save pinned to the form version, audited, the version growing', async () => {
    const world = await buildWorld();
    const client = await as(world.who.areaChair);
    const draft = await client.post(path(world.paper), { answers: { summary: 'Draft' }, status: 'in_progress' });
    expect(draft.json()).toMatchObject({ status: 'in_progress', version: 1, answers: { summary: 'Draft' } });
    const done = await client.post(path(world.paper), { answers: ANSWERS, status: 'completed', version: 1 });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ status: 'completed', version: 2, answers: ANSWERS });
    const [row] = await app.db.select().from(metaReviews).where(eq(metaReviews.submissionId, world.paper.id));
    expect(row).toMatchObject({
      status: 'completed',
      version: 2,
      formVersion: 1,
      authorId: world.who.areaChair.id,
      answers: ANSWERS,
    });
    expect(row?.completedAt).toBeInstanceOf(Date);
    const audits = await app.db
      .select({ action: auditLog.action, entityId: auditLog.entityId })
      .from(auditLog)
      .where(and(eq(auditLog.eventId, world.event.id), eq(auditLog.entity, 'submission')));
    expect(audits.filter((entry) => entry.action.startsWith('meta_review.'))).toEqual([
      { action: 'meta_review.saved', entityId: String(world.paper.id) },
      { action: 'meta_review.submitted', entityId: String(world.paper.id) },
    ]);
  });

  it('asks for the required answers in the form order on submit, each on its field; a draft needs none', async () => {
    const world = await buildWorld();
    const client = await as(world.who.areaChair);
    const missing = await client.post(path(world.paper), { answers: {}, status: 'completed' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { 'answers.summary': expect.any(Array) },
    });
    const noRecommendation = await client.post(path(world.paper), {
      answers: { summary: 'Sound' },
      status: 'completed',
    });
    expect(Object.keys(noRecommendation.json().fields)).toEqual(['answers.recommendation']);
    expect(await app.db.select().from(metaReviews).where(eq(metaReviews.submissionId, world.paper.id))).toEqual([]);
  });

  it('refuses bad input with 400 on its field: an unknown key, a choice outside the options, a score out of range, a bad status', async () => {
    const world = await buildWorld();
    const client = await as(world.who.areaChair);
    const cases: [Record<string, unknown>, string][] = [
      [{ answers: { nope: 'x' }, status: 'in_progress' }, 'answers.nope'],
      [{ answers: { recommendation: 'maybe' }, status: 'in_progress' }, 'answers.recommendation'],
      [{ answers: { confidence: 9 }, status: 'in_progress' }, 'answers.confidence'],
      [{ answers: {}, status: 'done' }, 'status'],
      [{ answers: {}, status: 'in_progress', version: -1 }, 'version'],
    ];
    for (const [body, field] of cases) {
      const response = await client.post(path(world.paper), body);
      expect([field, response.statusCode]).toEqual([field, 400]);
      expect(response.json().code).toBe('VALIDATION_ERROR');
      expect(Object.keys(response.json().fields)).toEqual([field]);
    }
    expect(await app.db.select().from(metaReviews).where(eq(metaReviews.submissionId, world.paper.id))).toEqual([]);
  });

  it('answers 409 STALE_META_REVIEW to a save from a stale version, and keeps the other save', async () => {
    const world = await buildWorld();
    const client = await as(world.who.areaChair);
    await client.post(path(world.paper), { answers: { summary: 'First' }, status: 'in_progress', version: 0 });
    const stale = await client.post(path(world.paper), {
      answers: { summary: 'Second' },
      status: 'in_progress',
      version: 0,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'STALE_META_REVIEW', message_code: 'metaReviews.stale' });
    const [row] = await app.db.select().from(metaReviews).where(eq(metaReviews.submissionId, world.paper.id));
    expect(row).toMatchObject({ version: 1, answers: { summary: 'First' } });
  });

  it('lets the area chair edit a completed meta-review until the decision, never back to a draft, then 409', async () => {
    const world = await buildWorld();
    const client = await as(world.who.areaChair);
    await submitted(world);
    const reopen = await client.post(path(world.paper), { answers: {}, status: 'in_progress' });
    expect(reopen.statusCode).toBe(409);
    expect(reopen.json().code).toBe('TRANSITION_NOT_ALLOWED');
    const edit = await client.post(path(world.paper), { answers: { summary: 'Edited' }, status: 'completed' });
    expect(edit.json()).toMatchObject({ status: 'completed', version: 2, answers: { summary: 'Edited' } });
    await decide(world.paper);
    const late = await client.post(path(world.paper), { answers: { summary: 'Too late' }, status: 'completed' });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'META_REVIEW_DECIDED', message_code: 'metaReviews.decided' });
    expect((await client.get(path(world.paper))).json()).toMatchObject({
      answers: { summary: 'Edited' },
      abilities: { edit: false },
    });
  });

  it("mails the paper's committee once when the meta-review is completed, never the conflicted chair", async () => {
    const world = await buildWorld();
    const client = await as(world.who.areaChair);
    await client.post(path(world.paper), { answers: { summary: 'Draft' }, status: 'in_progress' });
    expect(await mailsTo(app, world.who.chair.email)).toEqual([]);
    const done = await client.post(path(world.paper), { answers: ANSWERS, status: 'completed', version: 1 });
    expect(done.statusCode).toBe(200);
    await client.post(path(world.paper), { answers: { summary: 'Edited' }, status: 'completed' });
    for (const identity of ['chair', 'eventAdmin'] as const) {
      const mails = (await mailsTo(app, world.who[identity].email)).filter(
        (mail) => mail.template === 'meta_reviews.completed',
      );
      expect([identity, mails.length]).toEqual([identity, 1]);
      expect(mails[0]?.text_body).toContain('Recommendation: Accept.');
      // The mail names the recommendation, never the area chair nor the confidential note.
      expect(mails[0]?.text_body).not.toContain(world.who.areaChair.lastName);
      expect(mails[0]?.text_body).not.toContain(ANSWERS.confidential_note);
    }
    for (const identity of ['conflictedChair', 'areaChair', 'reviewer', 'author'] as const) {
      expect([identity, await mailsTo(app, world.who[identity].email)]).toEqual([identity, []]);
    }
  });

  it("redacts the meta-review's audit entries for a chair conflicted with the paper", async () => {
    const world = await buildWorld();
    await submitted(world);
    const read = async (identity: Identity) => {
      const response = await (await as(world.who[identity])).get(`/api/events/${world.event.publicId}/audit/`, {
        query: { action: 'meta_review.submitted' },
      });
      expect(response.statusCode).toBe(200);
      return response.json().results as { redacted: boolean; actor: unknown }[];
    };
    const [open] = await read('chair');
    expect(open).toMatchObject({ redacted: false });
    const [hidden] = await read('conflictedChair');
    expect(hidden).toMatchObject({ redacted: true });
    expect(JSON.stringify(hidden)).not.toContain(world.who.areaChair.lastName);
  });

  it('reads and saves in a fixed number of statements, whatever the number of reviews', async () => {
    const world = await buildWorld();
    await submitted(world);
    const client = await as(world.who.chair);
    const read = async () => (await recordStatements(app, () => client.get(path(world.paper)))).length;
    const few = await read();
    for (let n = 0; n < 4; n += 1) {
      const extra = await person();
      await addMembership(app, { event: world.event, user: extra, role: 'reviewer' });
      await buildReview(app, { submission: world.paper, reviewer: extra, status: 'completed' });
    }
    expect(await read()).toBe(few);
    expect(few).toBeLessThanOrEqual(12);
    const ac = await as(world.who.areaChair);
    const save = await recordStatements(app, () =>
      ac.post(path(world.paper), { answers: { summary: 'Once more' }, status: 'completed' }),
    );
    expect(save.length).toBeLessThanOrEqual(16);
  });

  it('answers 404 for a submission that does not exist', async () => {
    const world = await buildWorld();
    const response = await (await as(world.who.chair)).get('/api/submissions/999999/meta-review/');
    expect(response.statusCode).toBe(404);
  });
});
