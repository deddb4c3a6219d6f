import type { AreaChairAnswerDto } from '@confero/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { buildAreaChair, setAreaChair } from '../../../test/factories/area-chairs.ts';
import { addMembership, buildEvent, buildTrack } from '../../../test/factories/events.ts';
import { buildSubmission } from '../../../test/factories/submissions.ts';
import { buildUser } from '../../../test/factories/users.ts';
import { signedInClients } from '../../../test/http.ts';
import { auditLog, eventMemberships } from '../../db/schema/index.ts';

/*
 * `PATCH events/{id}/area-chairs/{user_id}/`: an area chair's expertise and max_papers changed by the organizers, as
 * a reviewer's are, except that max_papers may not go below the papers they chair (409 MAX_PAPERS_BELOW_LOAD).
 */

let app: TestApp;
const as = signedInClients(() => app);

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => app?.close());

/** An active event with its creator, an area chair (max 3, 'graphs') chairing two papers, and other people. */
async function world() {
  const event = await buildEvent(app, { status: 'active' });
  const track = await buildTrack(app, { event, name: 'Theory' });
  const [areaChair, chair, trackChair, reviewer, outsider] = await Promise.all(
    [0, 1, 2, 3, 4].map(() => buildUser(app, { firstName: 'Ada', lastName: 'Lovelace' })),
  );
  if (!areaChair || !chair || !trackChair || !reviewer || !outsider) throw new Error('users missing');
  const membership = await buildAreaChair(app, { event, user: areaChair, maxPapers: 3, expertise: 'graphs' });
  await addMembership(app, { event, user: chair, role: 'chair' });
  await addMembership(app, { event, user: trackChair, role: 'chair', track });
  await addMembership(app, { event, user: reviewer, role: 'reviewer' });
  for (const title of ['First', 'Second']) {
    await setAreaChair(app, await buildSubmission(app, { event, title }), areaChair);
  }
  const url = `/api/events/${event.publicId}/area-chairs/${areaChair.publicId}/`;
  return { event, membership, organizer: event.creator, areaChair, chair, trackChair, reviewer, outsider, url };
}

/** An area chair membership's grant as stored. */
async function grantOf(membership: { id: number }) {
  const [row] = await app.db
    .select({ expertise: eventMemberships.expertise, maxPapers: eventMemberships.maxPapers })
    .from(eventMemberships)
    .where(eq(eventMemberships.id, membership.id));
  return row;
}

const auditRows = (event: { id: number }) =>
  app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.eventId, event.id), eq(auditLog.action, 'event.area_chair_updated')));

describe('PATCH events/{id}/area-chairs/{user_id}/', () => {
  it('changes expertise and max_papers (down to the papers chaired), answers the area chair, audits {field: {from, to}}', async () => {
    const { event, membership, chair, areaChair, url } = await world();
    const response = await (await as(chair)).patch(url, { expertise: '  graph theory ', max_papers: '2' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json() as AreaChairAnswerDto).toEqual({
      message: 'Area chair updated',
      area_chair: {
        public_id: areaChair.publicId,
        name: 'Ada Lovelace',
        email: areaChair.email,
        status: 'active',
        expertise: 'graph theory',
        max_papers: 2,
        assigned: 2,
        completed_meta_reviews: 0,
      },
    });
    expect(await grantOf(membership)).toEqual({ expertise: 'graph theory', maxPapers: 2 });
    const audits = await auditRows(event);
    expect(audits.map((row) => row.data)).toEqual([
      {
        user_id: areaChair.id,
        changes: { expertise: { from: 'graphs', to: 'graph theory' }, max_papers: { from: 3, to: 2 } },
      },
    ]);
    expect(audits[0]?.actorId).toBe(chair.id);

    // The same values again change nothing and write no second entry; the numeric id names them too.
    const same = await (await as(chair)).patch(`/api/events/${event.publicId}/area-chairs/${areaChair.id}/`, {
      max_papers: 2,
    });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ area_chair: { public_id: areaChair.publicId, max_papers: 2, assigned: 2 } });
    expect(await grantOf(membership)).toEqual({ expertise: 'graph theory', maxPapers: 2 });
    expect(await auditRows(event)).toHaveLength(1);
  });

  it('refuses a max_papers below the papers they chair with 409 MAX_PAPERS_BELOW_LOAD, writing nothing', async () => {
    const { event, membership, organizer, url } = await world();
    const response = await (await as(organizer)).patch(url, { expertise: 'algebra', max_papers: 1 });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'MAX_PAPERS_BELOW_LOAD',
      message_code: 'areaChairs.maxBelowLoad',
      params: { name: 'Ada Lovelace', load: 2, max: 1 },
    });
    expect(await grantOf(membership)).toEqual({ expertise: 'graphs', maxPapers: 3 });
    expect(await auditRows(event)).toHaveLength(0);
    // The expertise alone is still theirs to change.
    expect((await (await as(organizer)).patch(url, { expertise: 'algebra' })).statusCode).toBe(200);
    expect(await grantOf(membership)).toEqual({ expertise: 'algebra', maxPapers: 3 });
  });

  it('answers 400 VALIDATION_ERROR with the field for a bad max_papers or expertise, and for nothing to change', async () => {
    const { membership, organizer, url } = await world();
    const client = await as(organizer);
    for (const max_papers of [0, 101, 2.5, 'many']) {
      const response = await client.patch(url, { max_papers });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        fields: { max_papers: [expect.any(String)] },
        field_codes: { max_papers: ['events.maxPapersRange'] },
      });
    }
    const long = await client.patch(url, { expertise: 'x'.repeat(2_001) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ fields: { expertise: [expect.any(String)] } });
    const typed = await client.patch(url, { max_papers: { many: true } });
    expect(typed.statusCode).toBe(400);
    expect(typed.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: { max_papers: [expect.any(String)] } });
    for (const body of [{}, { max_papers: ' ' }]) {
      const empty = await client.patch(url, body);
      expect(empty.statusCode).toBe(400);
      expect(empty.json()).toMatchObject({ code: 'VALIDATION_ERROR', message_code: 'committee.nothingToChange' });
    }
    expect(await grantOf(membership)).toEqual({ expertise: 'graphs', maxPapers: 3 });
  });

  it('answers 404 for someone who is not an area chair (a reviewer, an unknown id, an id past integer)', async () => {
    const { event, organizer, reviewer } = await world();
    const client = await as(organizer);
    for (const userId of [reviewer.publicId, '999999999999', 'nobody']) {
      const response = await client.patch(`/api/events/${event.publicId}/area-chairs/${userId}/`, { max_papers: 4 });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND', message_code: 'events.notAreaChair' });
    }
  });

  it('refuses a track chair, a reviewer and the area chair themselves (403), and an outsider of a pending event (404)', async () => {
    const { membership, trackChair, reviewer, areaChair, outsider, url } = await world();
    for (const user of [trackChair, reviewer, areaChair, outsider]) {
      const refused = await (await as(user)).patch(url, { max_papers: 9 });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'PERMISSION_DENIED' });
    }
    const pending = await buildEvent(app, { status: 'pending' });
    const elsewhere = await buildAreaChair(app, { event: pending, user: areaChair });
    const hidden = await (await as(outsider)).patch(
      `/api/events/${pending.publicId}/area-chairs/${areaChair.publicId}/`,
      {
        max_papers: 9,
      },
    );
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect(await grantOf(membership)).toEqual({ expertise: 'graphs', maxPapers: 3 });
    expect(await grantOf(elsewhere)).toMatchObject({ maxPapers: 5 });
  });
});
