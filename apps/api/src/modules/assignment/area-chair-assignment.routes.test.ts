import type { AssignmentPreviewDto } from '@confero/contracts';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { buildAreaChair, setAreaChair } from '../../../test/factories/area-chairs.ts';
import { addMembership, type BuiltEvent, buildEvent } from '../../../test/factories/events.ts';
import { buildBid, buildConflict } from '../../../test/factories/reviews.ts';
import { type BuiltSubmission, buildSubmission } from '../../../test/factories/submissions.ts';
import { type BuiltUser, buildUser } from '../../../test/factories/users.ts';
import { mailsTo, signedInClients } from '../../../test/http.ts';
import {
  assignmentPreviews,
  auditLog,
  eventMemberships,
  mailOutbox,
  reviews,
  submissions,
} from '../../db/schema/index.ts';

/*
 * The automatic assignment of area chairs (`events/{id}/area-chair-assignment/…`): the reviewers' solver and
 * preview-then-apply flow with role 'area_chair' — one area chair per paper, within their max_papers, never a
 * conflicted pair — written to submissions.area_chair_id. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL
 * (the race below really overlaps there).
 */

let app: TestApp;
const as = signedInClients(() => app);

const TOPICS = [
  ['Speech recognition with recurrent networks', 'Recurrent networks for speech recognition on noisy audio.'],
  ['Protein folding with molecular dynamics', 'Molecular dynamics simulations of protein folding pathways.'],
  ['Query optimisation in distributed databases', 'A cost model for query optimisation in distributed databases.'],
  ['Acoustic models for speech recognition', 'Audio features and acoustic models for speech recognition.'],
  ['Replicated transactions in distributed databases', 'Transactions over replicated distributed databases.'],
] as const;
const EXPERTISE = [
  'speech recognition, recurrent networks, audio, acoustic models',
  'protein folding, molecular dynamics, biophysics',
  'distributed databases, query optimisation, transactions, replication',
];

type World = {
  event: BuiltEvent;
  chair: BuiltUser;
  author: BuiltUser;
  reviewer: BuiltUser;
  chairs: BuiltUser[];
  papers: BuiltSubmission[];
};

let counter = 0;
/**
 * An event with a chair, a reviewer, three area chairs (one of them, at the author's university, conflicted with
 * the author's paper 0) of at most `maxPapers` papers each, and the five papers above.
 */
async function buildWorld(maxPapers = 2): Promise<World> {
  counter += 1;
  const person = (name: string, domain: string) =>
    buildUser(app, { email: `${name}${counter}@${domain}`, affiliation: `${domain} University`, firstName: name });
  const event = await buildEvent(app, { status: 'active' });
  const chair = await person('chair', 'chairs.org');
  const author = await person('author', 'uni-author.edu');
  const reviewer = await person('reviewer', 'uni-rev.edu');
  await addMembership(app, { event, user: chair, role: 'chair' });
  await addMembership(app, { event, user: reviewer, role: 'reviewer' });
  const chairs: BuiltUser[] = [];
  for (const [index, expertise] of EXPERTISE.entries()) {
    const ac = await person(`ac${index}`, index === 0 ? 'uni-author.edu' : `uni-ac${index}.edu`);
    await buildAreaChair(app, { event, user: ac, expertise, maxPapers });
    chairs.push(ac);
  }
  const papers: BuiltSubmission[] = [];
  for (const [index, [title, abstract]] of TOPICS.entries()) {
    papers.push(
      await buildSubmission(app, {
        event,
        title,
        abstract,
        ...(index === 0 ? { submitter: author, authors: [{ user: author, affiliation: 'Author University' }] } : {}),
      }),
    );
  }
  return { event, chair, author, reviewer, chairs, papers };
}

const url = (world: World, rest: string) => `/api/events/${world.event.publicId}/area-chair-assignment/${rest}`;

async function computePreview(world: World, mode?: string): Promise<AssignmentPreviewDto> {
  const client = await as(world.chair);
  const created = await client.post(url(world, 'preview/'), mode ? { mode } : {});
  expect(created.statusCode, created.body).toBe(202);
  const { preview_id: id } = created.json() as { preview_id: string };
  await app.jobs.runPending();
  const read = await client.get(url(world, `preview/${id}/`));
  expect(read.statusCode, read.body).toBe(200);
  const preview = read.json() as AssignmentPreviewDto;
  expect(preview).toMatchObject({ status: 'done', progress: 1, error: null });
  return preview;
}

async function areaChairsOf(world: World) {
  return app.db
    .select({
      id: submissions.id,
      areaChairId: submissions.areaChairId,
      source: submissions.areaChairSource,
      assignedAt: submissions.areaChairAssignedAt,
    })
    .from(submissions)
    .where(eq(submissions.eventId, world.event.id))
    .orderBy(submissions.id);
}

const eventMails = async (world: World) =>
  app.db
    .select({ recipient: mailOutbox.recipient, template: mailOutbox.template })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.eventId, world.event.id), eq(mailOutbox.template, 'area_chairs.papers_assigned')));

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app?.close();
});

describe('automatic assignment of area chairs', () => {
  it('previews one area chair per paper by affinity and bids, within loads, never conflicted; apply writes them', async () => {
    const world = await buildWorld();
    const [speech, protein, databases] = world.chairs as [BuiltUser, BuiltUser, BuiltUser];
    // ac1's bid pulls the first databases paper to them although ac2's expertise fits it better.
    await buildBid(app, { submission: world.papers[2] as BuiltSubmission, user: protein, value: 'eager' });
    const preview = await computePreview(world);
    const result = preview.result as NonNullable<AssignmentPreviewDto['result']>;
    expect(result).toMatchObject({ papers: 5, reviewers: 3, reviewers_per_paper: 1, short: [], removed: [] });
    expect(result.pairs).toHaveLength(5);
    const chairOf = new Map(result.pairs.map((pair) => [pair.submission.id, pair.reviewer.public_id]));
    expect(new Set(chairOf.keys())).toEqual(new Set(world.papers.map((paper) => paper.id)));
    // ac0 shares the author's university: never paper 0's area chair.
    expect(chairOf.get(world.papers[0]?.id as number)).not.toBe(speech.publicId);
    expect(chairOf.get(world.papers[1]?.id as number)).toBe(protein.publicId);
    expect(chairOf.get(world.papers[2]?.id as number)).toBe(protein.publicId);
    expect(chairOf.get(world.papers[3]?.id as number)).toBe(speech.publicId);
    expect(chairOf.get(world.papers[4]?.id as number)).toBe(databases.publicId);
    const bidPair = result.pairs.find((pair) => pair.submission.id === world.papers[2]?.id);
    expect(bidPair?.bid).toBe('eager');
    // Loads: at most 2 each.
    const loads = new Map<string, number>();
    for (const id of chairOf.values()) loads.set(id, (loads.get(id) ?? 0) + 1);
    expect(Math.max(...loads.values())).toBeLessThanOrEqual(2);
    expect(await areaChairsOf(world)).toSatisfy((rows: { areaChairId: number | null }[]) =>
      rows.every((row) => row.areaChairId === null),
    );

    const client = await as(world.chair);
    const applied = await client.post(url(world, 'apply/'), { preview_id: preview.preview_id });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toMatchObject({
      created: 5,
      removed: 0,
      kept: 0,
      message: 'Area chair assignment applied: 5 new, 0 removed, 0 kept.',
    });
    const byPublic = new Map(world.chairs.map((user) => [user.publicId, user.id]));
    const rows = await areaChairsOf(world);
    for (const row of rows) {
      expect(row.areaChairId).toBe(byPublic.get(chairOf.get(row.id) as string));
      expect(row.source).toBe('automatic');
      expect(row.assignedAt).toBeInstanceOf(Date);
    }
    // Reviewers are untouched: no review was created.
    const created = await app.db
      .select({ id: reviews.id })
      .from(reviews)
      .innerJoin(submissions, eq(submissions.id, reviews.submissionId))
      .where(eq(submissions.eventId, world.event.id));
    expect(created).toHaveLength(0);
    // One mail per area chair, listing their papers.
    for (const user of world.chairs) {
      const mails = (await mailsTo(app, user.email)).filter((mail) => mail.template === 'area_chairs.papers_assigned');
      expect(mails).toHaveLength(1);
      const titles = world.papers.filter((paper) => chairOf.get(paper.id) === user.publicId).map((p) => p.title);
      for (const title of titles) expect(mails[0]?.text_body).toContain(`• ${title}`);
      expect(mails[0]?.text_body).toContain(`Your new papers (${titles.length})`);
    }
    const [audit] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.eventId, world.event.id), eq(auditLog.action, 'area_chair.assignment_applied')));
    expect(audit?.data).toMatchObject({ mode: 'keep_existing', created: 5, removed: 0, kept: 0 });
    const [stored] = await app.db
      .select({ status: assignmentPreviews.status, role: assignmentPreviews.role })
      .from(assignmentPreviews)
      .where(eq(assignmentPreviews.eventId, world.event.id));
    expect(stored).toEqual({ status: 'applied', role: 'area_chair' });

    const again = await client.post(url(world, 'apply/'), { preview_id: preview.preview_id });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message_code: 'assignments.previewApplied' });
    expect(await eventMails(world)).toHaveLength(3);
  });

  it('keeps a manual area chair and counts it in their load; replace mode swaps only automatic ones', async () => {
    const world = await buildWorld();
    const [, protein, databases] = world.chairs as [BuiltUser, BuiltUser, BuiltUser];
    // By hand, the protein expert chairs a databases paper: it stays in every mode, and leaves them room for one.
    await setAreaChair(app, world.papers[4] as BuiltSubmission, protein);
    const keep = await computePreview(world);
    const pairs = keep.result?.pairs ?? [];
    expect(pairs).toHaveLength(5);
    expect(pairs.find((pair) => pair.submission.id === world.papers[4]?.id)).toMatchObject({
      reviewer: { public_id: protein.publicId },
      existing: true,
    });
    expect(pairs.filter((pair) => pair.reviewer.public_id === protein.publicId)).toHaveLength(2);
    const client = await as(world.chair);
    expect((await client.post(url(world, 'apply/'), { preview_id: keep.preview_id })).json()).toMatchObject({
      created: 4,
      kept: 1,
    });

    // An automatic area chair moved off a paper by replace mode: set databases' paper 2 to the speech expert first.
    const speech = world.chairs[0] as BuiltUser;
    await app.db
      .update(submissions)
      .set({ areaChairId: speech.id, areaChairSource: 'automatic' })
      .where(eq(submissions.id, world.papers[2]?.id as number));
    await app.db
      .update(submissions)
      .set({ areaChairId: null, areaChairSource: null, areaChairAssignedAt: null })
      .where(eq(submissions.id, world.papers[3]?.id as number));
    const replace = await computePreview(world, 'replace');
    const replaced = replace.result?.pairs ?? [];
    expect(replaced.find((pair) => pair.submission.id === world.papers[4]?.id)?.reviewer.public_id).toBe(
      protein.publicId,
    );
    expect(replace.result?.removed.map((row) => [row.submission.id, row.reviewer.public_id])).toContainEqual([
      world.papers[2]?.id,
      speech.publicId,
    ]);
    const outcome = await client.post(url(world, 'apply/'), { preview_id: replace.preview_id, mode: 'replace' });
    expect(outcome.statusCode, outcome.body).toBe(200);
    const rows = new Map((await areaChairsOf(world)).map((row) => [row.id, row]));
    expect(rows.get(world.papers[4]?.id as number)).toMatchObject({ areaChairId: protein.id, source: 'manual' });
    expect(rows.get(world.papers[2]?.id as number)?.areaChairId).toBe(databases.id);
    expect(rows.get(world.papers[3]?.id as number)?.areaChairId).toBe(speech.id);
    expect([...rows.values()].every((row) => row.areaChairId !== null)).toBe(true);
  });

  it('refuses a stale preview (409 STALE_PREVIEW) and writes nothing', async () => {
    const world = await buildWorld();
    const preview = await computePreview(world);
    await setAreaChair(app, world.papers[1] as BuiltSubmission, world.chairs[1] as BuiltUser);
    const client = await as(world.chair);
    const stale = await client.post(url(world, 'apply/'), { preview_id: preview.preview_id });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'STALE_PREVIEW', message_code: 'assignments.stalePreview' });
    const rows = await areaChairsOf(world);
    expect(rows.filter((row) => row.areaChairId !== null).map((row) => row.id)).toEqual([world.papers[1]?.id]);
    expect(await eventMails(world)).toHaveLength(0);
    // A conflict declared after the preview makes it stale too.
    const second = await computePreview(world);
    await buildConflict(app, { submission: world.papers[3] as BuiltSubmission, user: world.chairs[2] as BuiltUser });
    expect((await client.post(url(world, 'apply/'), { preview_id: second.preview_id })).json()).toMatchObject({
      code: 'STALE_PREVIEW',
    });
  });

  it('refuses an apply whose area chair left or lost room since the preview (409), writing nothing', async () => {
    const world = await buildWorld();
    const client = await as(world.chair);
    const preview = await computePreview(world);
    const [, protein] = world.chairs as [BuiltUser, BuiltUser];
    const loweredTo = async (maxPapers: number, status: 'active' | 'declined' = 'active') =>
      app.db
        .update(eventMemberships)
        .set({ maxPapers, status })
        .where(and(eq(eventMemberships.eventId, world.event.id), eq(eventMemberships.userId, protein.id)));
    // Their max_papers lowered below what the preview gives them.
    const theirs = preview.result?.pairs.filter((pair) => pair.reviewer.public_id === protein.publicId) ?? [];
    expect(theirs.length).toBeGreaterThan(0);
    await loweredTo(theirs.length - 1);
    const full = await client.post(url(world, 'apply/'), { preview_id: preview.preview_id });
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({ code: 'STALE_PREVIEW' });
    // No longer an area chair of the event.
    await loweredTo(2, 'declined');
    const gone = await client.post(url(world, 'apply/'), { preview_id: preview.preview_id });
    expect(gone.json()).toMatchObject({ code: 'STALE_PREVIEW' });
    expect((await areaChairsOf(world)).every((row) => row.areaChairId === null)).toBe(true);
    expect(await eventMails(world)).toHaveLength(0);
    const [stored] = await app.db
      .select({ status: assignmentPreviews.status })
      .from(assignmentPreviews)
      .where(eq(assignmentPreviews.eventId, world.event.id));
    expect(stored?.status).toBe('done');
  });

  it("hides a conflicted chair's papers in the area chairs' preview and refuses them the apply", async () => {
    const world = await buildWorld();
    const conflicted = await buildUser(app, { email: 'cc-ac@uni-cc.edu', affiliation: 'CC University' });
    await addMembership(app, { event: world.event, user: conflicted, role: 'chair' });
    const paper = world.papers[2] as BuiltSubmission;
    await buildConflict(app, { submission: paper, user: conflicted });
    const client = await as(conflicted);
    const created = await client.post(url(world, 'preview/'), {});
    const { preview_id: id } = created.json() as { preview_id: string };
    await app.jobs.runPending();
    const seen = (await client.get(url(world, `preview/${id}/`))).json() as AssignmentPreviewDto;
    expect(seen.result?.hidden_papers).toBe(1);
    expect(seen.result?.pairs.some((pair) => pair.submission.id === paper.id)).toBe(false);
    const refused = await client.post(url(world, 'apply/'), { preview_id: id });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'CONFLICT_OF_INTEREST' });
    expect((await areaChairsOf(world)).every((row) => row.areaChairId === null)).toBe(true);
    // The chair without the conflict sees the paper and applies.
    const full = (await (await as(world.chair)).get(url(world, `preview/${id}/`))).json() as AssignmentPreviewDto;
    expect(full.result?.pairs.some((pair) => pair.submission.id === paper.id)).toBe(true);
  });

  it('reports a paper no area chair may lead', async () => {
    const world = await buildWorld();
    for (const user of world.chairs.slice(1)) {
      await buildConflict(app, { submission: world.papers[0] as BuiltSubmission, user });
    }
    const preview = await computePreview(world);
    expect(preview.result?.short).toEqual([
      expect.objectContaining({
        submission: expect.objectContaining({ id: world.papers[0]?.id }),
        wanted: 1,
        assigned: 0,
        eligible_reviewers: 0,
        reason: expect.objectContaining({ code: 'assignments.areaChairShortNoEligible' }),
      }),
    ]);
  });

  it('refuses outsiders and authors (404), a reviewer and an area chair (403), bad input (400)', async () => {
    const world = await buildWorld();
    const preview = await computePreview(world);
    const outsider = await buildUser(app);
    const state = async () => ({
      previews: (
        await app.db
          .select({ status: assignmentPreviews.status })
          .from(assignmentPreviews)
          .where(eq(assignmentPreviews.eventId, world.event.id))
      ).map((row) => row.status),
      chaired: (
        await app.db
          .select({ id: submissions.id })
          .from(submissions)
          .where(and(eq(submissions.eventId, world.event.id), isNotNull(submissions.areaChairId)))
      ).length,
    });
    const before = await state();
    const previewUrl = url(world, `preview/${preview.preview_id}/`);
    for (const [user, status, code] of [
      [outsider, 404, 'NOT_FOUND'],
      [world.author, 404, 'NOT_FOUND'],
      [world.reviewer, 403, 'PERMISSION_DENIED'],
      [world.chairs[1] as BuiltUser, 403, 'PERMISSION_DENIED'],
    ] as const) {
      const client = await as(user);
      for (const answer of [
        await client.get(previewUrl),
        await client.get(url(world, 'preview/')),
        await client.post(url(world, 'preview/'), {}),
        await client.post(url(world, 'apply/'), { preview_id: preview.preview_id }),
        await client.delete(previewUrl),
      ]) {
        expect(answer.statusCode, `${user.email} ${answer.body}`).toBe(status);
        expect(answer.json()).toMatchObject({ code });
        if (status === 403) expect(answer.json()).toMatchObject({ message_code: 'assignments.areaChairsDenied' });
      }
    }
    expect(await state()).toEqual(before);

    const client = await as(world.chair);
    const badMode = await client.post(url(world, 'preview/'), { mode: 'shuffle' });
    expect(badMode.statusCode).toBe(400);
    expect(badMode.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { mode: expect.any(Array) },
      field_codes: { mode: ['assignments.modeInvalid'] },
    });
    const noId = await client.post(url(world, 'apply/'), {});
    expect(noId.statusCode).toBe(400);
    expect(noId.json()).toMatchObject({ field_codes: { preview_id: ['assignments.previewIdRequired'] } });
    const wrongType = await client.post(url(world, 'apply/'), { preview_id: { nested: true } });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: { preview_id: expect.any(Array) } });
    const mismatch = await client.post(url(world, 'apply/'), { preview_id: preview.preview_id, mode: 'replace' });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toMatchObject({ field_codes: { mode: ['assignments.modeMismatch'] } });
    expect(await state()).toEqual(before);
  });

  it("keeps the reviewers' previews and the area chairs' apart", async () => {
    const world = await buildWorld();
    const client = await as(world.chair);
    const reviewersBase = `/api/events/${world.event.publicId}/assignment/`;
    expect((await client.get(url(world, 'preview/'))).json()).toMatchObject({
      message_code: 'assignments.noAreaChairPreview',
    });
    const forChairs = await computePreview(world);
    // The reviewers' routes know no preview yet, and do not find the area chairs' one.
    expect((await client.get(`${reviewersBase}preview/`)).json()).toMatchObject({
      message_code: 'assignments.noPreview',
    });
    expect((await client.get(`${reviewersBase}preview/${forChairs.preview_id}/`)).statusCode).toBe(404);
    expect((await client.post(`${reviewersBase}apply/`, { preview_id: forChairs.preview_id })).statusCode).toBe(404);
    expect((await client.delete(`${reviewersBase}preview/${forChairs.preview_id}/`)).statusCode).toBe(404);

    const created = await client.post(`${reviewersBase}preview/`, {});
    const reviewersId = (created.json() as { preview_id: string }).preview_id;
    await app.jobs.runPending();
    // Each role's latest is its own.
    expect((await client.get(url(world, 'preview/'))).json()).toMatchObject({ preview_id: forChairs.preview_id });
    expect((await client.get(`${reviewersBase}preview/`)).json()).toMatchObject({ preview_id: reviewersId });
    expect((await client.get(url(world, `preview/${reviewersId}/`))).statusCode).toBe(404);
    expect((await client.post(url(world, 'apply/'), { preview_id: reviewersId })).statusCode).toBe(404);

    // Applying the reviewers' preview does not make the area chairs' one stale, nor the reverse.
    const reviewersApplied = await client.post(`${reviewersBase}apply/`, { preview_id: reviewersId });
    expect(reviewersApplied.statusCode, reviewersApplied.body).toBe(200);
    const chairsApplied = await client.post(url(world, 'apply/'), { preview_id: forChairs.preview_id });
    expect(chairsApplied.statusCode, chairsApplied.body).toBe(200);
    const [audits] = [
      await app.db
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(and(eq(auditLog.eventId, world.event.id), eq(auditLog.entity, 'assignment_preview'))),
    ];
    expect(audits?.map((row) => row.action).sort()).toEqual(['area_chair.assignment_applied', 'assignment.applied']);

    // A new area chairs' preview is discarded under its own routes; the reviewers' applied one stays.
    const discarded = await computePreview(world);
    expect((await client.delete(url(world, `preview/${discarded.preview_id}/`))).statusCode).toBe(204);
    expect((await client.get(url(world, `preview/${discarded.preview_id}/`))).statusCode).toBe(404);
    expect((await client.get(`${reviewersBase}preview/`)).json()).toMatchObject({
      preview_id: reviewersId,
      status: 'applied',
    });
  });
});

const ROUNDS = 4;

describe('two applies at once', () => {
  it(`of one preview: one wins, the other is refused, in each of ${ROUNDS} rounds`, { timeout: 60_000 }, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const world = await buildWorld();
      const preview = await computePreview(world);
      const [a, b] = [await as(world.chair), await as(world.event.creator)];
      const answers = await Promise.all([
        a.post(url(world, 'apply/'), { preview_id: preview.preview_id }),
        b.post(url(world, 'apply/'), { preview_id: preview.preview_id }),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      expect((await areaChairsOf(world)).every((row) => row.areaChairId !== null)).toBe(true);
      expect(await eventMails(world)).toHaveLength(3);
    }
  });

  it(`of two previews of the same state: one wins, the other is stale, in each of ${ROUNDS} rounds`, {
    timeout: 60_000,
  }, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const world = await buildWorld();
      const first = await computePreview(world);
      const second = await computePreview(world);
      const [a, b] = [await as(world.chair), await as(world.event.creator)];
      const answers = await Promise.all([
        a.post(url(world, 'apply/'), { preview_id: first.preview_id }),
        b.post(url(world, 'apply/'), { preview_id: second.preview_id }),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      expect(answers.find((answer) => answer.statusCode === 409)?.json()).toMatchObject({ code: 'STALE_PREVIEW' });
      const statuses = await app.db
        .select({ status: assignmentPreviews.status })
        .from(assignmentPreviews)
        .where(eq(assignmentPreviews.eventId, world.event.id));
      expect(statuses.map((row) => row.status).sort()).toEqual(['applied', 'done']);
      expect(await eventMails(world)).toHaveLength(3);
    }
  });
});
