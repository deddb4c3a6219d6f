import crypto from 'node:crypto';
import type { EventDto, ReviewerDto } from '@confero/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { addMembership, type BuiltEvent, buildEvent, buildTrack } from '../../../test/factories/events.ts';
import { type BuiltUser, buildAdmin, buildUser } from '../../../test/factories/users.ts';
import { createClient, lastMail, linkIn, mailsTo, signedInClient, type TestClient } from '../../../test/http.ts';
import { auditLog, eventMemberships } from '../../db/schema/index.ts';

let app: TestApp;
let admin: BuiltUser;

beforeAll(async () => {
  app = await buildTestApp();
  admin = await buildAdmin(app);
});
afterAll(async () => app.close());

const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex');
let counter = 0;
const uniqueEmail = (prefix: string) => `${prefix}.${Date.now().toString(36)}${++counter}@example.org`;

async function membershipsOf(eventId: number, role?: 'chair' | 'reviewer' | 'event_admin') {
  const rows = await app.db.select().from(eventMemberships).where(eq(eventMemberships.eventId, eventId));
  return role ? rows.filter((row) => row.role === role) : rows;
}

async function auditActions(eventId: number) {
  const rows = await app.db.select().from(auditLog).where(eq(auditLog.eventId, eventId));
  return rows.map((row) => row.action);
}

async function roleNames(user: BuiltUser) {
  const me = await (await signedInClient(app, user)).get('/api/users/me/');
  return (me.json() as { roles: { name: string }[] }).roles.map((role) => role.name);
}

/** An event with its creator (event admin) signed in. */
async function eventWithAdmin(status: 'pending' | 'approved' | 'active' = 'approved') {
  const event = await buildEvent(app, { status });
  return { event, organizer: await signedInClient(app, event.creator) };
}

describe('chairs: add_chair/ and remove_chair/', () => {
  it('lets an event admin add a chair by public id, then remove them, with audit rows and roles', async () => {
    const { event, organizer } = await eventWithAdmin();
    const chair = await buildUser(app, { firstName: 'Hala', lastName: 'Nour' });

    const added = await organizer.post(`/api/events/${event.publicId}/add_chair/`, { user_id: chair.publicId });
    expect(added.statusCode).toBe(200);
    expect((added.json() as EventDto).chairs).toEqual([
      { first_name: 'Hala', last_name: 'Nour', email: chair.email, role_display: 'Chair', public_id: chair.publicId },
    ]);
    expect(await membershipsOf(event.id, 'chair')).toMatchObject([
      { userId: chair.id, status: 'active', trackId: null },
    ]);
    expect(await roleNames(chair)).toContain('chair');

    const again = await organizer.post(`/api/events/${event.publicId}/add_chair/`, { user_id: chair.id });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'ALREADY_MEMBER',
      detail: 'This user is already a chair of this event.',
    });

    const last = await organizer.post(`/api/events/${event.publicId}/remove_chair/`, { user_id: String(chair.id) });
    expect(last.statusCode).toBe(409);
    expect(last.json()).toMatchObject({ code: 'LAST_CHAIR', message_code: 'committee.lastChair' });
    expect(await membershipsOf(event.id, 'chair')).toHaveLength(1);

    const keeper = await buildUser(app, { firstName: 'Omar', lastName: 'Saleh' });
    const byEmail = await organizer.post(`/api/events/${event.publicId}/add_chair/`, {
      email: keeper.email.toUpperCase(),
    });
    expect(byEmail.statusCode).toBe(200);
    const removed = await organizer.post(`/api/events/${event.publicId}/remove_chair/`, { user_id: String(chair.id) });
    expect(removed.statusCode).toBe(200);
    expect((removed.json() as EventDto).chairs.map((row) => row.public_id)).toEqual([keeper.publicId]);
    expect(await membershipsOf(event.id, 'chair')).toMatchObject([{ userId: keeper.id, status: 'active' }]);
    expect(await roleNames(chair)).not.toContain('chair');
    expect(await auditActions(event.id)).toEqual(expect.arrayContaining(['event.chair_added', 'event.chair_removed']));

    const notChair = await organizer.post(`/api/events/${event.publicId}/remove_chair/`, { user_id: chair.publicId });
    expect(notChair.statusCode).toBe(400);
    expect(notChair.json()).toMatchObject({ fields: { user_id: ['This user is not a chair of this event.'] } });
  });

  it('answers 400 for a missing or unknown user', async () => {
    const { event, organizer } = await eventWithAdmin();
    for (const user_id of [undefined, '', '99999-abcdefgh', 'nonsense']) {
      const response = await organizer.post(`/api/events/${event.publicId}/add_chair/`, { user_id });
      expect(response.statusCode).toBe(400);
      expect(Object.keys((response.json() as { fields: object }).fields)).toEqual(['user_id']);
    }
    const byUnknownEmail = await organizer.post(`/api/events/${event.publicId}/add_chair/`, {
      email: 'nobody.at.all@example.org',
    });
    expect(byUnknownEmail.statusCode).toBe(400);
    expect(byUnknownEmail.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      field_codes: { email: ['events.chairEmailNotFound'] },
      field_params: { email: [{ email: 'nobody.at.all@example.org' }] },
    });
    const other = await buildUser(app);
    const wrongSuffix = await organizer.post(`/api/events/${event.publicId}/add_chair/`, {
      user_id: `${other.id}-aaaaaaaa`,
    });
    expect(wrongSuffix.json()).toMatchObject({ fields: { user_id: ['User not found.'] } });
  });

  it('refuses a reviewer of the event (403), an outsider of a pending event (404) and anonymous callers (401)', async () => {
    const { event } = await eventWithAdmin('pending');
    const reviewer = await buildUser(app);
    await addMembership(app, { event, user: reviewer, role: 'reviewer' });
    const target = await buildUser(app);

    const asReviewer = await (await signedInClient(app, reviewer)).post(`/api/events/${event.publicId}/add_chair/`, {
      user_id: target.publicId,
    });
    expect(asReviewer.statusCode).toBe(403);
    expect(asReviewer.json()).toMatchObject({ code: 'PERMISSION_DENIED' });
    const asOutsider = await (await signedInClient(app, await buildUser(app))).post(
      `/api/events/${event.publicId}/add_chair/`,
      { user_id: target.publicId },
    );
    expect(asOutsider.statusCode).toBe(404);
    const anonymous = await createClient(app).post(`/api/events/${event.publicId}/add_chair/`, {
      user_id: target.publicId,
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await membershipsOf(event.id, 'chair')).toEqual([]);
  });

  it('lets chairs and platform admins manage chairs too', async () => {
    const { event } = await eventWithAdmin();
    const chair = await buildUser(app);
    await addMembership(app, { event, user: chair, role: 'chair' });
    const second = await buildUser(app);
    const byChair = await (await signedInClient(app, chair)).post(`/api/events/${event.publicId}/add_chair/`, {
      user_id: second.publicId,
    });
    expect(byChair.statusCode).toBe(200);
    const third = await buildUser(app);
    const byAdmin = await (await signedInClient(app, admin)).post(`/api/events/${event.publicId}/add_chair/`, {
      user_id: third.publicId,
    });
    expect((byAdmin.json() as EventDto).chairs.map((c) => c.public_id)).toEqual([
      chair.publicId,
      second.publicId,
      third.publicId,
    ]);
  });
});

describe('event admins: add_event_admin/ and remove_event_admin/', () => {
  it('keeps at least one event admin and lets event admins hand the event over', async () => {
    const { event, organizer } = await eventWithAdmin();
    const last = await organizer.post(`/api/events/${event.publicId}/remove_event_admin/`, {
      user_id: event.creator.publicId,
    });
    expect(last.statusCode).toBe(409);
    expect(last.json()).toMatchObject({
      code: 'LAST_EVENT_ADMIN',
      detail: 'An event must keep at least one event admin.',
    });

    const chair = await buildUser(app);
    await addMembership(app, { event, user: chair, role: 'chair' });
    const successor = await buildUser(app);
    const byChair = await (await signedInClient(app, chair)).post(`/api/events/${event.publicId}/add_event_admin/`, {
      user_id: successor.publicId,
    });
    expect(byChair.statusCode).toBe(403);

    const added = await organizer.post(`/api/events/${event.publicId}/add_event_admin/`, {
      user_id: successor.publicId,
    });
    expect((added.json() as EventDto).event_admins.map((a) => a.public_id)).toEqual([
      event.creator.publicId,
      successor.publicId,
    ]);
    const handedOver = await organizer.post(`/api/events/${event.publicId}/remove_event_admin/`, {
      user_id: event.creator.publicId,
    });
    expect(handedOver.statusCode).toBe(200);
    expect(await membershipsOf(event.id, 'event_admin')).toMatchObject([{ userId: successor.id }]);
    expect(await roleNames(event.creator)).not.toContain('event_admin');
    // The creator still sees the event they created, but may no longer change it.
    const view = await organizer.get(`/api/events/${event.publicId}/`);
    expect(view.json()).toMatchObject({ abilities: { update: false, manage_members: false } });
  });
});

describe('reviewers: add_reviewer/, remove_reviewer/ and reviewers/', () => {
  it('adds an active reviewer with the defaults (expertise empty, 5 papers)', async () => {
    const { event, organizer } = await eventWithAdmin();
    const reviewer = await buildUser(app, { firstName: 'Sami', lastName: 'Adel' });
    const response = await organizer.post(`/api/events/${event.publicId}/add_reviewer/`, {
      user_id: reviewer.publicId,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      message: 'Reviewer added successfully',
      reviewer: {
        public_id: reviewer.publicId,
        display_name: 'Sami Adel',
        email: reviewer.email,
        status: 'active',
        awaiting_account: false,
        expertise: '',
        max_papers: 5,
        invited_at: null,
        responded_at: null,
      },
    });
    expect(await membershipsOf(event.id, 'reviewer')).toMatchObject([
      { userId: reviewer.id, status: 'active', maxPapers: 5, expertise: '', invitedBy: event.creator.id },
    ]);
    expect(await roleNames(reviewer)).toContain('reviewer');
    const again = await organizer.post(`/api/events/${event.publicId}/add_reviewer/`, { user_id: reviewer.publicId });
    expect(again.statusCode).toBe(409);
    const detail = (await organizer.get(`/api/events/${event.publicId}/`)).json() as EventDto;
    expect(detail.reviewer_count).toBe(1);
  });

  it('takes expertise and max_papers, checking 1 ≤ max_papers ≤ 100', async () => {
    const { event, organizer } = await eventWithAdmin();
    const reviewer = await buildUser(app);
    for (const max_papers of [0, 101, 2.5, 'many']) {
      const response = await organizer.post(`/api/events/${event.publicId}/add_reviewer/`, {
        user_id: reviewer.publicId,
        max_papers,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        fields: { max_papers: ['max_papers must be a whole number between 1 and 100'] },
      });
    }
    expect(await membershipsOf(event.id, 'reviewer')).toEqual([]);
    const response = await organizer.post(`/api/events/${event.publicId}/add_reviewer/`, {
      user_id: reviewer.publicId,
      expertise: ' information retrieval ',
      max_papers: '12',
    });
    expect(response.json()).toMatchObject({ reviewer: { expertise: 'information retrieval', max_papers: 12 } });
  });

  it('lists reviewers with invitations for organizers and track chairs, not for reviewers', async () => {
    const { event, organizer } = await eventWithAdmin();
    const active = await buildUser(app);
    await addMembership(app, { event, user: active, role: 'reviewer', expertise: 'NLP', maxPapers: 3 });
    const declined = await buildUser(app);
    await addMembership(app, { event, user: declined, role: 'reviewer', status: 'declined' });
    await organizer.post(`/api/events/${event.publicId}/invite_reviewer/`, {
      email: 'no.account@example.org',
      first_name: 'Nadia',
      last_name: 'Karim',
    });

    const response = await organizer.get(`/api/events/${event.publicId}/reviewers/`);
    expect(response.statusCode).toBe(200);
    const list = response.json() as ReviewerDto[];
    expect(list.map((r) => [r.email, r.status, r.public_id])).toEqual([
      [active.email, 'active', active.publicId],
      [declined.email, 'declined', declined.publicId],
      ['no.account@example.org', 'pending', null],
    ]);
    expect(list[0]).toMatchObject({ expertise: 'NLP', max_papers: 3 });
    expect(list[2]).toMatchObject({ display_name: 'Nadia Karim', awaiting_account: false });
    expect(list[2]?.invited_at).toEqual(expect.any(String));

    const trackChair = await buildUser(app);
    await addMembership(app, { event, user: trackChair, role: 'chair', track: await buildTrack(app, { event }) });
    expect(
      (await (await signedInClient(app, trackChair)).get(`/api/events/${event.publicId}/reviewers/`)).statusCode,
    ).toBe(200);
    const asReviewer = await (await signedInClient(app, active)).get(`/api/events/${event.publicId}/reviewers/`);
    expect(asReviewer.statusCode).toBe(403);
  });

  it('removes a reviewer by user id, or an invitation by e-mail', async () => {
    const { event, organizer } = await eventWithAdmin();
    const reviewer = await buildUser(app);
    await addMembership(app, { event, user: reviewer, role: 'reviewer' });
    await organizer.post(`/api/events/${event.publicId}/invite_reviewer/`, { email: 'Gone.Soon@example.org' });

    const byId = await organizer.post(`/api/events/${event.publicId}/remove_reviewer/`, { user_id: reviewer.publicId });
    expect(byId.statusCode).toBe(200);
    expect(byId.json()).toEqual({ message: 'Reviewer removed successfully' });
    const byEmail = await organizer.post(`/api/events/${event.publicId}/remove_reviewer/`, {
      email: 'gone.soon@example.org',
    });
    expect(byEmail.statusCode).toBe(200);
    expect(await membershipsOf(event.id, 'reviewer')).toEqual([]);
    expect(await roleNames(reviewer)).not.toContain('reviewer');
    const none = await organizer.post(`/api/events/${event.publicId}/remove_reviewer/`, { user_id: reviewer.publicId });
    expect(none.statusCode).toBe(400);
    expect(await auditActions(event.id)).toEqual(expect.arrayContaining(['event.reviewer_removed']));
  });
});

describe('POST invite_reviewer/', () => {
  it.each([
    [{}, 'email', 'Email is required'],
    [{ email: 'not an address' }, 'email', 'Enter a valid email address'],
    [{ email: 'x@y.org', first_name: 'A' }, 'first_name', 'Must be at least 2 characters'],
    [{ email: 'x@y.org', first_name: 'Ab', last_name: 'B' }, 'last_name', 'Must be at least 2 characters'],
    [{ email: '', first_name: 'A' }, 'email', 'Email is required'],
  ])('validates %j in the spec order', async (body, field, message) => {
    const { event, organizer } = await eventWithAdmin();
    const response = await organizer.post(`/api/events/${event.publicId}/invite_reviewer/`, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ detail: message, fields: { [field]: [message] } });
    expect(await membershipsOf(event.id, 'reviewer')).toEqual([]);
  });

  it('invites a registered user: pending membership, hashed token, mail with the two links, audit', async () => {
    const { event, organizer } = await eventWithAdmin();
    const invitee = await buildUser(app, { firstName: 'Rana', lastName: 'Aziz', locale: 'ar' });
    const response = await organizer.post(`/api/events/${event.publicId}/invite_reviewer/`, {
      email: invitee.email.toUpperCase(),
      first_name: 'Ignored',
      last_name: 'Names',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      message: 'Reviewer invitation sent successfully',
      reviewer: { public_id: invitee.publicId, display_name: 'Rana Aziz', status: 'pending', email: invitee.email },
    });

    const mail = await lastMail(app, invitee.email, 'events.reviewer_invitation');
    const accept = linkIn(mail, '/api/events/invitations/');
    expect(accept.origin).toBe(app.config.publicUrl);
    expect(accept.pathname).toMatch(/^\/api\/events\/invitations\/[\w-]{43}\/accept\/$/);
    const token = accept.pathname.split('/')[4] ?? '';
    expect(mail.text_body).toContain(`${app.config.publicUrl}/api/events/invitations/${token}/decline/`);
    expect(mail.text_body).toContain(event.title);

    const [membership] = await membershipsOf(event.id, 'reviewer');
    expect(membership).toMatchObject({ userId: invitee.id, status: 'pending', invitationTokenHash: sha256(token) });
    expect(membership?.invitationTokenHash).not.toContain(token);
    const ttl = (membership?.invitationExpiresAt?.getTime() ?? 0) - Date.now();
    expect(ttl).toBeGreaterThan(13.9 * 86_400_000);
    expect(ttl).toBeLessThanOrEqual(14 * 86_400_000);
    expect(await auditActions(event.id)).toContain('event.reviewer_invited');
    expect(await roleNames(invitee)).not.toContain('reviewer');
  });

  it('answers 409 for someone already an active reviewer, and 403/404 to callers without the right', async () => {
    const { event, organizer } = await eventWithAdmin('pending');
    const reviewer = await buildUser(app);
    await addMembership(app, { event, user: reviewer, role: 'reviewer' });
    const response = await organizer.post(`/api/events/${event.publicId}/invite_reviewer/`, { email: reviewer.email });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'ALREADY_MEMBER' });
    const asReviewer = await (await signedInClient(app, reviewer)).post(
      `/api/events/${event.publicId}/invite_reviewer/`,
      {
        email: 'friend@example.org',
      },
    );
    expect(asReviewer.statusCode).toBe(403);
    const asOutsider = await (await signedInClient(app, await buildUser(app))).post(
      `/api/events/${event.publicId}/invite_reviewer/`,
      { email: 'friend@example.org' },
    );
    expect(asOutsider.statusCode).toBe(404);
    expect(await mailsTo(app, 'friend@example.org')).toEqual([]);
  });
});

/** Invites `email` to the event and returns the token of the mailed links. */
async function invite(organizer: TestClient, event: BuiltEvent, email: string, names: Record<string, string> = {}) {
  const response = await organizer.post(`/api/events/${event.publicId}/invite_reviewer/`, { email, ...names });
  expect(response.statusCode).toBe(201);
  const mail = await lastMail(app, email, 'events.reviewer_invitation');
  return linkIn(mail, '/api/events/invitations/').pathname.split('/')[4] ?? '';
}

/** Opens an invitation link like a mail client: no cookies, no CSRF token. */
function follow(token: string, answer: 'accept' | 'decline', client = createClient(app)) {
  return client.get(`/api/events/invitations/${token}/${answer}/`, { withoutCookies: true });
}

describe('invitation links', () => {
  it('accepts once: the membership becomes active and the invitee a reviewer; a second click is "answered"', async () => {
    const { event, organizer } = await eventWithAdmin();
    const invitee = await buildUser(app);
    const token = await invite(organizer, event, invitee.email);

    const response = await follow(token, 'accept');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/reviewer-invitation/accepted');
    const [membership] = await membershipsOf(event.id, 'reviewer');
    expect(membership).toMatchObject({ userId: invitee.id, status: 'active' });
    expect(membership?.respondedAt).toBeInstanceOf(Date);
    expect(await roleNames(invitee)).toContain('reviewer');
    expect(await auditActions(event.id)).toContain('event.invitation_accepted');

    for (const answer of ['accept', 'decline'] as const) {
      const reused = await follow(token, answer);
      expect(reused.headers.location).toBe('/reviewer-invitation/error?reason=answered');
    }
    expect((await membershipsOf(event.id, 'reviewer'))[0]?.status).toBe('active');
  });

  it('declines: the membership is declined and the chairs and event admins are told by mail', async () => {
    const { event, organizer } = await eventWithAdmin();
    const chair = await buildUser(app);
    await addMembership(app, { event, user: chair, role: 'chair' });
    const invitee = await buildUser(app, { firstName: 'Yara', lastName: 'Hamdy' });
    const token = await invite(organizer, event, invitee.email);

    const response = await follow(token, 'decline');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/reviewer-invitation/declined');
    expect((await membershipsOf(event.id, 'reviewer'))[0]).toMatchObject({ status: 'declined', userId: invitee.id });
    for (const organizerUser of [event.creator, chair]) {
      const mail = await lastMail(app, organizerUser.email, 'events.invitation_declined');
      expect(mail.text_body).toContain('Yara Hamdy');
      expect(mail.text_body).toContain(invitee.email);
      expect(mail.text_body).toContain(`${app.config.publicUrl}/events/${event.publicId}`);
    }
    expect(await roleNames(invitee)).not.toContain('reviewer');
    expect(await auditActions(event.id)).toContain('event.invitation_declined');

    // Invited again after declining: a new link, the old one is dead.
    const second = await invite(organizer, event, invitee.email);
    expect(second).not.toBe(token);
    expect((await follow(token, 'accept')).headers.location).toBe('/reviewer-invitation/error?reason=invalid');
    expect((await follow(second, 'accept')).headers.location).toBe('/reviewer-invitation/accepted');
  });

  it('refuses an expired link and an unknown or malformed token, changing nothing', async () => {
    const { event, organizer } = await eventWithAdmin();
    const invitee = await buildUser(app);
    const token = await invite(organizer, event, invitee.email);
    await app.db
      .update(eventMemberships)
      .set({ invitationExpiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(eventMemberships.eventId, event.id), eq(eventMemberships.role, 'reviewer')));

    expect((await follow(token, 'accept')).headers.location).toBe('/reviewer-invitation/error?reason=expired');
    expect((await follow(token, 'decline')).headers.location).toBe('/reviewer-invitation/error?reason=expired');
    expect((await membershipsOf(event.id, 'reviewer'))[0]).toMatchObject({ status: 'pending', respondedAt: null });
    expect(await mailsTo(app, event.creator.email)).toEqual([]);

    const unknown = crypto.randomBytes(32).toString('base64url');
    expect((await follow(unknown, 'accept')).headers.location).toBe('/reviewer-invitation/error?reason=invalid');
    expect((await follow('short', 'accept')).headers.location).toBe('/reviewer-invitation/error?reason=invalid');
  });

  it('is rate limited per address', async () => {
    const client = createClient(app, { ip: '10.200.0.9' });
    const unknown = crypto.randomBytes(32).toString('base64url');
    const statuses: number[] = [];
    for (let i = 0; i < 21; i += 1) statuses.push((await follow(unknown, 'accept', client)).statusCode);
    expect(statuses.slice(0, 20).every((status) => status === 302)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});

describe('invitations to people without an account', () => {
  async function register(email: string) {
    const client = createClient(app);
    const response = await client.post('/api/auth/register/', {
      email,
      password: 'Vivid-Orchard-73',
      password2: 'Vivid-Orchard-73',
      first_name: 'Laila',
      last_name: 'Mansour',
      country: 'Jordan',
      affiliation: 'University of Jordan',
    });
    expect(response.statusCode).toBe(201);
    const token = linkIn(await lastMail(app, email, 'auth.verify_email'), '/verify-email').searchParams.get('token');
    return { client, token: token ?? '' };
  }

  it('an accepted invitation waits for the account, then the verified user is an active reviewer', async () => {
    const { event, organizer } = await eventWithAdmin();
    const email = uniqueEmail('newcomer');
    const token = await invite(organizer, event, email, { first_name: 'Laila', last_name: 'Mansour' });
    expect((await membershipsOf(event.id, 'reviewer'))[0]).toMatchObject({ userId: null, email, status: 'pending' });

    expect((await follow(token, 'accept')).headers.location).toBe('/reviewer-invitation/accepted');
    const [waiting] = (await organizer.get(`/api/events/${event.publicId}/reviewers/`)).json() as ReviewerDto[];
    expect(waiting).toMatchObject({
      public_id: null,
      status: 'pending',
      awaiting_account: true,
      display_name: 'Laila Mansour',
    });

    const { client, token: verification } = await register(email);
    // Registered but not verified yet: still waiting.
    expect((await membershipsOf(event.id, 'reviewer'))[0]).toMatchObject({ userId: null, status: 'pending' });
    const verified = await client.post('/api/auth/verify-email/', { token: verification });
    expect(verified.statusCode).toBe(200);

    await client.login(email, 'Vivid-Orchard-73');
    const me = (await client.get('/api/users/me/')).json() as { public_id: string; roles: { name: string }[] };
    expect(me.roles.map((role) => role.name)).toContain('reviewer');
    const [membership] = await membershipsOf(event.id, 'reviewer');
    expect(membership).toMatchObject({ status: 'active', email });
    expect(membership?.userId).not.toBeNull();
    const [listed] = (await organizer.get(`/api/events/${event.publicId}/reviewers/`)).json() as ReviewerDto[];
    expect(listed).toMatchObject({ public_id: me.public_id, status: 'active', awaiting_account: false });
    expect(await auditActions(event.id)).toContain('event.invitation_activated');
    expect((await client.get('/api/events/reviewer_events/')).json()).toMatchObject([{ id: event.id }]);
  });

  it('an unanswered invitation is tied to the new account and can still be accepted', async () => {
    const { event, organizer } = await eventWithAdmin();
    const email = uniqueEmail('later');
    const token = await invite(organizer, event, email);
    const { client, token: verification } = await register(email);
    await client.post('/api/auth/verify-email/', { token: verification });
    const [linked] = await membershipsOf(event.id, 'reviewer');
    expect(linked?.userId).not.toBeNull();
    expect(linked?.status).toBe('pending');
    expect((await follow(token, 'accept')).headers.location).toBe('/reviewer-invitation/accepted');
    expect((await membershipsOf(event.id, 'reviewer'))[0]).toMatchObject({ status: 'active', userId: linked?.userId });
  });

  it('an admin verifying the address activates an accepted invitation too', async () => {
    const { event, organizer } = await eventWithAdmin();
    const email = uniqueEmail('adminverified');
    const token = await invite(organizer, event, email);
    await follow(token, 'accept');
    const user = await buildUser(app, { email, emailVerified: false });
    const adminClient = await signedInClient(app, admin);
    const patched = await adminClient.patch(`/api/users/${user.publicId}/`, { email_verified: true });
    expect(patched.statusCode).toBe(200);
    expect((await membershipsOf(event.id, 'reviewer'))[0]).toMatchObject({ userId: user.id, status: 'active' });
    expect(await roleNames(user)).toContain('reviewer');
  });
});
