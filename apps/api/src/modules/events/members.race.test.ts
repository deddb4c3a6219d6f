import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { addMembership, buildEvent } from '../../../test/factories/events.ts';
import { buildAdmin, buildUser } from '../../../test/factories/users.ts';
import { signedInClient } from '../../../test/http.ts';
import { eventMemberships } from '../../db/schema/index.ts';
import { removeMember } from './members.service.ts';

/*
 * "Never the last one", under concurrency: two organizers remove the event's last two chairs (or event admins) at
 * the same moment. Each removal alone would leave one; together they must not leave none. Runs on PGlite and, with
 * TEST_DATABASE_URL, on PostgreSQL where the two transactions really overlap.
 */

let app: TestApp;

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => app.close());

const ROUNDS = 5;

describe('two removals of the last two at once', () => {
  it(`keeps exactly one chair, in each of ${ROUNDS} rounds`, { timeout: 60_000 }, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const event = await buildEvent(app, { status: 'active' });
      const [first, second] = await Promise.all([buildUser(app), buildUser(app)]);
      await addMembership(app, { event, user: first, role: 'chair' });
      await addMembership(app, { event, user: second, role: 'chair' });
      const [a, b] = await Promise.all([signedInClient(app, event.creator), signedInClient(app, event.creator)]);

      const answers = await Promise.all([
        a.post(`/api/events/${event.publicId}/remove_chair/`, { user_id: first.publicId }),
        b.post(`/api/events/${event.publicId}/remove_chair/`, { user_id: second.publicId }),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      expect(answers.find((answer) => answer.statusCode === 409)?.json()).toMatchObject({ code: 'LAST_CHAIR' });
      const left = await app.db
        .select()
        .from(eventMemberships)
        .where(and(eq(eventMemberships.eventId, event.id), eq(eventMemberships.role, 'chair')));
      expect(left).toHaveLength(1);
    }
  });

  it(`keeps exactly one chair when the service runs both removals side by side, in each of ${ROUNDS * 4} rounds`, async () => {
    const actor = await buildAdmin(app);
    const asActor = { ...actor, isAdmin: true, sessionsValidFrom: 0 };
    for (let round = 0; round < ROUNDS * 4; round += 1) {
      const event = await buildEvent(app, { status: 'active' });
      const chairs = await Promise.all([buildUser(app), buildUser(app)]);
      for (const user of chairs) await addMembership(app, { event, user, role: 'chair' });
      const outcomes = await Promise.allSettled(
        chairs.map((user) => removeMember(app.db, asActor, event, user, 'chair')),
      );
      expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
      const left = await app.db
        .select()
        .from(eventMemberships)
        .where(and(eq(eventMemberships.eventId, event.id), eq(eventMemberships.role, 'chair')));
      expect(left).toHaveLength(1);
    }
  });

  it('keeps exactly one event admin', async () => {
    const event = await buildEvent(app, { status: 'active' });
    const other = await buildUser(app);
    await addMembership(app, { event, user: other, role: 'event_admin' });
    // A platform admin removes both, so that neither request loses its right half-way.
    const platformAdmin = await buildAdmin(app);
    const [a, b] = await Promise.all([signedInClient(app, platformAdmin), signedInClient(app, platformAdmin)]);
    const answers = await Promise.all([
      a.post(`/api/events/${event.publicId}/remove_event_admin/`, { user_id: other.publicId }),
      b.post(`/api/events/${event.publicId}/remove_event_admin/`, { user_id: event.creator.publicId }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)?.json()).toMatchObject({ code: 'LAST_EVENT_ADMIN' });
    const left = await app.db
      .select()
      .from(eventMemberships)
      .where(and(eq(eventMemberships.eventId, event.id), eq(eventMemberships.role, 'event_admin')));
    expect(left).toHaveLength(1);
  });
});
