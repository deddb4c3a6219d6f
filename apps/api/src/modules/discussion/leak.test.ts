import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { buildAreaChair, setAreaChair } from '../../../test/factories/area-chairs.ts';
import { addMembership } from '../../../test/factories/events.ts';
import { type BuiltUser, buildUser } from '../../../test/factories/users.ts';
import { buildComment, buildDiscussionWorld, type DiscussionWorld } from '../../../test/fixtures/discussion.ts';
import { signedInClients, type TestClient } from '../../../test/http.ts';
import { auditLog, submissions } from '../../db/schema/index.ts';

/*
 * THE DISCUSSION LEAK TEST (`docs/domain.md#discussion`): the paper's author (a chair of the event), a reviewer of the
 * event not assigned to it and a conflicted chair never receive a comment of its thread from any endpoint, whatever
 * they send (nor an area chair of another paper, nor the paper's own area chair when conflicted with it,
 * `docs/domain.md#area-chair`); and in a double-blind event a reviewer never receives another reviewer's identity (name, e-mail,
 * public id) in any answer of the discussion, while chairs read every name. First we make sure the data is there.
 */

let app: TestApp;
let world: DiscussionWorld;
let stranger: BuiltUser;
/** A chair of the event from the author's institution: conflicted by detection only (no stored row). */
let colleague: BuiltUser;
/** An area chair of the event who does not chair the paper. */
let otherAreaChair: BuiltUser;
/** The paper's area chair, from the author's institution: conflicted by detection only. */
let conflictedAreaChair: BuiltUser;
const as = signedInClients(() => app);
const commentIds: string[] = [];

const SECRET = 'DISCUSSION-LEAK-5e1d';

/** Query parameters a curious client might try. */
const QUERIES: Record<string, string>[] = [
  {},
  { page_size: '100' },
  { include: 'comments', expand: 'author', fields: 'all', as: 'chair', role: 'chair' },
  { flagged: 'true' },
  { flagged: 'false' },
];

beforeAll(async () => {
  app = await buildTestApp();
  world = await buildDiscussionWorld(app, { reviewersSee: 'always' });
  stranger = await buildUser(app, { firstName: 'Stranger' });
  colleague = await buildUser(app, { firstName: 'Colleague', affiliation: world.author.affiliation });
  await addMembership(app, { event: world.event, user: colleague, role: 'chair' });
  otherAreaChair = await buildUser(app, { firstName: 'Otherchair' });
  conflictedAreaChair = await buildUser(app, { firstName: 'Areachair', affiliation: world.author.affiliation });
  for (const user of [otherAreaChair, conflictedAreaChair]) await buildAreaChair(app, { event: world.event, user });
  await setAreaChair(app, world.submission, conflictedAreaChair);
  const { submission } = world;
  await app.db.update(submissions).set({ needsDiscussion: true }).where(eq(submissions.id, submission.id));
  const writes: [BuiltUser, number[]][] = [
    [world.chair, [world.reviewerDone.id, world.reviewerPending.id]],
    [world.reviewerDone, [world.reviewerPending.id]],
    [world.reviewerPending, [world.reviewerDone.id, world.chair.id]],
    [world.admin, []],
  ];
  for (const [index, [author, mentions]] of writes.entries()) {
    const comment = await buildComment(app, {
      submission,
      author,
      body: `${SECRET} number ${index}`,
      mentions,
    });
    commentIds.push(comment.publicId);
  }
});
afterAll(async () => app.close());

/** Every discussion answer a person may ask for, with the bodies their writes would get. */
async function answersFor(client: TestClient): Promise<string[]> {
  const { submission, event } = world;
  const bodies: string[] = [];
  const paths = [
    `/api/submissions/${submission.publicId}/discussion/`,
    `/api/submissions/${submission.id}/discussion/`,
    '/api/discussions/',
    `/api/discussions/?event=${event.publicId}`,
  ];
  for (const path of paths) {
    for (const query of QUERIES) {
      const search = new URLSearchParams(query).toString();
      const url = search ? `${path}${path.includes('?') ? '&' : '?'}${search}` : path;
      bodies.push((await client.get(url)).body);
    }
  }
  for (const id of commentIds) {
    bodies.push((await client.patch(`/api/discussion/${id}/`, { body: 'x' })).body);
  }
  bodies.push(
    (await client.put(`/api/submissions/${submission.publicId}/discussion/flag/`, { needs_discussion: true })).body,
  );
  return bodies;
}

describe('the data is there', () => {
  it('the chair reads every comment and every name', async () => {
    const body = (await (await as(world.chair)).get(`/api/submissions/${world.submission.publicId}/discussion/`)).body;
    expect(body.match(new RegExp(SECRET, 'g'))).toHaveLength(4);
    for (const user of [world.reviewerDone, world.reviewerPending, world.admin]) {
      expect(body).toContain(user.publicId);
      expect(body).toContain(user.lastName);
    }
    expect(world.event.reviewSettings.blind_mode).toBe('double');
    // Nobody outside the thread can be mentioned (and so mailed), the detected conflict included.
    for (const user of [world.author, world.conflictedChair, world.unassigned, world.otherTrackChair, colleague]) {
      expect(body).not.toContain(user.publicId);
    }
  });
});

describe('never a comment to those outside the thread', () => {
  it.each([
    ['the author, a chair of the event', () => world.author],
    ['an unassigned reviewer of the event', () => world.unassigned],
    ['a conflicted chair', () => world.conflictedChair],
    ["a chair from the author's institution (a conflict detection finds, not stored)", () => colleague],
    ['a chair of another track', () => world.otherTrackChair],
    ['a signed-in stranger', () => stranger],
    ['an area chair of another paper', () => otherAreaChair],
    ["the paper's area chair, conflicted with it (detection)", () => conflictedAreaChair],
  ])('%s receives no comment from any endpoint', async (_name, who) => {
    const bodies = await answersFor(await as(who()));
    for (const body of bodies) expect(body).not.toContain(SECRET);
    // And no write of theirs went through.
    const edits = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.eventId, world.event.id), eq(auditLog.actorId, who().id)));
    expect(edits).toEqual([]);
  });
});

describe('never a paper under discussion in the lists of those outside its thread', () => {
  it.each([
    ['the author, a chair of the event', () => world.author],
    ['a conflicted chair', () => world.conflictedChair],
    ["a chair from the author's institution (a conflict detection finds, not stored)", () => colleague],
    ["the paper's area chair, conflicted with it (detection)", () => conflictedAreaChair],
  ])('%s does not find the paper (nor its flag) among their discussions, whatever the filter', async (_name, who) => {
    const client = await as(who());
    for (const query of ['', '?flagged=true', '?flagged=false', `?event=${world.event.publicId}&page_size=100`]) {
      const response = await client.get(`/api/discussions/${query}`);
      expect(response.statusCode).toBe(200);
      expect(response.body, query).not.toContain(world.submission.publicId);
      expect(response.body, query).not.toContain(world.submission.title);
      expect(response.json(), query).toMatchObject({ count: 0, results: [] });
    }
    // The committee finds it, flagged.
    const chair = (await (await as(world.chair)).get('/api/discussions/?flagged=true')).json() as {
      results: { submission: { public_id: string }; needs_discussion: boolean }[];
    };
    expect(chair.results.map((item) => [item.submission.public_id, item.needs_discussion])).toContainEqual([
      world.submission.publicId,
      true,
    ]);
  });
});

describe('the audit log of the event', () => {
  it('redacts the discussion entries of the paper for a conflicted chair, not for the committee', async () => {
    const posted = await (await as(world.chair)).post(`/api/submissions/${world.submission.publicId}/discussion/`, {
      body: `${SECRET} posted`,
      mentions: [world.reviewerDone.publicId],
    });
    expect(posted.statusCode, posted.body).toBe(201);
    type Entry = { action: string; redacted: boolean; actor: unknown; data: Record<string, unknown> };
    const entries = async (user: BuiltUser) =>
      (
        (await (await as(user)).get(`/api/events/${world.event.publicId}/audit/?page_size=100`)).json() as {
          results: Entry[];
        }
      ).results.filter((entry) => entry.action.startsWith('discussion.'));
    const conflicted = await entries(world.conflictedChair);
    expect(conflicted.length).toBeGreaterThan(0);
    for (const entry of conflicted) expect(entry).toMatchObject({ redacted: true, actor: null, data: {} });
    const committee = await entries(world.admin);
    expect(committee[0]).toMatchObject({ redacted: false, data: { mentions: [world.reviewerDone.id] } });
  });
});

describe('never another reviewer identity to a reviewer (double-blind)', () => {
  it.each([
    ['the reviewer who submitted', () => world.reviewerDone, () => world.reviewerPending],
    [
      'the reviewer still writing (the event opens the thread always)',
      () => world.reviewerPending,
      () => world.reviewerDone,
    ],
  ])('%s reads the thread without the other reviewer’s name, e-mail or public id', async (_name, reader, other) => {
    const bodies = await answersFor(await as(reader()));
    expect(bodies.some((body) => body.includes(SECRET))).toBe(true);
    const peer = other();
    for (const body of bodies) {
      for (const needle of [peer.email, peer.publicId, peer.lastName, peer.firstName]) {
        expect(body).not.toContain(needle);
      }
      expect(body).not.toContain(`"id":${peer.id}`);
    }
    // The chairs are named to them, and the peer is "Reviewer N".
    const thread = bodies[0] ?? '';
    expect(thread).toContain(world.chair.lastName);
    expect(thread).toMatch(/Reviewer [12]/);
  });
});
