import crypto from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { buildUser } from '../../../test/factories/index.ts';
import { createClient, lastMail, linkIn, mailsTo, type TestClient } from '../../../test/http.ts';
import { auditLog, oneTimeTokens, refreshTokens, users } from '../../db/schema/index.ts';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => app.close());

const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex');
let counter = 0;
const uniqueEmail = (prefix = 'person') => `${prefix}.${Date.now().toString(36)}${++counter}@example.org`;

function registration(overrides: Record<string, unknown> = {}) {
  return {
    email: uniqueEmail(),
    password: 'Vivid-Orchard-73',
    password2: 'Vivid-Orchard-73',
    first_name: 'Layla',
    last_name: 'Haddad',
    country: 'Egypt',
    affiliation: 'Cairo University',
    ...overrides,
  };
}

async function userByEmail(email: string) {
  const [row] = await app.db.select().from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row;
}

async function auditActions(entityId: number) {
  const rows = await app.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.entityId, String(entityId)));
  return rows.map((row) => row.action);
}

/** The cookie as the server set it on this response. */
function setCookie(response: { cookies: unknown[] }, name: string) {
  const cookies = response.cookies as {
    name: string;
    value: string;
    maxAge?: number;
    httpOnly?: boolean;
    sameSite?: string;
    path?: string;
    secure?: boolean;
    expires?: Date;
  }[];
  return cookies.find((cookie) => cookie.name === name);
}

describe('POST /api/auth/register/', () => {
  it('creates an unverified, active account, stores the country code and queues a verification mail', async () => {
    const client = createClient(app);
    const body = registration();
    const response = await client.post('/api/auth/register/', body);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      message: 'auth.registrationSuccess',
      user: { email: body.email, first_name: 'Layla', last_name: 'Haddad' },
    });

    const user = await userByEmail(body.email);
    expect(user).toMatchObject({
      emailVerified: false,
      accountStatus: 'active',
      country: 'EG',
      affiliation: 'Cairo University',
      isAdmin: false,
    });
    expect(user.passwordHash).toMatch(/^scrypt\$/);
    expect(user.passwordHash).not.toContain(body.password);

    const mail = await lastMail(app, body.email, 'auth.verify_email');
    const link = linkIn(mail, '/verify-email');
    expect(`${link.origin}`).toBe(app.config.publicUrl);
    const token = link.searchParams.get('token');
    expect(token).toBeTruthy();
    const tokens = await app.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.userId, user.id));
    expect(tokens).toHaveLength(1);
    expect(tokens[0]?.purpose).toBe('verify_email');
    expect(tokens[0]?.tokenHash).toBe(sha256(token ?? ''));
    expect(tokens[0]?.tokenHash).not.toBe(token);
    const hours = ((tokens[0]?.expiresAt.getTime() ?? 0) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(47.9);
    expect(hours).toBeLessThanOrEqual(48);
    expect(await auditActions(user.id)).toContain('user.registered');
  });

  it.each([
    ['eg', 'EG'],
    ['مصر', 'EG'],
    ['United States', 'US'],
    ["cote d'ivoire", 'CI'],
  ])('accepts the country %s and stores %s', async (country, code) => {
    const body = registration({ country });
    const response = await createClient(app).post('/api/auth/register/', body);
    expect(response.statusCode).toBe(201);
    expect((await userByEmail(body.email)).country).toBe(code);
  });

  it('reports every missing field at once', async () => {
    const response = await createClient(app).post('/api/auth/register/', {});
    expect(response.statusCode).toBe(400);
    const fields = ['email', 'password', 'password2', 'first_name', 'last_name', 'country', 'affiliation'];
    const body = response.json();
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(Object.keys(body.fields).sort()).toEqual([...fields].sort());
    for (const field of fields) {
      expect(body.fields[field]).toEqual(['This field is required.']);
      expect(body.field_codes[field]).toEqual(['validation.required']);
    }
  });

  it('refuses blank fields and a malformed e-mail', async () => {
    const response = await createClient(app).post(
      '/api/auth/register/',
      registration({ email: 'not-an-email', first_name: '   ' }),
    );
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.fields.email).toEqual(['Enter a valid email address.']);
    expect(body.field_codes.email).toEqual(['validation.invalidEmail']);
    expect(body.fields.first_name).toEqual(['This field may not be blank.']);
    expect(body.field_codes.first_name).toEqual(['validation.blank']);
  });

  it('refuses an unknown country', async () => {
    const response = await createClient(app).post('/api/auth/register/', registration({ country: 'Atlantis' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { country: ['Select a valid country.'] },
      field_codes: { country: ['validation.invalidCountry'] },
    });
  });

  it('refuses a password confirmation that differs', async () => {
    const body = registration({ password2: 'Vivid-Orchard-74' });
    const response = await createClient(app).post('/api/auth/register/', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { password2: ["The two password fields didn't match."] },
      field_codes: { password2: ['auth.passwordsDoNotMatch'] },
    });
    expect(await app.db.select().from(users).where(eq(users.email, body.email))).toHaveLength(0);
  });

  it.each([
    [
      'too short',
      'Xy7#kq',
      'auth.passwordTooShort',
      'This password is too short. It must contain at least 8 characters.',
    ],
    ['entirely numeric', '90417328365', 'auth.passwordEntirelyNumeric', 'This password is entirely numeric.'],
    ['too common', 'sunshine1', 'auth.passwordTooCommon', 'This password is too common.'],
    ['too common (l33t)', 'P@ssw0rd', 'auth.passwordTooCommon', 'This password is too common.'],
    [
      'too similar to the e-mail',
      'zanzibar.quill',
      'auth.passwordTooSimilarToEmail',
      'The password is too similar to the email address.',
    ],
    [
      'too similar to the first name',
      'LaylaX77',
      'auth.passwordTooSimilarToFirstName',
      'The password is too similar to the first name.',
    ],
  ])('refuses a password that is %s', async (_label, password, key, message) => {
    const body = registration({ password, password2: password, email: `zanzibar.quill${++counter}@example.org` });
    const response = await createClient(app).post('/api/auth/register/', body);
    expect(response.statusCode).toBe(400);
    const answer = response.json();
    expect(answer.code).toBe('VALIDATION_ERROR');
    expect(answer.field_codes.password).toContain(key);
    expect(answer.fields.password).toContain(message);
    expect(answer.fields.password).toHaveLength(answer.field_codes.password.length);
    expect(await app.db.select().from(users).where(eq(users.email, body.email))).toHaveLength(0);
  });

  it('reports the password rules together with the schema problems', async () => {
    const response = await createClient(app).post('/api/auth/register/', {
      email: uniqueEmail(),
      password: '1234',
      password2: '1234',
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.field_codes.first_name).toEqual(['validation.required']);
    expect(body.field_codes.password).toEqual([
      'auth.passwordTooShort',
      'auth.passwordTooCommon',
      'auth.passwordEntirelyNumeric',
    ]);
  });

  it('refuses an e-mail already registered in another letter case with EMAIL_EXISTS', async () => {
    const existing = await buildUser(app, { email: uniqueEmail('Taken') });
    const response = await createClient(app).post(
      '/api/auth/register/',
      registration({ email: existing.email.toUpperCase() }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'EMAIL_EXISTS',
      fields: { email: ['A user with this email already exists.'] },
      field_codes: { email: ['auth.emailAlreadyExists'] },
    });
  });

  it('needs the CSRF token', async () => {
    const body = registration();
    const response = await createClient(app).post('/api/auth/register/', body, { skipCsrf: true });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      detail: 'CSRF Failed: CSRF token missing or incorrect.',
      code: 'CSRF_FAILED',
      message_code: 'http.csrfFailed',
    });
    expect(await app.db.select().from(users).where(eq(users.email, body.email))).toHaveLength(0);
  });

  it('is rate limited per address: the 11th registration in an hour gets 429', async () => {
    const client = createClient(app);
    for (let i = 0; i < 10; i += 1) {
      const response = await client.post('/api/auth/register/', { email: 'x' });
      expect(response.statusCode).toBe(400);
    }
    const body = registration();
    const limited = await client.post('/api/auth/register/', body);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    expect(await app.db.select().from(users).where(eq(users.email, body.email))).toHaveLength(0);
    // Another address is not affected.
    expect((await createClient(app).post('/api/auth/register/', registration())).statusCode).toBe(201);
  });
});

async function registerAndGetToken(client: TestClient, overrides: Record<string, unknown> = {}) {
  const body = registration(overrides);
  const response = await client.post('/api/auth/register/', body);
  expect(response.statusCode).toBe(201);
  const token = linkIn(await lastMail(app, body.email, 'auth.verify_email'), '/verify-email').searchParams.get('token');
  if (!token) throw new Error('no token');
  return { body, token };
}

describe('e-mail verification', () => {
  it('verifies with the mailed link, once, and only then lets the user sign in', async () => {
    const client = createClient(app);
    const { body, token } = await registerAndGetToken(client);

    const refused = await client.post('/api/auth/login/', { email: body.email, password: body.password });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('EMAIL_NOT_VERIFIED');

    const verified = await client.post('/api/auth/verify-email/', { token });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ message: 'auth.emailVerified' });
    const user = await userByEmail(body.email);
    expect(user.emailVerified).toBe(true);
    const [row] = await app.db
      .select()
      .from(oneTimeTokens)
      .where(eq(oneTimeTokens.tokenHash, sha256(token)));
    expect(row?.usedAt).toBeInstanceOf(Date);
    expect(await auditActions(user.id)).toContain('user.email_verified');

    const again = await client.post('/api/auth/verify-email/', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('TOKEN_INVALID');

    const login = await client.post('/api/auth/login/', { email: body.email, password: body.password });
    expect(login.statusCode).toBe(200);
  });

  it('refuses an expired token', async () => {
    const { body, token } = await registerAndGetToken(createClient(app));
    await app.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeTokens.tokenHash, sha256(token)));
    const response = await createClient(app).post('/api/auth/verify-email/', { token });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'TOKEN_INVALID' });
    expect((await userByEmail(body.email)).emailVerified).toBe(false);
  });

  it('refuses an unknown token and a missing one', async () => {
    const client = createClient(app);
    const unknown = await client.post('/api/auth/verify-email/', { token: 'not-a-real-token' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('TOKEN_INVALID');
    const missing = await client.post('/api/auth/verify-email/', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'VALIDATION_ERROR', field_codes: { token: ['validation.required'] } });
  });

  it('resends a mail only to an unverified account, answering the same in every case', async () => {
    const client = createClient(app);
    const { body } = await registerAndGetToken(client);
    const verifiedUser = await buildUser(app);
    const before = (await mailsTo(app, body.email)).length;

    for (const email of [body.email, verifiedUser.email, uniqueEmail('nobody')]) {
      const response = await client.post('/api/auth/resend-verification/', { email });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: 'auth.verificationEmailSent' });
    }
    expect((await mailsTo(app, body.email)).length).toBe(before + 1);
    expect(await mailsTo(app, verifiedUser.email)).toHaveLength(0);

    // The newest link works.
    const token = linkIn(await lastMail(app, body.email, 'auth.verify_email'), '/verify-email').searchParams.get(
      'token',
    );
    expect((await client.post('/api/auth/verify-email/', { token })).statusCode).toBe(200);
  });

  it('rate limits resending', async () => {
    const client = createClient(app);
    for (let i = 0; i < 5; i += 1) {
      expect((await client.post('/api/auth/resend-verification/', { email: uniqueEmail() })).statusCode).toBe(200);
    }
    const limited = await client.post('/api/auth/resend-verification/', { email: uniqueEmail() });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
  });
});

describe('POST /api/auth/login/', () => {
  it('signs in, sets both cookies and stores only the hash of the refresh token', async () => {
    const user = await buildUser(app, { firstName: 'Omar', lastName: 'Farouk' });
    const client = createClient(app);
    const response = await client.post('/api/auth/login/', {
      email: user.email.toUpperCase(),
      password: user.password,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      email: user.email,
      first_name: 'Omar',
      last_name: 'Farouk',
      public_id: user.publicId,
      roles: [{ name: 'simple_user' }],
    });

    const access = setCookie(response, 'access_token');
    const refresh = setCookie(response, 'refresh_token');
    expect(access).toMatchObject({ httpOnly: true, sameSite: 'Lax', maxAge: 900, path: '/' });
    expect(refresh).toMatchObject({ httpOnly: true, sameSite: 'Lax', maxAge: 604800, path: '/' });
    expect(access?.secure).toBeFalsy();
    expect(response.headers['set-cookie']?.toString()).toMatch(/access_token=[^;]+;.*HttpOnly/);

    const claims = decodeJwt(access?.value ?? '');
    const row = await userByEmail(user.email);
    expect(claims.sub).toBe(String(user.id));
    expect(claims.sv).toBe(row.sessionsValidFrom.getTime());
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(900);
    expect(row.lastLoginAt).toBeInstanceOf(Date);

    const tokens = await app.db.select().from(refreshTokens).where(eq(refreshTokens.userId, user.id));
    expect(tokens).toHaveLength(1);
    expect(tokens[0]?.jtiHash).toBe(sha256(refresh?.value ?? ''));
    expect(tokens[0]?.jtiHash).not.toBe(refresh?.value);
    const days = ((tokens[0]?.expiresAt.getTime() ?? 0) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);

    const me = await client.get('/api/users/me/');
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe(user.email);
  });

  it('lists the admin role for a platform admin', async () => {
    const admin = await buildUser(app, { isAdmin: true });
    const response = await createClient(app).post('/api/auth/login/', { email: admin.email, password: admin.password });
    expect(response.json().roles).toEqual([{ name: 'simple_user' }, { name: 'admin' }]);
  });

  it('sets Secure cookies in production', async () => {
    const production = await buildTestApp({ isProduction: true });
    try {
      const user = await buildUser(production);
      const response = await createClient(production).post('/api/auth/login/', {
        email: user.email,
        password: user.password,
      });
      expect(response.statusCode).toBe(200);
      expect(setCookie(response, 'access_token')?.secure).toBe(true);
      expect(setCookie(response, 'refresh_token')?.secure).toBe(true);
    } finally {
      await production.close();
    }
  });

  it('answers a wrong password and an unknown e-mail alike', async () => {
    const user = await buildUser(app);
    const client = createClient(app);
    for (const credentials of [
      { email: user.email, password: 'Wrong-Password-1' },
      { email: uniqueEmail('ghost'), password: user.password },
    ]) {
      const response = await client.post('/api/auth/login/', credentials);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        detail: 'No active account found with the given credentials',
        code: 'INVALID_CREDENTIALS',
        message_code: 'sessions.invalidCredentials',
      });
      expect(setCookie(response, 'access_token')).toBeUndefined();
    }
    expect((await userByEmail(user.email)).lastLoginAt).toBeNull();
  });

  it.each([
    ['suspended', 'ACCOUNT_SUSPENDED'],
    ['inactive', 'ACCOUNT_INACTIVE'],
    ['pending', 'ACCOUNT_INACTIVE'],
  ] as const)('refuses a %s account with %s, but only after the password is right', async (status, code) => {
    const user = await buildUser(app, { accountStatus: status });
    const client = createClient(app);
    const wrong = await client.post('/api/auth/login/', { email: user.email, password: 'Wrong-Password-1' });
    expect(wrong.statusCode).toBe(401);
    const right = await client.post('/api/auth/login/', { email: user.email, password: user.password });
    expect(right.statusCode).toBe(403);
    expect(right.json().code).toBe(code);
    expect(setCookie(right, 'access_token')).toBeUndefined();
  });

  it('requires both fields', async () => {
    const response = await createClient(app).post('/api/auth/login/', { email: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      field_codes: { email: ['validation.blank'], password: ['validation.required'] },
    });
  });
  // The sign-in limits are tested in login-throttle.test.ts.
});

describe('POST /api/auth/refresh/', () => {
  it('rotates the pair within the family and marks the old token replaced', async () => {
    const user = await buildUser(app);
    const client = createClient(app);
    await client.login(user.email, user.password);
    const oldRefresh = client.cookie('refresh_token') ?? '';
    const oldAccess = client.cookie('access_token') ?? '';

    const response = await client.post('/api/auth/refresh/', {});
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'auth.tokenRefreshed' });
    const newRefresh = client.cookie('refresh_token') ?? '';
    expect(newRefresh).not.toBe(oldRefresh);
    expect(client.cookie('access_token')).not.toBe(oldAccess);
    expect(setCookie(response, 'refresh_token')).toMatchObject({ httpOnly: true, sameSite: 'Lax', maxAge: 604800 });

    const [oldRow] = await app.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.jtiHash, sha256(oldRefresh)));
    const [newRow] = await app.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.jtiHash, sha256(newRefresh)));
    expect(newRow).toBeDefined();
    expect(oldRow?.replacedBy).toBe(newRow?.id);
    expect(newRow?.familyId).toBe(oldRow?.familyId);
    expect(newRow?.revokedAt).toBeNull();
    expect((await client.get('/api/users/me/')).statusCode).toBe(200);
  });

  it('revokes the whole family when a rotated token is presented again', async () => {
    const user = await buildUser(app);
    const client = createClient(app);
    await client.login(user.email, user.password);
    const stolen = client.cookie('refresh_token') ?? '';
    expect((await client.post('/api/auth/refresh/', {})).statusCode).toBe(200);
    const current = client.cookie('refresh_token') ?? '';

    const thief = createClient(app);
    thief.setCookie('refresh_token', stolen);
    const reuse = await thief.post('/api/auth/refresh/', {});
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toEqual({
      detail: 'Token is blacklisted',
      code: 'TOKEN_BLACKLISTED',
      message_code: 'sessions.tokenBlacklisted',
    });

    const family = await app.db.select().from(refreshTokens).where(eq(refreshTokens.userId, user.id));
    expect(family).toHaveLength(2);
    for (const row of family) expect(row.revokedAt).toBeInstanceOf(Date);

    const legit = await client.post('/api/auth/refresh/', {});
    expect(legit.statusCode).toBe(401);
    expect(legit.json().code).toBe('TOKEN_BLACKLISTED');
    expect(client.cookie('refresh_token')).toBeUndefined();
    expect(current).not.toBe(stolen);
  });

  it('answers 401 TOKEN_INVALID for unknown, missing and expired tokens', async () => {
    const client = createClient(app);
    client.setCookie('refresh_token', 'made-up-token');
    const unknown = await client.post('/api/auth/refresh/', {});
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({
      detail: 'Token is invalid or expired',
      code: 'TOKEN_INVALID',
      message_code: 'sessions.tokenInvalid',
    });

    const missing = await createClient(app).post('/api/auth/refresh/', {});
    expect(missing.statusCode).toBe(401);
    expect(missing.json().code).toBe('TOKEN_INVALID');

    const user = await buildUser(app);
    const signedIn = createClient(app);
    await signedIn.login(user.email, user.password);
    await app.db
      .update(refreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokens.userId, user.id));
    const expired = await signedIn.post('/api/auth/refresh/', {});
    expect(expired.statusCode).toBe(401);
    expect(expired.json().code).toBe('TOKEN_INVALID');
  });

  it('accepts the token in the body and then answers the new pair in the body', async () => {
    const user = await buildUser(app);
    const browser = createClient(app);
    await browser.login(user.email, user.password);
    const refresh = browser.cookie('refresh_token');
    const cli = createClient(app);
    const response = await cli.post('/api/auth/refresh/', { refresh });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.message).toBe('auth.tokenRefreshed');
    expect(body.refresh).toBe(cli.cookie('refresh_token'));
    const me = await createClient(app).get('/api/users/me/', { headers: { authorization: `Bearer ${body.access}` } });
    expect(me.statusCode).toBe(200);
  });

  it('refuses to refresh the session of a suspended user', async () => {
    const user = await buildUser(app);
    const client = createClient(app);
    await client.login(user.email, user.password);
    await app.db.update(users).set({ accountStatus: 'suspended' }).where(eq(users.id, user.id));
    const response = await client.post('/api/auth/refresh/', {});
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('TOKEN_INVALID');
  });
});

describe('POST /api/auth/logout/', () => {
  it('revokes the session family and clears both cookies', async () => {
    const user = await buildUser(app);
    const client = createClient(app);
    await client.login(user.email, user.password);
    const refresh = client.cookie('refresh_token') ?? '';
    const response = await client.post('/api/auth/logout/');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'auth.logoutSuccess' });
    for (const name of ['access_token', 'refresh_token']) {
      const cleared = setCookie(response, name);
      expect(cleared?.value).toBe('');
      expect(cleared?.expires?.getTime() ?? (cleared?.maxAge ?? 1) * 1000).toBeLessThanOrEqual(Date.now());
    }
    expect(client.cookie('access_token')).toBeUndefined();
    const rows = await app.db
      .select()
      .from(refreshTokens)
      .where(and(eq(refreshTokens.userId, user.id), isNull(refreshTokens.revokedAt)));
    expect(rows).toHaveLength(0);

    const replay = createClient(app);
    replay.setCookie('refresh_token', refresh);
    const again = await replay.post('/api/auth/refresh/', {});
    expect(again.statusCode).toBe(401);
    expect(again.json().code).toBe('TOKEN_BLACKLISTED');
  });

  it("ends the session's access token at once, by cookie and Bearer, and leaves the user's other sessions", async () => {
    const user = await buildUser(app);
    const laptop = createClient(app);
    await laptop.login(user.email, user.password);
    const phone = createClient(app);
    await phone.login(user.email, user.password);
    const access = laptop.cookie('access_token') ?? '';
    const refresh = laptop.cookie('refresh_token') ?? '';
    const sessionOf = async (token: string) => {
      const [row] = await app.db
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.jtiHash, sha256(token)));
      return row?.familyId;
    };
    expect(decodeJwt(access).sid).toBe(await sessionOf(refresh));

    expect((await laptop.post('/api/auth/logout/')).statusCode).toBe(200);

    const replay = createClient(app);
    const presented: Record<string, string>[] = [
      { cookie: `access_token=${access}` },
      { authorization: `Bearer ${access}` },
    ];
    for (const headers of presented) {
      const me = await replay.get('/api/users/me/', { headers });
      expect(me.statusCode).toBe(401);
      expect(me.json()).toEqual({
        detail: 'Authentication credentials were not provided.',
        code: 'NOT_AUTHENTICATED',
        message_code: 'http.notAuthenticated',
      });
    }
    replay.setCookie('refresh_token', refresh);
    expect((await replay.post('/api/auth/refresh/', {})).statusCode).toBe(401);

    const still = await phone.get('/api/users/me/');
    expect(still.statusCode).toBe(200);
    expect(still.json().email).toBe(user.email);
    expect((await phone.post('/api/auth/refresh/', {})).statusCode).toBe(200);
    const open = await app.db
      .select()
      .from(refreshTokens)
      .where(and(eq(refreshTokens.userId, user.id), isNull(refreshTokens.revokedAt)));
    expect(open.map((row) => row.familyId)).toEqual([await sessionOf(phone.cookie('refresh_token') ?? '')]);
  });

  it('ends the session of a Bearer access token sent without its refresh token', async () => {
    const user = await buildUser(app);
    const browser = createClient(app);
    await browser.login(user.email, user.password);
    const response = await createClient(app).post('/api/auth/refresh/', { refresh: browser.cookie('refresh_token') });
    const { access } = response.json();
    const bearer = { authorization: `Bearer ${access}` };
    const cli = createClient(app);
    expect((await cli.get('/api/users/me/', { headers: bearer })).statusCode).toBe(200);
    const logout = await cli.post('/api/auth/logout/', undefined, { headers: bearer, withoutCookies: true });
    expect(logout.statusCode).toBe(200);
    expect((await cli.get('/api/users/me/', { headers: bearer })).statusCode).toBe(401);
    const open = await app.db
      .select()
      .from(refreshTokens)
      .where(and(eq(refreshTokens.userId, user.id), isNull(refreshTokens.revokedAt)));
    expect(open).toHaveLength(0);
  });

  it('answers 200 without a session', async () => {
    const response = await createClient(app).post('/api/auth/logout/');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'auth.logoutSuccess' });
  });

  it('needs the CSRF token', async () => {
    const user = await buildUser(app);
    const client = createClient(app);
    await client.login(user.email, user.password);
    const response = await client.post('/api/auth/logout/', undefined, { skipCsrf: true });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('CSRF_FAILED');
    const open = await app.db
      .select()
      .from(refreshTokens)
      .where(and(eq(refreshTokens.userId, user.id), isNull(refreshTokens.revokedAt)));
    expect(open).toHaveLength(1);
  });
});

async function requestReset(email: string) {
  const response = await createClient(app).post('/api/auth/password-reset/request_reset/', { email });
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({ message: 'auth.passwordResetEmailSent' });
  const link = linkIn(await lastMail(app, email, 'auth.password_reset'), '/reset-password/');
  const [, , uidb64, token] = link.pathname.split('/');
  if (!uidb64 || !token) throw new Error(`bad reset link ${link}`);
  return { uidb64, token: decodeURIComponent(token), link };
}

describe('password reset', () => {
  it('mails a link for an existing account only, answering the same for everybody', async () => {
    const user = await buildUser(app);
    const { uidb64, token, link } = await requestReset(user.email);
    expect(link.origin).toBe(app.config.publicUrl);
    expect(Buffer.from(uidb64, 'base64url').toString()).toBe(user.publicId);
    const [row] = await app.db
      .select()
      .from(oneTimeTokens)
      .where(and(eq(oneTimeTokens.userId, user.id), eq(oneTimeTokens.purpose, 'password_reset')));
    expect(row?.tokenHash).toBe(sha256(token));
    const minutes = ((row?.expiresAt.getTime() ?? 0) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(59);
    expect(minutes).toBeLessThanOrEqual(60);

    const nobody = uniqueEmail('nobody');
    const response = await createClient(app).post('/api/auth/password-reset/request_reset/', { email: nobody });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'auth.passwordResetEmailSent' });
    expect(await mailsTo(app, nobody)).toHaveLength(0);
  });

  it('checks a link: valid, or 400 with the spec error', async () => {
    const user = await buildUser(app);
    const { uidb64, token } = await requestReset(user.email);
    const client = createClient(app);
    const valid = await client.post('/api/auth/password-reset/verify_token/', { uidb64, token });
    expect(valid.statusCode).toBe(200);
    expect(valid.json()).toEqual({ valid: true });

    const other = await buildUser(app);
    for (const body of [
      { uidb64, token: `${token}x` },
      { uidb64: Buffer.from(other.publicId).toString('base64url'), token },
      { uidb64: '!!!', token },
    ]) {
      const refused = await client.post('/api/auth/password-reset/verify_token/', body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({
        detail: 'Invalid or expired reset link',
        code: 'TOKEN_INVALID',
        message_code: 'sessions.resetLinkInvalid',
        error: 'Invalid or expired reset link',
        valid: false,
      });
    }
    const missing = await client.post('/api/auth/password-reset/verify_token/', { token });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().field_codes.uidb64).toEqual(['validation.required']);
  });

  it('resets the password, ends every session at once and uses the link up', async () => {
    const user = await buildUser(app);
    const session = createClient(app);
    await session.login(user.email, user.password);
    expect((await session.get('/api/users/me/')).statusCode).toBe(200);
    const before = await userByEmail(user.email);

    const { uidb64, token } = await requestReset(user.email);
    const client = createClient(app);
    const response = await client.post('/api/auth/password-reset/reset_password/', {
      uidb64,
      token,
      new_password: 'Quiet-Lantern-58',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'auth.passwordResetSuccess' });

    const after = await userByEmail(user.email);
    expect(after.passwordHash).not.toBe(before.passwordHash);
    expect(after.sessionsValidFrom.getTime()).toBeGreaterThan(before.sessionsValidFrom.getTime());
    const open = await app.db
      .select()
      .from(refreshTokens)
      .where(and(eq(refreshTokens.userId, user.id), isNull(refreshTokens.revokedAt)));
    expect(open).toHaveLength(0);

    // The access token issued before the reset is refused at once.
    const me = await session.get('/api/users/me/');
    expect(me.statusCode).toBe(401);
    expect(me.json()).toEqual({
      detail: 'Authentication credentials were not provided.',
      code: 'NOT_AUTHENTICATED',
      message_code: 'http.notAuthenticated',
    });
    expect((await session.post('/api/auth/refresh/', {})).statusCode).toBe(401);

    expect(
      (await createClient(app).post('/api/auth/login/', { email: user.email, password: user.password })).statusCode,
    ).toBe(401);
    expect((await createClient(app).login(user.email, 'Quiet-Lantern-58')).statusCode).toBe(200);

    const reuse = await client.post('/api/auth/password-reset/reset_password/', {
      uidb64,
      token,
      new_password: 'Other-Lantern-59',
    });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toMatchObject({ code: 'TOKEN_INVALID', error: 'Invalid or expired reset link', valid: false });

    expect((await lastMail(app, user.email, 'auth.password_changed')).recipient).toBe(user.email);
    expect(await auditActions(user.id)).toContain('user.password_reset');
  });

  it('applies the password rules, answering `error` and `fields`, and keeps the link usable', async () => {
    const user = await buildUser(app, { firstName: 'Bartholomew' });
    const { uidb64, token } = await requestReset(user.email);
    const client = createClient(app);
    const weak = await client.post('/api/auth/password-reset/reset_password/', {
      uidb64,
      token,
      new_password: 'bartholomew',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      error: ['The password is too similar to the first name.'],
      fields: { new_password: ['The password is too similar to the first name.'] },
      field_codes: { new_password: ['auth.passwordTooSimilarToFirstName'] },
    });
    const missing = await client.post('/api/auth/password-reset/reset_password/', { uidb64, token });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      error: ['This field is required.'],
      field_codes: { new_password: ['validation.required'] },
    });

    const ok = await client.post('/api/auth/password-reset/reset_password/', {
      uidb64,
      token,
      new_password: 'Velvet-Compass-91',
    });
    expect(ok.statusCode).toBe(200);
  });

  it('invalidates a link once the password changed after it was issued', async () => {
    const user = await buildUser(app);
    const first = await requestReset(user.email);
    const second = await requestReset(user.email);
    const client = createClient(app);
    const used = await client.post('/api/auth/password-reset/reset_password/', {
      uidb64: second.uidb64,
      token: second.token,
      new_password: 'Amber-Falcon-27',
    });
    expect(used.statusCode).toBe(200);
    const stale = await client.post('/api/auth/password-reset/verify_token/', {
      uidb64: first.uidb64,
      token: first.token,
    });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().valid).toBe(false);
  });

  it('invalidates a link when the password changed by another path', async () => {
    const user = await buildUser(app);
    const link = await requestReset(user.email);
    const session = createClient(app);
    await session.login(user.email, user.password);
    const changed = await session.post('/api/users/change-password/', {
      current_password: user.password,
      new_password: 'Copper-Meadow-64',
      confirm_password: 'Copper-Meadow-64',
    });
    expect(changed.statusCode).toBe(200);
    const stale = await createClient(app).post('/api/auth/password-reset/verify_token/', {
      uidb64: link.uidb64,
      token: link.token,
    });
    expect(stale.statusCode).toBe(400);
  });

  it('refuses an expired link', async () => {
    const user = await buildUser(app);
    const link = await requestReset(user.email);
    await app.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeTokens.tokenHash, sha256(link.token)));
    const response = await createClient(app).post('/api/auth/password-reset/reset_password/', {
      uidb64: link.uidb64,
      token: link.token,
      new_password: 'Silver-Harbor-35',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('TOKEN_INVALID');
    expect((await userByEmail(user.email)).passwordHash).toBe(user.passwordHash);
  });

  it('rate limits reset requests', async () => {
    const client = createClient(app);
    for (let i = 0; i < 10; i += 1) {
      expect((await client.post('/api/auth/password-reset/request_reset/', { email: uniqueEmail() })).statusCode).toBe(
        200,
      );
    }
    expect((await client.post('/api/auth/password-reset/request_reset/', { email: uniqueEmail() })).statusCode).toBe(
      429,
    );
  });
});
