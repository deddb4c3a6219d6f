import type { EventAbilities, EventDto } from '@confero/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { addMembership, type BuiltEvent, buildEvent, buildTrack } from '../../../test/factories/events.ts';
import { type BuiltUser, buildAdmin, buildUser } from '../../../test/factories/users.ts';
import { signedInClients } from '../../../test/http.ts';

let app: TestApp;
const as = signedInClients(() => app);
let event: BuiltEvent;
let viewers: Record<string, BuiltUser>;

beforeAll(async () => {
  app = await buildTestApp();
  event = await buildEvent(app, { status: 'active' });
  const track = await buildTrack(app, { event, name: 'Systems' });
  const [chair, trackChair, reviewer, outsider, admin] = await Promise.all([
    buildUser(app),
    buildUser(app),
    buildUser(app),
    buildUser(app),
    buildAdmin(app),
  ]);
  await addMembership(app, { event, user: chair, role: 'chair' });
  await addMembership(app, { event, user: trackChair, role: 'chair', track });
  await addMembership(app, { event, user: reviewer, role: 'reviewer' });
  viewers = { eventAdmin: event.creator, chair, trackChair, reviewer, outsider, admin };
});
afterAll(async () => app.close());

/** Each console ability and a route of its screen that reads the same rule (a read: nothing changes). */
const ROUTES: Record<keyof Pick<EventAbilities, 'send_mail' | 'export' | 'view_audit' | 'view_progress'>, string> = {
  send_mail: 'outbox/',
  export: 'export/submissions.csv',
  view_audit: 'audit/',
  view_progress: 'progress/',
};

describe('abilities and routes read one rule', () => {
  it.each(Object.entries(ROUTES))('%s is true exactly for the viewers its route answers 200', async (ability, path) => {
    const seen: Record<string, [boolean, number]> = {};
    for (const [name, user] of Object.entries(viewers)) {
      const client = await as(user);
      const detail = (await client.get(`/api/events/${event.publicId}/`)).json() as EventDto;
      const answer = await client.get(`/api/events/${event.publicId}/${path}`);
      seen[name] = [detail.abilities[ability as keyof typeof ROUTES], answer.statusCode];
    }
    expect(seen).toEqual({
      eventAdmin: [true, 200],
      chair: [true, 200],
      trackChair: [false, 403],
      reviewer: [false, 403],
      outsider: [false, 404],
      admin: [true, 200],
    });
  });

  it('manage_event_admins is true exactly for those invite_event_admin/ lets through', async () => {
    const seen: Record<string, [boolean, number]> = {};
    for (const [name, user] of Object.entries(viewers)) {
      const client = await as(user);
      const detail = (await client.get(`/api/events/${event.publicId}/`)).json() as EventDto;
      // A malformed address: the rule decides first (403/404), the allowed get the 400 and nothing is written.
      const answer = await client.post(`/api/events/${event.publicId}/invite_event_admin/`, { email: 'nobody' });
      seen[name] = [detail.abilities.manage_event_admins, answer.statusCode];
    }
    expect(seen).toEqual({
      eventAdmin: [true, 400],
      chair: [false, 403],
      trackChair: [false, 403],
      reviewer: [false, 403],
      outsider: [false, 403],
      admin: [true, 400],
    });
  });
});
