import crypto from 'node:crypto';
import type { EventDto, OrganizerInvitationAnswerDto, OrganizerInvitationDto } from '@confero/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { addMembership, type BuiltEvent, buildEvent } from '../../../test/factories/events.ts';
import { buildAdmin, buildUser } from '../../../test/factories/users.ts';
import { createClient, lastMail, linkIn, mailsTo, signedInClients } from '../../../test/http.ts';
import { auditLog, eventMemberships } from '../../db/schema/index.ts';

let app: TestApp;
const as = signedInClients(() => app);

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => app.close());

let counter = 0;
const uniqueEmail = (prefix: string) => `${prefix}.${Date.now().toString(36)}${++counter}@example.org`;
const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex');

/** An approved event with its creator (event admin), a chair of the whole event, a reviewer and an outsider. */
async function organizers() {
  const event = await buildEvent(app, { status: 'approved' });
  const [chair, reviewer, outsider] = await Promise.all([buildUser(app), buildUser(app), buildUser(app)]);
  await addMembership(app, { event, user: chair, role: 'chair' });
  await addMembership(app, { event, user: reviewer, role: 'reviewer' });
  return { event, admin: event.creator, chair, reviewer, outsider };
}

async function memberships(event: BuiltEvent, role: 'chair' | 'event_admin') {
  const rows = await app.db
    .select()
    .from(eventMemberships)
    .where(and(eq(eventMemberships.eventId, event.id), eq(eventMemberships.role, role)));
  return rows.sort((a, b) => a.id - b.id);
}

async function auditActions(event: BuiltEvent) {
  const rows = await app.db.select().from(auditLog).where(eq(auditLog.eventId, event.id));
  return rows.map((row) => row.action);
}

/** The token of the last invitation mail to `email`. */
async function tokenMailedTo(email: string) {
  const mail = await lastMail(app, email, 'events.organizer_invitation');
  return linkIn(mail, '/api/events/invitations/').pathname.split('/')[4] ?? '';
}

/** Opens an invitation link like a mail client: no cookies, no CSRF token. */
const follow = (token: string, answer: 'accept' | 'decline') =>
  createClient(app).get(`/api/events/invitations/${token}/${answer}/`, { withoutCookies: true });

describe('invite_chair/ and organizer_invitations/', () => {
  it('invites an address without an account: a pending chair that counts for nothing until accepted', async () => {
    const { event, admin, chair } = await organizers();
    const email = uniqueEmail('newchair');
    const response = await (await as(admin)).post(`/api/events/${event.publicId}/invite_chair/`, {
      email,
      first_name: 'Salma',
      last_name: 'Idris',
    });
    expect(response.statusCode).toBe(201);
    const body = response.json() as OrganizerInvitationAnswerDto;
    expect(body.message).toBe('Chair invitation sent successfully');
    expect(body.invitation).toMatchObject({
      role: 'chair',
      public_id: null,
      display_name: 'Salma Idris',
      email,
      status: 'pending',
      awaiting_account: false,
    });
    expect(body.invitation.expires_at).not.toBeNull();

    const token = await tokenMailedTo(email);
    const mail = await lastMail(app, email, 'events.organizer_invitation');
    expect(mail.subject).toBe(`Invitation to chair ${event.title}`);
    const [, invited] = await memberships(event, 'chair');
    expect(invited).toMatchObject({ userId: null, email, status: 'pending', invitationTokenHash: sha256(token) });
    expect(await auditActions(event)).toContain('event.chair_invited');

    // Listed for the organizers; not a chair of the event.
    const listed = (await (await as(chair)).get(`/api/events/${event.publicId}/organizer_invitations/`)).json();
    expect(listed).toEqual([body.invitation]);
    const detail = (await (await as(chair)).get(`/api/events/${event.publicId}/`)).json() as EventDto;
    expect(detail.chairs.map((row) => row.public_id)).toEqual([chair.publicId]);

    // The pending invitation does not count as a chair: the only active chair stays.
    const last = await (await as(admin)).post(`/api/events/${event.publicId}/remove_chair/`, {
      user_id: chair.publicId,
    });
    expect(last.statusCode).toBe(409);
    expect(last.json()).toMatchObject({ code: 'LAST_CHAIR', message_code: 'committee.lastChair' });
    expect((await memberships(event, 'chair')).map((row) => row.status)).toEqual(['active', 'pending']);
  });

  it('accept via the link makes a registered invitee an active chair; a second click is answered', async () => {
    const { event, admin, chair } = await organizers();
    const invitee = await buildUser(app, { firstName: 'Rami', lastName: 'Aziz' });
    const sent = await (await as(admin)).post(`/api/events/${event.publicId}/invite_chair/`, {
      email: invitee.email.toUpperCase(),
    });
    expect(sent.statusCode).toBe(201);
    expect((sent.json() as OrganizerInvitationAnswerDto).invitation).toMatchObject({
      public_id: invitee.publicId,
      display_name: 'Rami Aziz',
      status: 'pending',
    });
    const token = await tokenMailedTo(invitee.email);

    const accepted = await follow(token, 'accept');
    expect(accepted.statusCode).toBe(302);
    expect(accepted.headers.location).toBe('/reviewer-invitation/accepted?role=chair');
    const rows = await memberships(event, 'chair');
    expect(rows.map((row) => [row.userId, row.status])).toEqual([
      [chair.id, 'active'],
      [invitee.id, 'active'],
    ]);
    expect(await auditActions(event)).toContain('event.invitation_accepted');
    expect((await follow(token, 'accept')).headers.location).toBe('/reviewer-invitation/error?reason=answered');
    expect((await (await as(admin)).get(`/api/events/${event.publicId}/organizer_invitations/`)).json()).toEqual([]);

    // Now two active chairs: the first may go.
    const removed = await (await as(admin)).post(`/api/events/${event.publicId}/remove_chair/`, {
      user_id: chair.publicId,
    });
    expect(removed.statusCode).toBe(200);
    expect((removed.json() as EventDto).chairs.map((row) => row.public_id)).toEqual([invitee.publicId]);
  });

  it('an invitation accepted before the account exists makes a chair once the address is verified', async () => {
    const { event, admin } = await organizers();
    const email = uniqueEmail('laterchair');
    await (await as(admin)).post(`/api/events/${event.publicId}/invite_chair/`, { email });
    expect((await follow(await tokenMailedTo(email), 'accept')).headers.location).toBe(
      '/reviewer-invitation/accepted?role=chair',
    );
    const [waiting] = (await (await as(admin)).get(`/api/events/${event.publicId}/organizer_invitations/`)).json() as [
      OrganizerInvitationDto,
    ];
    expect(waiting).toMatchObject({ email, status: 'pending', awaiting_account: true });

    const user = await buildUser(app, { email, emailVerified: false });
    const patched = await (await as(await buildAdmin(app))).patch(`/api/users/${user.publicId}/`, {
      email_verified: true,
    });
    expect(patched.statusCode).toBe(200);
    expect((await memberships(event, 'chair'))[1]).toMatchObject({ userId: user.id, status: 'active' });
    expect(await auditActions(event)).toContain('event.invitation_activated');
  });

  it('decline: the invitation is declined, listed as such, and cancelled with remove_chair/ by e-mail', async () => {
    const { event, admin } = await organizers();
    const email = uniqueEmail('nochair');
    await (await as(admin)).post(`/api/events/${event.publicId}/invite_chair/`, { email });
    const declined = await follow(await tokenMailedTo(email), 'decline');
    expect(declined.headers.location).toBe('/reviewer-invitation/declined?role=chair');
    expect((await memberships(event, 'chair'))[1]).toMatchObject({ email, status: 'declined' });
    // A reviewer's decline mails the organizers; a chair's shows on the committee screen instead.
    expect(await mailsTo(app, admin.email)).toEqual([]);
    const [listed] = (await (await as(admin)).get(`/api/events/${event.publicId}/organizer_invitations/`)).json() as [
      OrganizerInvitationDto,
    ];
    expect(listed).toMatchObject({ email, status: 'declined', role: 'chair' });

    const cancelled = await (await as(admin)).post(`/api/events/${event.publicId}/remove_chair/`, {
      email: email.toUpperCase(),
    });
    expect(cancelled.statusCode).toBe(200);
    expect(await memberships(event, 'chair')).toHaveLength(1);
    expect(await auditActions(event)).toContain('event.chair_removed');
    const again = await (await as(admin)).post(`/api/events/${event.publicId}/remove_chair/`, { email });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ fields: { email: [`No user found with email ${email}`] } });
  });

  it('refuses an expired or used link and changes nothing', async () => {
    const { event, admin } = await organizers();
    const email = uniqueEmail('expired');
    await (await as(admin)).post(`/api/events/${event.publicId}/invite_event_admin/`, { email });
    const token = await tokenMailedTo(email);
    await app.db
      .update(eventMemberships)
      .set({ invitationExpiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(eventMemberships.eventId, event.id), eq(eventMemberships.email, email)));
    expect((await follow(token, 'accept')).headers.location).toBe('/reviewer-invitation/error?reason=expired');
    const [, row] = await memberships(event, 'event_admin');
    expect(row).toMatchObject({ status: 'pending', respondedAt: null });
  });

  it('answers 400 on email for a missing or malformed address, and 409 for an active chair', async () => {
    const { event, admin, chair } = await organizers();
    const client = await as(admin);
    for (const [body, text] of [
      [{}, 'Email is required'],
      [{ email: 'not-an-address' }, 'Enter a valid email address'],
    ] as const) {
      const response = await client.post(`/api/events/${event.publicId}/invite_chair/`, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: { email: [text] } });
    }
    const member = await client.post(`/api/events/${event.publicId}/invite_chair/`, { email: chair.email });
    expect(member.statusCode).toBe(409);
    expect(member.json()).toMatchObject({ code: 'ALREADY_MEMBER', message_code: 'events.alreadyChair' });
    expect(await memberships(event, 'chair')).toHaveLength(1);
  });

  it('refuses an outsider (404) and a reviewer (403); a chair may not invite an event admin (403)', async () => {
    const { event, chair, reviewer, outsider } = await organizers();
    const pending = await buildEvent(app, { status: 'pending' });
    const hidden = await (await as(outsider)).post(`/api/events/${pending.publicId}/invite_chair/`, {
      email: uniqueEmail('x'),
    });
    expect(hidden.statusCode).toBe(404);
    expect((await (await as(outsider)).get(`/api/events/${pending.publicId}/organizer_invitations/`)).statusCode).toBe(
      404,
    );
    const refused = await (await as(reviewer)).post(`/api/events/${event.publicId}/invite_chair/`, {
      email: uniqueEmail('y'),
    });
    expect(refused.statusCode).toBe(403);
    expect((await (await as(reviewer)).get(`/api/events/${event.publicId}/organizer_invitations/`)).statusCode).toBe(
      403,
    );
    const byChair = await (await as(chair)).post(`/api/events/${event.publicId}/invite_event_admin/`, {
      email: uniqueEmail('z'),
    });
    expect(byChair.statusCode).toBe(403);
    expect((await memberships(event, 'chair')).length + (await memberships(event, 'event_admin')).length).toBe(2);
  });
});

describe('two calls at once', () => {
  it('two invitations of one address: one row; the later one renews it or, racing, answers 409 (never a 500)', async () => {
    const { event, admin, chair } = await organizers();
    const email = uniqueEmail('twice');
    const [first, second] = await Promise.all([
      (await as(admin)).post(`/api/events/${event.publicId}/invite_chair/`, { email }),
      (await as(chair)).post(`/api/events/${event.publicId}/invite_chair/`, { email }),
    ]);
    expect([
      [201, 201],
      [201, 409],
    ]).toContainEqual([first.statusCode, second.statusCode].sort());
    expect((await memberships(event, 'chair')).filter((row) => row.email === email)).toHaveLength(1);
  });

  it('two additions of one user: one adds, the other answers 409, one row', async () => {
    const { event, admin, chair } = await organizers();
    const user = await buildUser(app);
    const [first, second] = await Promise.all([
      (await as(admin)).post(`/api/events/${event.publicId}/add_chair/`, { user_id: user.publicId }),
      (await as(chair)).post(`/api/events/${event.publicId}/add_chair/`, { user_id: user.publicId }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    expect((await memberships(event, 'chair')).filter((row) => row.userId === user.id)).toHaveLength(1);
  });
});

describe('invite_event_admin/', () => {
  it('an event admin invites one; accepted, they hold the role; only active admins count as the last one', async () => {
    const { event, admin } = await organizers();
    const invitee = await buildUser(app);
    const sent = await (await as(admin)).post(`/api/events/${event.publicId}/invite_event_admin/`, {
      email: invitee.email,
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({
      message: 'Event admin invitation sent successfully',
      invitation: { role: 'event_admin', status: 'pending' },
    });
    const mail = await lastMail(app, invitee.email, 'events.organizer_invitation');
    expect(mail.subject).toBe(`Invitation to administer ${event.title}`);

    const last = await (await as(admin)).post(`/api/events/${event.publicId}/remove_event_admin/`, {
      user_id: admin.publicId,
    });
    expect(last.statusCode).toBe(409);
    expect(last.json()).toMatchObject({ code: 'LAST_EVENT_ADMIN' });

    expect((await follow(await tokenMailedTo(invitee.email), 'accept')).headers.location).toBe(
      '/reviewer-invitation/accepted?role=event_admin',
    );
    const detail = (await (await as(invitee)).get(`/api/events/${event.publicId}/`)).json() as EventDto;
    expect(detail.abilities.manage_event_admins).toBe(true);
    expect(detail.event_admins.map((row) => row.public_id).sort()).toEqual([admin.publicId, invitee.publicId].sort());
  });
});
