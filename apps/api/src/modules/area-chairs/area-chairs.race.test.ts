import type { AssignmentPreviewDto } from '@confero/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { buildAreaChair, setAreaChair } from '../../../test/factories/area-chairs.ts';
import { addMembership, buildEvent } from '../../../test/factories/events.ts';
import { buildSubmission } from '../../../test/factories/submissions.ts';
import { buildUser } from '../../../test/factories/users.ts';
import { signedInClient } from '../../../test/http.ts';
import { eventMemberships, submissions } from '../../db/schema/index.ts';

/*
 * The area chair's load limit under concurrency: two chairs give two papers at once to an area chair with one free
 * slot. Each alone would pass; together exactly one may (the membership row's lock serializes the count and the
 * write). And a removal racing an assignment leaves no paper chaired by someone who is no longer an area chair. The
 * automatic assignment's apply takes the same locks: racing a manual assignment it never takes an area chair past
 * their max_papers, and racing a removal it leaves them no paper.
 * Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL where the transactions really overlap.
 */

let app: TestApp;
const ROUNDS = 5;

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => app?.close());

async function world(round: number) {
  const organizer = await buildUser(app, { email: `org${round}@race-org.example`, affiliation: 'Org' });
  const event = await buildEvent(app, { status: 'active', creator: organizer });
  const chair = await buildUser(app, { email: `chair${round}@race-chairs.example`, affiliation: 'Chairs' });
  await addMembership(app, { event, user: chair, role: 'chair' });
  const areaChair = await buildUser(app, { email: `ac${round}@race-ac.example`, affiliation: 'Senior' });
  await buildAreaChair(app, { event, user: areaChair, maxPapers: 2 });
  const paper = (title: string) => buildSubmission(app, { event, title: `${title} paper ${round}` });
  const [busy, first, second] = [await paper('Busy'), await paper('First'), await paper('Second')];
  return { organizer, event, chair, areaChair, busy, first, second } as const;
}

const chairedBy = async (eventId: number, userId: number) =>
  app.db
    .select({ id: submissions.id })
    .from(submissions)
    .where(and(eq(submissions.eventId, eventId), eq(submissions.areaChairId, userId)));

describe('two papers given at once to an area chair with one free slot', () => {
  it(`assigns exactly one, refusing the other with AREA_CHAIR_OVERLOADED, in each of ${ROUNDS} rounds`, {
    timeout: 90_000,
  }, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const { chair, areaChair, event, busy, first, second } = await world(round);
      const [a, b] = await Promise.all([signedInClient(app, chair), signedInClient(app, chair)]);
      expect(
        (await a.post(`/api/submissions/${busy.publicId}/area-chair/`, { user_id: areaChair.publicId })).statusCode,
      ).toBe(200);
      const answers = await Promise.all([
        a.post(`/api/submissions/${first.publicId}/area-chair/`, { user_id: areaChair.publicId }),
        b.post(`/api/submissions/${second.publicId}/area-chair/`, { user_id: areaChair.publicId }),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      expect(answers.find((answer) => answer.statusCode === 409)?.json()).toMatchObject({
        code: 'AREA_CHAIR_OVERLOADED',
        params: { load: 2, max: 2 },
      });
      expect(await chairedBy(event.id, areaChair.id)).toHaveLength(2);
    }
  });
});

describe('a removal racing an assignment', () => {
  it(`never leaves a paper chaired by a removed area chair, in each of ${ROUNDS} rounds`, {
    timeout: 90_000,
  }, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const { organizer, chair, areaChair, event, first } = await world(100 + round);
      const [a, b] = await Promise.all([signedInClient(app, chair), signedInClient(app, organizer)]);
      const [assigned, removed] = await Promise.all([
        a.post(`/api/submissions/${first.publicId}/area-chair/`, { user_id: areaChair.publicId }),
        b.post(`/api/events/${event.publicId}/remove_area_chair/`, { user_id: areaChair.publicId }),
      ]);
      expect(removed.statusCode, removed.body).toBe(200);
      expect([200, 400]).toContain(assigned.statusCode);
      expect(await chairedBy(event.id, areaChair.id)).toEqual([]);
    }
  });
});

/**
 * An area chair with one free slot, two papers without one, and a computed preview giving them one of the papers
 * (the other stays short): what the apply and a manual assignment of the other paper race for.
 */
async function previewed(round: number) {
  const base = await world(200 + round);
  const { areaChair, chair, event } = base;
  await setAreaChair(app, base.busy, areaChair);
  const client = await signedInClient(app, chair);
  const created = await client.post(`/api/events/${event.publicId}/area-chair-assignment/preview/`, {});
  expect(created.statusCode, created.body).toBe(202);
  await app.jobs.runPending();
  const { preview_id: previewId } = created.json() as { preview_id: string };
  const read = (await client.get(`/api/events/${event.publicId}/area-chair-assignment/preview/${previewId}/`)).json();
  const given = (read as AssignmentPreviewDto).result?.pairs.filter((pair) => !pair.existing) ?? [];
  expect(given).toHaveLength(1);
  const other = given[0]?.submission.id === base.first.id ? base.second : base.first;
  return { ...base, previewId, other };
}

describe('the automatic apply racing a manual assignment or a removal', () => {
  it(`never takes the area chair past max_papers, in each of ${ROUNDS} rounds`, { timeout: 90_000 }, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const { chair, organizer, areaChair, event, previewId, other } = await previewed(round);
      const [a, b] = await Promise.all([signedInClient(app, organizer), signedInClient(app, chair)]);
      const [applied, assigned] = await Promise.all([
        a.post(`/api/events/${event.publicId}/area-chair-assignment/apply/`, { preview_id: previewId }),
        b.post(`/api/submissions/${other.publicId}/area-chair/`, { user_id: areaChair.publicId }),
      ]);
      // One wins; the other is refused: the apply as stale, or the manual assignment as overloaded.
      const codes = [applied, assigned].map((answer) => (answer.statusCode === 200 ? 'ok' : answer.json().code));
      expect(codes.sort(), applied.body).toSatisfy(
        (sorted: string[]) =>
          (sorted[0] === 'AREA_CHAIR_OVERLOADED' || sorted[0] === 'STALE_PREVIEW') && sorted[1] === 'ok',
      );
      expect(await chairedBy(event.id, areaChair.id)).toHaveLength(2);
    }
  });

  it(`never leaves a paper to a removed area chair, in each of ${ROUNDS} rounds`, { timeout: 90_000 }, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const { chair, organizer, areaChair, event, previewId } = await previewed(100 + round);
      const [a, b] = await Promise.all([signedInClient(app, chair), signedInClient(app, organizer)]);
      const [applied, removed] = await Promise.all([
        a.post(`/api/events/${event.publicId}/area-chair-assignment/apply/`, { preview_id: previewId }),
        b.post(`/api/events/${event.publicId}/remove_area_chair/`, { user_id: areaChair.publicId }),
      ]);
      expect(removed.statusCode, removed.body).toBe(200);
      expect([200, 409]).toContain(applied.statusCode);
      expect(await chairedBy(event.id, areaChair.id)).toEqual([]);
    }
  });
});

describe('lowering max_papers racing an assignment', () => {
  it(`never leaves the area chair over max_papers (one wins, the other 409), in each of ${ROUNDS} rounds`, {
    timeout: 90_000,
  }, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      // max_papers 2, one paper chaired: lowering to 1 and a second paper each fit alone, not together.
      const { organizer, chair, areaChair, event, busy, first } = await world(400 + round);
      await setAreaChair(app, busy, areaChair);
      const [a, b] = await Promise.all([signedInClient(app, organizer), signedInClient(app, chair)]);
      const [lowered, assigned] = await Promise.all([
        a.patch(`/api/events/${event.publicId}/area-chairs/${areaChair.publicId}/`, { max_papers: 1 }),
        b.post(`/api/submissions/${first.publicId}/area-chair/`, { user_id: areaChair.publicId }),
      ]);
      const codes = [lowered, assigned].map((answer) => (answer.statusCode === 200 ? 'ok' : answer.json().code));
      expect(codes, `${lowered.body} ${assigned.body}`).toSatisfy(
        ([patch, post]: string[]) =>
          (patch === 'ok' && post === 'AREA_CHAIR_OVERLOADED') || (patch === 'MAX_PAPERS_BELOW_LOAD' && post === 'ok'),
      );
      const [membership] = await app.db
        .select({ maxPapers: eventMemberships.maxPapers })
        .from(eventMemberships)
        .where(and(eq(eventMemberships.eventId, event.id), eq(eventMemberships.userId, areaChair.id)));
      const chaired = await chairedBy(event.id, areaChair.id);
      expect(chaired.length).toBeLessThanOrEqual(membership?.maxPapers ?? 0);
      expect(chaired).toHaveLength(lowered.statusCode === 200 ? 1 : 2);
    }
  });
});
