import type { EventDto, TrackDto } from '@confero/contracts';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { addMembership, buildEvent, buildTrack } from '../../../test/factories/events.ts';
import { buildUser } from '../../../test/factories/users.ts';
import { createClient, signedInClient } from '../../../test/http.ts';
import { auditLog, eventMemberships, tracks } from '../../db/schema/index.ts';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => app.close());

async function tracksOf(eventId: number) {
  return app.db.select().from(tracks).where(eq(tracks.eventId, eventId));
}

async function trackChairs(trackId: number) {
  const rows = await app.db
    .select({ userId: eventMemberships.userId, role: eventMemberships.role, status: eventMemberships.status })
    .from(eventMemberships)
    .where(and(eq(eventMemberships.trackId, trackId), isNotNull(eventMemberships.userId)));
  return rows;
}

describe('tracks', () => {
  it('creates a track with chairs, lists it, and shows it on the event', async () => {
    const event = await buildEvent(app, { status: 'approved' });
    const organizer = await signedInClient(app, event.creator);
    const chair = await buildUser(app, { firstName: 'Tarek', lastName: 'Ali' });

    const response = await organizer.post(`/api/events/${event.publicId}/tracks/`, {
      name: ' Systems ',
      description: 'Operating systems and networks',
      chair_ids: [chair.publicId],
    });
    expect(response.statusCode).toBe(201);
    const track = response.json() as TrackDto;
    expect(track).toMatchObject({
      name: 'Systems',
      description: 'Operating systems and networks',
      chairs: [{ first_name: 'Tarek', last_name: 'Ali', email: chair.email, public_id: chair.publicId }],
    });
    expect(await trackChairs(track.id)).toEqual([{ userId: chair.id, role: 'chair', status: 'active' }]);
    const [audit] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.eventId, event.id), eq(auditLog.action, 'track.created')));
    expect(audit).toMatchObject({ actorId: event.creator.id, entity: 'track', entityId: String(track.id) });

    const outsider = await signedInClient(app, await buildUser(app));
    const listed = await outsider.get(`/api/events/${event.publicId}/tracks/`);
    expect(listed.json()).toEqual([track]);
    const detail = (await outsider.get(`/api/events/${event.publicId}/`)).json() as EventDto;
    expect(detail.track_count).toBe(1);
    expect(detail.tracks).toEqual([track]);
    // A track chair is a chair (role) but not one of the event-wide chairs.
    expect(detail.chairs).toEqual([]);
    const me = (await (await signedInClient(app, chair)).get('/api/users/me/')).json() as { roles: { name: string }[] };
    expect(me.roles.map((role) => role.name)).toContain('chair');
  });

  it('keeps names unique in an event, in any letter case (409), but not across events', async () => {
    const event = await buildEvent(app);
    const organizer = await signedInClient(app, event.creator);
    await buildTrack(app, { event, name: 'Theory' });
    const clash = await organizer.post(`/api/events/${event.publicId}/tracks/`, { name: 'THEORY' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({
      code: 'DUPLICATE_TRACK',
      detail: 'A track with this name already exists in this event.',
    });
    const other = await buildEvent(app);
    const elsewhere = await (await signedInClient(app, other.creator)).post(`/api/events/${other.publicId}/tracks/`, {
      name: 'Theory',
    });
    expect(elsewhere.statusCode).toBe(201);
    expect(await tracksOf(event.id)).toHaveLength(1);
  });

  it('validates the name and the chairs', async () => {
    const event = await buildEvent(app);
    const organizer = await signedInClient(app, event.creator);
    const blank = await organizer.post(`/api/events/${event.publicId}/tracks/`, { name: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ fields: { name: ['Track name is required'] } });
    const ghost = await organizer.post(`/api/events/${event.publicId}/tracks/`, {
      name: 'Ghosts',
      chair_ids: ['999999'],
    });
    expect(ghost.statusCode).toBe(400);
    expect(ghost.json()).toMatchObject({ fields: { chair_ids: ['No user found with id 999999'] } });
    expect(await tracksOf(event.id)).toEqual([]);
  });

  it('updates name, description and chairs (replacing them), and deletes', async () => {
    const event = await buildEvent(app);
    const organizer = await signedInClient(app, event.creator);
    const [first, second] = [await buildUser(app), await buildUser(app)];
    const created = (
      await organizer.post(`/api/events/${event.publicId}/tracks/`, { name: 'Data', chair_ids: [first.publicId] })
    ).json() as TrackDto;
    await buildTrack(app, { event, name: 'Vision' });

    const renamedToTaken = await organizer.patch(`/api/events/${event.publicId}/tracks/${created.public_id}/`, {
      name: 'vision',
    });
    expect(renamedToTaken.statusCode).toBe(409);

    const updated = await organizer.patch(`/api/events/${event.publicId}/tracks/${created.public_id}/`, {
      name: 'Data Management',
      chair_ids: [second.id],
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      name: 'Data Management',
      description: '',
      chairs: [{ public_id: second.publicId }],
    });
    expect(await trackChairs(created.id)).toEqual([{ userId: second.id, role: 'chair', status: 'active' }]);
    const sameName = await organizer.patch(`/api/events/${event.publicId}/tracks/${created.public_id}/`, {
      name: 'data management',
      description: 'Databases',
    });
    expect(sameName.json()).toMatchObject({
      name: 'data management',
      description: 'Databases',
      chairs: [{ public_id: second.publicId }],
    });

    const deleted = await organizer.delete(`/api/events/${event.publicId}/tracks/${created.public_id}/`);
    expect(deleted.statusCode).toBe(204);
    expect((await tracksOf(event.id)).map((track) => track.name)).toEqual(['Vision']);
    expect(await trackChairs(created.id)).toEqual([]);
    const gone = await organizer.delete(`/api/events/${event.publicId}/tracks/${created.public_id}/`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ detail: 'Track not found.' });
  });

  it('refuses reviewers (403), outsiders of a pending event (404) and anonymous callers (401)', async () => {
    const event = await buildEvent(app, { status: 'pending' });
    const track = await buildTrack(app, { event, name: 'Kept' });
    const reviewer = await buildUser(app);
    await addMembership(app, { event, user: reviewer, role: 'reviewer' });
    const asReviewer = await signedInClient(app, reviewer);
    expect((await asReviewer.get(`/api/events/${event.publicId}/tracks/`)).statusCode).toBe(200);
    expect((await asReviewer.post(`/api/events/${event.publicId}/tracks/`, { name: 'New' })).statusCode).toBe(403);
    expect(
      (await asReviewer.patch(`/api/events/${event.publicId}/tracks/${track.publicId}/`, { name: 'Renamed' }))
        .statusCode,
    ).toBe(403);
    expect((await asReviewer.delete(`/api/events/${event.publicId}/tracks/${track.publicId}/`)).statusCode).toBe(403);
    const outsider = await signedInClient(app, await buildUser(app));
    expect((await outsider.get(`/api/events/${event.publicId}/tracks/`)).statusCode).toBe(404);
    expect((await createClient(app).get(`/api/events/${event.publicId}/tracks/`)).statusCode).toBe(401);
    expect((await tracksOf(event.id)).map((row) => row.name)).toEqual(['Kept']);

    const otherEvent = await buildEvent(app);
    const foreign = await (await signedInClient(app, otherEvent.creator)).delete(
      `/api/events/${otherEvent.publicId}/tracks/${track.publicId}/`,
    );
    expect(foreign.statusCode).toBe(404);
  });
});
