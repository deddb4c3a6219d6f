import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/build-test-app.ts';
import { buildUser } from '../../test/factories/index.ts';
import { createClient } from '../../test/http.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { makePublicId, nextId } from './ids.ts';
import { errorReport, redactUrl } from './logging.ts';
import { hashPassword } from './passwords.ts';

const PASSWORD = 'Plain-Text-Passw0rd-Sent';
const URL_TOKEN = 'verification-token-in-a-link';

let database: Database;
let app: FastifyInstance;
let dataDir: string;
const lines: string[] = [];
const logged = () => lines.join('');

/** Inserts a user whose email exists already (a unique violation) or who has no first name (not null). */
async function failingInsert(kind: 'duplicate' | 'not-null', email: string, passwordHash: string): Promise<Error> {
  const id = await nextId(database.db, 'users');
  try {
    await database.db.insert(users).values({
      id,
      publicId: makePublicId(id),
      email,
      passwordHash,
      firstName: kind === 'not-null' ? sql`null` : 'Someone',
      lastName: 'Else',
    });
  } catch (error) {
    return error as Error;
  }
  throw new Error('the insert was expected to fail');
}

beforeAll(async () => {
  database = await openTestDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'confero-logging-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    RUN_JOBS: 'false',
    SECRET_KEY: 'test-secret-key-that-is-long-enough-0123456789',
  });
  app = await buildApp({ config, database, logStream: { write: (line: string) => void lines.push(line) } });
  // A careless handler: it logs the whole body and headers, then writes a row that the database refuses.
  app.post<{ Body: { email: string; password: string; kind: 'duplicate' | 'not-null' } }>(
    '/api/test/careless/',
    async (request) => {
      request.log.info({ body: request.body, headers: request.headers }, 'careless handler');
      throw await failingInsert(request.body.kind, request.body.email, await hashPassword(request.body.password));
    },
  );
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('log lines', () => {
  it('carry no password, Bearer token, cookie, password hash or URL token', async () => {
    const existing = await buildUser(database.db);
    const client = createClient(app);
    const signIn = await client.login(existing.email, existing.password);
    expect(signIn.statusCode).toBe(200);
    const accessToken = client.cookie('access_token') ?? '';
    expect(accessToken.length).toBeGreaterThan(20);

    const hashes: string[] = [];
    for (const kind of ['duplicate', 'not-null'] as const) {
      const before = await database.db.select({ hash: users.passwordHash }).from(users);
      // Bearer header, session cookies and the CSRF header at once.
      const response = await client.post(
        '/api/test/careless/',
        { email: existing.email, password: PASSWORD, kind },
        { headers: { authorization: `Bearer ${accessToken}` } },
      );
      expect(response.statusCode).toBe(500);
      expect(response.json()).toMatchObject({ code: 'INTERNAL_ERROR' });
      expect(await database.db.select({ hash: users.passwordHash }).from(users)).toEqual(before);
    }
    // The hashes the failed inserts carried, read back from the errors themselves.
    for (const kind of ['duplicate', 'not-null'] as const) {
      const hash = await hashPassword(PASSWORD);
      hashes.push(hash);
      app.log.error({ err: await failingInsert(kind, existing.email, hash) }, 'insert failed');
    }
    const verify = await app.inject({ method: 'GET', url: `/verify-email?token=${URL_TOKEN}` });
    expect([200, 404]).toContain(verify.statusCode);

    const output = logged();
    // The lines that could leak are there: the careless handler's, both failures, the link's request.
    expect(output).toContain('careless handler');
    expect(output).toContain('users_email_lower_unique');
    expect(output).toContain('Failing row contains (…)');
    expect(output).toContain('Failed query: insert into \\"users\\"');
    expect(output).toContain('/verify-email?token=[Redacted]');
    const csrfToken = client.cookie('csrftoken') ?? '';
    expect(csrfToken).not.toBe('');
    const secrets = [PASSWORD, accessToken, client.cookie('refresh_token') ?? '', csrfToken, existing.passwordHash];
    for (const secret of [...secrets, ...hashes, URL_TOKEN, 'scrypt$']) {
      expect(output).not.toContain(secret);
    }
  });
});

describe('errorReport (a crash at start-up)', () => {
  it('prints the failed query and the database error without the values', async () => {
    const existing = await buildUser(database.db);
    const hash = await hashPassword(PASSWORD);
    for (const kind of ['duplicate', 'not-null'] as const) {
      const error = await failingInsert(kind, existing.email, hash);
      expect(String(error.stack) + String((error as { params?: unknown }).params)).toContain(hash);
      const report = errorReport(error);
      expect(report).toContain('Failed query: insert into "users"');
      expect(report).toContain(kind === 'duplicate' ? 'users_email_lower_unique' : 'null value in column');
      expect(report).not.toContain(hash);
      expect(report).not.toContain(existing.email);
    }
  });
});

describe('redactUrl', () => {
  it.each([
    ['/verify-email?token=abc&next=%2Fevents', '/verify-email?token=[Redacted]&next=%2Fevents'],
    ['/reset-password/MTI/abc-def?x=1', '/reset-password/MTI/[Redacted]?x=1'],
    ['/api/events/invitations/tok3n/accept/', '/api/events/invitations/[Redacted]/accept/'],
    ['/api/users/?search=ada&page=2', '/api/users/?search=ada&page=2'],
    ['/api/x/?api_key=k&refresh_token=r&keywords=k', '/api/x/?api_key=[Redacted]&refresh_token=[Redacted]&keywords=k'],
  ])('%s → %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});
