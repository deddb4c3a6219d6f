import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { NOT_AUTHENTICATED, PERMISSION_DENIED } from '../../../test/error-bodies.ts';
import { type BuiltUser, buildAdmin, buildUser } from '../../../test/factories/index.ts';
import { createClient, lastMail, signedInClient, type TestClient } from '../../../test/http.ts';
import { auditLog, refreshTokens, users } from '../../db/schema/index.ts';

let app: TestApp;
let admin: BuiltUser;
let adminClient: TestClient;
beforeAll(async () => {
  app = await buildTestApp();
  admin = await buildAdmin(app);
  adminClient = await signedInClient(app, admin);
});
afterAll(async () => app.close());

async function row(id: number) {
  const [found] = await app.db.select().from(users).where(eq(users.id, id));
  return found;
}

async function openRefreshTokens(userId: number) {
  return app.db
    .select()
    .from(refreshTokens)
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

describe('GET /api/users/me/', () => {
  it('answers the signed-in user with roles, verification flag and status', async () => {
    const user = await buildUser(app, { firstName: 'Mona', lastName: 'Saleh' });
    const client = await signedInClient(app, user);
    const response = await client.get('/api/users/me/');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      email: user.email,
      first_name: 'Mona',
      last_name: 'Saleh',
      public_id: user.publicId,
      roles: [{ name: 'simple_user' }],
      email_verified: true,
      account_status: 'active',
    });
  });

  it('accepts a Bearer access token without cookies (no CSRF needed for Bearer-only calls)', async () => {
    const user = await buildUser(app);
    const client = await signedInClient(app, user);
    const token = client.cookie('access_token');
    const bare = createClient(app);
    const me = await bare.get('/api/users/me/', {
      headers: { authorization: `Bearer ${token}` },
      withoutCookies: true,
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().public_id).toBe(user.publicId);
    const put = await bare.put(
      '/api/users/profile/',
      { bio: 'Bearer bio' },
      { headers: { authorization: `Bearer ${token}` }, withoutCookies: true },
    );
    expect(put.statusCode).toBe(200);
    expect((await row(user.id))?.bio).toBe('Bearer bio');
  });

  it('answers 401 to anonymous callers and to forged or foreign tokens', async () => {
    const anonymous = await createClient(app).get('/api/users/me/');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual(NOT_AUTHENTICATED);
    const forged = await createClient(app).get('/api/users/me/', {
      headers: { authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.bad' },
    });
    expect(forged.statusCode).toBe(401);
  });
});

describe('users/profile/', () => {
  it('reads the profile', async () => {
    const user = await buildUser(app, { country: 'JO', affiliation: 'Petra Institute' });
    const client = await signedInClient(app, user);
    const response = await client.get('/api/users/profile/');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      first_name: user.firstName,
      last_name: user.lastName,
      email: user.email,
      country: 'JO',
      affiliation: 'Petra Institute',
      expertise: '',
      bio: '',
      website: null,
      email_verified: true,
      account_status: 'active',
      public_id: user.publicId,
    });
  });

  it('updates the listed fields only and ignores any other field', async () => {
    const user = await buildUser(app);
    const client = await signedInClient(app, user);
    const response = await client.put('/api/users/profile/', {
      first_name: 'Karim',
      last_name: 'Nasser',
      country: 'المغرب',
      affiliation: 'Mohammed V University',
      expertise: 'nlp,  machine learning ,, information retrieval',
      bio: 'b'.repeat(1000),
      website: 'https://karim.example.org/about',
      email: 'hijack@example.org',
      account_status: 'suspended',
      email_verified: false,
      is_admin: true,
      public_id: 'x',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      first_name: 'Karim',
      last_name: 'Nasser',
      country: 'MA',
      expertise: 'nlp, machine learning, information retrieval',
      website: 'https://karim.example.org/about',
      email: user.email,
      account_status: 'active',
      email_verified: true,
    });
    const stored = await row(user.id);
    expect(stored).toMatchObject({
      firstName: 'Karim',
      country: 'MA',
      email: user.email,
      accountStatus: 'active',
      emailVerified: true,
      isAdmin: false,
      publicId: user.publicId,
    });
    expect(stored?.bio).toHaveLength(1000);
    const audit = await app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(user.id)));
    expect(audit.map((entry) => entry.action)).toContain('user.profile_updated');
  });

  it('sends the values of message placeholders in field_params', async () => {
    const client = await signedInClient(app, await buildUser(app));
    const response = await client.put('/api/users/profile/', { bio: 'x'.repeat(1001), first_name: '' });
    expect(response.json()).toMatchObject({
      field_codes: { bio: ['validation.tooLong'], first_name: ['validation.blank'] },
      field_params: { bio: [{ maximum: 1000 }] },
    });
    expect(response.json().field_params.first_name).toBeUndefined();
  });

  it('clears the website with an empty string', async () => {
    const user = await buildUser(app);
    const client = await signedInClient(app, user);
    await client.put('/api/users/profile/', { website: 'http://site.example.com' });
    expect((await row(user.id))?.website).toBe('http://site.example.com');
    const response = await client.put('/api/users/profile/', { website: '' });
    expect(response.statusCode).toBe(200);
    expect(response.json().website).toBeNull();
    expect((await row(user.id))?.website).toBeNull();
  });

  it.each([
    [{ bio: 'x'.repeat(1001) }, 'bio', 'validation.tooLong', 'Ensure this field has no more than 1000 characters.'],
    [
      { website: 'ftp://files.example.org' },
      'website',
      'validation.invalidUrl',
      'Enter a valid URL starting with http:// or https://.',
    ],
    [
      { website: 'not a url' },
      'website',
      'validation.invalidUrl',
      'Enter a valid URL starting with http:// or https://.',
    ],
    [{ first_name: '  ' }, 'first_name', 'validation.blank', 'This field may not be blank.'],
    [{ country: 'Narnia' }, 'country', 'validation.invalidCountry', 'Select a valid country.'],
  ])('refuses %j', async (body, field, key, message) => {
    const user = await buildUser(app);
    const client = await signedInClient(app, user);
    const response = await client.put('/api/users/profile/', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { [field]: [message] },
      field_codes: { [field]: [key] },
    });
    const stored = await row(user.id);
    expect(stored?.bio).toBe('');
    expect(stored?.firstName).toBe(user.firstName);
    expect(stored?.country).toBe(user.country);
  });

  it('answers 401 to anonymous callers, before validating', async () => {
    expect((await createClient(app).get('/api/users/profile/')).json()).toEqual(NOT_AUTHENTICATED);
    const response = await createClient(app).put('/api/users/profile/', { bio: 'x'.repeat(2000) });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(NOT_AUTHENTICATED);
  });
});

describe('POST /api/users/change-password/', () => {
  const change = (client: TestClient, body: Record<string, unknown>) =>
    client.post('/api/users/change-password/', body);

  it('changes the password, ends the other sessions and keeps this one signed in', async () => {
    const user = await buildUser(app);
    const client = await signedInClient(app, user);
    const other = await signedInClient(app, user);
    const before = await row(user.id);
    const oldAccess = client.cookie('access_token');

    const response = await change(client, {
      current_password: user.password,
      new_password: 'Granite-Willow-83',
      confirm_password: 'Granite-Willow-83',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'users.passwordChanged' });
    expect(client.cookie('access_token')).not.toBe(oldAccess);

    const after = await row(user.id);
    expect(after?.passwordHash).not.toBe(before?.passwordHash);
    expect(after?.sessionsValidFrom.getTime()).toBeGreaterThan(before?.sessionsValidFrom.getTime() ?? 0);

    // This session goes on with its fresh cookies; the other one is over.
    expect((await client.get('/api/users/me/')).statusCode).toBe(200);
    expect((await client.post('/api/auth/refresh/', {})).statusCode).toBe(200);
    expect((await other.get('/api/users/me/')).statusCode).toBe(401);
    const otherRefresh = await other.post('/api/auth/refresh/', {});
    expect(otherRefresh.statusCode).toBe(401);
    expect(await openRefreshTokens(user.id)).toHaveLength(1);

    expect(
      (await createClient(app).post('/api/auth/login/', { email: user.email, password: user.password })).statusCode,
    ).toBe(401);
    expect((await createClient(app).login(user.email, 'Granite-Willow-83')).statusCode).toBe(200);
    expect((await lastMail(app, user.email, 'auth.password_changed')).subject).toBeTruthy();
    const audit = await app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(user.id)));
    expect(audit.map((entry) => entry.action)).toContain('user.password_changed');
  });

  it('refuses a wrong current password', async () => {
    const user = await buildUser(app);
    const client = await signedInClient(app, user);
    const response = await change(client, {
      current_password: 'Not-My-Password-1',
      new_password: 'Granite-Willow-83',
      confirm_password: 'Granite-Willow-83',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: 'Current password is incorrect',
      field_codes: { current_password: ['auth.currentPasswordIncorrect'] },
    });
    expect((await row(user.id))?.passwordHash).toBe(user.passwordHash);
  });

  it('refuses a confirmation that differs', async () => {
    const user = await buildUser(app);
    const client = await signedInClient(app, user);
    const response = await change(client, {
      current_password: user.password,
      new_password: 'Granite-Willow-83',
      confirm_password: 'Granite-Willow-84',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      field_codes: { confirm_password: ['auth.passwordsDoNotMatch'] },
    });
    expect((await row(user.id))?.passwordHash).toBe(user.passwordHash);
  });

  it.each([
    ['short1!', 'auth.passwordTooShort'],
    ['12345678901', 'auth.passwordEntirelyNumeric'],
    ['iloveyou', 'auth.passwordTooCommon'],
  ])('applies the password rules (%s)', async (password, key) => {
    const user = await buildUser(app);
    const client = await signedInClient(app, user);
    const response = await change(client, {
      current_password: user.password,
      new_password: password,
      confirm_password: password,
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.field_codes.new_password).toContain(key);
    expect(Array.isArray(body.error)).toBe(true);
    expect(body.error.length).toBeGreaterThan(0);
    expect((await row(user.id))?.passwordHash).toBe(user.passwordHash);
  });

  it('requires all three fields', async () => {
    const user = await buildUser(app);
    const client = await signedInClient(app, user);
    const response = await change(client, { new_password: 'Granite-Willow-83' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: ['This field is required.'],
      field_codes: { current_password: ['validation.required'], confirm_password: ['validation.required'] },
    });
  });

  it('answers 401 to anonymous callers', async () => {
    const response = await createClient(app).post('/api/users/change-password/', {});
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(NOT_AUTHENTICATED);
  });
});

describe('GET /api/users/statistics/', () => {
  it("answers the caller's activity, zeros until there is any", async () => {
    const user = await buildUser(app, { createdAt: new Date('2024-03-05T10:00:00Z') });
    const client = await signedInClient(app, user);
    const response = await client.get('/api/users/statistics/');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      reviews_completed: 0,
      submissions: 0,
      events_participated: 0,
      member_since: '2024-03-05',
    });
    expect((await createClient(app).get('/api/users/statistics/')).statusCode).toBe(401);
  });
});

describe('POST /api/users/verify-email/ (e-mail existence check)', () => {
  it('tells a signed-in user whether an address is registered, in any letter case', async () => {
    const user = await buildUser(app);
    const other = await buildUser(app);
    const client = await signedInClient(app, user);
    const found = await client.post('/api/users/verify-email/', { email: other.email.toUpperCase() });
    expect(found.statusCode).toBe(200);
    expect(found.json()).toEqual({ exists: true, message: 'User found' });
    const missing = await client.post('/api/users/verify-email/', { email: 'nobody-here@example.org' });
    expect(missing.json()).toEqual({ exists: false, message: 'No user found with this email' });
  });

  it('needs a session', async () => {
    const response = await createClient(app).post('/api/users/verify-email/', { email: admin.email });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(NOT_AUTHENTICATED);
  });

  it('is rate limited: 30 checks per 15 minutes', async () => {
    const user = await buildUser(app);
    const client = await signedInClient(app, user);
    for (let i = 0; i < 30; i += 1) {
      expect((await client.post('/api/users/verify-email/', { email: `probe${i}@example.org` })).statusCode).toBe(200);
    }
    const limited = await client.post('/api/users/verify-email/', { email: admin.email });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    // Another user keeps an allowance of their own.
    const fresh = await signedInClient(app, await buildUser(app));
    expect((await fresh.post('/api/users/verify-email/', { email: admin.email })).statusCode).toBe(200);
  });

  it('needs the CSRF token', async () => {
    const client = await signedInClient(app, await buildUser(app));
    const response = await client.post('/api/users/verify-email/', { email: admin.email }, { skipCsrf: true });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('CSRF_FAILED');
  });
});

describe('admin routes refuse anonymous callers (401) and non-admins (403)', () => {
  it.each([
    ['GET', '/api/users/'],
    ['GET', '/api/users/{id}/statistics/'],
    ['PATCH', '/api/users/{id}/'],
    ['DELETE', '/api/users/{id}/delete/'],
  ] as const)('%s %s', async (method, path) => {
    const target = await buildUser(app);
    const url = path.replace('{id}', target.publicId);
    const body = method === 'PATCH' ? { account_status: 'suspended' } : undefined;
    const anonymous = await createClient(app).request(method, url, body);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual(NOT_AUTHENTICATED);
    const outsider = await signedInClient(app, await buildUser(app));
    const refused = await outsider.request(method, url, body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(PERMISSION_DENIED);
    expect(await row(target.id)).toMatchObject({ accountStatus: 'active' });
  });
});

describe('GET /api/users/ (admin)', () => {
  it('lists users with their statistics, paginated, and searches', async () => {
    const tag = `zeta${Date.now().toString(36)}`;
    const created = [];
    for (let i = 0; i < 3; i += 1) {
      created.push(await buildUser(app, { email: `${tag}.${i}@example.org`, lastName: `Zeta${i}` }));
    }
    const response = await adminClient.get(`/api/users/?search=${tag}&page_size=2`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.count).toBe(3);
    expect(body.results).toHaveLength(2);
    expect(body.previous).toBeNull();
    expect(body.next).toBe(`${app.config.publicUrl}/api/users/?search=${tag}&page_size=2&page=2`);
    const newest = created[2];
    expect(body.results[0]).toEqual({
      public_id: newest?.publicId,
      email: newest?.email,
      first_name: newest?.firstName,
      last_name: newest?.lastName,
      email_verified: true,
      account_status: 'active',
      is_admin: false,
      date_joined: newest?.createdAt.toISOString(),
      statistics: {
        reviews_completed: 0,
        submissions: 0,
        events_participated: 0,
        member_since: newest?.createdAt.toISOString().slice(0, 10),
      },
    });

    const second = await adminClient.get(`/api/users/?search=${tag}&page_size=2&page=2`);
    expect(second.json().results).toHaveLength(1);
    expect(second.json().next).toBeNull();
    expect(second.json().previous).toBe(`${app.config.publicUrl}/api/users/?search=${tag}&page_size=2&page=1`);

    const byName = await adminClient.get('/api/users/?search=ZETA1');
    expect(byName.json().results.map((user: { email: string }) => user.email)).toContain(`${tag}.1@example.org`);
    const escaped = await adminClient.get('/api/users/?search=%25');
    expect(escaped.json().count).toBe(0);
  });

  it('defaults to 25 a page and refuses more than 100', async () => {
    const list = await adminClient.get('/api/users/');
    expect(list.statusCode).toBe(200);
    expect(list.json().results.length).toBeLessThanOrEqual(25);
    const tooMany = await adminClient.get('/api/users/?page_size=101');
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().code).toBe('VALIDATION_ERROR');
    expect(tooMany.json().fields.page_size).toBeDefined();
  });

  it('costs the same number of queries for 1 and for 3 users (no N+1)', async () => {
    const counting = await buildTestApp();
    try {
      const countingAdmin = await buildAdmin(counting);
      const client = await signedInClient(counting, countingAdmin);
      const driver = (counting.db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } })
        .$client;
      const original = driver.query;
      let queries = 0;
      driver.query = function countedQuery(this: unknown, ...args: unknown[]) {
        queries += 1;
        return original.apply(this, args);
      };
      const measure = async () => {
        queries = 0;
        const response = await client.get('/api/users/?page_size=100');
        expect(response.statusCode).toBe(200);
        return { queries, listed: response.json().results.length };
      };
      try {
        const one = await measure();
        expect(one.listed).toBe(1);
        await buildUser(counting);
        await buildUser(counting);
        const three = await measure();
        expect(three.listed).toBe(3);
        expect(three.queries).toBe(one.queries);
        expect(one.queries).toBeGreaterThan(0);
      } finally {
        driver.query = original;
      }
    } finally {
      await counting.close();
    }
  });
});

describe('GET /api/users/{id}/statistics/', () => {
  it('answers an admin, and the user themself, by public id or numeric id', async () => {
    const user = await buildUser(app);
    const byAdmin = await adminClient.get(`/api/users/${user.publicId}/statistics/`);
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json()).toMatchObject({ reviews_completed: 0, submissions: 0, events_participated: 0 });
    expect((await adminClient.get(`/api/users/${user.id}/statistics/`)).statusCode).toBe(200);
    const self = await signedInClient(app, user);
    expect((await self.get(`/api/users/${user.publicId}/statistics/`)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown user or a wrong public id suffix', async () => {
    expect((await adminClient.get('/api/users/999999-abcdefgh/statistics/')).statusCode).toBe(404);
    const user = await buildUser(app);
    expect((await adminClient.get(`/api/users/${user.id}-zzzzzzzz/statistics/`)).statusCode).toBe(404);
    expect((await adminClient.get('/api/users/not-an-id/statistics/')).statusCode).toBe(404);
  });
});

describe('PATCH /api/users/{id}/ (admin)', () => {
  it('suspends a user: their access token stops working on the next request and their sessions end', async () => {
    const user = await buildUser(app);
    const client = await signedInClient(app, user);
    expect((await client.get('/api/users/me/')).statusCode).toBe(200);

    const response = await adminClient.patch(`/api/users/${user.publicId}/`, { account_status: 'suspended' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      public_id: user.publicId,
      account_status: 'suspended',
      email_verified: true,
    });
    expect((await row(user.id))?.accountStatus).toBe('suspended');

    expect((await client.get('/api/users/me/')).statusCode).toBe(401);
    expect(await openRefreshTokens(user.id)).toHaveLength(0);
    expect((await client.post('/api/auth/refresh/', {})).statusCode).toBe(401);
    const login = await createClient(app).post('/api/auth/login/', { email: user.email, password: user.password });
    expect(login.json().code).toBe('ACCOUNT_SUSPENDED');

    const [entry] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(user.id)), eq(auditLog.action, 'user.admin_updated')));
    expect(entry?.actorId).toBe(admin.id);
    expect(entry?.data).toMatchObject({
      before: { account_status: 'active' },
      after: { account_status: 'suspended' },
    });

    const restored = await adminClient.patch(`/api/users/${user.publicId}/`, { account_status: 'active' });
    expect(restored.json().account_status).toBe('active');
    expect((await createClient(app).login(user.email, user.password)).statusCode).toBe(200);
  });

  it('sets the e-mail-verified flag', async () => {
    const user = await buildUser(app, { emailVerified: false });
    const response = await adminClient.patch(`/api/users/${user.publicId}/`, { email_verified: true });
    expect(response.statusCode).toBe(200);
    expect(response.json().email_verified).toBe(true);
    expect((await row(user.id))?.emailVerified).toBe(true);
    const actions = await app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(user.id)));
    expect(actions.map((entry) => entry.action).sort()).toEqual(['user.admin_updated', 'user.email_verified']);
  });

  it('ignores other fields and refuses an unknown status', async () => {
    const user = await buildUser(app);
    const ignored = await adminClient.patch(`/api/users/${user.publicId}/`, { email: 'x@example.org', is_admin: true });
    expect(ignored.statusCode).toBe(200);
    expect(await row(user.id)).toMatchObject({ email: user.email, isAdmin: false });
    const refused = await adminClient.patch(`/api/users/${user.publicId}/`, { account_status: 'banned' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ field_codes: { account_status: ['validation.invalidChoice'] } });
  });

  it("refuses to change the admin's own status", async () => {
    const response = await adminClient.patch(`/api/users/${admin.publicId}/`, { account_status: 'inactive' });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('CANNOT_CHANGE_OWN_STATUS');
    expect((await row(admin.id))?.accountStatus).toBe('active');
  });

  it('answers 404 for an unknown user', async () => {
    const response = await adminClient.patch('/api/users/999999-abcdefgh/', { account_status: 'active' });
    expect(response.statusCode).toBe(404);
  });
});

describe('DELETE /api/users/{id}/delete/ (admin)', () => {
  it('deletes the user and keeps the audit rows they wrote, with the actor set to null', async () => {
    const user = await buildUser(app);
    const client = await signedInClient(app, user);
    expect((await client.put('/api/users/profile/', { bio: 'soon gone' })).statusCode).toBe(200);
    const [written] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, user.id), eq(auditLog.action, 'user.profile_updated')));
    expect(written).toBeDefined();

    const response = await adminClient.delete(`/api/users/${user.publicId}/delete/`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'users.userDeleted' });
    expect(await row(user.id)).toBeUndefined();
    expect(await app.db.select().from(refreshTokens).where(eq(refreshTokens.userId, user.id))).toHaveLength(0);

    const [kept] = await app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.id, written?.id ?? 0));
    expect(kept).toMatchObject({ actorId: null, action: 'user.profile_updated', entityId: String(user.id) });
    const [deletion] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(user.id)), eq(auditLog.action, 'user.deleted')));
    expect(deletion?.actorId).toBe(admin.id);

    expect((await client.get('/api/users/me/')).statusCode).toBe(401);
    expect((await adminClient.delete(`/api/users/${user.publicId}/delete/`)).statusCode).toBe(404);
  });

  it('refuses to delete yourself', async () => {
    await buildAdmin(app); // so that the refusal is about the self, not about the last admin
    const response = await adminClient.delete(`/api/users/${admin.publicId}/delete/`);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      detail: 'You cannot delete your own account.',
      code: 'CANNOT_DELETE_SELF',
      message_code: 'accounts.cannotDeleteSelf',
    });
    expect(await row(admin.id)).toBeDefined();
  });

  it('refuses to delete the last platform admin', async () => {
    const lonely = await buildTestApp();
    try {
      const onlyAdmin = await buildAdmin(lonely);
      const client = await signedInClient(lonely, onlyAdmin);
      const response = await client.delete(`/api/users/${onlyAdmin.publicId}/delete/`);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        detail: 'The last platform admin cannot be deleted.',
        code: 'LAST_ADMIN',
        message_code: 'accounts.lastAdmin',
      });
      // With a second admin, the first can be deleted by the second.
      const second = await buildAdmin(lonely);
      const secondClient = await signedInClient(lonely, second);
      expect((await secondClient.delete(`/api/users/${onlyAdmin.publicId}/delete/`)).statusCode).toBe(200);
    } finally {
      await lonely.close();
    }
  });
});
